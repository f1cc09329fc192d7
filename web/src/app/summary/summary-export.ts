import { browserDownload, type DownloadTarget } from '../../lib/download';
import { csvNumber, csvText, sideLabels } from '../../scenario/series-csv';
import { classFigureKeys, figureKeys, groupFigureKeys, queueFigureKeys, type RunSummary, type SpanSummary } from '../../summary/run-summary';

// The summary table's figures as files: CSV (RFC 4180, CRLF) with a row per
// side and span (the run after the warm-up, then each named window) and a
// column per figure under the core's JSON name (`aqmlab run` uses the same),
// then `class.<name>.<path>` for every class (`class.tcp.delay.p95_ms`), then
// `queue.<name>.<key>` for each queue of a discipline with several
// (`queue.l.p99_delay_ms`, the whole run's only), then `group.<index>.<key>`
// for each long-lived TCP group by its index in the scenario, its sender and
// whether it uses SACK first (`group.1.sender`, `group.1.sack`, `group.1.rtt_ms`); and JSON with every side's
// summary as the page holds it. Empty cells are figures the core has none of.

export interface SummaryRow {
  side: string;
  aqm: string;
  summary: RunSummary | null;
}

const eol = '\r\n';

/** A class figure's path in the core's JSON: `loss_ratio`, `delay.p95_ms`. */
const classKey = (key: string, inner?: string) => (inner === undefined ? key : `${key}.${inner}`);

interface Span {
  window: string;
  fromS: number | null;
  toS: number | null;
  figures: SpanSummary | null;
}

function spansOf(summary: RunSummary | null, windowNames: readonly string[]): Span[] {
  const run: Span = { window: '', fromS: null, toS: null, figures: summary };
  return [
    run,
    ...windowNames.map((name) => {
      const w = summary?.windows.find((x) => x.name === name)?.summary ?? null;
      return { window: name, fromS: w?.fromS ?? null, toS: w?.toS ?? null, figures: w };
    }),
  ];
}

const cell = (v: number | null | undefined) => (v === null || v === undefined ? '' : csvNumber(v));

export function summaryCsv(rows: readonly SummaryRow[]): string {
  const windowNames = [...new Set(rows.flatMap((r) => r.summary?.windows.map((w) => w.name) ?? []))];
  const classNames = [...new Set(rows.flatMap((r) => r.summary?.classes.map((c) => c.name) ?? []))];
  const header = ['side', 'aqm', 'window', 'from_s', 'to_s', 'measured_s', ...figureKeys.map(([, key]) => key)];
  for (const name of classNames) for (const [, key, inner] of classFigureKeys) header.push(`class.${name}.${classKey(key, inner)}`);
  const queueNames = [...new Set(rows.flatMap((r) => r.summary?.queues.map((q) => q.name) ?? []))];
  for (const name of queueNames) for (const [, key] of queueFigureKeys) header.push(`queue.${name}.${key}`);
  const groupIndices = [...new Set(rows.flatMap((r) => r.summary?.groups.map((g) => g.group) ?? []))].sort((a, b) => a - b);
  for (const g of groupIndices) header.push(`group.${g}.sender`, `group.${g}.sack`, ...groupFigureKeys.map(([, key]) => `group.${g}.${key}`));
  const labels = sideLabels(rows.map((r) => r.side));
  const lines = [header.map(csvText).join(',')];
  rows.forEach((row, i) => {
    for (const span of spansOf(row.summary, windowNames)) {
      const f = span.figures;
      const fields = [csvText(labels[i] ?? row.side), csvText(row.aqm), csvText(span.window), cell(span.fromS), cell(span.toS), cell(f?.measuredS)];
      for (const [field] of figureKeys) fields.push(cell(f?.[field]));
      for (const name of classNames) {
        const c = f?.classes.find((x) => x.name === name);
        for (const [field] of classFigureKeys) fields.push(cell(c?.[field]));
      }
      for (const name of queueNames) {
        const q = f?.queues.find((x) => x.name === name);
        for (const [field] of queueFigureKeys) fields.push(cell(q?.[field]));
      }
      for (const index of groupIndices) {
        const g = f?.groups.find((x) => x.group === index);
        fields.push(g ? csvText(g.sender) : '', g ? String(g.sack) : '');
        for (const [field] of groupFigureKeys) fields.push(cell(g?.[field]));
      }
      lines.push(fields.join(','));
    }
  });
  return lines.join(eol) + eol;
}

export function summaryJson(rows: readonly SummaryRow[]): string {
  return `${JSON.stringify({ sides: rows.map((r) => ({ side: r.side, aqm: r.aqm, summary: r.summary })) }, null, 2)}\n`;
}

export function saveSummary(rows: readonly SummaryRow[], format: 'csv' | 'json', target: DownloadTarget = browserDownload): string {
  const fileName = `aqmlab-summary.${format}`;
  const blob = format === 'csv' ? new Blob([summaryCsv(rows)], { type: 'text/csv;charset=utf-8' }) : new Blob([summaryJson(rows)], { type: 'application/json' });
  target.save(fileName, blob);
  return fileName;
}
