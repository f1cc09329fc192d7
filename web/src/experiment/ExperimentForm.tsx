import { memo, useEffect, useId, useState } from 'react';
import { messageOf } from '../lib/errors';
import { fetchPresetIndex, type PresetEntry } from '../scenario/presets';
import type { AxisChoice } from './axis-choices';
import { AxisFields } from './AxisFields';
import { emptyAxis, maxAxes, type ExperimentState } from './experiment-state';
import { ProblemAlert } from '../lib/ProblemList';

// The experiment's set-up: the base (the live lab's scenario or a preset),
// one or two axes, zip or grid, seeds and the pool's size, with the core's
// plan (run count, the values of each axis) or its refusal shown as it is
// typed, and Run.

/** The live lab's scenario, a preset's, the one a link carried, or the one an experiment preset's file holds. */
export type BaseChoice = 'lab' | 'link' | 'experiment' | `preset:${string}`;

export interface ExperimentFormProps {
  state: ExperimentState;
  onChange: (state: ExperimentState) => void;
  baseChoice: BaseChoice;
  onBaseChoice: (choice: 'lab' | `preset:${string}`, title: string) => unknown;
  /** Takes the live lab's scenario again, as it is now. */
  onRefreshLab: () => void;
  choices: readonly AxisChoice[];
  workers: number;
  onWorkers: (n: number) => void;
  maxWorkers: number;
  /** The core's plan in a line, or its error naming the field. */
  preview: { ok: true; text: string } | { ok: false; error: string } | null;
  running: boolean;
  onRun: () => void;
}

export const ExperimentForm = memo(function ExperimentForm({ state, onChange, baseChoice, onBaseChoice, onRefreshLab, choices, workers, onWorkers, maxWorkers, preview, running, onRun }: ExperimentFormProps) {
  const id = useId();
  const [presets, setPresets] = useState<readonly PresetEntry[]>([]);
  const [presetError, setPresetError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchPresetIndex(import.meta.env.BASE_URL).then(
      (index) => live && setPresets(index.presets),
      (e: unknown) => live && setPresetError(`Presets could not be listed: ${messageOf(e)}`),
    );
    return () => {
      live = false;
    };
  }, []);

  const setAxis = (i: number, axis: ExperimentState['axes'][number]) => onChange({ ...state, axes: state.axes.map((a, j) => (j === i ? axis : a)) });
  return (
    <form
      className="experiment-form chart-panel"
      aria-label="Experiment set-up"
      onSubmit={(e) => {
        e.preventDefault();
        onRun();
      }}
    >
      <div className="experiment-row">
        <label htmlFor={`${id}-base`}>Base scenario</label>
        <select
          id={`${id}-base`}
          data-testid="experiment-base"
          value={baseChoice}
          disabled={running}
          onChange={(e) => {
            const value = e.target.value;
            const preset = presets.find((p) => `preset:${p.id}` === value);
            onBaseChoice(preset ? `preset:${preset.id}` : 'lab', preset ? preset.title : 'Current lab');
          }}
        >
          {baseChoice === 'link' && <option value="link">From the link: {state.baseLabel}</option>}
          {baseChoice === 'experiment' && <option value="experiment">From the experiment preset: {state.baseLabel}</option>}
          <option value="lab">Current lab (with its live changes)</option>
          <optgroup label="Presets">
            {presets.map((p) => (
              <option key={p.id} value={`preset:${p.id}`}>
                {p.title}
              </option>
            ))}
          </optgroup>
        </select>
        {baseChoice === 'lab' && (
          <span className="buttons">
            <button type="button" disabled={running} onClick={onRefreshLab} data-testid="experiment-base-refresh" title="The lab's scenario as it is now, with its live changes">
              Take the lab as it is now
            </button>
          </span>
        )}
        <span className="experiment-hint" data-testid="experiment-base-label">
          {state.baseLabel}
        </span>
      </div>
      {presetError && <p className="share-error">{presetError}</p>}
      <div className="experiment-axes">
        {state.axes.map((axis, i) => (
          <AxisFields
            key={i}
            position={i}
            axis={axis}
            choices={choices}
            disabled={running}
            onChange={(a) => setAxis(i, a)}
            onRemove={state.axes.length > 1 ? () => onChange({ ...state, axes: state.axes.filter((_, j) => j !== i) }) : undefined}
          />
        ))}
      </div>
      <div className="experiment-row buttons">
        {state.axes.length < maxAxes && (
          <button type="button" disabled={running} onClick={() => onChange({ ...state, axes: [...state.axes, emptyAxis()] })} data-testid="experiment-add-axis">
            Add a second axis
          </button>
        )}
        {state.axes.length > 1 && (
          <label>
            <input type="checkbox" checked={state.zip} disabled={running} onChange={(e) => onChange({ ...state, zip: e.target.checked })} /> Zip the axes (the n-th
            values together) instead of every combination
          </label>
        )}
      </div>
      <div className="experiment-row">
        <label>
          Seeds{' '}
          <input
            type="number"
            min={1}
            step={1}
            value={state.seeds}
            disabled={running}
            onChange={(e) => onChange({ ...state, seeds: e.target.valueAsNumber })}
            data-testid="experiment-seeds"
          />
        </label>
        <label title="One per core but one by default, left to the live lab; more finish sooner on a quiet machine.">
          Workers{' '}
          <input type="number" min={1} max={maxWorkers} step={1} value={workers} disabled={running} onChange={(e) => onWorkers(e.target.valueAsNumber)} data-testid="experiment-workers" />
        </label>
        <div className="buttons">
          <button type="submit" disabled={running || preview === null || !preview.ok} data-testid="experiment-run">
            Run
          </button>
        </div>
      </div>
      {preview && !preview.ok ? (
        <ProblemAlert className="share-error" testId="experiment-plan" message={preview.error} />
      ) : (
        <p className="experiment-hint" data-testid="experiment-plan">
          {preview === null ? 'Planning…' : preview.text}
        </p>
      )}
    </form>
  );
});
