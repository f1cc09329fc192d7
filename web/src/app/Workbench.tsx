import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { DisciplinePanel } from './aqm/DisciplinePanel';
import { slug } from '../charts/chart-export';
import { ChartToolbar } from './charts/ChartToolbar';
import { ChartView } from '../charts/chart-view';
import type { Layout, TimeRange } from '../charts/layout';
import type { EventMark } from '../charts/line-chart';
import { MetricChart, type ChartContext } from './charts/MetricChart';
import { metrics } from '../charts/metrics';
import { useControllable } from './charts/use-controllable';
import { SummaryTable } from './summary/SummaryTable';
import { TradeoffScatter } from './summary/TradeoffScatter';
import { useSummaryPoller } from './summary/use-run-summaries';
import { Controls } from './Controls';
import type { Lab, Drawable } from '../lab/lab';
import { LivePanel, ScenarioPanel } from './ScenarioPanel';
import { AddSide } from './SideControls';
import { SignalCharts } from './charts/SignalCharts';
import { useSideStatuses } from './use-lab';
import { sideName } from '../lab/side-session';
import { fluidOverlay } from '../theory/fluid-overlay';
import { TheoryToggle } from '../theory/TheoryToggle';
import { useTheoryState } from '../theory/use-theory';
import type { TheoryState } from '../theory/theory-state';
import { TheoryPanel } from './TheoryPanel';
import type { ChartSeries } from '../charts/chart-types';
import { ChartPartGate as Gate, Part } from '../lesson/Part';
import { WindowCharts } from './charts/WindowCharts';

export type { Layout, TimeRange } from '../charts/layout';

export interface WorkbenchProps {
  lab: Lab;
  /** Overlay or small multiples; the Workbench keeps its own choice when not given. */
  layout?: Layout;
  onLayoutChange?: (layout: Layout) => void;
  /** The charts' time window: the last minute or the whole run. */
  timeRange?: TimeRange;
  onTimeRangeChange?: (range: TimeRange) => void;
  /** Live changes to mark on every chart's time axis. */
  eventMarks?: () => readonly EventMark[];
  /** The lesson player, at the top of the column beside the charts. */
  lessonPanel?: ReactNode;
  /** Further series on a metric's chart for a side (a lesson's sketched prediction). */
  moreSeries?: (metricId: string, side: number) => readonly ChartSeries[];
  /** Told the theory state when it is made (and null when it goes), so a link can read and set its overlay. */
  onTheory?: (theory: TheoryState | null) => void;
}

const noMarks = (): readonly EventMark[] => [];

export function Workbench({ lab, layout: layoutProp, onLayoutChange, timeRange: rangeProp, onTimeRangeChange, eventMarks = noMarks, onTheory, lessonPanel, moreSeries }: WorkbenchProps) {
  const statuses = useSideStatuses(lab);
  // Summaries re-render only the table and the scatter that show them (use-run-summaries.ts).
  const poller = useSummaryPoller(lab);
  const [layout, setLayout] = useControllable<Layout>(layoutProp, onLayoutChange, 'overlay');
  const [timeRange, setTimeRange] = useControllable<TimeRange>(rangeProp, onTimeRangeChange, 'recent');
  const view = useMemo(() => new ChartView(), []);
  useEffect(() => view.setRange(timeRange), [view, timeRange]);
  const register = useCallback((chart: Drawable) => lab.addChart(chart), [lab]);
  const requestPaint = useCallback(() => lab.requestPaint(), [lab]);

  // Exports are named after the sides' disciplines and the newest simulated time.
  const exportName = useCallback(() => {
    const disciplines = lab.sides.map((s) => s.status.info?.aqm ?? 'side').join('-vs-');
    return `aqmlab-${slug(disciplines)}-t${lab.timeWindow()[1].toFixed(1)}s`;
  }, [lab]);

  // Theory: the fluid model over the queue chart, and the theory panel.
  const theory = useTheoryState(lab, requestPaint);
  useEffect(() => onTheory?.(theory), [theory, onTheory]);
  const extraSeries = useCallback(
    (metric: { id: string }, side: number) => [
      ...(moreSeries?.(metric.id, side) ?? []),
      ...fluidOverlay(theory, metric.id, side, sideName(statuses[side], side)),
    ],
    [theory, statuses, moreSeries],
  );

  const context: ChartContext = { lab, statuses, layout, view, register, requestPaint, marks: eventMarks, exportName, extraSeries };

  return (
    <>
      {/*
        The stage: what a class watches and moves, on one 1280x720 projector
        screen without scrolling. The queue and delay charts on the left; run
        controls, the live scenario values and every side's parameters beside
        them (that column scrolls on its own when six sides need more room).
        Narrower (a zoomed page, a tablet, a phone), the run controls come
        first, then the charts, then the panels: in this order in the page, so
        reading and tabbing follow what is shown.
      */}
      <div className="stage">
        <div className="stage-run">
          <Controls lab={lab} statuses={statuses} />
        </div>
        <div className="stage-charts">
          <Part id="view">
            <ChartToolbar layout={layout} onLayoutChange={setLayout} timeRange={timeRange} onTimeRangeChange={setTimeRange} />
          </Part>
          <Gate id="queue">
            <MetricChart metric={metrics.queue} context={context} tools={theory && <TheoryToggle theory={theory} />} />
          </Gate>
          <Gate id="delay">
            <MetricChart metric={metrics.delay} context={context} />
          </Gate>
        </div>
        <aside className="stage-side" aria-label="Scenario and parameter controls">
          {lessonPanel}
          <LivePanel lab={lab} statuses={statuses} />
          <Part id="params">
            <div className="discipline-panels">
              {statuses.map((status, i) => (
                <DisciplinePanel key={i} lab={lab} index={i} info={status.info} aqms={status.aqms} />
              ))}
            </div>
          </Part>
        </aside>
      </div>
      <Part id="sides">
        <AddSide lab={lab} statuses={statuses} />
      </Part>
      <Gate id="summary">
        <SummaryTable lab={lab} statuses={statuses} poller={poller} />
      </Gate>
      <Part id="scenario">
        <ScenarioPanel lab={lab} statuses={statuses} />
      </Part>
      <Gate id="windows">
        <WindowCharts context={context} />
      </Gate>
      <Gate id="theory">{theory && <TheoryPanel theory={theory} lab={lab} statuses={statuses} poller={poller} />}</Gate>
      <Gate id="signals">
        <SignalCharts context={context} />
      </Gate>
      <Gate id="jitter">
        <MetricChart metric={metrics.jitter} context={context} />
      </Gate>
      <Gate id="throughput">
        <MetricChart metric={metrics.throughput} context={context} />
      </Gate>
      <Gate id="utilisation">
        <MetricChart metric={metrics.utilisation} context={context} />
      </Gate>
      <Gate id="scatter">
        <TradeoffScatter lab={lab} statuses={statuses} poller={poller} />
      </Gate>
    </>
  );
}
