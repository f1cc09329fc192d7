import type { ScaleLinear } from 'd3-scale';
import type { PixelColumns } from './decimate';

// Two ways to draw decimated columns. Bars are for dense, noisy series: one
// axis-aligned rectangle per pixel column spanning min..max (and the previous
// column's last value, so neighbours join). Stroking the same envelope as a
// zigzag path is several times slower when the canvas is rasterised in
// software, which would make the main thread stutter. Smooth series (an AQM's
// average) are stroked as a path so they can be dashed.

type Scale = ScaleLinear<number, number>;

export function fillColumnBars(ctx: CanvasRenderingContext2D, c: PixelColumns, y: Scale, thickness: number): void {
  const half = thickness / 2;
  let previous = -1;
  let previousLast = 0;
  ctx.beginPath(); // connectors across empty columns, for sparse series
  for (let p = 0; p < c.width; p++) {
    if ((c.count[p] ?? 0) === 0) continue;
    let lo = c.min[p] ?? 0;
    let hi = c.max[p] ?? 0;
    if (previous === p - 1) {
      lo = Math.min(lo, previousLast);
      hi = Math.max(hi, previousLast);
    } else if (previous >= 0) {
      ctx.moveTo(previous + 0.5, y(previousLast));
      ctx.lineTo(p + 0.5, y(c.first[p] ?? 0));
    }
    const top = y(hi) - half;
    ctx.fillRect(p, top, 1, y(lo) + half - top);
    previous = p;
    previousLast = c.last[p] ?? 0;
  }
  ctx.stroke();
}

/** One path through every filled column: in at `first`, span min..max, out at `last`. */
export function strokeColumnPath(ctx: CanvasRenderingContext2D, c: PixelColumns, y: Scale): void {
  let started = false;
  ctx.beginPath();
  for (let p = 0; p < c.width; p++) {
    const n = c.count[p] ?? 0;
    if (n === 0) continue;
    const px = p + 0.5;
    const first = y(c.first[p] ?? 0);
    if (started) ctx.lineTo(px, first);
    else ctx.moveTo(px, first);
    started = true;
    if (n > 1) {
      ctx.lineTo(px, y(c.min[p] ?? 0));
      ctx.lineTo(px, y(c.max[p] ?? 0));
      ctx.lineTo(px, y(c.last[p] ?? 0));
    }
  }
  ctx.stroke();
}
