import { scaleLinear, scaleLog } from 'd3-scale';
import { polyline, SvgAxis } from './svg-axis';
import type { Bode, Margins } from './theory-json';

// The open-loop frequency response the core computed for a side's AQM and the
// linearised TCP plant: magnitude (dB) over phase (degrees), on one log
// frequency axis, with the gain crossover and the phase margin marked.

const size = { width: 320, height: 250, left: 46, right: 10, top: 8, gap: 22, bottom: 30 };

export function BodePlot({ bode: whole, margins, label }: { bode: Bode; margins: Margins | null; label: string }) {
  let bode = whole;
  const { width, height, left, right, top, gap, bottom } = size;
  const panelH = (height - top - gap - bottom) / 2;
  // The loop's delay keeps turning the phase at high frequencies; past ten
  // times the crossovers nothing is decided, so the plot stops there.
  const crossings = [margins?.crossoverRadS, margins?.phaseCrossoverRadS].filter((w): w is number => typeof w === 'number' && w > 0);
  const wEnd = crossings.length > 0 ? 10 * Math.max(...crossings) : Infinity;
  const keep = bode.w.map((w) => w > 0 && w <= wEnd);
  bode = {
    w: bode.w.filter((_, i) => keep[i]),
    magDb: bode.magDb.filter((_, i) => keep[i]),
    phaseDeg: bode.phaseDeg.filter((_, i) => keep[i]),
  };
  const positive = bode.w;
  const lo = Math.min(...positive);
  const hi = Math.max(...positive);
  const x = scaleLog().domain([lo, hi > lo ? hi : lo * 10]).range([left, width - right]);
  const finite = (a: readonly number[]) => a.filter(Number.isFinite);
  const magExtent = finite(bode.magDb);
  const mag = scaleLinear()
    .domain([Math.min(-20, ...magExtent), Math.max(20, ...magExtent)])
    .range([top + panelH, top])
    .nice();
  const phaseExtent = finite(bode.phaseDeg);
  const phase = scaleLinear()
    .domain([Math.min(-270, ...phaseExtent), Math.max(0, ...phaseExtent)])
    .range([top + 2 * panelH + gap, top + panelH + gap])
    .nice();
  const xs = bode.w.map((w) => (w > 0 ? x(w) : Number.NaN));
  const crossover = margins?.crossoverRadS ?? null;
  const cross = crossover !== null && crossover > 0 && Number.isFinite(crossover) ? x(crossover) : null;
  const phaseAtCross = margins?.phaseDeg != null ? -180 + margins.phaseDeg : null;
  return (
    <svg
      className="bode-plot"
      width={width}
      height={height}
      role="img"
      aria-label={`${label}: open-loop Bode plot${margins?.phaseDeg != null ? `, phase margin ${margins.phaseDeg.toFixed(1)} degrees` : ''}`}
      data-testid="bode-plot"
    >
      <line className="bode-ref" x1={left} x2={width - right} y1={mag(0)} y2={mag(0)} />
      <line className="bode-ref" x1={left} x2={width - right} y1={phase(-180)} y2={phase(-180)} />
      <path className="bode-line" d={polyline(xs, bode.magDb.map((v) => mag(v)))} />
      <path className="bode-line" d={polyline(xs, bode.phaseDeg.map((v) => phase(v)))} />
      {cross !== null && (
        <g className="bode-crossover">
          <line x1={cross} x2={cross} y1={top} y2={top + 2 * panelH + gap} />
          {phaseAtCross !== null && <line className="bode-margin" x1={cross} x2={cross} y1={phase(-180)} y2={phase(phaseAtCross)} />}
        </g>
      )}
      <SvgAxis scale={mag} side="left" at={left} ticks={4} />
      <SvgAxis scale={phase} side="left" at={left} ticks={4} />
      <SvgAxis scale={x} side="bottom" at={height - bottom} ticks={4} format={(v) => (Math.log10(v) % 1 === 0 ? String(v) : '')} />
      <text className="bode-label" x={left + 4} y={top + 10}>
        |L(jω)| dB
      </text>
      <text className="bode-label" x={left + 4} y={top + panelH + gap + 10}>
        ∠L(jω) °
      </text>
      <text className="bode-label" x={width - right} y={height - 2} textAnchor="end">
        ω (rad/s)
      </text>
    </svg>
  );
}
