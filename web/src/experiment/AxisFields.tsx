import { useId } from 'react';
import { formatValue } from '../lib/format';
import type { AxisChoice } from './axis-choices';
import type { AxisForm } from './experiment-state';

// One axis of the form: a parameter path (any path; the list offers the base
// scenario's numeric fields and the sides' discipline parameters), then
// either a range (from, to, how many values or a step, linear or log) or a
// list.

export interface AxisFieldsProps {
  position: number;
  axis: AxisForm;
  choices: readonly AxisChoice[];
  onChange: (axis: AxisForm) => void;
  onRemove?: () => void;
  disabled: boolean;
}

export function AxisFields({ position, axis, choices, onChange, onRemove, disabled }: AxisFieldsProps) {
  const id = useId();
  const set = (patch: Partial<AxisForm>) => onChange({ ...axis, ...patch });
  const chosen = choices.find((c) => c.path === axis.path.trim());
  const name = `Axis ${position + 1}`;
  return (
    <fieldset className="experiment-axis" data-testid={`axis-${position}`} disabled={disabled}>
      <legend>{name}</legend>
      <label className="experiment-path">
        <span>Parameter</span>
        <input type="text" list={`${id}-paths`} value={axis.path} onChange={(e) => set({ path: e.target.value })} data-testid={`axis-${position}-path`} spellCheck={false} />
        <datalist id={`${id}-paths`}>
          {choices.map((c) => (
            <option key={c.path} value={c.path}>
              {c.label}
            </option>
          ))}
        </datalist>
      </label>
      <p className="experiment-hint" data-testid={`axis-${position}-hint`}>
        {chosen
          ? `${chosen.label}${chosen.current !== null ? `; the base has ${formatValue(chosen.current)}` : ''}${chosen.range ? `; allowed [${chosen.range[0]}, ${chosen.range[1]}]` : ''}`
          : 'Any field of the scenario: groups[0].count, bottleneck.buffer_pkts, sides[*].params.q0, …'}
      </p>
      <div className="experiment-mode" role="radiogroup" aria-label={`${name} values`}>
        <label>
          <input type="radio" name={`${id}-mode`} checked={axis.mode === 'range'} onChange={() => set({ mode: 'range' })} /> Range
        </label>
        <label>
          <input type="radio" name={`${id}-mode`} checked={axis.mode === 'values'} onChange={() => set({ mode: 'values' })} data-testid={`axis-${position}-list-mode`} /> List
        </label>
      </div>
      {axis.mode === 'range' ? (
        <div className="experiment-range">
          <label>
            From <input type="text" inputMode="decimal" value={axis.from} onChange={(e) => set({ from: e.target.value })} data-testid={`axis-${position}-from`} />
          </label>
          <label>
            To <input type="text" inputMode="decimal" value={axis.to} onChange={(e) => set({ to: e.target.value })} data-testid={`axis-${position}-to`} />
          </label>
          <span>
            <select value={axis.by} onChange={(e) => set({ by: e.target.value === 'step' ? 'step' : 'count' })} aria-label={`${name}: a number of values or a step`} data-testid={`axis-${position}-by`}>
              <option value="count">Values</option>
              <option value="step">{axis.scale === 'log' ? 'Factor' : 'Step'}</option>
            </select>{' '}
            {axis.by === 'step' ? (
              <input type="text" inputMode="decimal" value={axis.step} onChange={(e) => set({ step: e.target.value })} aria-label={`${name} ${axis.scale === 'log' ? 'factor' : 'step'}`} data-testid={`axis-${position}-step`} />
            ) : (
              <input type="text" inputMode="numeric" value={axis.count} onChange={(e) => set({ count: e.target.value })} aria-label={`${name} number of values`} data-testid={`axis-${position}-count`} />
            )}
          </span>
          <label>
            Spacing{' '}
            <select value={axis.scale} onChange={(e) => set({ scale: e.target.value === 'log' ? 'log' : 'linear' })}>
              <option value="linear">linear</option>
              <option value="log">log</option>
            </select>
          </label>
        </div>
      ) : (
        <label className="experiment-values">
          Values (comma-separated) <input type="text" value={axis.values} onChange={(e) => set({ values: e.target.value })} data-testid={`axis-${position}-values`} />
        </label>
      )}
      {onRemove && (
        <div className="buttons">
          <button type="button" onClick={onRemove}>
            Remove axis {position + 1}
          </button>
        </div>
      )}
    </fieldset>
  );
}
