import { useId, useState } from 'react';
import type { FigureOptions } from './figure-options';
import { ProblemAlert } from '../lib/ProblemList';

// The metric plot's figure settings: axis labels in the paper's terms, the
// factor that turns the swept field into the paper's quantity, log axes, and
// what a censored mark says. Labels left empty show their default as the
// placeholder. A factor that is no number above 0 is refused where it is
// typed and the figure keeps the last good one.

export interface FigureOptionsFormProps {
  figure: FigureOptions;
  defaults: { x: string; y: string; censored: string };
  /** Whether x can be logarithmic (a numeric axis). */
  numericX: boolean;
  onChange: (figure: FigureOptions) => void;
}

export function FigureOptionsForm({ figure, defaults, numericX, onChange }: FigureOptionsFormProps) {
  const id = useId();
  const [scaleText, setScaleText] = useState(String(figure.xScale));
  const [scaleError, setScaleError] = useState<string | null>(null);
  const text = (name: 'xLabel' | 'yLabel' | 'censoredLabel', label: string, placeholder: string) => (
    <span className="experiment-select">
      <label htmlFor={`${id}-${name}`}>{label}</label>{' '}
      <input id={`${id}-${name}`} type="text" value={figure[name]} placeholder={placeholder} maxLength={120} data-testid={`figure-${name}`} onChange={(e) => onChange({ ...figure, [name]: e.target.value })} />
    </span>
  );
  const check = (name: 'logX' | 'logY', label: string, disabled = false) => (
    <label>
      <input type="checkbox" checked={figure[name] && !disabled} disabled={disabled} data-testid={`figure-${name}`} onChange={(e) => onChange({ ...figure, [name]: e.target.checked })} /> {label}
    </label>
  );
  const setScale = (value: string) => {
    setScaleText(value);
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n <= 0) {
      setScaleError('x axis factor: a number above 0 (1 draws the values as swept)');
      return;
    }
    setScaleError(null);
    onChange({ ...figure, xScale: n });
  };
  return (
    <details className="figure-options" data-testid="figure-options">
      <summary>Figure: axis labels, scales, censored runs</summary>
      <div className="experiment-row">
        {text('xLabel', 'x label', defaults.x)}
        <span className="experiment-select">
          <label htmlFor={`${id}-scale`}>x axis factor</label>{' '}
          <input id={`${id}-scale`} type="text" inputMode="decimal" size={5} value={scaleText} aria-invalid={scaleError !== null} aria-describedby={scaleError ? `${id}-scale-error` : undefined} data-testid="figure-xScale" onChange={(e) => setScale(e.target.value)} />
        </span>
        {text('yLabel', 'y label', defaults.y)}
        {check('logX', 'log x', !numericX)}
        {check('logY', 'log y')}
        {text('censoredLabel', 'Runs without a value', defaults.censored)}
      </div>
      {scaleError && <ProblemAlert className="share-error" id={`${id}-scale-error`} message={scaleError} />}
    </details>
  );
}
