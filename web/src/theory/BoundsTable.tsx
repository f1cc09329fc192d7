import { formatValue } from '../lib/format';
import type { Read, ResponseBounds } from './theory-json';

// The PI and REM response-time lower bounds the LRED paper derives, for the
// network the core mapped this scenario onto, as a table against N (the
// experiment view has no response-time plot to draw them on).

const seconds = (v: number | null) => (v === null ? 'never' : `${formatValue(v, 'number')} s`);

export function BoundsTable({ bounds, currentFlows }: { bounds: Read<ResponseBounds>; currentFlows: number | null }) {
  if (!bounds.ok) {
    return (
      <p className="param-error" role="alert">
        Response-time bounds unavailable: {bounds.error}
      </p>
    );
  }
  const { flows, p0, piS, remS } = bounds.value;
  return (
    <table className="bounds-table" data-testid="bounds-table">
      <caption>
        Response-time lower bounds of PI and REM against the number of flows N (LRED paper, section III.C; "never": the
        controller cannot climb to p₀ before the buffer overflows)
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
        {flows.map((n, i) => (
          <tr key={n} className={n === currentFlows ? 'current' : undefined} data-flows={n}>
            <th scope="row">
              {n}
              {n === currentFlows ? ' (now)' : ''}
            </th>
            <td>{formatValue(p0[i] ?? Number.NaN, 'number')}</td>
            <td>{seconds(piS[i] ?? null)}</td>
            <td>{seconds(remS[i] ?? null)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
