import type { Metric } from '../../charts/metrics';
import { sideLines } from './side-lines';
import { sideName } from '../../lab/side-session';
import { sideColour, sideMarker, signalColour } from '../../lib/colours';
import { markerPath } from '../../charts/markers';
import type { Lab } from '../../lab/lab';
import type { SideStatus } from '../../lab/side-session';

/** Keys of the overlay chart: a line per side, dashed for the side's second line. */
export function Legend({ metric, lab, statuses }: { metric: Metric; lab: Lab; statuses: readonly SideStatus[] }) {
  return (
    <ul className="legend">
      {statuses.map((status, i) => {
        const columns = lab.sides[i]?.store.columns ?? status.columns;
        return sideLines(metric, columns, status).map((line) => (
          <li key={`${i}:${line.column}`}>
            <span className={line.dashed ? 'line-key dashed' : 'line-key'} style={{ borderColor: line.shade === 'side' ? sideColour(i) : signalColour(i) }} />
            {line.shade === 'side' && !line.dashed && <MarkerKey side={i} />}
            {sideName(status, i)}
            {line.suffix}
          </li>
        ));
      })}
    </ul>
  );
}

/** The side's marker shape, as drawn at its lines' newest points. */
export function MarkerKey({ side }: { side: number }) {
  return (
    <svg className="marker-key" width="12" height="12" viewBox="-6 -6 12 12" aria-hidden="true" data-marker={sideMarker(side)}>
      <path d={markerPath(sideMarker(side), 4.5)} fill={sideColour(side)} />
    </svg>
  );
}
