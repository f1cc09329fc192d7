import { maxSides } from './limits';

// One colour per side everywhere (lines, legend, table, scatter), and a
// second shade of it for the discipline's own signal (RED's average queue).
// The values live in styles.css as custom properties per theme; these
// functions hand out `var(--side-N)` for CSS, and charts resolve them to
// concrete colours at draw time (a canvas cannot read var()).

/** Sides the palette tells apart; the lab holds at most this many. */
export const paletteSize = maxSides;

export function sideColour(side: number): string {
  return `var(--side-${((side % paletteSize) + paletteSize) % paletteSize})`;
}

export function signalColour(side: number): string {
  return `var(--signal-${((side % paletteSize) + paletteSize) % paletteSize})`;
}

let cache = new Map<string, string>();

/** Forgets resolved colours, after the theme changed. */
export function clearColourCache(): void {
  cache = new Map();
}

/** A concrete colour for a canvas or a standalone SVG: `var(--x)` looked up on the root element. */
export function resolveColour(colour: string): string {
  const match = /^var\((--[\w-]+)\)$/.exec(colour);
  if (!match?.[1] || typeof document === 'undefined') return colour;
  const known = cache.get(match[1]);
  if (known !== undefined) return known;
  const value = getComputedStyle(document.documentElement).getPropertyValue(match[1]).trim() || '#777';
  cache.set(match[1], value);
  return value;
}

/**
 * A marker shape per side, the second cue beside colour (for readers who do
 * not tell the colours apart): drawn at each line's newest point, in the
 * legends and on the crosshair.
 */
export const sideMarkers = ['circle', 'square', 'triangle', 'diamond', 'cross', 'star'] as const;
export type MarkerShape = (typeof sideMarkers)[number];

export function sideMarker(side: number): MarkerShape {
  return sideMarkers[((side % paletteSize) + paletteSize) % paletteSize] ?? 'circle';
}
