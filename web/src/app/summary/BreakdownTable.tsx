import { formatValue, type ValueKind } from '../../lib/format';
import { BetterMark } from './BetterMark';

// A table of each side's parts (its traffic classes, or the queues of a
// discipline with several): a row per side and part, a column per figure.

export interface BreakdownColumn<K extends string> {
  key: K;
  label: string;
  unit: string;
  kind: ValueKind;
  better: 'lower' | 'higher';
}

export interface BreakdownRow<K extends string> {
  /** The row's test id and React key. */
  id: string;
  side: string;
  part: string;
  figures: Partial<Record<K, number | null>>;
}

interface BreakdownTableProps<K extends string> {
  /** What a part is, as the header says it ("Class", "Queue"). */
  partLabel: string;
  label: string;
  testId: string;
  className: string;
  caption?: string;
  columns: readonly BreakdownColumn<K>[];
  rows: readonly BreakdownRow<K>[];
}

export function BreakdownTable<K extends string>({ partLabel, label, testId, className, caption, columns, rows }: BreakdownTableProps<K>) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className={`summary-table ${className}`} data-testid={testId}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">Side</th>
            <th scope="col">{partLabel}</th>
            {columns.map((col) => (
              <th scope="col" key={col.key} className="num">
                {col.label}
                <span className="unit">{col.unit}</span>
                <BetterMark better={col.better} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid={row.id}>
              <th scope="row">{row.side}</th>
              <td>{row.part}</td>
              {columns.map((col) => (
                <td key={col.key} className="num" data-figure={col.key}>
                  {formatValue(row.figures[col.key] ?? Number.NaN, col.kind)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
