import { useCallback, useEffect, useMemo } from 'react';
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
import { useRunSummaries } from './summary/use-run-summaries';
import { Controls } from './Controls';
import type { Lab, Drawable } from './lab';
import { ScenarioPanel } from './ScenarioPanel';
import { AddSide } from './SideControls';
import { SignalCharts } from './charts/SignalCharts';
import { useSideStatuses } from './use-lab';

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
}

const noMarks = (): readonly EventMark[] => [];

export function Workbench({ lab, layout: layoutProp, onLayoutChange, timeRange: rangeProp, onTimeRangeChange, eventMarks = noMarks }: WorkbenchProps) {
  const statuses = useSideStatuses(lab);
  const summaries = useRunSummaries(lab, statuses);
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

  const context: ChartContext = { lab, statuses, layout, view, register, requestPaint, marks: eventMarks, exportName };

  return (
    <>
      <Controls lab={lab} statuses={statuses} />
      {/* The queue chart comes first, so a projector at 1280x720 shows it without scrolling. */}
      <ChartToolbar layout={layout} onLayoutChange={setLayout} timeRange={timeRange} onTimeRangeChange={setTimeRange} />
      <MetricChart metric={metrics.queue} context={context} />
      <AddSide lab={lab} statuses={statuses} />
      <SummaryTable lab={lab} statuses={statuses} summaries={summaries} />
      <ScenarioPanel lab={lab} statuses={statuses} />
      <SignalCharts context={context} />
      <div className="discipline-panels">
        {statuses.map((status, i) => (
          <DisciplinePanel key={i} lab={lab} index={i} status={status} />
        ))}
      </div>
      <MetricChart metric={metrics.delay} context={context} />
      <MetricChart metric={metrics.jitter} context={context} />
      <MetricChart metric={metrics.throughput} context={context} />
      <MetricChart metric={metrics.utilisation} context={context} />
      <TradeoffScatter statuses={statuses} summaries={summaries} />
    </>
  );
}
