import { useEffect, useState, type KeyboardEvent } from 'react';
import { formatParamValue, type ParamControl } from '../../aqm/param-controls';
import type { FieldState } from '../../aqm/param-panel-model';

// One generated control: a checkbox for a toggle, otherwise a slider over the
// table's range with a number box beside it for exact values (a slider over
// [0, 100000] cannot land on 50). The help line from the table is shown under
// it, and a refusal from the core right below that.

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
  const describedBy = state.error ? `${helpId} ${errorId}` : helpId;
  const unit = control.unit ? ` ${control.unit}` : '';
  return (
    <div className="param" data-testid={`${id}-field`}>
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
              min={control.min}
              max={control.max}
              step={control.step}
              value={state.value}
              data-testid={id}
              aria-describedby={describedBy}
              onChange={(e) => onChange(Number(e.target.value))}
              onPointerUp={onRelease}
              onKeyUp={onRelease}
              onBlur={onRelease}
            />
            <NumberBox
              id={id}
              control={control}
              state={state}
              onCommit={(value) => {
                onChange(value);
                onRelease();
              }}
            />
          </div>
        </>
      )}
      <p id={helpId} className="param-help">
        <code>{control.name}</code> {control.help}
      </p>
      {state.error && (
        <p id={errorId} className="param-error" role="alert" data-testid={`${id}-error`}>
          {state.error}
        </p>
      )}
    </div>
  );
}

interface NumberBoxProps {
  id: string;
  control: ParamControl;
  state: FieldState;
  onCommit: (value: number) => void;
}

/** Typed values go to the core on Enter or when the box loses focus, not at every keystroke. */
function NumberBox({ id, control, state, onCommit }: NumberBoxProps) {
  const shown = formatParamValue(state.value, control);
  const [draft, setDraft] = useState(shown);
  // Every change of the field (a drag, an answer from the core, a rollback) replaces the draft.
  useEffect(() => setDraft(shown), [state]);

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
