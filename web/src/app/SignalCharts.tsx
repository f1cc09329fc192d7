import { useCallback, useMemo } from 'react';
import { findAqm, type AqmSpec } from '../aqm/aqm-table';
import { signalGroups, type SignalGroup } from '../aqm/signal-groups';
import type { ChartSeries } from '../charts/line-chart';
import { LineChartView } from '../charts/LineChartView';
import { sideColour, signalColour } from './colours';
import type { Drawable, Lab } from './lab';
import { Legend } from './Legend';
import type { SideSession, SideStatus } from './side-session';

// The drop/mark probability of every side on one chart, then each side's
// inner signals (from its discipline's `signals` table) as small charts, one
// per group of signals sharing a unit.

interface ChartHooks {
  register: (chart: Drawable) => () => void;
  requestPaint: () => void;
}

interface SignalChartsProps extends ChartHooks {
  lab: Lab;
  statuses: readonly SideStatus[];
}

export function SignalCharts({ lab, statuses, register, requestPaint }: SignalChartsProps) {
  const probabilitySeries = useCallback(
    (): ChartSeries[] =>
      lab.sides.map((side, i) => ({ store: side.store, column: 'p', colour: sideColour(i), dashed: false })),
    [lab],
  );
  return (
    <section className="chart-panel" aria-labelledby="signals-title">
      <h2 id="signals-title">Drop/mark probability p</h2>
      <Legend statuses={statuses} withAverage={false} />
      <LineChartView
        compact
        yLabel="p"
        description="Drop or mark probability p of each side's discipline over simulated time"
        testId="chart-p"
        series={probabilitySeries}
        register={register}
        requestPaint={requestPaint}
      />
      <h2 className="signals-heading">Inner signals</h2>
      <div className="signal-sides">
        {lab.sides.map((side, i) => {
          const status = statuses[i];
          return (
            status && (
              <SideSignals
                key={i}
                side={side}
                status={status}
                spec={status.info ? findAqm(status.aqms, status.info.aqm) : undefined}
                register={register}
                requestPaint={requestPaint}
              />
            )
          );
        })}
      </div>
    </section>
  );
}

interface SideSignalsProps extends ChartHooks {
  side: SideSession;
  status: SideStatus;
  spec: AqmSpec | undefined;
}

function SideSignals({ side, status, spec, register, requestPaint }: SideSignalsProps) {
  const groups = useMemo(() => signalGroups(spec?.signals ?? [], status.columns), [spec, status.columns]);
  const name = status.info?.sideName ?? `Side ${side.index + 1}`;
  return (
    <div className="signal-side" data-testid={`signals-${side.index}`} data-aqm={spec?.name ?? ''}>
      <h3>
        <span className="swatch" style={{ background: sideColour(side.index) }} />
        {name}
      </h3>
      {spec && groups.length === 0 && <p className="signal-none">{spec.label} exposes no inner signals.</p>}
      {groups.map((group, k) => (
        <SignalChart
          key={`${spec?.name ?? ''}:${group.key}`}
          side={side}
          group={group}
          testId={`chart-signal-${side.index}-${k}`}
          register={register}
          requestPaint={requestPaint}
        />
      ))}
    </div>
  );
}

interface SignalChartProps extends ChartHooks {
  side: SideSession;
  group: SignalGroup;
  testId: string;
}

function SignalChart({ side, group, testId, register, requestPaint }: SignalChartProps) {
  // The first signal drawn like the side's queue, a second one dashed in the darker shade.
  const series = useCallback(
    (): ChartSeries[] =>
      group.signals.map((signal, k) => ({
        store: side.store,
        column: signal.column,
        colour: k === 0 ? sideColour(side.index) : signalColour(side.index),
        dashed: k > 0,
      })),
    [side, group],
  );
  return (
    <figure className="signal-chart">
      <figcaption>
        {group.signals.length > 1
          ? group.signals.map((s, k) => (
              <span key={s.column} className="signal-key">
                <span
                  className={k === 0 ? 'line-key' : 'line-key dashed'}
                  style={{ borderColor: k === 0 ? sideColour(side.index) : signalColour(side.index) }}
                />
                {s.label}
              </span>
            ))
          : group.title}
        {group.signals.length > 1 && group.unit && <span className="signal-unit">({group.unit})</span>}
      </figcaption>
      <LineChartView
        compact
        yLabel={group.unit}
        description={`${group.title} of side ${side.index + 1} over simulated time`}
        testId={testId}
        series={series}
        register={register}
        requestPaint={requestPaint}
      />
    </figure>
  );
}
