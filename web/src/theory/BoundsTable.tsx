import { formatValue } from '../lib/format';
import type { Read, ResponseBounds } from './theory-json';
import { ProblemAlert } from '../lib/ProblemList';

// The PI and REM response-time lower bounds the LRED paper derives, for the
// network the core mapped this scenario onto, as a table against N (the
// experiment view has no response-time plot to draw them on).

const seconds = (v: number | null) => (v === null ? 'never' : `${formatValue(v, 'number')} s`);

export function BoundsTable({ bounds, currentFlows }: { bounds: Read<ResponseBounds>; currentFlows: number | null }) {
  if (!bounds.ok) {
    return <ProblemAlert lead="Response-time bounds unavailable: " message={bounds.error} />;
  }
  const { flows, p0, piS, remS } = bounds.value;
  // p0 = 1.5 N^2 / (RC)^2 past 1 is no equilibrium: TCP cannot get that few packets through.
  const rows = flows.map((n, i) => ({ n, p0: p0[i] ?? Number.NaN, pi: piS[i] ?? null, rem: remS[i] ?? null })).filter((r) => r.p0 <= 1);
  const dropped = flows.length - rows.length;
  return (
    <table className="bounds-table" data-testid="bounds-table">
      <caption>
        Response-time lower bounds of PI and REM against the number of flows N (LRED paper, section III.C; "never": the
        controller cannot climb to p₀ before the buffer overflows{dropped > 0 ? `; ${dropped} larger N left out, where p₀ would exceed 1` : ''})
      </caption>
      <thead>
        <tr>
          <th scope="col">N</th>
          <th scope="col">p₀</th>
          <th scope="col">PI</th>
          <th scope="col">REM</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.n} className={r.n === currentFlows ? 'current' : undefined} data-flows={r.n}>
            <th scope="row">
              {r.n}
              {r.n === currentFlows ? ' (now)' : ''}
            </th>
            <td>{formatValue(r.p0, 'number')}</td>
            <td>{seconds(r.pi)}</td>
            <td>{seconds(r.rem)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
