import type { AqmSpec } from '../aqm/aqm-table';
import { sideColour } from './colours';
import { formatNumber, formatPercent } from './format';
import type { Lab } from './lab';
import { sideNumbers } from './side-numbers';
import type { SideStatus } from './side-session';
import { SideControls } from './SideControls';
import { useTicker } from './use-lab';

const windowS = 5;

interface SummaryStripProps {
  lab: Lab;
  statuses: readonly SideStatus[];
}

/** Per-side current numbers, refreshed four times a second from the sample stores. */
export function SummaryStrip({ lab, statuses }: SummaryStripProps) {
  useTicker(250);
  return (
    <div className="summary-strip">
      {lab.sides.map((side, i) => (
        <SideCard
          key={i}
          lab={lab}
          index={i}
          status={statuses[i]}
          catalogue={lab.catalogue()}
          sideCount={lab.sides.length}
          numbers={sideNumbers(side.store, windowS)}
        />
      ))}
    </div>
  );
}

interface SideCardProps {
  lab: Lab;
  index: number;
  catalogue: readonly AqmSpec[];
  status: SideStatus | undefined;
  sideCount: number;
  numbers: ReturnType<typeof sideNumbers>;
}

function SideCard({ lab, index, status, catalogue, sideCount, numbers }: SideCardProps) {
  const name = status?.info?.sideName ?? `Side ${index + 1}`;
  const state = status?.failed ? 'stopped' : status?.done ? 'finished' : status?.playing ? 'running' : 'paused';
  return (
    <section
      className="side-card"
      style={{ borderTopColor: sideColour(index) }}
      aria-label={`${name} summary`}
      // Raw numbers for tests and scripts; "NaN" until the side has samples.
      data-testid={`side-${index}`}
      data-state={state}
      data-samples={String(numbers.samples)}
      data-mean-queue={String(numbers.meanQueue)}
      data-mean-delay={String(numbers.meanDelay)}
      data-utilisation={String(numbers.utilisation)}
      data-sim-time={String(numbers.time)}
      data-flows={String(numbers.flows)}
    >
      <h2>
        <span className="swatch" style={{ background: sideColour(index) }} />
        {name} <span className="aqm-name">{status?.info?.aqm ?? ''}</span>
      </h2>
      <SideControls lab={lab} index={index} status={status} catalogue={catalogue} sideCount={sideCount} />
      <dl>
        <Stat label="time" value={`${formatNumber(numbers.time, 1)} s`} />
        <Stat label="queue (5 s mean)" value={`${formatNumber(numbers.meanQueue, 1)} pkts`} />
        {Number.isFinite(numbers.meanAverage) && (
          <Stat label="AQM average" value={`${formatNumber(numbers.meanAverage, 1)} pkts`} />
        )}
        <Stat label="delay" value={`${formatNumber(numbers.meanDelay, 1)} ms`} />
        <Stat label="utilisation" value={formatPercent(numbers.utilisation)} />
        <Stat label="flows" value={formatNumber(numbers.flows, 0)} />
        <Stat label="samples" value={String(numbers.samples)} />
        <Stat label="live changes" value={String(status?.applied ?? 0)} />
      </dl>
      <p className="side-state">{state}</p>
      {status?.error && (
        <p className="side-error" role="alert" data-testid={`side-error-${index}`}>
          {status.error}
        </p>
      )}
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
