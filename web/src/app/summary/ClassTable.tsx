import { formatValue } from '../../lib/format';
import type { SpanSummary } from '../../summary/run-summary';
import { BetterMark } from './BetterMark';

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
              {classColumns.map((col) => (
                <th scope="col" key={col.key} className="num">
                  {col.label}
                  <span className="unit">{col.unit}</span>
                  <BetterMark better={col.better} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ side, index, c }) => (
              <tr key={`${index}-${c.name}`} data-testid={`class-row-${index}-${c.name}`}>
                <th scope="row">{side}</th>
                <td>{c.name}</td>
                {classColumns.map((col) => (
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
