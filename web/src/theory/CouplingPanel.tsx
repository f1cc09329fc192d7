import { useMemo } from 'react';
import type { SeriesStore } from '../charts/series-store';
import { measureCoupling } from './coupling';
import { typeset } from './tex';

// The coupling of a dual queue drawn against the run (RFC 9332 sec. 2.1):
// p_C = (p_CL / k)^2 from the measured coupled marking rate, beside the
// measured Classic signal rate; the same from the sampled probabilities'
// time means, which shows how much of a gap p's swings make (the mean of
// p'^2 exceeds the square of the mean).

const lawTex = String.raw`p_C = \left(\frac{p_{CL}}{k}\right)^2`;

function fmt(v: number | null, digits = 3): string {
  return v === null || !Number.isFinite(v) ? '—' : v.toPrecision(digits);
}

export function CouplingPanel({
  store,
  k,
  fromS,
}: {
  store: SeriesStore;
  k: number;
  /** The warm-up: the span measured starts there. */
  fromS: number;
}) {
  const m = measureCoupling(store, k, fromS);
  const tex = useMemo(() => typeset(lawTex, true), []);
  if (!m) return null;
  const gap = m.classicRate !== null && m.predictedClassic ? m.classicRate / m.predictedClassic : null;
  return (
    <div className="coupling" data-testid="coupling" data-coupled={m.coupledRate ?? undefined} data-classic={m.classicRate ?? undefined} data-predicted={m.predictedClassic ?? undefined}>
      <h4>Coupling: prediction against the run</h4>
      <div className="law-tex" dangerouslySetInnerHTML={{ __html: tex }} />
      <table className="theory-numbers" data-testid="coupling-numbers">
        <caption>
          From {m.fromS.toFixed(0)} s to {m.toS.toFixed(0)} s, k = {k}
        </caption>
        <tbody>
          <tr>
            <th scope="row">Coupled L marking rate p_CL (coupled marks / L packets the step left, {m.lPackets.toFixed(0)})</th>
            <td>{fmt(m.coupledRate)}</td>
          </tr>
          <tr>
            <th scope="row">Predicted Classic signal rate (p_CL / k)²</th>
            <td data-testid="coupling-predicted">{fmt(m.predictedClassic)}</td>
          </tr>
          <tr>
            <th scope="row">Measured Classic signal rate ({m.classicPackets.toFixed(0)} packets)</th>
            <td data-testid="coupling-measured">
              {fmt(m.classicRate)}
              {gap !== null && ` (${gap.toFixed(2)} × the prediction)`}
            </td>
          </tr>
          <tr>
            <th scope="row">Time means: p_C, and (mean p_CL / k)²</th>
            <td>
              {fmt(m.meanClassicP)}, {fmt(m.predictedFromMean)}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="theory-note">
        The coupling holds at every instant (p_C = p′², p_CL = k p′); averaged over a run it need not. p′ swings with the Classic flows' sawtooth,
        so the mean of p′² exceeds the square of the mean (the two time means above differ by that factor), and each queue's packets sample p′
        at their own departures, which weights the two measured rates differently.
      </p>
    </div>
  );
}
