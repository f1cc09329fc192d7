import { useEffect, useRef } from 'react';
import { axisBottom, axisLeft, type AxisScale } from 'd3-axis';
import { select } from 'd3-selection';

// A D3 axis inside a React-drawn SVG: React places the <g>, D3 draws the ticks.

export function SvgAxis({
  scale,
  side,
  at,
  ticks,
  format,
}: {
  scale: AxisScale<number>;
  side: 'bottom' | 'left';
  /** Pixel offset across the axis (y of a bottom axis, x of a left one). */
  at: number;
  ticks: number;
  format?: (v: number) => string;
}) {
  const ref = useRef<SVGGElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const axis = (side === 'bottom' ? axisBottom(scale) : axisLeft(scale)).ticks(ticks);
    if (format) axis.tickFormat((v) => format(Number(v)));
    select(ref.current).call(axis);
  });
  return <g ref={ref} className="theory-axis" transform={side === 'bottom' ? `translate(0,${at})` : `translate(${at},0)`} />;
}

/** An SVG polyline through (x, y) pairs, skipping non-finite points. */
export function polyline(xs: readonly number[], ys: readonly number[]): string {
  let d = '';
  let pen = false;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] ?? Number.NaN;
    const y = ys[i] ?? Number.NaN;
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`;
    pen = true;
  }
  return d;
}
