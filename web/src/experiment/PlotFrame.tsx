import type { ReactNode } from 'react';
import type { ScaleContinuousNumeric } from 'd3-scale';

// The frame both experiment plots share: grid, ticks and axis labels around
// the plot's own marks (D3 scales, React SVG, as the summary's scatter).

export const plotSize = { width: 620, height: 320, margin: { top: 16, right: 20, bottom: 44, left: 64 } };
export const plotWidth = plotSize.width - plotSize.margin.left - plotSize.margin.right;
export const plotHeight = plotSize.height - plotSize.margin.top - plotSize.margin.bottom;

export type Scale = ScaleContinuousNumeric<number, number>;

export interface PlotFrameProps {
  x: Scale;
  y: Scale;
  xLabel: string;
  yLabel: string;
  /** Accessible description of what the plot shows. */
  description: string;
  testId: string;
  children: ReactNode;
}

export function PlotFrame({ x, y, xLabel, yLabel, description, testId, children }: PlotFrameProps) {
  const xFormat = x.tickFormat(6);
  const yFormat = y.tickFormat(5);
  return (
    <svg className="scatter experiment-plot" data-testid={testId} viewBox={`0 0 ${plotSize.width} ${plotSize.height}`} role="group" aria-label={description}>
      <g transform={`translate(${plotSize.margin.left},${plotSize.margin.top})`}>
        {y.ticks(5).map((v) => (
          <g key={`y${v}`} className="tick" transform={`translate(0,${y(v)})`}>
            <line x2={plotWidth} className="grid" />
            <text x={-6} dy="0.32em" textAnchor="end">
              {yFormat(v)}
            </text>
          </g>
        ))}
        {x.ticks(6).map((v) => (
          <g key={`x${v}`} className="tick" transform={`translate(${x(v)},${plotHeight})`}>
            <line y2={5} className="axis-line" />
            <text y={16} textAnchor="middle">
              {xFormat(v)}
            </text>
          </g>
        ))}
        <line x1={0} x2={plotWidth} y1={plotHeight} y2={plotHeight} className="axis-line" />
        <line x1={0} x2={0} y1={0} y2={plotHeight} className="axis-line" />
        <text className="axis-label" x={plotWidth} y={plotHeight + 36} textAnchor="end">
          {xLabel}
        </text>
        <text className="axis-label" transform="rotate(-90)" x={0} y={-50} textAnchor="end">
          {yLabel}
        </text>
        {children}
      </g>
    </svg>
  );
}

/** [min, max] of the values, widened when they are all equal, so a scale has room. */
export function extentOf(values: readonly number[]): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [0, 1];
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  if (lo === hi) return lo === 0 ? [-1, 1] : [lo - Math.abs(lo) * 0.1, hi + Math.abs(hi) * 0.1];
  return [lo, hi];
}

/** A polyline through the points, as SVG path data. */
export function linePath(points: readonly [number, number][]): string {
  return points.map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${px.toFixed(2)},${py.toFixed(2)}`).join('');
}

export interface PointTarget {
  label: string;
  onPick: () => void;
}

/** A point you can click or reach with Tab and press Enter or Space on. */
export function pickable({ label, onPick }: PointTarget) {
  return {
    role: 'button',
    tabIndex: 0,
    'aria-label': label,
    onClick: onPick,
    onKeyDown: (e: { key: string; preventDefault(): void }) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        onPick();
      }
    },
  } as const;
}
