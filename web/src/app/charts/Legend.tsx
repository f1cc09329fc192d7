import type { Metric } from '../../charts/metrics';
import { linesFor } from '../../charts/metrics';
import { sideName } from '../side-session';
import { sideColour, signalColour } from '../../lib/colours';
import type { Lab } from '../lab';
import type { SideStatus } from '../side-session';

/** Keys of the overlay chart: a line per side, dashed for the side's second line. */
export function Legend({ metric, lab, statuses }: { metric: Metric; lab: Lab; statuses: readonly SideStatus[] }) {
  return (
    <ul className="legend">
      {statuses.map((status, i) => {
        const columns = lab.sides[i]?.store.columns ?? status.columns;
        return linesFor(metric, columns).map((line) => (
          <li key={`${i}:${line.column}`}>
            <span className={line.dashed ? 'line-key dashed' : 'line-key'} style={{ borderColor: line.shade === 'side' ? sideColour(i) : signalColour(i) }} />
            {sideName(status, i)}
            {line.suffix}
          </li>
        ));
      })}
    </ul>
  );
}
