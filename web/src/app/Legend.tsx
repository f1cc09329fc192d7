import { sideColour, signalColour } from './colours';
import type { SideStatus } from './side-session';

const averageColumn = 'aqm.avg';

/** One key per side; `withAverage` adds the dashed key of sides whose discipline keeps an average queue. */
export function Legend({ statuses, withAverage }: { statuses: readonly SideStatus[]; withAverage: boolean }) {
  return (
    <ul className="legend">
      {statuses.map((s, i) => {
        const name = s.info?.sideName ?? `Side ${i + 1}`;
        return (
          <li key={i}>
            <span className="line-key" style={{ borderColor: sideColour(i) }} />
            {name}
            {withAverage && s.columns.includes(averageColumn) && (
              <>
                <span className="line-key dashed" style={{ borderColor: signalColour(i) }} />
                {name} average
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
