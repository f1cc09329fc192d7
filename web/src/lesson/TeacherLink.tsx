import { OutcomeLine, offerLink, pageClipboard, type ActionOutcome } from '../lib/action-outcome';
import { useEffect, useId, useState } from 'react';
import { messageOf } from '../lib/errors';
import type { LinkTeach } from '../scenario/link-teach';
import { chartParts, controlParts, paramPrefix } from '../scenario/page-parts';
import { fetchLessonIndex, type LessonEntry } from './lesson-index';

// The teacher's link maker: from the lab as it is now (or a lesson's step),
// a link that opens the same for every student, with the chosen controls
// hidden or locked and the chosen charts hidden.

type Choice = 'shown' | 'locked' | 'hidden';

interface TeacherLinkProps {
  base: string;
  /** Builds the link from the lab's current state and these settings; rejects with a message. */
  makeLink: (teach: LinkTeach) => Promise<string>;
  /** The parameters the lab's sides have now, each lockable on its own (param:<name>). */
  params: readonly string[];
}

export function TeacherLink({ base, makeLink, params }: TeacherLinkProps) {
  const id = useId();
  const [controls, setControls] = useState<Record<string, Choice>>({});
  const [charts, setCharts] = useState<Record<string, boolean>>({});
  const [lessons, setLessons] = useState<readonly LessonEntry[]>([]);
  const [lesson, setLesson] = useState('');
  const [step, setStep] = useState('');
  const [status, setStatus] = useState<ActionOutcome | null>(null);

  useEffect(() => {
    let live = true;
    fetchLessonIndex(base).then((list) => live && setLessons(list), () => undefined);
    return () => {
      live = false;
    };
  }, [base]);

  const create = async () => {
    const pick = (c: Choice) => Object.keys(controls).filter((k) => controls[k] === c);
    const stepNumber = Number(step);
    const teach: LinkTeach = {
      policy: { hide: pick('hidden'), lock: pick('locked'), hideCharts: Object.keys(charts).filter((k) => charts[k]) },
      lesson: lesson === '' ? null : lesson,
      step: lesson !== '' && step !== '' && Number.isInteger(stepNumber) && stepNumber >= 1 ? stepNumber - 1 : null,
    };
    try {
      setStatus(await offerLink(await makeLink(teach), 'Teacher link copied.', pageClipboard()));
    } catch (e) {
      setStatus({ kind: 'error', message: `No link: ${messageOf(e)}` });
    }
  };

  return (
    <details className="teacher-link header-menu" data-testid="teacher-link">
      <summary>Teacher link</summary>
      <div className="header-menu-body">
      <p className="lesson-hint">Students who open it see the lab as it is now, with these choices. Locked controls show but cannot be changed.</p>
      <table className="teacher-table">
        <caption>Controls</caption>
        <tbody>
          {[...Object.entries(controlParts), ...params.map((p): [string, string] => [`${paramPrefix}${p}`, `the parameter ${p}, on every side that has it`])].map(([part, label]) => (
            <tr key={part}>
              <th scope="row">
                <label htmlFor={`${id}-${part}`}>{label}</label>
              </th>
              <td>
                <select id={`${id}-${part}`} value={controls[part] ?? 'shown'} onChange={(e) => setControls({ ...controls, [part]: e.target.value as Choice })} data-testid={`teach-control-${part}`}>
                  <option value="shown">shown</option>
                  <option value="locked">locked</option>
                  <option value="hidden">hidden</option>
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <fieldset className="teacher-charts">
        <legend>Hide charts</legend>
        {Object.entries(chartParts).map(([part, label]) => (
          <label key={part}>
            <input type="checkbox" checked={charts[part] ?? false} onChange={(e) => setCharts({ ...charts, [part]: e.target.checked })} data-testid={`teach-chart-${part}`} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="teacher-lesson">
        <label htmlFor={`${id}-lesson`}>Open a lesson</label>
        <select id={`${id}-lesson`} value={lesson} onChange={(e) => setLesson(e.target.value)} data-testid="teach-lesson">
          <option value="">none</option>
          {lessons.map((l) => (
            <option key={l.id} value={l.id}>
              {l.title}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-step`}>fixed to step</label>
        <input id={`${id}-step`} type="number" min={1} value={step} placeholder="any" onChange={(e) => setStep(e.target.value)} disabled={lesson === ''} data-testid="teach-step" />
      </div>
      <button type="button" onClick={() => void create()} data-testid="teach-create">
        Copy teacher link
      </button>
      <OutcomeLine outcome={status} testId="teach" linkLabel="Teacher link" showCopiedLink />
      </div>
    </details>
  );
}
