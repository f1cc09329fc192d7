import type { SpanSummary } from '../../summary/run-summary';
import { BreakdownTable } from './BreakdownTable';

// Each queue of a discipline with several (DualPI2's L and Classic queues):
// its throughput and its packets' delay over the run after the warm-up, as
// the core's summary gives them. Shown only when some side has such queues.

interface QueueTableProps {
  names: readonly string[];
  spans: readonly (SpanSummary | null)[];
}

export const queueTableColumns = [
  { key: 'throughputMbps', label: 'Throughput', unit: 'Mb/s', kind: 'number', better: 'higher' },
  { key: 'meanDelayMs', label: 'Delay mean', unit: 'ms', kind: 'number', better: 'lower' },
  { key: 'p99DelayMs', label: 'Delay p99', unit: 'ms', kind: 'number', better: 'lower' },
] as const;

export function QueueTable({ names, spans }: QueueTableProps) {
  const rows = spans.flatMap((span, i) => (span?.queues ?? []).map((q) => ({ id: `queue-row-${i}-${q.name}`, side: names[i] ?? `side ${i + 1}`, part: q.label, figures: q })));
  if (rows.length === 0) return null;
  return (
    <BreakdownTable
      partLabel="Queue"
      label="Per queue"
      testId="queue-table"
      className="queue-table"
      caption="Per queue of a discipline with several"
      columns={queueTableColumns}
      rows={rows}
    />
  );
}
