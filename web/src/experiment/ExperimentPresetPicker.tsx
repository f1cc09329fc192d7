import { useEffect, useId, useState } from 'react';
import { messageOf } from '../lib/errors';
import { fetchExperimentIndex, type ExperimentPresetEntry } from './experiment-presets';

// The papers' figures (public/experiments/index.json): a select, what the
// chosen figure shows, plots and assumes, and a button that loads its sweep
// into the form (a select that loaded on change would replace the form at
// every arrow key). The form can then be changed (fewer seeds, other values)
// before Run.

export interface ExperimentPresetPickerProps {
  /** The preset the form was loaded from (a link's too): chosen in the select. */
  loaded: string | undefined;
  /** Fills the form with the preset's sweep; resolves when done (it reports its own errors). */
  onLoad: (entry: ExperimentPresetEntry) => Promise<unknown>;
  disabled: boolean;
}

export function ExperimentPresetPicker({ loaded, onLoad, disabled }: ExperimentPresetPickerProps) {
  const id = useId();
  const [entries, setEntries] = useState<readonly ExperimentPresetEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState(loaded ?? '');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    fetchExperimentIndex(import.meta.env.BASE_URL).then(
      (list) => live && setEntries(list),
      (e: unknown) => live && setError(`Experiment presets could not be listed: ${messageOf(e)}`),
    );
    return () => {
      live = false;
    };
  }, []);
  // A link's preset (or a newly loaded one) shows in the select.
  useEffect(() => {
    if (loaded !== undefined) setChosen(loaded);
  }, [loaded]);

  const entry = entries?.find((e) => e.id === chosen);
  const load = async () => {
    if (!entry) return;
    setBusy(true);
    try {
      await onLoad(entry);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="experiment-presets chart-panel" aria-label="Experiment presets">
      <div className="experiment-row">
        <label htmlFor={`${id}-select`}>Experiment preset (a paper&apos;s figure)</label>
        <select id={`${id}-select`} data-testid="experiment-preset" value={chosen} disabled={entries === null || disabled || busy} onChange={(e) => setChosen(e.target.value)} aria-describedby={`${id}-about`}>
          <option value="">{entries === null ? 'Loading the list…' : 'None: set the experiment up below'}</option>
          {entries?.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title}
            </option>
          ))}
        </select>
        <span className="buttons">
          <button type="button" disabled={!entry || disabled || busy} onClick={() => void load()} data-testid="experiment-preset-load">
            {busy ? 'Loading…' : 'Load into the form'}
          </button>
        </span>
      </div>
      {entry && (
        <div id={`${id}-about`} className="experiment-preset-about" data-testid="experiment-preset-about">
          <p>
            <strong>{entry.source}.</strong> {entry.shows}
          </p>
          <p className="experiment-hint">
            The figure: {entry.plot.y.join(', ')} against {entry.plot.xLabel ?? entry.plot.x}; {entry.runs} runs as shipped (fewer seeds or values run sooner).
          </p>
          <p className="experiment-hint">Assumed: {entry.assumes}</p>
        </div>
      )}
      {error && <p className="share-error">{error}</p>}
    </section>
  );
}
