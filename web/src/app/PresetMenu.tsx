import { useEffect, useId, useState } from 'react';
import { fetchPreset, fetchPresetIndex, formatDuration, presetGroupLabels, type PresetEntry, type PresetGroup } from '../scenario/presets';
import { replaceFragment } from '../scenario/url-codec';
import './share.css';
import { messageOf } from '../lib/errors';
import { ProblemAlert } from '../lib/ProblemList';

// A select of the presets in public/presets/index.json and a Load button
// (a select that loaded on change would restart the lab at every arrow key).
// Until another is chosen the select names what the lab runs ("Default lab",
// a link, a file, or the preset loaded); the chosen preset's description
// folds away under it, so a projector keeps its height for the charts.

export interface PresetMenuProps {
  /** Lab.load with the preset's scenario; resolves to an error message (or rejects) when refused. */
  onLoad: (scenarioJson: string, presetId: string) => Promise<string | null | undefined | void>;
  /** Where public/ is served (import.meta.env.BASE_URL). */
  base?: string;
  /**
   * What the lab runs when it is not a preset loaded here ("Default lab", a link, a file), and
   * the preset it came from when a link names one; `n` counts replacements.
   */
  running?: { label: string; n: number; preset?: string | null };
}

const groups: PresetGroup[] = ['paper', 'teaching'];

export function PresetMenu({ onLoad, base = import.meta.env.BASE_URL, running = { label: 'Default lab', n: 0 } }: PresetMenuProps) {
  const id = useId();
  const [presets, setPresets] = useState<readonly PresetEntry[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  /** The preset the lab runs, until something else replaces it. */
  const [current, setCurrent] = useState<{ id: string; n: number } | null>(null);
  const currentId = current !== null && current.n === running.n ? current.id : (running.preset ?? '');

  useEffect(() => {
    let live = true;
    fetchPresetIndex(base).then(
      (index) => {
        if (!live) return;
        setPresets(index.presets);
      },
      (e: unknown) => live && setError(`Presets could not be listed: ${messageOf(e)}`),
    );
    return () => {
      live = false;
    };
  }, [base]);

  const entry = presets?.find((p) => p.id === (chosen || currentId));

  const load = async () => {
    if (!entry) return;
    setBusy(true);
    setError(null);
    setLoaded(null);
    try {
      const json = await fetchPreset(base, entry.id);
      const answer = await onLoad(json, entry.id);
      if (typeof answer === 'string' && answer !== '') setError(`${entry.title}: ${answer}`);
      else {
        setLoaded(entry.title);
        setCurrent({ id: entry.id, n: running.n });
        replaceFragment(''); // the old link describes another scenario now
      }
    } catch (e) {
      setError(`${entry.title}: ${messageOf(e)}`);
    } finally {
      setBusy(false);
    }
  };

  const selectId = `${id}-select`;
  const descriptionId = `${id}-description`;
  return (
    <div className="preset-menu" role="group" aria-label="Presets">
      <div className="buttons preset-row">
        <label htmlFor={selectId}>Preset</label>
        <select
          id={selectId}
          data-testid="preset-select"
          value={chosen || currentId}
          onChange={(e) => setChosen(e.target.value)}
          disabled={presets === null || busy}
          aria-describedby={descriptionId}
        >
          <option value="">{presets === null ? 'Loading the list…' : running.label}</option>
          {groups.map((g) => {
            const members = presets?.filter((p) => p.group === g) ?? [];
            if (members.length === 0) return null;
            return (
              <optgroup key={g} label={presetGroupLabels[g]}>
                {members.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
        <button
          type="button"
          data-testid="preset-load"
          onClick={() => void load()}
          disabled={!entry || busy}
        >
          {busy ? 'Loading…' : 'Load preset'}
        </button>
      </div>
      {entry && (
        <details className="preset-description" data-testid="preset-description">
          <summary>
            About: {entry.source} · {entry.sides} sides · {formatDuration(entry.duration_s)} simulated
          </summary>
          <div id={descriptionId}>
            <p>{entry.shows}</p>
            <p className="preset-assumes">Assumed: {entry.assumes}</p>
          </div>
        </details>
      )}
      <div role="status" aria-live="polite" className="share-status">
        {loaded && <span className="share-done">Loaded “{loaded}”.</span>}
      </div>
      {error && <ProblemAlert className="share-error" testId="preset-error" message={error} />}
    </div>
  );
}
