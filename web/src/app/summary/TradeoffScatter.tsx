import { scaleLinear } from 'd3-scale';
import { sideColour } from '../../lib/colours';
import { sideName, type SideStatus } from '../../lab/side-session';
import { formatValue } from '../../lib/format';
import type { RunSummary } from '../../summary/run-summary';
import type { Lab } from '../../lab/lab';
import { useRunSummaries, type SummaryPoller } from './use-run-summaries';

// The classic AQM trade-off: mean queueing delay across, utilisation up; a
// whisker reaches the p95 delay. Good disciplines sit top left. One labelled
// point per side in its colour, from the same run summaries as the table.

const width = 520;
const height = 280;
const margin = { top: 16, right: 24, bottom: 40, left: 56 };

export interface ScatterPoint {
  side: number;
  name: string;
  delayMs: number;
  p95DelayMs: number;
  utilisation: number;
}

export function scatterPoints(statuses: readonly SideStatus[], summaries: readonly (RunSummary | null)[]): ScatterPoint[] {
  return statuses.flatMap((status, i) => {
    const s = summaries[i];
    if (!s || s.measuredS <= 0 || s.meanDelayMs === null || s.utilisation === null) return [];
    return [
      {
        side: i,
        name: sideName(status, i),
        delayMs: s.meanDelayMs,
        p95DelayMs: s.p95DelayMs ?? s.meanDelayMs,
        utilisation: s.utilisation,
      },
    ];
  });
}

export function TradeoffScatter({ lab, statuses, poller }: { lab: Lab; statuses: readonly SideStatus[]; poller: SummaryPoller }) {
  const summaries = useRunSummaries(poller, lab, statuses);
  const points = scatterPoints(statuses, summaries);
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const maxDelay = Math.max(1, ...points.map((p) => p.p95DelayMs));
  const minUtil = Math.min(0.9, ...points.map((p) => p.utilisation));
  const x = scaleLinear().domain([0, maxDelay * 1.1]).range([0, plotW]).nice();
  const y = scaleLinear().domain([Math.max(0, minUtil - 0.05), 1]).range([plotH, 0]).nice();
  const yFormat = y.tickFormat(5, '.0%');
  const description = points.map((p) => `${p.name}: ${formatValue(p.delayMs)} ms mean delay, ${formatValue(p.utilisation, 'percent')} utilisation`).join('; ');
  return (
    <section className="chart-panel scatter-panel" aria-labelledby="scatter-title">
      <h2 id="scatter-title">Delay versus utilisation</h2>
      <p className="chart-note">Mean queueing delay (whisker to p95) against utilisation, after the warm-up. Top left is better.</p>
      <svg
        className="scatter"
        data-testid="scatter"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Delay versus utilisation per side. ${description || 'No summary yet.'}`}
      >
        <g transform={`translate(${margin.left},${margin.top})`}>
          {y.ticks(5).map((v) => (
            <g key={`y${v}`} className="tick" transform={`translate(0,${y(v)})`}>
              <line x2={plotW} className="grid" />
              <text x={-6} dy="0.32em" textAnchor="end">
                {yFormat(v)}
              </text>
            </g>
          ))}
          {x.ticks(6).map((v) => (
            <g key={`x${v}`} className="tick" transform={`translate(${x(v)},${plotH})`}>
              <line y2={5} className="axis-line" />
              <text y={16} textAnchor="middle">
                {v}
              </text>
            </g>
          ))}
          <line x1={0} x2={plotW} y1={plotH} y2={plotH} className="axis-line" />
          <line x1={0} x2={0} y1={0} y2={plotH} className="axis-line" />
          <text className="axis-label" x={plotW} y={plotH + 34} textAnchor="end">
            mean queueing delay (ms)
          </text>
          <text className="axis-label" transform="rotate(-90)" x={0} y={-44} textAnchor="end">
            utilisation
          </text>
          {points.map((p) => (
            <g
              key={p.side}
              data-testid={`scatter-point-${p.side}`}
              data-delay={String(p.delayMs)}
              data-utilisation={String(p.utilisation)}
              className="scatter-point"
            >
              <line x1={x(p.delayMs)} x2={x(p.p95DelayMs)} y1={y(p.utilisation)} y2={y(p.utilisation)} style={{ stroke: sideColour(p.side) }} strokeWidth={2} />
              <circle cx={x(p.delayMs)} cy={y(p.utilisation)} r={6} style={{ fill: sideColour(p.side), stroke: 'var(--panel-bg)' }} strokeWidth={1.5} />
              <text x={x(p.delayMs) + 9} y={y(p.utilisation) - 8} style={{ fill: sideColour(p.side) }} className="point-label">
                {p.name}
              </text>
            </g>
          ))}
        </g>
      </svg>
    </section>
  );
}
