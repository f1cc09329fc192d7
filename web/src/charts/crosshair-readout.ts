import { resolveColour } from '../lib/colours';
import { formatValue } from '../lib/format';
import { svgElement, type ChartOptions, type ChartSeries } from './chart-types';
import { valueAt } from './value-at';

// The crosshair's pieces at one time: the vertical line and a dot per series
// for the SVG overlay, and the readout's heading and rows (name, key, value of
// the nearest held sample). line-chart.ts places them.

interface CrosshairFrame {
  plotH: number;
  series: readonly ChartSeries[];
  y: (v: number) => number;
}

export function crosshairParts(
  frame: CrosshairFrame,
  t: number,
  px: number,
  options: Pick<ChartOptions, 'unit' | 'valueKind'>,
): { line: SVGLineElement; dots: SVGCircleElement[]; heading: HTMLDivElement; rows: HTMLElement[] } {
  const line = svgElement('line', 'crosshair-line');
  line.setAttribute('x1', String(px));
  line.setAttribute('x2', String(px));
  line.setAttribute('y1', '0');
  line.setAttribute('y2', String(frame.plotH));
  const dots: SVGCircleElement[] = [];
  const rows: HTMLElement[] = [];
  const heading = document.createElement('div');
  heading.className = 'readout-time';
  heading.textContent = `t = ${t.toFixed(2)} s`;
  for (const s of frame.series) {
    const reading = valueAt(s.store, s.column, t);
    const value = reading ? reading.value : Number.NaN;
    const row = document.createElement('div');
    row.className = 'readout-row';
    row.dataset.label = s.label ?? s.column;
    row.dataset.value = String(value);
    const key = document.createElement('span');
    key.className = s.dashed ? 'line-key dashed' : 'line-key';
    key.style.borderColor = s.colour;
    const name = document.createElement('span');
    name.className = 'readout-name';
    name.textContent = s.label ?? s.column;
    const number = document.createElement('span');
    number.className = 'readout-value';
    const unit = options.unit && options.valueKind !== 'percent' ? ` ${options.unit}` : '';
    number.textContent = `${formatValue(value, options.valueKind)}${Number.isFinite(value) ? unit : ''}`;
    row.append(key, name, number);
    rows.push(row);
    if (Number.isFinite(value)) {
      const dot = svgElement('circle', 'crosshair-dot');
      dot.setAttribute('cx', String(px));
      dot.setAttribute('cy', String(frame.y(value)));
      dot.setAttribute('r', '3');
      dot.setAttribute('fill', resolveColour(s.colour));
      dots.push(dot);
    }
  }
  return { line, dots, heading, rows };
}
