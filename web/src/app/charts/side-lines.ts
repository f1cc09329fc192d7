import { findAqm } from '../../aqm/aqm-table';
import { linesFor, type Metric, type MetricLine } from '../../charts/metrics';
import type { SideStatus } from '../../lab/side-session';

/** A side's lines of a metric, with a line per queue of a discipline that has several. */
export function sideLines(metric: Metric, columns: readonly string[], status: SideStatus | undefined): MetricLine[] {
  const spec = status?.info ? findAqm(status.aqms, status.info.aqm) : undefined;
  return linesFor(metric, columns, spec?.queues ?? []);
}
