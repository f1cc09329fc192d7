import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { resolveColour, type MarkerShape } from '../lib/colours';
import { onThemeChange } from '../lib/theme';
import { crosshairTime, type ChartView } from './chart-view';
import { columnsPath, type PanelPicture } from './chart-svg';
import { barsGeometry, pathGeometry, type SeriesGeometry } from './column-marks';
import { layoutMarkLabels } from './mark-layout';
import { paintLevels, paintMarks, paintXAxis, paintYAxis, xTickCount, yTickCount, yTickFormat } from './chart-overlay';
import { markerPath } from './markers';
import { columnsExtent, firstFilled, IncrementalDecimator, type PixelColumns } from './decimate';
import type { SeriesStore } from './series-store';
import { OnScreen } from './on-screen';
import { createPlotPainter, type PlotPainter } from './plot-painter';
import { crosshairParts } from './crosshair-readout';
import { listenForCrosshair } from './chart-pointer';
import { formatValue } from '../lib/format';
import {
  chartMargin, noExtent, svgElement, unionExtent, valueDomain,
  type ChartLevel, type ChartOptions, type ChartSeries, type EventMark, type Extent,
} from './chart-types';

export type { ChartLevel, ChartOptions, ChartSeries, EventMark, Extent } from './chart-types';
export { chartMargin, noExtent, unionExtent, valueDomain } from './chart-types';

// An imperative canvas line chart: the page calls draw() from one
// requestAnimationFrame callback; React only mounts the container. D3 supplies
// the scales and draws the axes into an SVG laid over the canvas; the same
// overlay holds the levels (thresholds, targets), the event marks
// (chart-overlay.ts paints these layers; the chart decides when) and the
// crosshair, and an HTML readout lists every series' value under it.

type Scale = ScaleLinear<number, number>;

const margin = chartMargin;
const lineWidth = 1.25;

/** One frame's window [x0, x1] s, plot size in pixels, series and scales. */
interface Frame { x0: number; x1: number; plotW: number; plotH: number; series: readonly ChartSeries[]; x: Scale; y: Scale }

/** Performance mark of the page's first chart frame with samples: time to first useful paint. */
export const firstSamplesMark = 'aqmlab:first-samples-drawn';
let firstSamplesMarked = false;

function markFirstSamplesDrawn(): void {
  if (firstSamplesMarked) return;
  firstSamplesMarked = true;
  performance.mark(firstSamplesMark);
}

export class LineChart {
  private readonly canvas: HTMLCanvasElement;
  private readonly svg: SVGSVGElement;
  private readonly xAxis: SVGGElement;
  private readonly yAxis: SVGGElement;
  private readonly levelLayer: SVGGElement;
  private readonly markLayer: SVGGElement;
  private readonly crosshair: SVGGElement;
  private readonly readout: HTMLDivElement;
  private readonly observer: ResizeObserver;
  private readonly cleanups: (() => void)[] = [];
  private decimators: IncrementalDecimator[] = [];
  private width = 0;
  private height = 0;
  private used = 0;
  private frame: Frame | null = null;
  private readonly onScreen: OnScreen;
  private painter: PlotPainter | null = null;
  // What the overlay layers were last drawn for: a frame that changes only the
  // lines leaves the SVG alone (each DOM write costs style and layout work).
  private overlayKeys = { axes: { x: '', y: '' }, levels: '', marks: '', data: '' };

  constructor(
    private readonly container: HTMLElement,
    private readonly options: ChartOptions,
  ) {
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('aria-hidden', 'true');
    this.svg = svgElement('svg');
    this.xAxis = svgElement('g', 'x-axis');
    this.yAxis = svgElement('g', 'y-axis');
    this.levelLayer = svgElement('g', 'levels');
    this.markLayer = svgElement('g', 'marks');
    this.crosshair = svgElement('g', 'crosshair');
    this.svg.append(this.levelLayer, this.markLayer, this.xAxis, this.yAxis, this.axisLabel(options.yLabel), this.crosshair);
    this.svg.setAttribute('aria-hidden', 'true');
    this.readout = document.createElement('div');
    this.readout.className = 'readout';
    this.readout.dataset.testid = 'readout';
    this.readout.hidden = true;
    container.append(this.canvas, this.svg, this.readout);
    // The size comes from the observer's first report, after the browser's own layout (measuring
    // here forced a layout per chart a render mounted); until then nothing is painted.
    this.observer = new ResizeObserver((entries) => {
      this.measure(entries[entries.length - 1]?.borderBoxSize?.[0]);
      options.onResize();
    });
    this.observer.observe(container);
    this.onScreen = new OnScreen(container, () => options.onResize());
    this.cleanups.push(onThemeChange(() => options.onResize()));
    const view = options.view;
    if (view) {
      this.cleanups.push(
        view.subscribe({ crosshairChanged: () => this.drawCrosshair(), rangeChanged: () => options.onResize() }),
      );
      this.listen(view);
    }
  }

  destroy(): void {
    this.observer.disconnect();
    this.onScreen.disconnect();
    this.painter?.destroy();
    for (const cleanup of this.cleanups) cleanup();
    this.canvas.remove();
    this.svg.remove();
    this.readout.remove();
  }

  /** False while the chart is scrolled out of view: it then keeps its frame but paints nothing. */
  get visible(): boolean {
    return this.onScreen.visible;
  }

  /**
   * Redraws every series over the page's time window [x0, x1] seconds, with
   * samples up to `until` (the time every side has reached), on its own value scale.
   */
  draw(x0: number, x1: number, until = x1): void {
    this.render(valueDomain(this.prepare(x0, x1, until)));
  }

  /** Decimates the series for the window; returns the values they (and the levels) span. */
  prepare(pageX0: number, pageX1: number, until = pageX1): Extent {
    const plotW = Math.max(1, this.width - margin.left - margin.right);
    const plotH = Math.max(1, this.height - margin.top - margin.bottom);
    let [x0, x1] = this.options.view ? this.options.view.window(pageX0, pageX1) : [pageX0, pageX1];
    if (this.options.view?.range !== 'whole' && x0 > 0 && x1 > x0) {
      // The sliding window moves by whole pixel columns (its end rounded up to
      // one), so the decimated columns shift instead of being rebuilt.
      const column = (x1 - x0) / plotW;
      const end = Math.ceil(x1 / column - 1e-9) * column;
      x0 += end - x1;
      x1 = end;
    }
    const series = this.options.series();
    while (this.decimators.length < series.length) this.decimators.push(new IncrementalDecimator());
    this.decimators.length = series.length;
    let extent = noExtent;
    this.used = 0;
    series.forEach((s, i) => {
      const d = this.decimators[i];
      if (!d) return;
      this.used += d.update(s.store, s.store.columnIndex('t'), s.store.columnIndex(s.column), x0, x1, plotW, until);
      extent = unionExtent(extent, columnsExtent(d.columns));
    });
    for (const level of this.options.levels?.() ?? []) extent = unionExtent(extent, { lo: level.value, hi: level.value });
    const x = scaleLinear().domain([x0, x1]).range([0, plotW]);
    const y = scaleLinear().domain([0, 1]).range([plotH, 0]);
    this.frame = { x0, x1, plotW, plotH, series, x, y };
    return extent;
  }

  /** Paints what prepare() decimated on the value scale `domain`. */
  render(domain: [number, number]): void {
    const frame = this.frame;
    if (!frame) return;
    frame.y = scaleLinear().domain(domain).range([frame.plotH, 0]).nice();
    const keys = this.overlayKeys;
    const data = `${this.used}|${frame.x0},${frame.x1}`;
    if (data !== keys.data) {
      this.container.dataset.samples = String(this.used);
      this.container.dataset.window = `${frame.x0},${frame.x1}`;
      // Where the drawing starts, in simulated seconds: "Whole run" must start at the run's start.
      const first = Math.min(...this.decimators.map((d) => firstFilled(d.columns)).filter((p) => p >= 0));
      this.container.dataset.drawnFrom = String(frame.x0 + (first * (frame.x1 - frame.x0)) / frame.plotW);
      keys.data = data;
    }
    // Out of view, the frame is kept up to date (the crosshair readout and the
    // exports read it; the decimation is incremental) but nothing is painted.
    if (!this.visible || this.width === 0) return;
    this.paintLines(frame);
    const size = `${frame.plotW}x${frame.plotH}`;
    const yKey = frame.y.domain().join(',');
    // The time axis moves at every frame; the value axis only when its scale or the size changes.
    const axes = { x: `${frame.x0},${frame.x1},${size}`, y: `${yKey},${size}` };
    const percent = this.options.valueKind === 'percent';
    if (axes.x !== keys.axes.x) paintXAxis(this.xAxis, frame.x, frame.plotW, frame.plotH);
    if (axes.y !== keys.axes.y) paintYAxis(this.yAxis, frame.y, frame.plotH, percent);
    const levels = this.options.levels?.() ?? [];
    const levelsKey = `${yKey},${size},${levels.map((l) => `${l.value}:${l.label}:${l.colour}`).join(';')}`;
    if (levelsKey !== keys.levels) paintLevels(this.levelLayer, levels, frame.plotW, frame.y);
    const marks = this.visibleMarks(frame);
    // Marks move with the window; with none in view there is nothing to redo.
    const marksKey = marks.length === 0 ? '' : `${frame.x0},${frame.x1},${size},${marks.map((m) => `${m.t}:${m.label}`).join(';')}`;
    if (marksKey !== keys.marks) {
      paintMarks(this.markLayer, marks.map((m) => ({ x: frame.x(m.t), label: m.label })), frame.plotW, frame.plotH);
    }
    if (this.options.view?.hover !== null && this.options.view?.hover !== undefined) this.drawCrosshair();
    this.overlayKeys = { axes, levels: levelsKey, marks: marksKey, data };
    if (this.used > 0) markFirstSamplesDrawn();
  }

  /** The chart as drawn now, for the SVG and PNG exports. */
  picture(): PanelPicture | null {
    const frame = this.frame;
    if (!frame) return null;
    const { x, y, plotW, plotH, series } = frame;
    const marks = this.visibleMarks(frame).map((m) => ({ x: x(m.t), label: m.label }));
    const yFormat = yTickFormat(y, plotH, this.options.valueKind === 'percent');
    return {
      width: this.width,
      height: this.height,
      margin,
      caption: this.options.caption ?? '',
      yLabel: this.options.yLabel,
      xTicks: x.ticks(xTickCount(plotW)).map((v) => ({ at: x(v), label: `${v} s` })),
      yTicks: y.ticks(yTickCount(plotH)).map((v) => ({ at: y(v), label: yFormat(v) })),
      lines: series.map((s, i) => {
        const columns = this.decimators[i]?.columns;
        return {
          label: s.label ?? s.column,
          colour: resolveColour(s.colour),
          dashed: s.dashed,
          d: columns ? columnsPath(columns, (v) => y(v)) : '',
        };
      }),
      levels: (this.options.levels?.() ?? []).map((l) => ({ at: y(l.value), label: l.label, colour: resolveColour(l.colour) })),
      markLines: marks.map((m) => m.x),
      marks: layoutMarkLabels(marks, plotW),
    };
  }

  private paintLines(frame: Frame): void {
    const series: SeriesGeometry[] = [];
    frame.series.forEach((s, i) => {
      const c: PixelColumns | undefined = this.decimators[i]?.columns;
      if (!c) return;
      const colour = resolveColour(s.colour);
      const y = (v: number) => frame.y(v);
      // A smoothed signal laid over a noisy line: dashed, heavier so it stays visible.
      // A model's curve over dense samples: on a halo of the background so it reads through them.
      if (s.dash) series.push(pathGeometry(c, y, resolveColour('var(--panel-bg)'), 5, []), pathGeometry(c, y, colour, 2.5, [...s.dash]));
      else series.push(s.dashed ? pathGeometry(c, y, colour, 2, [6, 3]) : barsGeometry(c, y, colour, lineWidth));
      if (s.marker) {
        const marker = this.marker(s.marker, c, frame.y, colour);
        if (marker) series.push(marker);
      }
    });
    // Made on first paint, once the canvas is in the page: a canvas handed to
    // the drawing worker can no longer be sized or drawn here.
    this.painter ??= createPlotPainter(this.canvas);
    const dpr = window.devicePixelRatio || 1;
    this.painter.paint({ width: this.width, height: this.height, dpr, left: margin.left, top: margin.top, series });
  }

  /** The series' marker at its newest point, outlined in the background colour so it reads over other lines. */
  private marker(shape: MarkerShape, c: PixelColumns, y: Scale, colour: string): SeriesGeometry | null {
    let p = c.width - 1;
    while (p >= 0 && (c.count[p] ?? 0) === 0) p--;
    if (p < 0) return null;
    const outline = resolveColour('var(--panel-bg)');
    return { kind: 'marker', colour, outline, path: markerPath(shape, 4.5), x: p + 0.5, y: y(c.last[p] ?? 0) };
  }

  private visibleMarks(frame: Frame): EventMark[] {
    return (this.options.marks?.() ?? []).filter((m) => m.t >= frame.x0 && m.t <= frame.x1);
  }

  /** The crosshair line, a dot per series, and the readout; only the overlay changes. */
  private drawCrosshair(): void {
    const frame = this.frame;
    const view = this.options.view;
    const t = frame && view ? crosshairTime(view, frame.x0, frame.x1) : null;
    if (!frame || t === null) {
      this.crosshair.replaceChildren();
      this.readout.hidden = true;
      delete this.container.dataset.crosshair;
      return;
    }
    const px = frame.x(t);
    const { line, dots, heading, rows } = crosshairParts(frame, t, px, this.options);
    this.crosshair.setAttribute('transform', `translate(${margin.left},${margin.top})`);
    this.crosshair.replaceChildren(line, ...dots);
    this.readout.replaceChildren(heading, ...rows);
    this.readout.hidden = false;
    // Right of the line in the left half, left of it in the right half, so it never covers the line.
    const left = px < frame.plotW / 2;
    this.readout.style.left = left ? `${margin.left + px + 10}px` : '';
    this.readout.style.right = left ? '' : `${this.width - margin.left - px + 10}px`;
    this.container.dataset.crosshair = t.toFixed(3);
  }

  /** Pointer and keyboard move the shared crosshair. */
  private listen(view: ChartView): void {
    this.cleanups.push(listenForCrosshair(this.container, this.readout, view, () => this.width));
  }

  private axisLabel(text: string): SVGTextElement {
    const label = svgElement('text', 'axis-label');
    label.textContent = text;
    label.setAttribute('transform', `translate(12, ${margin.top}) rotate(-90)`);
    label.setAttribute('text-anchor', 'end');
    return label;
  }

  /** `box`: the container's border box as the resize observer reported it. */
  private measure(box?: ResizeObserverSize): void {
    const { width, height } = box ? { width: box.inlineSize, height: box.blockSize } : this.container.getBoundingClientRect();
    this.width = Math.max(1, Math.floor(width));
    this.height = Math.max(1, Math.floor(height));
    // The bitmap follows at the next paint (plot-painter.ts): its owner may be the drawing worker.
    this.canvas.style.width = `${this.width}px`;
    this.canvas.style.height = `${this.height}px`;
    this.svg.setAttribute('width', String(this.width));
    this.svg.setAttribute('height', String(this.height));
  }
}
