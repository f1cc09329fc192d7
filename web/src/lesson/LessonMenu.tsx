import { useEffect, useId, useState } from 'react';
import { messageOf } from '../lib/errors';
import { fetchLessonIndex, type LessonEntry } from './lesson-index';
import { ProblemAlert } from '../lib/ProblemList';

// The lessons of public/lessons/index.json: a select and a Start button, folded
// into the header so the charts keep their place on a projector.

export function LessonMenu({ base, onStart }: { base: string; onStart: (id: string) => void }) {
  const id = useId();
  const [lessons, setLessons] = useState<readonly LessonEntry[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchLessonIndex(base).then(
      (list) => live && (setLessons(list), setChosen(list[0]?.id ?? '')),
      (e: unknown) => live && setError(`Lessons could not be listed: ${messageOf(e)}`),
    );
    return () => {
      live = false;
    };
  }, [base]);
  return (
    <details className="lesson-menu header-menu" data-testid="lesson-menu">
      <summary>Lessons</summary>
      <div className="header-menu-body">
      <label htmlFor={`${id}-select`}>Lesson</label>
      <select id={`${id}-select`} value={chosen} onChange={(e) => setChosen(e.target.value)} disabled={!lessons} data-testid="lesson-select">
        {(lessons ?? []).map((l) => (
          <option key={l.id} value={l.id}>
            {l.title} ({l.level}, {l.time_min} min)
          </option>
        ))}
      </select>
      <button type="button" onClick={() => chosen && onStart(chosen)} disabled={!chosen} data-testid="lesson-start">
        Start lesson
      </button>
      {error && <ProblemAlert className="share-error" message={error} />}
      </div>
    </details>
  );
}
