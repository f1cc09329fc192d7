import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import { fillColumnBars, strokeColumnPath } from './column-marks';
import { columnsMax, columnsMin, createPixelColumns, decimate, type PixelColumns } from './decimate';
import type { SeriesStore } from './series-store';

// An imperative canvas line chart: the page calls draw() from one
// requestAnimationFrame callback; React only mounts the container. D3 supplies
// the scales and draws the axes into an SVG laid over the canvas.

export interface ChartSeries {
  store: SeriesStore;
  column: string;
  colour: string;
  dashed: boolean;
}

export interface ChartOptions {
  yLabel: string;
  /** Read at every draw, so series can follow runs that restart with other columns. */
  series: () => readonly ChartSeries[];
  /** Called when the chart's size changed and it wants a repaint. */
  onResize: () => void;
}

const margin = { top: 10, right: 14, bottom: 26, left: 52 };

const filled = (values: number[]): number[] => values.filter((v) => !Number.isNaN(v));

/** Zero is always in view; below it only for series that go negative (a controller's error). */
function valueDomain(columns: readonly PixelColumns[]): [number, number] {
  const top = Math.max(0, ...filled(columns.map(columnsMax)));
  const bottom = Math.min(0, ...filled(columns.map(columnsMin)));
  if (top === 0 && bottom === 0) return [0, 1];
  return [bottom * 1.05, top * 1.05];
}
const svgNs = 'http://www.w3.org/2000/svg';
const lineWidth = 1.25;

export class LineChart {
  private readonly canvas: HTMLCanvasElement;
  private readonly svg: SVGSVGElement;
  private readonly xAxis: SVGGElement;
  private readonly yAxis: SVGGElement;
  private readonly observer: ResizeObserver;
  private columns: PixelColumns[] = [];
  private width = 0;
  private height = 0;

  constructor(
    private readonly container: HTMLElement,
    private readonly options: ChartOptions,
  ) {
    this.canvas = document.createElement('canvas');
    this.svg = document.createElementNS(svgNs, 'svg');
    this.xAxis = document.createElementNS(svgNs, 'g');
    this.yAxis = document.createElementNS(svgNs, 'g');
    this.svg.append(this.xAxis, this.yAxis, this.axisLabel(options.yLabel));
    this.svg.setAttribute('aria-hidden', 'true');
    container.append(this.canvas, this.svg);
    this.observer = new ResizeObserver(() => {
      this.measure();
      options.onResize();
    });
    this.observer.observe(container);
    this.measure();
  }

  destroy(): void {
    this.observer.disconnect();
    this.canvas.remove();
    this.svg.remove();
  }

  /** Redraws every series over the time window [x0, x1] seconds. */
  draw(x0: number, x1: number): void {
    const plotW = Math.max(1, this.width - margin.left - margin.right);
    const plotH = Math.max(1, this.height - margin.top - margin.bottom);
    const series = this.options.series();
    const decimated = this.decimateAll(series, x0, x1, plotW);
    const x = scaleLinear().domain([x0, x1]).range([0, plotW]);
    const y = scaleLinear().domain(valueDomain(decimated.columns)).range([plotH, 0]).nice();
    this.paintLines(series, decimated.columns, y);
    this.paintAxes(x, y, plotW, plotH);
    this.container.dataset.samples = String(decimated.used);
  }

  private decimateAll(series: readonly ChartSeries[], x0: number, x1: number, plotW: number) {
    if (this.columns.length !== series.length || this.columns[0]?.width !== plotW) {
      this.columns = series.map(() => createPixelColumns(plotW));
    }
    let used = 0;
    series.forEach((s, i) => {
      const out = this.columns[i];
      if (out) used += decimate(s.store, s.store.columnIndex('t'), s.store.columnIndex(s.column), x0, x1, out);
    });
    return { columns: this.columns, used };
  }

  private paintLines(series: readonly ChartSeries[], columns: PixelColumns[], y: ScaleLinear<number, number>): void {
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, this.width, this.height);
    ctx.translate(margin.left, margin.top);
    ctx.lineJoin = 'round';
    series.forEach((s, i) => {
      const c = columns[i];
      if (!c) return;
      ctx.strokeStyle = s.colour;
      ctx.fillStyle = s.colour;
      if (s.dashed) {
        // A smoothed signal laid over a noisy line: heavier so it stays visible.
        ctx.lineWidth = 2;
        ctx.setLineDash([6, 3]);
        strokeColumnPath(ctx, c, y);
      } else {
        ctx.lineWidth = lineWidth;
        ctx.setLineDash([]);
        fillColumnBars(ctx, c, y, lineWidth);
      }
    });
  }

  private paintAxes(x: ScaleLinear<number, number>, y: ScaleLinear<number, number>, plotW: number, plotH: number): void {
    select(this.xAxis)
      .attr('transform', `translate(${margin.left},${margin.top + plotH})`)
      .call(axisBottom(x).ticks(Math.max(2, Math.floor(plotW / 90))).tickFormat((v) => `${Number(v)} s`));
    select(this.yAxis)
      .attr('transform', `translate(${margin.left},${margin.top})`)
      .call(axisLeft(y).ticks(Math.max(2, Math.floor(plotH / 40))));
  }

  private axisLabel(text: string): SVGTextElement {
    const label = document.createElementNS(svgNs, 'text');
    label.textContent = text;
    label.setAttribute('class', 'axis-label');
    label.setAttribute('transform', `translate(12, ${margin.top}) rotate(-90)`);
    label.setAttribute('text-anchor', 'end');
    return label;
  }

  private measure(): void {
    const box = this.container.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    this.width = Math.max(1, Math.floor(box.width));
    this.height = Math.max(1, Math.floor(box.height));
    this.canvas.width = this.width * dpr;
    this.canvas.height = this.height * dpr;
    this.canvas.style.width = `${this.width}px`;
    this.canvas.style.height = `${this.height}px`;
    this.svg.setAttribute('width', String(this.width));
    this.svg.setAttribute('height', String(this.height));
  }
}
