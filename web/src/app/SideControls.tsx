import { useEffect, useState, type KeyboardEvent } from 'react';
import type { AqmSpec } from '../aqm/aqm-table';
import { DisciplineSelect } from './aqm/DisciplineSelect';
import { maxNameLength, maxSides } from '../lib/limits';
import type { Lab } from '../lab/lab';
import type { SideStatus } from '../lab/side-session';
import { ProblemAlert } from '../lib/ProblemList';
import './lab-controls.css';

// The editing half of a side card: its name, discipline, duplicate and remove,
// and Restart once its worker has failed. Every change but the name restarts
// all sides from t = 0 on the same scenario and seed.

interface SideControlsProps {
  lab: Lab;
  index: number;
  status: SideStatus | undefined;
  catalogue: readonly AqmSpec[];
  sideCount: number;
}

export function SideControls({ lab, index, status, catalogue, sideCount }: SideControlsProps) {
  const [error, setError] = useState<string | null>(null);
  const busy = status?.restarting ?? true;
  const label = `Side ${index + 1}`;
  return (
    <div className="side-controls" role="group" aria-label={`${label} settings`}>
      <NameField lab={lab} index={index} status={status} onError={setError} />
      <DisciplineSelect lab={lab} index={index} status={status} catalogue={catalogue} />
      <div className="side-buttons">
        <button
          type="button"
          data-testid={`duplicate-${index}`}
          aria-label={`Duplicate ${label}`}
          disabled={busy || sideCount >= maxSides}
          onClick={() => setError(lab.edits.duplicateSide(index))}
        >
          Duplicate
        </button>
        <button
          type="button"
          data-testid={`remove-${index}`}
          aria-label={`Remove ${label}`}
          disabled={busy || sideCount <= 1}
          onClick={() => setError(lab.edits.removeSide(index))}
        >
          Remove
        </button>
        {status?.failed && (
          <button
            type="button"
            data-testid={`restart-side-${index}`}
            aria-label={`Restart ${label}`}
            onClick={() => void lab.restartSide(index)}
          >
            Restart
          </button>
        )}
      </div>
      {error && <ProblemAlert message={error} />}
    </div>
  );
}

function NameField({ lab, index, status, onError }: { lab: Lab; index: number; status: SideStatus | undefined; onError: (e: string | null) => void }) {
  const shown = status?.info?.sideName ?? '';
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);
  const id = `side-name-${index}`;
  const commit = () => {
    if (draft === shown) return;
    const problem = lab.edits.renameSide(index, draft);
    onError(problem);
    if (problem) setDraft(shown);
  };
  const key = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit();
    if (e.key === 'Escape') setDraft(shown);
  };
  return (
    <div className="side-name">
      <label htmlFor={id}>Name</label>
      <input
        id={id}
        data-testid={id}
        type="text"
        maxLength={2 * maxNameLength /* the attribute counts UTF-16 units; a character takes one or two */}
        value={draft}
        aria-label={`Side ${index + 1} name`}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={key}
      />
    </div>
  );
}

/** Adds a side running the chosen discipline with its defaults, up to the core's six. */
export function AddSide({ lab, statuses }: { lab: Lab; statuses: readonly SideStatus[] }) {
  const catalogue = lab.catalogue();
  const [aqm, setAqm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = aqm || catalogue[0]?.name || '';
  const full = statuses.length >= maxSides;
  const busy = statuses.some((s) => s.restarting);
  return (
    <div className="add-side" role="group" aria-label="Add a side">
      <label htmlFor="add-side-aqm">New side's discipline</label>
      <select id="add-side-aqm" data-testid="add-side-aqm" value={chosen} onChange={(e) => setAqm(e.target.value)} disabled={catalogue.length === 0}>
        {catalogue.map((a) => (
          <option key={a.name} value={a.name}>
            {a.label}
          </option>
        ))}
      </select>
      <button type="button" data-testid="add-side" disabled={full || busy || catalogue.length === 0} onClick={() => setError(lab.edits.addSide(chosen))}>
        Add side
      </button>
      <span className="side-count" data-testid="side-count">
        {statuses.length} of {maxSides} sides
      </span>
      {error && <ProblemAlert message={error} />}
    </div>
  );
}
