import { scaleLinear } from 'd3-scale';
import { sideColour } from '../lib/colours';
import { formatValue } from '../lib/format';
import type { ReportRow } from './sweep-core';
import { extentOf, linePath, pickable, plotHeight, plotWidth, PlotFrame, type Scale } from './PlotFrame';
import type { PairPoint } from './results';

// One metric against another (queue s.d. against mean queue as in AOPC's
// Fig. 8; delay against utilisation): a point per point x side with 95%
// whiskers both ways, a side's points joined in the first axis' order.

export interface PairPlotProps {
  pairs: readonly PairPoint[];
  xMetric: string;
  yMetric: string;
  sides: readonly string[];
  firstAxis: string;
  onPick: (row: ReportRow) => void;
}

export function PairPlot({ pairs, xMetric, yMetric, sides, firstAxis, onPick }: PairPlotProps) {
  const xs = pairs.flatMap((p) => [p.x.ciLow ?? p.x.mean ?? NaN, p.x.ciHigh ?? p.x.mean ?? NaN]);
  const ys = pairs.flatMap((p) => [p.y.ciLow ?? p.y.mean ?? NaN, p.y.ciHigh ?? p.y.mean ?? NaN]);
  const x: Scale = scaleLinear().domain(extentOf(xs)).range([0, plotWidth]).nice();
  const y: Scale = scaleLinear().domain(extentOf(ys)).range([plotHeight, 0]).nice();
  const description = `${yMetric} against ${xMetric}: ${pairs.length} points, one colour per side, with 95% interval whiskers.`;
  return (
    <PlotFrame x={x} y={y} xLabel={xMetric} yLabel={yMetric} description={description} testId="experiment-pair-plot">
      {sides.map((side, s) => {
        const own = pairs.filter((p) => p.side === s).sort((a, b) => (a.row.point[firstAxis] ?? 0) - (b.row.point[firstAxis] ?? 0));
        if (own.length < 2) return null;
        return <path key={side} d={linePath(own.map((p) => [x(p.x.mean ?? 0), y(p.y.mean ?? 0)]))} fill="none" strokeWidth={1} strokeOpacity={0.6} style={{ stroke: sideColour(s) }} />;
      })}
      {pairs.map((p, i) => {
        const colour = sideColour(p.side);
        const cx = x(p.x.mean ?? 0);
        const cy = y(p.y.mean ?? 0);
        return (
          <g key={i} style={{ stroke: colour }} strokeWidth={1.2}>
            {p.x.ciLow !== null && p.x.ciHigh !== null && <line data-testid="pair-whisker" x1={x(p.x.ciLow)} x2={x(p.x.ciHigh)} y1={cy} y2={cy} />}
            {p.y.ciLow !== null && p.y.ciHigh !== null && <line data-testid="pair-whisker" x1={cx} x2={cx} y1={y(p.y.ciLow)} y2={y(p.y.ciHigh)} />}
            <circle
              className="experiment-point"
              data-testid="pair-point"
              cx={cx}
              cy={cy}
              r={4.5}
              style={{ fill: colour, stroke: 'var(--panel-bg)' }}
              {...pickable({ label: `${p.row.side}, ${firstAxis} = ${p.row.point[firstAxis] ?? '?'}: ${xMetric} ${formatValue(p.x.mean ?? 0)}, ${yMetric} ${formatValue(p.y.mean ?? 0)}. Open its runs.`, onPick: () => onPick(p.row) })}
            />
          </g>
        );
      })}
    </PlotFrame>
  );
}
