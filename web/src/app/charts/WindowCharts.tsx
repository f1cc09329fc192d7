import { hasFlowLines, metrics } from '../../charts/metrics';
import { MetricChart, type ChartContext } from './MetricChart';

// The sampled window chart: the congestion window of the flows the
// scenario traces (`window_chart`), and their pacing rate where the sender
// paces, a line per flow and side. Only a run that asks for it has the
// columns (and pays for them), so without one nothing is mounted.

export function WindowCharts({ context }: { context: ChartContext }) {
  const runs = context.statuses.map((s) => s.columns);
  if (!hasFlowLines(metrics.cwnd, runs)) return null;
  return (
    <>
      <MetricChart metric={metrics.cwnd} context={context} />
      {hasFlowLines(metrics.pacing, runs) && <MetricChart metric={metrics.pacing} context={context} />}
    </>
  );
}
