// Sample times are whole multiples of the sample interval in the core's
// integer nanoseconds; working in nanoseconds here lands exactly on them.

const nsPerS = 1e9;

/** The first sample time strictly after `nowS`, for a sample interval of `intervalMs`. */
export function nextSampleTime(nowS: number, intervalMs: number): number {
  const intervalNs = Math.round(intervalMs * 1e6);
  const nowNs = Math.round(nowS * nsPerS);
  return ((Math.floor(nowNs / intervalNs) + 1) * intervalNs) / nsPerS;
}

/** The first sample time at or after `nowS`. */
export function sampleTimeAtOrAfter(nowS: number, intervalMs: number): number {
  const intervalNs = Math.round(intervalMs * 1e6);
  const nowNs = Math.round(nowS * nsPerS);
  return (Math.ceil(nowNs / intervalNs) * intervalNs) / nsPerS;
}
