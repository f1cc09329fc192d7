// The chart area's two view choices, as plain values the page can keep in its
// URL: how sides share charts, and how much of the run the time axis shows.

/** overlay: one chart per metric, a line per side; multiples: a column of charts per side. */
export type Layout = 'overlay' | 'multiples';
/** recent: the last minute, scrolling; whole: from t = 0 to the newest sample. */
export type TimeRange = 'recent' | 'whole';

export const layouts: readonly { value: Layout; label: string }[] = [
  { value: 'overlay', label: 'Overlay' },
  { value: 'multiples', label: 'Small multiples' },
];

export function isLayout(value: unknown): value is Layout {
  return value === 'overlay' || value === 'multiples';
}

/** The side indices each chart of one metric shows: every side on one chart, or one chart per side. */
export function panelSides(layout: Layout, sideCount: number): number[][] {
  const all = Array.from({ length: Math.max(0, sideCount) }, (_, i) => i);
  return layout === 'overlay' ? [all] : all.map((i) => [i]);
}

/**
 * The whole run's axis ends on a multiple of `step` seconds, so it moves only
 * every `step` simulated seconds and the decimated columns can be kept and
 * extended in between rather than rebuilt each frame.
 */
export const wholeRunStepS = 30;

/**
 * The time window charts show. `recent` is the page's sliding [x0, x1]
 * (x1 is the newest sample, or the window length early in a run); `whole`
 * starts at 0 and ends at x1 rounded up to the next step.
 */
export function viewWindow(range: TimeRange, x0: number, x1: number): [number, number] {
  if (range === 'recent') return [x0, x1];
  return [0, Math.max(wholeRunStepS, Math.ceil(x1 / wholeRunStepS) * wholeRunStepS)];
}
