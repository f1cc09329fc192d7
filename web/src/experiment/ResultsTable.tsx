import { formatValue } from '../lib/format';
import type { ReportRow, SweepPlan } from './sweep-core';

// The report as a table: a row per point x side, and for each metric shown
// in the plots its mean, 95% interval and number of seeds. Exports carry
// every metric.

export function ResultsTable({ plan, rows, metrics }: { plan: SweepPlan; rows: readonly ReportRow[]; metrics: readonly string[] }) {
  const axes = plan.axes.map((a) => a.path);
  const cell = (v: number | null) => (v === null ? '–' : formatValue(v));
  return (
    <div className="experiment-table-wrap" tabIndex={0} role="region" aria-label="Experiment results table">
      <table className="experiment-table" data-testid="experiment-table">
        <thead>
          <tr>
            {axes.map((a) => (
              <th key={a} scope="col">
                {a}
              </th>
            ))}
            <th scope="col">side</th>
            {metrics.map((m) => (
              <th key={m} scope="col" colSpan={3}>
                {m}
              </th>
            ))}
          </tr>
          <tr>
            {axes.map((a) => (
              <th key={a} aria-hidden="true" />
            ))}
            <th aria-hidden="true" />
            {metrics.map((m) => [
              <th key={`${m}-mean`} scope="col">
                mean
              </th>,
              <th key={`${m}-ci`} scope="col">
                95% interval
              </th>,
              <th key={`${m}-n`} scope="col">
                n
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} data-testid="experiment-row">
              {axes.map((a) => (
                <td key={a}>{row.point[a] ?? ''}</td>
              ))}
              <th scope="row">{row.side}</th>
              {metrics.map((m) => {
                const s = row.metrics[m];
                return [
                  <td key={`${m}-mean`}>{cell(s?.mean ?? null)}</td>,
                  <td key={`${m}-ci`}>{s && s.ciLow !== null && s.ciHigh !== null ? `${formatValue(s.ciLow)} – ${formatValue(s.ciHigh)}` : '–'}</td>,
                  <td key={`${m}-n`}>{s?.n ?? 0}</td>,
                ];
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
