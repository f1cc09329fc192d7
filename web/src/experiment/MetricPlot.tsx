import { useId } from 'react';
import { scaleLinear, scaleLog } from 'd3-scale';
import { sideColour } from '../lib/colours';
import { formatValue } from '../lib/format';
import type { ReportRow } from './sweep-core';
import { extentOf, linePath, pickable, plotHeight, plotWidth, PlotFrame, type Scale } from './PlotFrame';
import type { FigureOptions } from './figure-options';
import type { CensoredMark, PlotLine } from './results';

// A metric against the first axis: a line per side (and per value of a second
// grid axis), each point the mean over seeds with a whisker over its 95%
// confidence interval (the core's Student t interval). Lines are dodged a few
// pixels apart so whiskers at the same x do not hide each other. A point
// opens that point's runs. The y axis spans the points and their intervals
// only: a bound curve is clipped to it rather than stretching it (a bound
// that reaches 1,000 s would flatten every point). Runs without a value are
// marks along the top, with how many of how many, never dropped.

export interface MetricPlotProps {
  lines: readonly PlotLine[];
  /** Axis values (x) are drawn times figure.xScale; labels come from the figure. */
  figure: FigureOptions;
  labels: { x: string; y: string; censored: string };
  /** Tick labels for an axis of strings or true/false (x is then a value's position). */
  categories: { value: number; label: string }[] | null;
  onPick: (row: ReportRow) => void;
  censored?: readonly CensoredMark[];
  /** Analytic curves drawn dashed beside the points (the theory's response-time bounds), in the axis' own units. */
  curves?: readonly { label: string; points: readonly [number, number][] }[];
}

export function MetricPlot({ lines, figure, labels, categories, onPick, censored = [], curves = [] }: MetricPlotProps) {
  const clipId = useId();
  const k = categories ? 1 : figure.xScale;
  const points = lines.flatMap((l) => l.points);
  const xs = [...points.map((p) => p.x * k), ...censored.map((c) => c.x * k)];
  const useLogY = figure.logY;
  // On a log axis an interval reaching 0 or below is clipped at the bottom edge.
  const shown = (v: number | null | undefined) => (v === null || v === undefined || (useLogY && v <= 0) ? NaN : v);
  let ys = points.flatMap((p) => [shown(p.stats.ciLow ?? p.stats.mean), shown(p.stats.mean), shown(p.stats.ciHigh ?? p.stats.mean)]);
  // With no point to fit (every run censored), the curves give the axis its span.
  if (!ys.some(Number.isFinite)) ys = curves.flatMap((c) => c.points.map(([, v]) => shown(v)));
  const useLogX = figure.logX && categories === null && xs.every((v) => v > 0);
  const x: Scale = categories
    ? scaleLinear().domain([-0.5, categories.length - 0.5]).range([0, plotWidth])
    : (useLogX ? scaleLog() : scaleLinear()).domain(padded(extentOf(xs), useLogX)).range([0, plotWidth]);
  const y: Scale = (useLogY ? scaleLog() : scaleLinear()).domain(padded(extentOf(ys), useLogY)).range([plotHeight, 0]).clamp(true);
  // Curves run past the frame and are clipped there; points and whiskers are held inside it.
  const unclamped = y.copy().clamp(false);
  const yAt = (v: number | null) => y(v === null || (useLogY && v <= 0) ? y.domain()[0] ?? 0 : v);
  const dashes = ['', '6 3', '2 3', '8 3 2 3'];
  const dodge = (li: number) => (li - (lines.length - 1) / 2) * Math.min(6, 24 / Math.max(1, lines.length));
  const censoredRuns = censored.reduce((n, c) => n + c.censored, 0);
  const description = `${labels.y} against ${labels.x}: ${lines.length} lines, ${points.length} points with 95% interval whiskers${censoredRuns > 0 ? `; ${censoredRuns} runs without a value marked "${labels.censored}" along the top` : ''}.`;
  return (
    <PlotFrame x={x} y={y} xLabel={labels.x} yLabel={labels.y} description={description} testId="experiment-plot" xTicks={categories}>
      <clipPath id={clipId}>
        <rect width={plotWidth} height={plotHeight} />
      </clipPath>
      <g clipPath={`url(#${clipId})`}>
        {curves.map((c, i) => (
          <path key={c.label} className="theory-curve" data-testid="theory-curve" data-label={c.label} d={linePath(c.points.filter(([n, v]) => (n > 0 || !useLogX) && (v > 0 || !useLogY)).map(([n, v]) => [x(n * k), unclamped(v)]))} fill="none" strokeWidth={1.5} strokeDasharray={i === 0 ? '2 4' : '8 4'} style={{ stroke: 'var(--text)' }}>
            <title>{c.label}</title>
          </path>
        ))}
      </g>
      {censored.map((c) => {
        const cx = x(c.x * k);
        return (
          <g key={`${c.label}@${c.x}`} className="censored-mark" data-testid="censored-mark" data-x={String(c.x * k)} data-count={String(c.censored)} data-of={String(c.finished)} style={{ fill: sideColour(c.side), stroke: 'none' }}>
            <title>{`${c.label}, ${labels.x} = ${formatValue(c.x * k)}: ${c.censored} of ${c.finished} runs ${labels.censored}`}</title>
            <path d={`M${cx - 5},8L${cx + 5},8L${cx},0Z`} />
            <text x={cx} y={20} textAnchor="middle" style={{ fill: 'var(--text)', fontSize: '10px' }}>
              {`${labels.censored} (${c.censored}/${c.finished})`}
            </text>
          </g>
        );
      })}
      {lines.map((line, li) => {
        const colour = sideColour(line.side);
        return (
          <g key={line.label} data-testid="experiment-line" data-label={line.label}>
            <path d={linePath(line.points.map((p) => [x(p.x * k) + dodge(li), yAt(p.stats.mean)]))} fill="none" strokeWidth={2} strokeDasharray={dashes[Math.floor(li / 6) % dashes.length]} style={{ stroke: colour }} />
            {line.points.map((p) => {
              const mean = p.stats.mean ?? 0;
              const cx = x(p.x * k) + dodge(li);
              const hasCi = p.stats.ciLow !== null && p.stats.ciHigh !== null;
              return (
                <g key={p.x}>
                  {hasCi && (
                    <g data-testid="whisker" data-low={String(p.stats.ciLow)} data-high={String(p.stats.ciHigh)} style={{ stroke: colour }} strokeWidth={1.5}>
                      <line x1={cx} x2={cx} y1={yAt(p.stats.ciLow ?? mean)} y2={yAt(p.stats.ciHigh ?? mean)} />
                      <line x1={cx - 4} x2={cx + 4} y1={yAt(p.stats.ciLow ?? mean)} y2={yAt(p.stats.ciLow ?? mean)} />
                      <line x1={cx - 4} x2={cx + 4} y1={yAt(p.stats.ciHigh ?? mean)} y2={yAt(p.stats.ciHigh ?? mean)} />
                    </g>
                  )}
                  <circle
                    className="experiment-point"
                    data-testid="experiment-point"
                    data-x={String(p.x * k)}
                    data-mean={String(mean)}
                    data-side={p.row.side}
                    cx={cx}
                    cy={yAt(mean)}
                    r={5}
                    style={{ fill: colour, stroke: 'var(--panel-bg)' }}
                    strokeWidth={1.5}
                    {...pickable({ label: `${line.label}, ${labels.x} = ${categories?.[p.x]?.label ?? formatValue(p.x * k)}: ${labels.y} ${formatValue(mean)} (n = ${p.stats.n}). Open its runs.`, onPick: () => onPick(p.row) })}
                  />
                </g>
              );
            })}
          </g>
        );
      })}
    </PlotFrame>
  );
}

/** The extent with 5% to spare each side (on a log axis, 5% of its decades), so no mark sits on the frame. */
function padded([lo, hi]: [number, number], log: boolean): [number, number] {
  if (log) {
    const [a, b] = [Math.log10(lo), Math.log10(hi)];
    const pad = (b - a) * 0.05 || 0.05;
    return [10 ** (a - pad), 10 ** (b + pad)];
  }
  const pad = (hi - lo) * 0.05;
  return [lo - pad, hi + pad];
}
