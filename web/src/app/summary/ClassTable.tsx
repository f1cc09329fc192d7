import type { SpanSummary } from '../../summary/run-summary';
import { BreakdownTable } from './BreakdownTable';

// Each side's traffic classes (the groups' `class` labels): goodput, loss and
// the queueing delay of the class's data at the bottleneck, over the span the
// summary table shows. Folded away under the table: most scenarios have one
// class, and then it repeats the table's row.

interface ClassTableProps {
  names: readonly string[];
  spans: readonly (SpanSummary | null)[];
}

export const classColumns = [
  { key: 'goodputMbps', label: 'Goodput', unit: 'Mb/s', kind: 'number', better: 'higher' },
  { key: 'lossRatio', label: 'Loss', unit: '%', kind: 'percent', better: 'lower' },
  { key: 'meanDelayMs', label: 'Delay mean', unit: 'ms', kind: 'number', better: 'lower' },
  { key: 'p50DelayMs', label: 'Delay p50', unit: 'ms', kind: 'number', better: 'lower' },
  { key: 'p95DelayMs', label: 'Delay p95', unit: 'ms', kind: 'number', better: 'lower' },
  { key: 'p99DelayMs', label: 'Delay p99', unit: 'ms', kind: 'number', better: 'lower' },
  { key: 'jitterMs', label: 'Jitter', unit: 'ms', kind: 'number', better: 'lower' },
] as const;

export function ClassTable({ names, spans }: ClassTableProps) {
  const rows = spans.flatMap((span, i) => (span?.classes ?? []).map((c) => ({ id: `class-row-${i}-${c.name}`, side: names[i] ?? `side ${i + 1}`, part: c.name, figures: c })));
  return (
    <details className="class-details" data-testid="class-details">
      <summary>Per traffic class ({rows.length} rows)</summary>
      <BreakdownTable partLabel="Class" label="Per traffic class" testId="class-table" className="class-table" columns={classColumns} rows={rows} />
    </details>
  );
}
