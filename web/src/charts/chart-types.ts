import type { ValueKind } from '../lib/format';
import type { MarkerShape } from '../lib/colours';
import type { ChartView } from './chart-view';
import type { SeriesStore } from './series-store';

// What a line chart is given and the value-range arithmetic its panels share
// (line-chart.ts draws; chart-row.ts puts several on one value scale).

export interface ChartSeries {
  store: SeriesStore;
  column: string;
  colour: string;
  dashed: boolean;
  /** Name in the readout and in exports; the column when absent. */
  label?: string;
  /** The side's marker shape, drawn at the newest point (the cue beside colour). */
  marker?: MarkerShape;
  /** Stroked with this dash pattern, 2.5 px (a model's curve over the data, e.g. the fluid model's queue). */
  dash?: readonly number[];
}

/** A horizontal level: a discipline's threshold or target, in the chart's unit. */
export interface ChartLevel {
  value: number;
  label: string;
  colour: string;
}

/** A live change, marked on the time axis. */
export interface EventMark {
  t: number;
  label: string;
}

export interface ChartOptions {
  yLabel: string;
  /** Read at every draw, so series can follow runs that restart with other columns. */
  series: () => readonly ChartSeries[];
  /** Called when the chart's size (or the theme) changed and it wants a repaint. */
  onResize: () => void;
  /** How values read in the axis and the readout. */
  valueKind?: ValueKind;
  unit?: string;
  levels?: () => readonly ChartLevel[];
  marks?: () => readonly EventMark[];
  /** Shared time range and crosshair; without one the chart shows the page's window and no crosshair. */
  view?: ChartView;
  /** Name of this panel in an export of several (the side in small multiples). */
  caption?: string;
}

/** Lowest and highest value a chart wants in view; NaN when it has none. */
export interface Extent {
  lo: number;
  hi: number;
}

export const noExtent: Extent = { lo: Number.NaN, hi: Number.NaN };

export function unionExtent(a: Extent, b: Extent): Extent {
  const pick = (x: number, y: number, f: (p: number, q: number) => number) =>
    Number.isNaN(x) ? y : Number.isNaN(y) ? x : f(x, y);
  return { lo: pick(a.lo, b.lo, Math.min), hi: pick(a.hi, b.hi, Math.max) };
}

/** Zero is always in view; below it only for series that go negative (a controller's error). */
export function valueDomain(extent: Extent): [number, number] {
  const top = Math.max(0, Number.isNaN(extent.hi) ? 0 : extent.hi);
  const bottom = Math.min(0, Number.isNaN(extent.lo) ? 0 : extent.lo);
  if (top === 0 && bottom === 0) return [0, 1];
  return [bottom * 1.05, top * 1.05];
}

export const chartMargin = { top: 10, right: 14, bottom: 26, left: 52 };
const svgNs = 'http://www.w3.org/2000/svg';

export function svgElement<K extends keyof SVGElementTagNameMap>(name: K, className?: string): SVGElementTagNameMap[K] {
  const element = document.createElementNS(svgNs, name);
  if (className) element.setAttribute('class', className);
  return element;
}
