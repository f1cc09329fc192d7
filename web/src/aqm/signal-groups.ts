import type { AqmSignalSpec } from './aqm-table';

// Which inner signals share a chart: those with the same unit share its axis
// (RED's average queue beside a sampled queue, both in packets); a unitless
// signal may be a ratio, a count or an on/off state, so each gets its own.

export interface SignalSeries {
  /** The batch column, `aqm.<name>`. */
  column: string;
  label: string;
}

export interface SignalGroup {
  key: string;
  title: string;
  unit: string;
  signals: SignalSeries[];
}

export const signalColumn = (name: string): string => `aqm.${name}`;

/** Groups in table order; signals the run does not sample (absent from `columns`) are left out. */
export function signalGroups(signals: readonly AqmSignalSpec[], columns: readonly string[]): SignalGroup[] {
  const groups: SignalGroup[] = [];
  for (const signal of signals) {
    const column = signalColumn(signal.name);
    if (!columns.includes(column)) continue;
    const series = { column, label: signal.label };
    const shared = signal.unit === '' ? undefined : groups.find((g) => g.unit === signal.unit);
    if (shared) shared.signals.push(series);
    else groups.push({ key: signal.unit === '' ? `signal:${signal.name}` : `unit:${signal.unit}`, title: '', unit: signal.unit, signals: [series] });
  }
  for (const group of groups) {
    const labels = group.signals.map((s) => s.label).join(', ');
    group.title = group.unit === '' ? labels : `${labels} (${group.unit})`;
  }
  return groups;
}
