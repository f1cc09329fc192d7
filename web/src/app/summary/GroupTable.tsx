import type { SenderSpec } from '../../aqm/sender-table';
import type { GroupFigures, SpanSummary } from '../../summary/run-summary';
import { BreakdownTable } from './BreakdownTable';

// Each side's senders (the long-lived TCP groups): goodput, throughput and
// share of the bottleneck, round-trip time against the flows' propagation,
// loss and mark ratios, over the span the summary table shows. Shown when
// some side has two or more groups to compare; one group is the link's row.

interface GroupTableProps {
  names: readonly string[];
  spans: readonly (SpanSummary | null)[];
  senders: readonly SenderSpec[];
}

export const groupColumns = [
  { key: 'goodputMbps', label: 'Goodput', unit: 'Mb/s', kind: 'number', better: 'higher' },
  { key: 'throughputMbps', label: 'Throughput', unit: 'Mb/s', kind: 'number', better: 'higher' },
  { key: 'share', label: 'Share', unit: '% of link', kind: 'percent', better: 'higher' },
  { key: 'rttMs', label: 'RTT mean', unit: 'ms', kind: 'number', better: 'lower' },
  { key: 'baseRttMs', label: 'of it, propagation', unit: 'ms', kind: 'number', better: 'lower' },
  { key: 'lossRatio', label: 'Loss', unit: '% of sent', kind: 'percent', better: 'lower' },
  { key: 'markRatio', label: 'Marks', unit: '% of sent', kind: 'percent', better: 'lower' },
] as const;

/** How a group is named in the table: its sender's label, its place in the scenario and its flows. */
export function groupName(g: GroupFigures, senders: readonly SenderSpec[]): string {
  const label = senders.find((s) => s.name === g.sender)?.label ?? g.sender;
  return `${label} · group ${g.group + 1} · ${g.flows} ${g.flows === 1 ? 'flow' : 'flows'}`;
}

export function GroupTable({ names, spans, senders }: GroupTableProps) {
  if (!spans.some((span) => (span?.groups.length ?? 0) >= 2)) return null;
  const rows = spans.flatMap((span, i) =>
    (span?.groups ?? []).map((g) => ({ id: `group-row-${i}-${g.group}`, side: names[i] ?? `side ${i + 1}`, part: groupName(g, senders), figures: g })),
  );
  return (
    <BreakdownTable
      partLabel="Sender"
      label="Per sender"
      testId="group-table"
      className="group-table"
      caption="Per sender (long-lived TCP group): RTT is the mean of the flows' timed round trips; loss and marks are over the packets the group sent"
      columns={groupColumns}
      rows={rows}
    />
  );
}
