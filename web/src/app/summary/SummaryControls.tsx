import { useState } from 'react';
import { columnSets, type ColumnSet } from '../../summary/summary-columns';
import { messageOf } from '../../lib/errors';
import { saveSummary, type SummaryRow } from './summary-export';

// Above the summary table: what it summarises (the run after the warm-up or
// one of the scenario's named windows, only when it has some), which figures
// it shows, and the summary's export as CSV or JSON.

interface SummaryControlsProps {
  windows: readonly string[];
  shown: string | null;
  onWindow(window: string | null): void;
  set: ColumnSet;
  onSet(set: ColumnSet): void;
  rows(): SummaryRow[];
}

export function SummaryControls({ windows, shown, onWindow, set, onSet, rows }: SummaryControlsProps) {
  const [status, setStatus] = useState('');
  const save = (format: 'csv' | 'json') => {
    try {
      setStatus(`Saved ${saveSummary(rows(), format)}.`);
    } catch (e) {
      setStatus(`Export summary: ${messageOf(e)}`);
    }
  };
  return (
    <div className="summary-controls" role="group" aria-label="Summary view and export">
      {windows.length > 0 && (
        <label>
          Over{' '}
          <select data-testid="summary-window" value={shown ?? ''} onChange={(e) => onWindow(e.target.value === '' ? null : e.target.value)}>
            <option value="">the run after the warm-up</option>
            {windows.map((w) => (
              <option key={w} value={w}>
                window “{w}”
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Show{' '}
        <select data-testid="summary-set" value={set} onChange={(e) => onSet(columnSets.find((c) => c.value === e.target.value)?.value ?? 'main')}>
          {columnSets.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <span className="summary-export buttons">
        <button type="button" data-testid="summary-export-csv" onClick={() => save('csv')}>
          Summary CSV
        </button>
        <button type="button" data-testid="summary-export-json" onClick={() => save('json')}>
          Summary JSON
        </button>
        <span role="status" className="summary-export-status" data-testid="summary-export-status">
          {status}
        </span>
      </span>
    </div>
  );
}
