import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { Lab } from '../../lab/lab';
import type { SideStatus } from '../../lab/side-session';
import type { AqmSpec } from '../../aqm/aqm-table';
import { ProblemAlert } from '../../lib/ProblemList';

// The menu of every discipline the core registered, for one side. Choosing
// one restarts the comparison with it (Lab.switchDiscipline). A choice made
// with the mouse acts at once; arrow keys on the closed menu only move the
// choice, which acts on Enter or when the menu loses focus, so stepping
// through the list does not restart the lab at every key press.

interface DisciplineSelectProps {
  lab: Lab;
  index: number;
  status: SideStatus | undefined;
  catalogue: readonly AqmSpec[];
}

export function DisciplineSelect({ lab, index, status, catalogue }: DisciplineSelectProps) {
  const running = status?.info?.aqm ?? '';
  const [choice, setChoice] = useState(running);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setChoice(running), [running, status?.run]);

  const byKeyboard = useRef(false);

  const apply = (aqm: string) => {
    if (aqm === running) return;
    const problem = lab.edits.switchDiscipline(index, aqm);
    setError(problem);
    if (problem !== null) setChoice(running);
  };
  const change = (e: ChangeEvent<HTMLSelectElement>) => {
    setChoice(e.target.value);
    if (!byKeyboard.current) apply(e.target.value);
  };
  const key = (e: KeyboardEvent<HTMLSelectElement>) => {
    if (e.key === 'Enter') apply(choice);
    else if (e.key === 'Escape') setChoice(running);
    else byKeyboard.current = true;
  };
  const id = `aqm-select-${index}`;
  return (
    <div className="aqm-select">
      <label htmlFor={id}>Discipline</label>
      <select
        id={id}
        data-testid={id}
        aria-label={`Side ${index + 1} discipline`}
        value={choice}
        onChange={change}
        onKeyDown={key}
        onPointerDown={() => (byKeyboard.current = false)}
        onBlur={() => {
          if (byKeyboard.current) apply(choice);
          byKeyboard.current = false;
        }}
        // Not disabled while the sides restart: a disabled menu would drop the keyboard focus.
        disabled={catalogue.length === 0}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {catalogue.length === 0 && <option value={running}>{running || '…'}</option>}
        {catalogue.map((a) => (
          <option key={a.name} value={a.name}>
            {a.label}
          </option>
        ))}
      </select>
      {error && <ProblemAlert id={`${id}-error`} message={error} />}
    </div>
  );
}
