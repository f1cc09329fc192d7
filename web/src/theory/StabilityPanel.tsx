import { useMemo } from 'react';
import { formatValue } from '../lib/format';
import { BodePlot } from './BodePlot';
import { marginWords, sufficientWords, verdictText } from './stability-words';
import { typeset } from './tex';
import type { Margins, Stability } from './theory-json';

// A side's stability as the papers judge it, said to people: the verdict as
// a badge and the margin in words, where the equilibrium sits on the law
// (which piece, which slope), what a sufficient rule can tell; the rule
// itself, typeset, with the numbers it used named in words, on request; the
// Bode plot of the loop. The verdict is recomputed from the live scenario,
// so it flips as sliders move.

function marginsText(m: Margins): string {
  const phase = m.phaseDeg === null ? 'no gain crossover (|L| < 1 everywhere)' : `phase margin ${m.phaseDeg.toFixed(1)}°`;
  const gain = m.gainDb === null ? 'gain margin unbounded (the phase never reaches −180°)' : `gain margin ${m.gainDb.toFixed(1)} dB`;
  const cross = m.crossoverRadS === null ? '' : `, crossover ${formatValue(m.crossoverRadS, 'number')} rad/s`;
  return `${phase[0]?.toUpperCase()}${phase.slice(1)}, ${gain}${cross}`;
}

export function StabilityPanel({ stability, label }: { stability: Stability; label: string }) {
  const { quantities } = stability;
  const margin = marginWords(stability);
  const sufficient = sufficientWords(stability);
  const ruleHtml = useMemo(() => (stability.ruleTex ? typeset(stability.ruleTex, true) : ''), [stability.ruleTex]);
  return (
    <div className="stability" data-testid="stability">
      <p className="stability-head">
        <span className={`verdict verdict-${stability.verdict}`} data-testid="stability-badge" data-verdict={stability.verdict} aria-live="polite">
          {verdictText[stability.verdict]}
        </span>
        {margin && (
          <span className="stability-margin" data-testid="stability-margin">
            {margin}
          </span>
        )}
      </p>
      {stability.regionText && (
        <p className="stability-region" data-testid="stability-region" data-region={stability.region}>
          {stability.regionText}
        </p>
      )}
      {sufficient && (
        <p className="stability-sufficient" data-testid="stability-sufficient">
          {sufficient}
        </p>
      )}
      {(stability.rule || quantities.length > 0) && (
        <details className="stability-formula" data-testid="stability-formula">
          <summary>The rule and its numbers</summary>
          {ruleHtml && <div className="stability-tex" data-testid="stability-tex" dangerouslySetInnerHTML={{ __html: ruleHtml }} />}
          {stability.rule && (
            <p className="stability-rule" data-testid="stability-rule">
              {stability.rule}
            </p>
          )}
          {quantities.length > 0 && (
            <table className="stability-numbers" data-testid="stability-numbers">
              <tbody>
                {quantities.map((q) => (
                  <tr key={q.key} data-key={q.key}>
                    <th scope="row">{q.words}</th>
                    <td>{q.value === null ? '—' : formatValue(q.value, 'number')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {stability.margins && (
            <p className="stability-margins" data-testid="stability-margins">
              {marginsText(stability.margins)}
            </p>
          )}
        </details>
      )}
      {stability.bode && stability.bode.w.some((w) => w > 0) && <BodePlot bode={stability.bode} margins={stability.margins} label={label} />}
    </div>
  );
}
