import type { SeriesStore } from '../charts/series-store';

// The metric series of every side as one CSV (RFC 4180: CRLF lines, fields
// quoted when they hold a comma, quote or line break): a row per sample time,
// `t` then `<side name>.<metric>` for each side's columns, after comment lines
// with the scenario (compact JSON, so one line) and the seed. Sides sample on
// the same grid; a side that has not reached a time yet (or no longer holds
// it in its ring buffer) leaves its cells empty, as does a NaN (a delay in an
// interval with no departure).

export type SeriesReader = Pick<SeriesStore, 'columns' | 'length' | 'totalReceived' | 'at' | 'columnIndex'>;

export interface SeriesSource {
  /** The side's name as the scenario gives it. */
  name: string;
  store: SeriesReader;
}

const eol = '\r\n';

/**
 * A CSV field. Text that a spreadsheet would run as a formula (=, +, -, @ at
 * the start) gets a leading apostrophe: side names come from links and files.
 */
export function csvText(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** Shortest text that reads back as the same double; empty for NaN and infinities. */
export function csvNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : '';
}

/** Side labels for column names: a name shared by several sides gets the side number. */
export function sideLabels(names: readonly string[]): string[] {
  const trimmed = names.map((n, i) => (n.trim() === '' ? `side ${i + 1}` : n));
  return trimmed.map((n, i) => (trimmed.filter((m) => m === n).length > 1 ? `${n} (side ${i + 1})` : n));
}

/** Sample times in nanoseconds, so the same grid point matches across sides exactly. */
function timeKey(t: number): number {
  return Math.round(t * 1e9);
}

function compactScenario(scenarioJson: string): { line: string; seed: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(scenarioJson);
  } catch {
    throw new Error('scenario: not valid JSON');
  }
  const seed =
    typeof parsed === 'object' && parsed !== null && 'seed' in parsed && typeof parsed.seed === 'number'
      ? String(parsed.seed)
      : '1 (the default)';
  // JSON.stringify escapes line breaks inside strings, so this is one line.
  return { line: JSON.stringify(parsed), seed };
}

export function buildSeriesCsv(scenarioJson: string, sides: readonly SeriesSource[]): string {
  const { line, seed } = compactScenario(scenarioJson);
  const labels = sideLabels(sides.map((s) => s.name));
  const out: string[] = ['# AQM Lab metric series', `# seed: ${seed}`, `# scenario: ${line}`];
  sides.forEach((side, i) => {
    const lost = side.store.totalReceived - side.store.length;
    if (lost > 0) out.push(`# ${labels[i] ?? ''}: the first ${lost} samples are no longer held (ring buffer); its series starts later`);
  });

  // Per side: which store columns go out (all but t) and where t is.
  const layout = sides.map((side) => {
    const tColumn = side.store.columnIndex('t');
    const metrics = side.store.columns.map((name, c) => ({ name, c })).filter((m) => m.c !== tColumn);
    return { store: side.store, tColumn, metrics };
  });
  const header = ['t'];
  layout.forEach((side, i) => {
    for (const m of side.metrics) header.push(csvText(`${labels[i] ?? ''}.${m.name}`));
  });
  out.push(header.join(','));

  // Merge the sides' time columns (each increasing) into one row per time.
  const next = layout.map(() => 0);
  for (;;) {
    let key = Number.POSITIVE_INFINITY;
    let t = Number.NaN;
    layout.forEach((side, i) => {
      const at = next[i] ?? 0;
      if (side.tColumn < 0 || at >= side.store.length) return;
      const value = side.store.at(side.tColumn, at);
      if (timeKey(value) < key) {
        key = timeKey(value);
        t = value;
      }
    });
    if (key === Number.POSITIVE_INFINITY) break;
    const row = [csvNumber(t)];
    layout.forEach((side, i) => {
      const at = next[i] ?? 0;
      const here = side.tColumn >= 0 && at < side.store.length && timeKey(side.store.at(side.tColumn, at)) === key;
      for (const m of side.metrics) row.push(here ? csvNumber(side.store.at(m.c, at)) : '');
      if (here) next[i] = at + 1;
    });
    out.push(row.join(','));
  }
  return out.join(eol) + eol;
}
