/** Fixed decimals, or an en dash while there is nothing to show. */
export function formatNumber(value: number, decimals: number): string {
  return Number.isFinite(value) ? value.toFixed(decimals) : '–';
}
