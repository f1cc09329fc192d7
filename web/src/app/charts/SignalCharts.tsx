import { memo, useCallback, useMemo } from 'react';
import { findAqm, type AqmSpec } from '../../aqm/aqm-table';
import { signalGroups, type SignalGroup } from '../../aqm/signal-groups';
import type { ChartView } from '../../charts/chart-view';
import type { ChartSeries } from '../../charts/line-chart';
import { LineChartView } from './LineChartView';
import { MetricChart, type ChartContext } from './MetricChart';
import { metrics } from '../../charts/metrics';
import { sideName } from '../../lab/side-session';
import { sideColour, signalColour } from '../../lib/colours';
import type { Drawable } from '../../lab/lab';
import type { SideSession } from '../../lab/side-session';

// The drop/mark probability of every side (overlay or small multiples like
// the other metrics), then each side's inner signals (from its discipline's
// `signals` table) as small charts, one per group of signals sharing a unit.
// Inner signals differ between disciplines, so they are always a column per side.

interface ChartHooks {
  register: (chart: Drawable) => () => void;
  requestPaint: () => void;
  view: ChartView;
}

export function SignalCharts({ context }: { context: ChartContext }) {
  const { lab, statuses, register, requestPaint, view } = context;
  return (
    <>
      <MetricChart metric={metrics.p} context={context} />
      <section className="chart-panel" aria-labelledby="signals-title">
        <h2 id="signals-title" className="signals-heading">
          Inner signals
        </h2>
        <p className="chart-note" data-testid="chart-note-signals">
          What each discipline computes on the way to its drop decision, in its own units. Neither higher nor lower is better: see when they move against the queue.
        </p>
        <div className="signal-sides" style={{ ['--columns' as string]: String(statuses.length) }}>
          {statuses.map((status, i) => {
            const side = lab.sides[i];
            return (
              side && (
                <SideSignals
                  key={i}
                  side={side}
                  name={sideName(status, i)}
                  columns={status.columns}
                  spec={status.info ? findAqm(status.aqms, status.info.aqm) : undefined}
                  register={register}
                  requestPaint={requestPaint}
                  view={view}
                />
              )
            );
          })}
        </div>
      </section>
    </>
  );
}

interface SideSignalsProps extends ChartHooks {
  side: SideSession;
  name: string;
  columns: readonly string[];
  spec: AqmSpec | undefined;
}

// Memoised on what it shows: a status change that leaves a side's name, run
// and discipline alone (a live change counted, play or pause) skips its charts.
const SideSignals = memo(function SideSignals({ side, name, columns, spec, register, requestPaint, view }: SideSignalsProps) {
  const groups = useMemo(() => signalGroups(spec?.signals ?? [], columns), [spec, columns]);
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
          name={name}
          group={group}
          testId={`chart-signal-${side.index}-${k}`}
          register={register}
          requestPaint={requestPaint}
          view={view}
        />
      ))}
    </div>
  );
});

interface SignalChartProps extends ChartHooks {
  side: SideSession;
  name: string;
  group: SignalGroup;
  testId: string;
}

function SignalChart({ side, name, group, testId, register, requestPaint, view }: SignalChartProps) {
  // The first signal drawn like the side's queue, a second one dashed in the darker shade.
  const series = useCallback(
    (): ChartSeries[] =>
      group.signals.map((signal, k) => ({
        store: side.store,
        column: signal.column,
        colour: k === 0 ? sideColour(side.index) : signalColour(side.index),
        dashed: k > 0,
        label: signal.label,
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
        description={`${group.title} of ${name} over simulated time`}
        testId={testId}
        series={series}
        register={register}
        requestPaint={requestPaint}
        view={view}
      />
    </figure>
  );
}
