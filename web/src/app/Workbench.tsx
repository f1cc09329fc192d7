import { useCallback } from 'react';
import { DisciplinePanel } from '../aqm/DisciplinePanel';
import type { ChartSeries } from '../charts/line-chart';
import { LineChartView } from '../charts/LineChartView';
import { sideColour, signalColour } from './colours';
import { Controls } from './Controls';
import type { Lab, Drawable } from './lab';
import { Legend } from './Legend';
import { ScenarioPanel } from './ScenarioPanel';
import { AddSide } from './SideControls';
import { SignalCharts } from './SignalCharts';
import { SummaryStrip } from './SummaryStrip';
import { useSideStatuses } from './use-lab';

const averageColumn = 'aqm.avg';

export function Workbench({ lab }: { lab: Lab }) {
  const statuses = useSideStatuses(lab);
  const register = useCallback((chart: Drawable) => lab.addChart(chart), [lab]);
  const requestPaint = useCallback(() => lab.requestPaint(), [lab]);

  // Series are rebuilt from the stores at each draw, so a restarted run with
  // other columns is picked up without remounting the charts.
  const queueSeries = useCallback(
    (): ChartSeries[] =>
      lab.sides.flatMap((side, i) => {
        const queue: ChartSeries = { store: side.store, column: 'queue_pkts', colour: sideColour(i), dashed: false };
        if (side.store.columnIndex(averageColumn) < 0) return [queue];
        return [queue, { store: side.store, column: averageColumn, colour: signalColour(i), dashed: true }];
      }),
    [lab],
  );
  const delaySeries = useCallback(
    (): ChartSeries[] =>
      lab.sides.map((side, i) => ({ store: side.store, column: 'delay_ms', colour: sideColour(i), dashed: false })),
    [lab],
  );

  return (
    <>
      <Controls lab={lab} statuses={statuses} />
      <AddSide lab={lab} statuses={statuses} />
      <SummaryStrip lab={lab} statuses={statuses} />
      <section className="chart-panel" aria-labelledby="queue-title">
        <h2 id="queue-title">Queue length (packets)</h2>
        <Legend statuses={statuses} withAverage />
        <LineChartView
          yLabel="packets"
          description="Queue length in packets over simulated time, one line per side, dashed: the AQM's average queue"
          testId="chart-queue"
          series={queueSeries}
          register={register}
          requestPaint={requestPaint}
        />
      </section>
      <ScenarioPanel lab={lab} statuses={statuses} />
      <SignalCharts lab={lab} statuses={statuses} register={register} requestPaint={requestPaint} />
      <div className="discipline-panels">
        {statuses.map((status, i) => (
          <DisciplinePanel key={i} lab={lab} index={i} status={status} />
        ))}
      </div>
      <section className="chart-panel" aria-labelledby="delay-title">
        <h2 id="delay-title">Queueing delay (ms)</h2>
        <Legend statuses={statuses} withAverage={false} />
        <LineChartView
          yLabel="ms"
          description="Queueing delay in milliseconds over simulated time, one line per side"
          testId="chart-delay"
          series={delaySeries}
          register={register}
          requestPaint={requestPaint}
        />
      </section>
    </>
  );
}
