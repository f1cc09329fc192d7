import { useRef, useState } from 'react';
import { browserDownload } from '../lib/download';
import { OutcomeLine, offerLink, pageClipboard, type ActionOutcome } from '../lib/action-outcome';
import { answersParam, readProgress, writeProgress, type LessonProgress } from './answers';
import type { Lesson } from './lesson-format';

// The student's answers leave the browser as a file or a link to hand in, and
// come back from either (the file through this menu, the link by opening it).

interface AnswersMenuProps {
  lesson: Lesson;
  progress: LessonProgress;
  onLoad: (progress: LessonProgress) => void;
}

/** The page's address with `?lesson=<id>&answers=<...>`: opening it shows these answers. */
export async function handInUrl(href: string, progress: LessonProgress, lesson: Lesson): Promise<string> {
  const url = new URL(href);
  url.hash = '';
  url.searchParams.set('lesson', lesson.id);
  url.searchParams.set('answers', await answersParam(progress, lesson, new Date()));
  return url.toString();
}

/** Prints the worksheet alone: the class scopes the print stylesheet to it, and leaves when printing ends. */
function printWorksheet(): void {
  document.body.classList.add('printing-worksheet');
  window.addEventListener('afterprint', () => document.body.classList.remove('printing-worksheet'), { once: true });
  window.print();
}

export function AnswersMenu({ lesson, progress, onLoad }: AnswersMenuProps) {
  const file = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<ActionOutcome | null>(null);
  const done = (message: string) => setStatus({ kind: 'done', message });
  const failed = (message: string) => setStatus({ kind: 'error', message });
  const save = () => {
    const blob = new Blob([writeProgress(progress, lesson, new Date())], { type: 'application/json' });
    browserDownload.save(`aqmlab-answers-${lesson.id}.json`, blob);
    done('Your answers were saved as a file.');
  };
  const reload = async (chosen: File | undefined) => {
    if (!chosen) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await chosen.text());
    } catch {
      failed(`${chosen.name} is not an answers file (not JSON).`);
      return;
    }
    const read = readProgress(parsed, lesson);
    if (typeof read === 'string') failed(`${chosen.name}: ${read}.`);
    else {
      onLoad(read);
      done(`Answers loaded from ${chosen.name}.`);
    }
  };
  const copy = async () => {
    const url = await handInUrl(window.location.href, progress, lesson);
    setStatus(await offerLink(url, 'A link with your answers was copied: paste it where you hand in work.', pageClipboard()));
  };
  return (
    <div className="lesson-answers" role="group" aria-label="Your answers">
      <button type="button" onClick={save} data-testid="answers-save">
        Save answers (file)
      </button>
      <button type="button" onClick={() => file.current?.click()} data-testid="answers-load">
        Load answers…
      </button>
      <input ref={file} type="file" accept=".json,application/json" hidden data-testid="answers-file" onChange={(e) => void reload(e.target.files?.[0]).finally(() => (e.target.value = ''))} />
      <button type="button" onClick={() => void copy()} data-testid="answers-link">
        Link to hand in
      </button>
      <button type="button" onClick={printWorksheet} data-testid="answers-print">
        Print worksheet
      </button>
      <OutcomeLine outcome={status} testId="answers" linkLabel="Link with your answers" showCopiedLink />
    </div>
  );
}
