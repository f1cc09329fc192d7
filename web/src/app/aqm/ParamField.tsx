import { useEffect, useState, type KeyboardEvent } from 'react';
import { formatParamValue, sliderPosition, sliderSteps, sliderValue, unusual, type ParamControl } from '../../aqm/param-controls';
import type { FieldState } from '../../aqm/param-panel-model';
import { ProblemAlert } from '../../lib/ProblemList';

// One generated control: a checkbox for a toggle, otherwise a slider over the
// usual values (the table's sensible range, up to the buffer for a queue
// length; by ratios where the parameter spans decades) with a number box
// beside it for exact values. A typed value outside the usual range asks
// before it applies. The help line from the table is shown under it, and a
// refusal from the core right below that.

interface ParamFieldProps {
  id: string;
  control: ParamControl;
  state: FieldState;
  onChange: (value: number) => void;
  /** The slider was let go (or a typed value sent): the end of one change. */
  onRelease: () => void;
}

export function ParamField({ id, control, state, onChange, onRelease }: ParamFieldProps) {
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const confirmId = `${id}-confirm`;
  // A typed value outside the usual range, waiting for the person to confirm it.
  const [asking, setAsking] = useState<{ value: number; why: string } | null>(null);
  const describedBy = [helpId, state.error ? errorId : '', asking ? confirmId : ''].filter(Boolean).join(' ');
  const unit = control.unit ? ` ${control.unit}` : '';
  const apply = (value: number) => {
    setAsking(null);
    onChange(value);
    onRelease();
  };
  const log = control.scale === 'log';
  return (
    <div className="param" data-testid={`${id}-field`} data-scale={control.scale}>
      {control.kind === 'toggle' ? (
        <label className="param-toggle">
          <input
            type="checkbox"
            checked={state.value !== 0}
            data-testid={id}
            aria-describedby={describedBy}
            onChange={(e) => {
              onChange(e.target.checked ? 1 : 0);
              onRelease(); // a click is a whole gesture
            }}
          />
          {control.label}
        </label>
      ) : (
        <>
          <div className="param-head">
            <label htmlFor={id}>{control.label}</label>
            <output htmlFor={id} data-testid={`${id}-value`}>
              {formatParamValue(state.value, control)}
              {unit}
            </output>
          </div>
          <div className="param-inputs">
            <input
              id={id}
              type="range"
              min={log ? 0 : control.slider.min}
              max={log ? sliderSteps : control.slider.max}
              step={log ? 1 : control.step}
              value={sliderPosition(control, state.value)}
              aria-valuetext={`${formatParamValue(state.value, control)}${unit}`}
              data-testid={id}
              aria-describedby={describedBy}
              onChange={(e) => onChange(sliderValue(control, Number(e.target.value)))}
              onPointerUp={onRelease}
              onKeyUp={onRelease}
              onBlur={onRelease}
            />
            <NumberBox
              id={id}
              control={control}
              state={state}
              asking={asking !== null}
              onCommit={(value) => {
                const why = unusual(control, value);
                if (why === null) apply(value);
                else setAsking({ value, why });
              }}
            />
          </div>
        </>
      )}
      {asking && (
        <div id={confirmId} className="param-confirm" role="alert" data-testid={confirmId}>
          <p>
            {control.label}: {asking.why}. Apply it anyway?
          </p>
          <button type="button" data-testid={`${confirmId}-apply`} onClick={() => apply(asking.value)}>
            Apply {formatParamValue(asking.value, control)}
          </button>
          <button type="button" data-testid={`${confirmId}-cancel`} onClick={() => setAsking(null)}>
            Keep {formatParamValue(state.value, control)}
          </button>
        </div>
      )}
      <p id={helpId} className="param-help">
        <code>{control.name}</code> {control.help}
      </p>
      {state.error && <ProblemAlert id={errorId} testId={`${id}-error`} message={state.error} />}
    </div>
  );
}

interface NumberBoxProps {
  id: string;
  control: ParamControl;
  state: FieldState;
  /** A typed value waits for confirmation; once answered, the box shows the field's value again. */
  asking: boolean;
  onCommit: (value: number) => void;
}

/** Typed values go to the core on Enter or when the box loses focus, not at every keystroke. */
function NumberBox({ id, control, state, asking, onCommit }: NumberBoxProps) {
  const shown = formatParamValue(state.value, control);
  const [draft, setDraft] = useState(shown);
  // Every change of the field (a drag, an answer from the core, a rollback) replaces the draft.
  useEffect(() => {
    if (!asking) setDraft(shown);
  }, [state, asking]);

  const commit = () => {
    if (draft === shown) return;
    const value = draft.trim() === '' ? Number.NaN : Number(draft);
    if (!Number.isFinite(value)) setDraft(shown);
    onCommit(value);
  };
  const key = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit();
    if (e.key === 'Escape') setDraft(shown);
  };
  return (
    <input
      type="number"
      className="param-number"
      min={control.min}
      max={control.max}
      step={control.step}
      value={draft}
      data-testid={`${id}-number`}
      aria-label={`${control.label} value${control.unit ? ` in ${control.unit}` : ''}`}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={key}
    />
  );
}
