import { formatValue } from '../../lib/format';
import type { SpanSummary } from '../../summary/run-summary';

// Each side's traffic classes (the groups' `class` labels): goodput, loss and
// the queueing delay of the class's data at the bottleneck, over the span the
// summary table shows. Folded away under the table: most scenarios have one
// class, and then it repeats the table's row.

interface ClassTableProps {
  names: readonly string[];
  spans: readonly (SpanSummary | null)[];
}

const columns = [
  { key: 'goodputMbps', label: 'Goodput', unit: 'Mb/s', kind: 'number' },
  { key: 'lossRatio', label: 'Loss', unit: '%', kind: 'percent' },
  { key: 'meanDelayMs', label: 'Delay mean', unit: 'ms', kind: 'number' },
  { key: 'p50DelayMs', label: 'Delay p50', unit: 'ms', kind: 'number' },
  { key: 'p95DelayMs', label: 'Delay p95', unit: 'ms', kind: 'number' },
  { key: 'p99DelayMs', label: 'Delay p99', unit: 'ms', kind: 'number' },
  { key: 'jitterMs', label: 'Jitter', unit: 'ms', kind: 'number' },
] as const;

export function ClassTable({ names, spans }: ClassTableProps) {
  const rows = spans.flatMap((span, i) => (span?.classes ?? []).map((c) => ({ side: names[i] ?? `side ${i + 1}`, index: i, c })));
  return (
    <details className="class-details" data-testid="class-details">
      <summary>Per traffic class ({rows.length} rows)</summary>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Per traffic class">
        <table className="summary-table class-table" data-testid="class-table">
          <thead>
            <tr>
              <th scope="col">Side</th>
              <th scope="col">Class</th>
              {columns.map((col) => (
                <th scope="col" key={col.key} className="num">
                  {col.label}
                  <span className="unit">{col.unit}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ side, index, c }) => (
              <tr key={`${index}-${c.name}`} data-testid={`class-row-${index}-${c.name}`}>
                <th scope="row">{side}</th>
                <td>{c.name}</td>
                {columns.map((col) => (
                  <td key={col.key} className="num" data-figure={col.key}>
                    {formatValue(c[col.key] ?? Number.NaN, col.kind)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
