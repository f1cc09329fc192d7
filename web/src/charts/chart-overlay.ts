import { axisBottom, axisLeft } from 'd3-axis';
import type { ScaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import { chartMargin as margin, type ChartLevel } from './chart-types';
import { layoutLevelLabels, layoutMarkLabels, markRowPx, type MarkLabel } from './mark-layout';

// The SVG layers a line chart lays over its canvas, each painted with D3 from
// one frame's scales: the time and value axes, the levels (thresholds,
// targets) and the event marks. The chart decides when a layer needs
// painting again; its export reads the same ticks.

type Scale = ScaleLinear<number, number>;

/** As many time ticks as fit at one per 90 px (at least two). */
export function xTickCount(plotW: number): number {
  return Math.max(2, Math.floor(plotW / 90));
}

/** As many value ticks as fit at one per 40 px (at least two). */
export function yTickCount(plotH: number): number {
  return Math.max(2, Math.floor(plotH / 40));
}

export function yTickFormat(y: Scale, plotH: number, percent: boolean): (v: number) => string {
  const f = y.tickFormat(yTickCount(plotH), percent ? '.0%' : undefined);
  return (v) => f(v);
}

export function paintXAxis(layer: SVGGElement, x: Scale, plotW: number, plotH: number): void {
  select(layer)
    .attr('transform', `translate(${margin.left},${margin.top + plotH})`)
    .call(axisBottom(x).ticks(xTickCount(plotW)).tickFormat((v) => `${Number(v)} s`));
}

export function paintYAxis(layer: SVGGElement, y: Scale, plotH: number, percent: boolean): void {
  const format = yTickFormat(y, plotH, percent);
  select(layer)
    .attr('transform', `translate(${margin.left},${margin.top})`)
    .call(axisLeft(y).ticks(yTickCount(plotH)).tickFormat((v) => format(Number(v))));
}

/** A line across the plot per level, its label at the right end (moved apart where labels would collide). */
export function paintLevels(layer: SVGGElement, levels: readonly ChartLevel[], plotW: number, y: Scale): void {
  const g = select(layer).attr('transform', `translate(${margin.left},${margin.top})`);
  const groups = g.selectAll<SVGGElement, ChartLevel>('g.level').data(levels).join((enter) => {
    const level = enter.append('g').attr('class', 'level');
    level.append('line');
    level.append('text').attr('text-anchor', 'end');
    return level;
  });
  groups
    .select('line')
    .attr('x1', 0)
    .attr('x2', plotW)
    .attr('y1', (l) => y(l.value))
    .attr('y2', (l) => y(l.value))
    .attr('stroke', (l) => l.colour);
  const ends = layoutLevelLabels(
    levels.map((l) => ({ y: y(l.value), label: l.label })),
    plotW,
  );
  groups
    .select('text')
    .attr('x', (_, i) => ends[i] ?? plotW - 2)
    .attr('y', (l) => y(l.value) - 3)
    .attr('fill', (l) => l.colour)
    .text((l) => l.label);
}

/** A vertical line per event mark at `x` px, its label in rows that do not overlap. */
export function paintMarks(layer: SVGGElement, marks: readonly { x: number; label: string }[], plotW: number, plotH: number): void {
  const g = select(layer).attr('transform', `translate(${margin.left},${margin.top})`);
  g.selectAll<SVGLineElement, { x: number }>('line')
    .data(marks)
    .join('line')
    .attr('x1', (m) => m.x)
    .attr('x2', (m) => m.x)
    .attr('y1', 0)
    .attr('y2', plotH);
  g.selectAll<SVGTextElement, MarkLabel>('text')
    .data(layoutMarkLabels(marks, plotW))
    .join((enter) => {
      const text = enter.append('text');
      text.append('title');
      return text;
    })
    .attr('x', (l) => (l.anchorEnd ? l.x - 3 : l.x + 3))
    .attr('y', (l) => 9 + l.row * markRowPx)
    .attr('text-anchor', (l) => (l.anchorEnd ? 'end' : 'start'))
    .call((text) => text.select('title').text((l) => l.title))
    .each(function (l) {
      // The text node after the <title>: set without dropping the title.
      const node = this.lastChild?.nodeType === Node.TEXT_NODE ? this.lastChild : this.appendChild(document.createTextNode(''));
      node.textContent = l.text;
    });
}
