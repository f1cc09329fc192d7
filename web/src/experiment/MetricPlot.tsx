import { scaleLinear, scaleLog } from 'd3-scale';
import { sideColour } from '../lib/colours';
import { formatValue } from '../lib/format';
import type { ReportRow } from './sweep-core';
import { extentOf, linePath, pickable, plotHeight, plotWidth, PlotFrame, type Scale } from './PlotFrame';
import type { PlotLine } from './results';

// A metric against the first axis: a line per side (and per value of a second
// grid axis), each point the mean over seeds with a whisker over its 95%
// confidence interval (the core's Student t interval). Lines are dodged a few
// pixels apart so whiskers at the same x do not hide each other. A point
// opens that point's runs.

export interface MetricPlotProps {
  lines: readonly PlotLine[];
  axisLabel: string;
  metric: string;
  logX: boolean;
  /** Tick labels for an axis of strings or true/false (x is then a value's position). */
  categories: { value: number; label: string }[] | null;
  onPick: (row: ReportRow) => void;
  /** Analytic curves drawn dashed beside the points (the theory's response-time bounds). */
  curves?: readonly { label: string; points: readonly [number, number][] }[];
}

export function MetricPlot({ lines, axisLabel, metric, logX, categories, onPick, curves = [] }: MetricPlotProps) {
  const points = lines.flatMap((l) => l.points);
  const xs = [...points.map((p) => p.x), ...curves.flatMap((c) => c.points.map(([n]) => n))];
  const ys = [
    ...points.flatMap((p) => [p.stats.ciLow ?? p.stats.mean ?? NaN, p.stats.ciHigh ?? p.stats.mean ?? NaN]),
    ...curves.flatMap((c) => c.points.map(([, v]) => v)),
  ];
  const useLog = logX && categories === null && xs.every((v) => v > 0);
  const x: Scale = categories
    ? scaleLinear().domain([-0.5, categories.length - 0.5]).range([0, plotWidth])
    : (useLog ? scaleLog() : scaleLinear()).domain(extentOf(xs)).range([0, plotWidth]).nice();
  const y: Scale = scaleLinear().domain(extentOf(ys)).range([plotHeight, 0]).nice();
  const dashes = ['', '6 3', '2 3', '8 3 2 3'];
  const dodge = (li: number) => (li - (lines.length - 1) / 2) * Math.min(6, 24 / Math.max(1, lines.length));
  const description = `${metric} against ${axisLabel}: ${lines.length} lines, ${points.length} points with 95% interval whiskers.`;
  return (
    <PlotFrame x={x} y={y} xLabel={axisLabel} yLabel={metric} description={description} testId="experiment-plot" xTicks={categories}>
      {curves.map((c, i) => (
        <path key={c.label} className="theory-curve" data-testid="theory-curve" data-label={c.label} d={linePath(c.points.map(([n, v]) => [x(n), y(v)]))} fill="none" strokeWidth={1.5} strokeDasharray={i === 0 ? '2 4' : '8 4'} style={{ stroke: 'var(--text)' }}>
          <title>{c.label}</title>
        </path>
      ))}
      {lines.map((line, li) => {
        const colour = sideColour(line.side);
        return (
          <g key={line.label} data-testid="experiment-line" data-label={line.label}>
            <path d={linePath(line.points.map((p) => [x(p.x) + dodge(li), y(p.stats.mean ?? 0)]))} fill="none" strokeWidth={2} strokeDasharray={dashes[Math.floor(li / 6) % dashes.length]} style={{ stroke: colour }} />
            {line.points.map((p) => {
              const mean = p.stats.mean ?? 0;
              const cx = x(p.x) + dodge(li);
              const hasCi = p.stats.ciLow !== null && p.stats.ciHigh !== null;
              return (
                <g key={p.x}>
                  {hasCi && (
                    <g data-testid="whisker" data-low={String(p.stats.ciLow)} data-high={String(p.stats.ciHigh)} style={{ stroke: colour }} strokeWidth={1.5}>
                      <line x1={cx} x2={cx} y1={y(p.stats.ciLow ?? mean)} y2={y(p.stats.ciHigh ?? mean)} />
                      <line x1={cx - 4} x2={cx + 4} y1={y(p.stats.ciLow ?? mean)} y2={y(p.stats.ciLow ?? mean)} />
                      <line x1={cx - 4} x2={cx + 4} y1={y(p.stats.ciHigh ?? mean)} y2={y(p.stats.ciHigh ?? mean)} />
                    </g>
                  )}
                  <circle
                    className="experiment-point"
                    data-testid="experiment-point"
                    data-x={String(p.x)}
                    data-mean={String(mean)}
                    data-side={p.row.side}
                    cx={cx}
                    cy={y(mean)}
                    r={5}
                    style={{ fill: colour, stroke: 'var(--panel-bg)' }}
                    strokeWidth={1.5}
                    {...pickable({ label: `${line.label}, ${axisLabel} = ${categories?.[p.x]?.label ?? p.x}: ${metric} ${formatValue(mean)} (n = ${p.stats.n}). Open its runs.`, onPick: () => onPick(p.row) })}
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
