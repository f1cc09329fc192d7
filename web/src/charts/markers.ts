import type { MarkerShape } from '../lib/colours';

// Marker shapes, the second cue beside a side's colour: one SVG path per
// shape, centred on (0, 0), drawn on the canvas (Path2D) at a line's newest
// point and in the legends, so sides stay apart for readers who cannot tell
// their colours apart.

/** An SVG path of the shape, `r` its half-size in px, centred on the origin. */
export function markerPath(shape: MarkerShape, r: number): string {
  const f = (v: number) => Number(v.toFixed(2));
  switch (shape) {
    case 'circle':
      return `M${f(-r)} 0A${f(r)} ${f(r)} 0 1 0 ${f(r)} 0A${f(r)} ${f(r)} 0 1 0 ${f(-r)} 0Z`;
    case 'square':
      return `M${f(-r * 0.85)} ${f(-r * 0.85)}H${f(r * 0.85)}V${f(r * 0.85)}H${f(-r * 0.85)}Z`;
    case 'triangle':
      return `M0 ${f(-r)}L${f(r)} ${f(r * 0.8)}H${f(-r)}Z`;
    case 'diamond':
      return `M0 ${f(-r)}L${f(r)} 0L0 ${f(r)}L${f(-r)} 0Z`;
    case 'cross': {
      const w = r * 0.38;
      return `M${f(-w)} ${f(-r)}H${f(w)}V${f(-w)}H${f(r)}V${f(w)}H${f(w)}V${f(r)}H${f(-w)}V${f(w)}H${f(-r)}V${f(-w)}H${f(-w)}Z`;
    }
    case 'star': {
      const points: string[] = [];
      for (let k = 0; k < 10; k++) {
        const radius = k % 2 === 0 ? r * 1.1 : r * 0.45;
        const angle = -Math.PI / 2 + (k * Math.PI) / 5;
        points.push(`${f(radius * Math.cos(angle))} ${f(radius * Math.sin(angle))}`);
      }
      return `M${points.join('L')}Z`;
    }
  }
}
