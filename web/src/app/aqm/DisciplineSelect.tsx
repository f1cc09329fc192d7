import { useEffect, useState, type ChangeEvent } from 'react';
import type { Lab } from '../lab';
import type { SideStatus } from '../side-session';
import type { AqmSpec } from '../../aqm/aqm-table';

// The menu of every discipline the core registered, for one side. Choosing
// one restarts the comparison with it (Lab.switchDiscipline).

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

  const change = (e: ChangeEvent<HTMLSelectElement>) => {
    const problem = lab.switchDiscipline(index, e.target.value);
    setError(problem);
    if (problem === null) setChoice(e.target.value);
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
        disabled={catalogue.length === 0 || (status?.restarting ?? true)}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {catalogue.length === 0 && <option value={running}>{running || '…'}</option>}
        {catalogue.map((a) => (
          <option key={a.name} value={a.name}>
            {a.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="param-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
