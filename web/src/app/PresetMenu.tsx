import { useEffect, useId, useState } from 'react';
import { fetchPreset, fetchPresetIndex, formatDuration, presetGroupLabels, type PresetEntry, type PresetGroup } from '../scenario/presets';
import { replaceFragment } from '../scenario/url-codec';
import './share.css';
import { messageOf } from '../lib/errors';

// A select of the presets in public/presets/index.json and a Load button
// (a select that loaded on change would restart the lab at every arrow key).
// The chosen preset's two-line description is shown under it.

export interface PresetMenuProps {
  /** Lab.load with the preset's scenario; resolves to an error message (or rejects) when refused. */
  onLoad: (scenarioJson: string, presetId: string) => Promise<string | null | undefined | void>;
  /** Where public/ is served (import.meta.env.BASE_URL). */
  base?: string;
}

const groups: PresetGroup[] = ['paper', 'teaching'];

export function PresetMenu({ onLoad, base = import.meta.env.BASE_URL }: PresetMenuProps) {
  const id = useId();
  const [presets, setPresets] = useState<readonly PresetEntry[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchPresetIndex(base).then(
      (index) => {
        if (!live) return;
        setPresets(index.presets);
        setChosen((c) => c || (index.presets[0]?.id ?? ''));
      },
      (e: unknown) => live && setError(`Presets could not be listed: ${messageOf(e)}`),
    );
    return () => {
      live = false;
    };
  }, [base]);

  const entry = presets?.find((p) => p.id === chosen);

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
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          disabled={presets === null || busy}
          aria-describedby={descriptionId}
        >
          {presets === null && <option value="">Loading the list…</option>}
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
        <button type="button" data-testid="preset-load" onClick={() => void load()} disabled={!entry || busy}>
          {busy ? 'Loading…' : 'Load preset'}
        </button>
      </div>
      <div id={descriptionId} className="preset-description" data-testid="preset-description">
        {entry && (
          <>
            <p className="preset-source">
              {entry.source} · {entry.sides} sides · {formatDuration(entry.duration_s)} simulated
            </p>
            <p>{entry.shows}</p>
            <p className="preset-assumes">Assumed: {entry.assumes}</p>
          </>
        )}
      </div>
      <div role="status" aria-live="polite" className="share-status">
        {loaded && <span className="share-done">Loaded “{loaded}”.</span>}
      </div>
      {error && (
        <p className="share-error" role="alert" data-testid="preset-error">
          {error}
        </p>
      )}
    </div>
  );
}
