import type { PixelColumns } from './decimate';

// Two ways to draw decimated columns. Bars are for dense, noisy series: one
// axis-aligned rectangle per pixel column spanning min..max (and the previous
// column's last value, so neighbours join). Stroking the same envelope as a
// zigzag path is several times slower when the canvas is rasterised in
// software, which would make the main thread stutter. Smooth series (an AQM's
// average) are stroked as a path so they can be dashed.
//
// The geometry (plain numbers in typed arrays) is computed where the samples
// are, on the page's thread; the painting may happen in a worker that owns
// the canvas (plot-painter.ts), so both halves are split here.

type Y = (value: number) => number;

/** Bars: [x, top, height] per filled column; connectors across empty ones: [x1, y1, x2, y2]. */
export interface BarsGeometry {
  kind: 'bars';
  colour: string;
  lineWidth: number;
  bars: Float32Array;
  connectors: Float32Array;
}

/** A polyline [x, y, ...] through every filled column's first, min, max and last value. */
export interface PathGeometry {
  kind: 'path';
  colour: string;
  lineWidth: number;
  dash: number[];
  points: Float32Array;
}

/** A marker (an SVG path around 0, 0) at x, y, filled, outlined in the background colour. */
export interface MarkerGeometry {
  kind: 'marker';
  colour: string;
  outline: string;
  path: string;
  x: number;
  y: number;
}

export type SeriesGeometry = BarsGeometry | PathGeometry | MarkerGeometry;

export function barsGeometry(c: PixelColumns, y: Y, colour: string, thickness: number): BarsGeometry {
  const half = thickness / 2;
  // Bars go straight into a typed array of the most they can hold, then trimmed
  // (a view, transferred whole): every chart builds these at every frame.
  const bars = new Float32Array(3 * c.width);
  const connectors: number[] = []; // only across empty columns: few
  let nb = 0;
  let previous = -1;
  let previousLast = 0;
  for (let p = 0; p < c.width; p++) {
    if ((c.count[p] ?? 0) === 0) continue;
    let lo = c.min[p] ?? 0;
    let hi = c.max[p] ?? 0;
    if (previous >= 0 && previous === p - 1) { // (the first column joins nothing: not the value 0)
      lo = Math.min(lo, previousLast);
      hi = Math.max(hi, previousLast);
    } else if (previous >= 0) {
      connectors.push(previous + 0.5, y(previousLast), p + 0.5, y(c.first[p] ?? 0));
    }
    const top = y(hi) - half;
    bars[nb++] = p;
    bars[nb++] = top;
    bars[nb++] = y(lo) + half - top;
    previous = p;
    previousLast = c.last[p] ?? 0;
  }
  return { kind: 'bars', colour, lineWidth: thickness, bars: bars.subarray(0, nb), connectors: new Float32Array(connectors) };
}

export function pathGeometry(c: PixelColumns, y: Y, colour: string, lineWidth: number, dash: number[]): PathGeometry {
  const points = new Float32Array(8 * c.width);
  let n = 0;
  for (let p = 0; p < c.width; p++) {
    const count = c.count[p] ?? 0;
    if (count === 0) continue;
    const px = p + 0.5;
    points[n++] = px;
    points[n++] = y(c.first[p] ?? 0);
    if (count > 1) {
      points[n++] = px;
      points[n++] = y(c.min[p] ?? 0);
      points[n++] = px;
      points[n++] = y(c.max[p] ?? 0);
      points[n++] = px;
      points[n++] = y(c.last[p] ?? 0);
    }
  }
  return { kind: 'path', colour, lineWidth, dash, points: points.subarray(0, n) };
}

/** The typed arrays a geometry holds, to transfer rather than copy. */
export function buffersOf(g: SeriesGeometry): ArrayBuffer[] {
  if (g.kind === 'marker') return [];
  const arrays = g.kind === 'bars' ? [g.bars, g.connectors] : [g.points];
  return arrays.map((a) => a.buffer as ArrayBuffer);
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export function paintGeometry(ctx: Context2D, g: SeriesGeometry): void {
  if (g.kind === 'marker') {
    ctx.save();
    ctx.translate(g.x, g.y);
    const path = new Path2D(g.path);
    ctx.setLineDash([]);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = g.outline;
    ctx.fillStyle = g.colour;
    ctx.stroke(path);
    ctx.fill(path);
    ctx.restore();
    return;
  }
  ctx.strokeStyle = g.colour;
  ctx.fillStyle = g.colour;
  ctx.lineWidth = g.lineWidth;
  if (g.kind === 'path') {
    ctx.setLineDash(g.dash);
    ctx.beginPath();
    const pts = g.points;
    for (let i = 0; i + 1 < pts.length; i += 2) {
      if (i === 0) ctx.moveTo(pts[i] ?? 0, pts[i + 1] ?? 0);
      else ctx.lineTo(pts[i] ?? 0, pts[i + 1] ?? 0);
    }
    ctx.stroke();
    return;
  }
  ctx.setLineDash([]);
  const b = g.bars;
  for (let i = 0; i + 2 < b.length; i += 3) ctx.fillRect(b[i] ?? 0, b[i + 1] ?? 0, 1, b[i + 2] ?? 0);
  const c = g.connectors;
  if (c.length === 0) return;
  ctx.beginPath();
  for (let i = 0; i + 3 < c.length; i += 4) {
    ctx.moveTo(c[i] ?? 0, c[i + 1] ?? 0);
    ctx.lineTo(c[i + 2] ?? 0, c[i + 3] ?? 0);
  }
  ctx.stroke();
}

/** What one chart's canvas shows: its size, the plot's offset, and each series. */
export interface PlotFrame {
  width: number; // CSS pixels
  height: number;
  dpr: number;
  left: number;
  top: number;
  series: SeriesGeometry[];
}

export function paintFrame(ctx: Context2D, f: PlotFrame): void {
  ctx.setTransform(f.dpr, 0, 0, f.dpr, 0, 0);
  ctx.clearRect(0, 0, f.width, f.height);
  ctx.translate(f.left, f.top);
  ctx.lineJoin = 'round';
  for (const g of f.series) paintGeometry(ctx, g);
}

/** Gives the canvas's bitmap the frame's size in device pixels (a change clears it). */
export function sizeCanvas(canvas: { width: number; height: number }, f: PlotFrame): void {
  const w = Math.max(1, Math.round(f.width * f.dpr));
  const h = Math.max(1, Math.round(f.height * f.dpr));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
}
