import { useEffect, useState, type KeyboardEvent } from 'react';
import type { LiveValue } from './live-value';
import { ProblemAlert } from '../lib/ProblemList';

// One live scenario control: an optional slider for the usual range, a number
// box for any value the core accepts (Enter or leaving the box sends it), and
// the core's refusal under it. An empty box means the file leaves the value to
// the core's default.

interface LiveFieldProps {
  id: string;
  label: string;
  unit: string;
  live: LiveValue;
  /** The slider's range; the number box takes anything and the core judges it. */
  slider?: { min: number; max: number; step: number };
  step?: number;
  disabled?: boolean;
}

export function LiveField({ id, label, unit, live, slider, step, disabled = false }: LiveFieldProps) {
  const shown = live.value === null ? '' : String(live.value);
  const [draft, setDraft] = useState(shown);
  useEffect(() => setDraft(shown), [shown]);
  const errorId = `${id}-error`;

  const commit = () => {
    if (draft.trim() === '' || draft === shown) return setDraft(shown);
    const value = Number(draft);
    if (Number.isFinite(value)) {
      live.set(value);
      live.release();
    }
    else setDraft(shown);
  };
  const key = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit();
    if (e.key === 'Escape') setDraft(shown);
  };
  return (
    <div className="live-field" data-testid={`${id}-field`}>
      <div className="live-head">
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id} data-testid={`${id}-value`}>
          {live.value === null ? 'default' : `${live.value}${unit ? ` ${unit}` : ''}`}
        </output>
      </div>
      <div className="live-inputs">
        {slider && (
          <input
            type="range"
            id={id}
            data-testid={`${id}-slider`}
            min={slider.min}
            max={slider.max}
            step={slider.step}
            value={live.value ?? slider.min}
            disabled={disabled}
            aria-describedby={live.error ? errorId : undefined}
            onChange={(e) => live.set(Number(e.target.value))}
            onPointerUp={live.release}
            onKeyUp={live.release}
            onBlur={live.release}
          />
        )}
        <input
          type="number"
          id={slider ? undefined : id}
          className="live-number"
          data-testid={`${id}-number`}
          step={step ?? slider?.step ?? 'any'}
          value={draft}
          placeholder="default"
          disabled={disabled}
          aria-label={`${label} value${unit ? ` in ${unit}` : ''}`}
          aria-describedby={live.error ? errorId : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={key}
        />
      </div>
      {live.error && <ProblemAlert id={errorId} testId={errorId} message={live.error} />}
    </div>
  );
}
