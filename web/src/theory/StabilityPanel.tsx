import { formatValue } from '../lib/format';
import { BodePlot } from './BodePlot';
import type { Margins, Stability, Verdict } from './theory-json';

// A side's stability as the papers judge it: the core's verdict as a badge,
// the rule it applied (the paper's formula, as the core states it) with the
// numbers it put in, the margins, and the Bode plot of the loop. The verdict
// is recomputed from the live scenario, so it flips as sliders move.

const verdictText: Record<Verdict, string> = {
  stable: 'stable',
  marginal: 'marginal',
  unstable: 'unstable',
  none: 'no linear analysis',
};

function marginsText(m: Margins): string {
  const phase = m.phaseDeg === null ? 'no gain crossover (|L| < 1 everywhere)' : `phase margin ${m.phaseDeg.toFixed(1)}°`;
  const gain = m.gainDb === null ? 'gain margin unbounded (the phase never reaches −180°)' : `gain margin ${m.gainDb.toFixed(1)} dB`;
  const cross = m.crossoverRadS === null ? '' : `, crossover ${formatValue(m.crossoverRadS, 'number')} rad/s`;
  return `${phase[0]?.toUpperCase()}${phase.slice(1)}, ${gain}${cross}`;
}

export function StabilityPanel({ stability, label }: { stability: Stability; label: string }) {
  const numbers = Object.entries(stability.numbers);
  return (
    <div className="stability" data-testid="stability">
      <p className="stability-head">
        <span className={`verdict verdict-${stability.verdict}`} data-testid="stability-badge" data-verdict={stability.verdict} aria-live="polite">
          {verdictText[stability.verdict]}
        </span>
        {stability.rule && (
          <code className="stability-rule" data-testid="stability-rule">
            {stability.rule}
          </code>
        )}
      </p>
      {numbers.length > 0 && (
        <dl className="stability-numbers" data-testid="stability-numbers">
          {numbers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{formatValue(value, 'number')}</dd>
            </div>
          ))}
        </dl>
      )}
      {stability.margins && (
        <p className="stability-margins" data-testid="stability-margins">
          {marginsText(stability.margins)}
        </p>
      )}
      {stability.bode && stability.bode.w.some((w) => w > 0) && <BodePlot bode={stability.bode} margins={stability.margins} label={label} />}
    </div>
  );
}
