/** Fixed decimals, or an en dash while there is nothing to show. */
export function formatNumber(value: number, decimals: number): string {
  return Number.isFinite(value) ? value.toFixed(decimals) : '–';
}

/** The core reports utilisation as a fraction of capacity. */
export function formatPercent(fraction: number): string {
  return Number.isFinite(fraction) ? `${(fraction * 100).toFixed(1)} %` : '–';
}
