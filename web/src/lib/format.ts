// Numbers in readouts and tables: a precision that suits the magnitude, so
// a queue reads "161" and a probability "0.0123", with a fixed width per column.

export type ValueKind = 'number' | 'percent';

export function formatValue(value: number, kind: ValueKind = 'number'): string {
  if (!Number.isFinite(value)) return '–';
  if (kind === 'percent') return `${(value * 100).toFixed(1)} %`;
  const a = Math.abs(value);
  if (a === 0) return '0';
  if (a >= 100) return value.toFixed(0);
  if (a >= 10) return value.toFixed(1);
  if (a >= 1) return value.toFixed(2);
  if (a >= 0.001) return value.toPrecision(3);
  // Three significant digits in plain decimals: a classroom reads 0.0000123, not 1.23e-5.
  return value.toFixed(Math.min(20, 2 - Math.floor(Math.log10(a))));
}

/** Fixed decimals, or an en dash while there is nothing to show. */
export function formatNumber(value: number, decimals: number): string {
  return Number.isFinite(value) ? value.toFixed(decimals) : '–';
}
