import { useEffect, useRef, useState, type ReactNode } from 'react';
import { resolveColour, sideColour, sideMarker, signalColour } from '../../lib/colours';
import { Legend } from './Legend';
import type { Drawable, Lab } from '../../lab/lab';
import { sideName, type SideStatus } from '../../lab/side-session';
import { downloadPng, downloadSvg, pictureTheme, slug } from '../../charts/chart-export';
import type { Picture } from '../../charts/chart-svg';
import type { ChartView } from '../../charts/chart-view';
import { panelSides, type Layout } from '../../charts/layout';
import { ChartRow } from '../../charts/chart-row';
import { LineChart, type ChartLevel, type ChartSeries, type EventMark } from '../../charts/line-chart';
import type { Metric } from '../../charts/metrics';
import { findAqm } from '../../aqm/aqm-table';
import { thresholdsFor } from '../../aqm/levels';
import { sideLines } from './side-lines';
import { ProblemAlert } from '../../lib/ProblemList';

// One metric on the page: one chart with a line per side (overlay) or a row
// of charts, one per side, on a shared value scale (small multiples). The
// charts are drawn by the page's repaint loop as one ChartRow; React only
// mounts the containers and the export buttons.

export interface ChartContext {
  lab: Lab;
  statuses: readonly SideStatus[];
  layout: Layout;
  view: ChartView;
  register: (chart: Drawable) => () => void;
  requestPaint: () => void;
  marks: () => readonly EventMark[];
  /** File names of exports start with this (scenario and time). */
  exportName: () => string;
  /** Further series a side draws on a metric's chart (the theory overlay), read at every draw. */
  extraSeries?: (metric: Metric, side: number) => readonly ChartSeries[];
}

/** The series one panel draws: each of its sides' lines of the metric. */
export function panelSeries(
  metric: Metric,
  lab: Lab,
  statuses: readonly SideStatus[],
  sides: readonly number[],
  extra?: ChartContext['extraSeries'],
): ChartSeries[] {
  return sides.flatMap((i) => {
    const side = lab.sides[i];
    if (!side) return [];
    const name = sideName(statuses[i], i);
    const lines = sideLines(metric, side.store.columns, statuses[i]).map((line) => ({
      store: side.store,
      column: line.column,
      colour: line.shade === 'side' ? sideColour(i) : signalColour(i),
      dashed: line.dashed,
      label: `${name}${line.suffix}`,
      marker: line.shade === 'side' && !line.dashed ? sideMarker(i) : undefined,
    }));
    return extra ? [...lines, ...extra(metric, i)] : lines;
  });
}

/** The levels one panel draws; in overlay each is named after its side. */
export function panelLevels(metric: Metric, statuses: readonly SideStatus[], sides: readonly number[], named: boolean): ChartLevel[] {
  const chart = metric.levels;
  if (!chart) return [];
  return sides.flatMap((i) => {
    const status = statuses[i];
    const params = status?.info?.params ?? {};
    const levels = (status && findAqm(status.aqms, status.info?.aqm ?? '')?.levels) ?? [];
    return thresholdsFor(levels, params, chart).map((t) => ({
      value: t.value,
      label: named ? `${sideName(statuses[i], i)} ${t.label}` : t.label,
      colour: sideColour(i),
    }));
  });
}

/** `tools`: controls of this chart beside its export buttons (the queue chart's theory toggle). */
export function MetricChart({ metric, context, tools }: { metric: Metric; context: ChartContext; tools?: ReactNode }) {
  const { lab, statuses, layout, view, register, requestPaint, marks, exportName, extraSeries } = context;
  const panels = panelSides(layout, statuses.length);
  const containers = useRef<(HTMLDivElement | null)[]>([]);
  const charts = useRef<LineChart[]>([]);
  const latest = useRef({ statuses, marks, extraSeries });
  latest.current = { statuses, marks, extraSeries };
  const [exportError, setExportError] = useState<string | null>(null);
  const shape = `${layout}:${statuses.length}`;

  useEffect(() => {
    const created = panelSides(layout, latest.current.statuses.length).flatMap((sides, k) => {
      const element = containers.current[k];
      if (!element) return [];
      const overlay = layout === 'overlay';
      return [
        new LineChart(element, {
          yLabel: metric.yLabel,
          unit: metric.unit,
          valueKind: metric.valueKind,
          view,
          caption: overlay ? '' : sideName(latest.current.statuses[sides[0] ?? 0], sides[0] ?? 0),
          series: () => panelSeries(metric, lab, latest.current.statuses, sides, latest.current.extraSeries),
          levels: () => panelLevels(metric, latest.current.statuses, sides, overlay),
          marks: () => latest.current.marks(),
          onResize: requestPaint,
        }),
      ];
    });
    charts.current = created;
    const unregister = register(new ChartRow(() => charts.current));
    return () => {
      unregister();
      for (const chart of created) chart.destroy();
      charts.current = [];
    };
    // `shape` stands for the layout and the side count; the rest is read through refs.
  }, [shape, metric, lab, view, register, requestPaint]);

  useEffect(() => requestPaint(), [statuses, requestPaint]);

  const picture = (): Picture | null => {
    const shots = charts.current.map((c) => c.picture()).filter((p) => p !== null);
    if (shots.length === 0) return null;
    const legend = panels
      .flatMap((sides) => panelSeries(metric, lab, statuses, sides, extraSeries))
      .map((s) => ({ label: s.label ?? s.column, colour: s.colour, dashed: s.dashed }));
    const [w0, w1] = view.window(...lab.timeWindow());
    return {
      title: `AQM Lab — ${metric.title}`,
      subtitle: `${statuses.map((s, i) => `${sideName(s, i)} (${s.info?.aqm ?? '?'})`).join(' vs ')} · t = ${w0.toFixed(1)}–${w1.toFixed(1)} s`,
      legend: legend.map((l) => ({ ...l, colour: resolveColour(l.colour) })),
      panels: shots,
      theme: pictureTheme(),
    };
  };

  const save = (kind: 'png' | 'svg') => {
    const p = picture();
    if (!p) return;
    const name = `${exportName()}-${slug(metric.id)}.${kind}`;
    setExportError(null);
    if (kind === 'svg') downloadSvg(p, name);
    else downloadPng(p, name).catch((e: unknown) => setExportError(e instanceof Error ? e.message : String(e)));
  };

  const titleId = `metric-${metric.id}-title`;
  return (
    <section className="chart-panel" aria-labelledby={titleId} data-testid={`metric-${metric.id}`} data-layout={layout}>
      <div className="chart-head">
        <h2 id={titleId}>{metric.title}</h2>
        {tools}
        <div className="export-buttons" role="group" aria-label={`Save the ${metric.title} chart`}>
          <button type="button" data-testid={`export-png-${metric.id}`} aria-label={`Save ${metric.title} as PNG`} onClick={() => save('png')}>
            PNG
          </button>
          <button type="button" data-testid={`export-svg-${metric.id}`} aria-label={`Save ${metric.title} as SVG`} onClick={() => save('svg')}>
            SVG
          </button>
        </div>
      </div>
      {layout === 'overlay' && <Legend metric={metric} lab={lab} statuses={statuses} />}
      {exportError && <ProblemAlert message={exportError} />}
      <div className={layout === 'overlay' ? 'chart-grid overlay' : 'chart-grid multiples'} style={{ ['--columns' as string]: String(panels.length) }}>
        {panels.map((sides, k) => {
          const first = sides[0] ?? 0;
          const caption = layout === 'overlay' ? null : sideName(statuses[first], first);
          return (
            <figure key={k} className="chart-cell">
              {caption !== null && (
                <figcaption>
                  <span className="swatch" style={{ background: sideColour(first) }} />
                  {caption}
                </figcaption>
              )}
              <div
                ref={(element) => {
                  containers.current[k] = element;
                }}
                className={metric.compact ? 'chart compact' : 'chart'}
                data-testid={layout === 'overlay' ? `chart-${metric.id}` : `chart-${metric.id}-${first}`}
                data-series={String(panelSeries(metric, lab, statuses, sides).length)}
                role="group"
                tabIndex={0}
                aria-label={`${metric.title}${caption ? `, ${caption}` : ''}. ${metric.description}. Arrow keys move a crosshair that reads each value.`}
              />
            </figure>
          );
        })}
      </div>
      {/* Under the chart, as a figure's caption: the chart keeps its place at the top of the page. */}
      <p className="chart-note" data-testid={`chart-note-${metric.id}`}>
        {metric.note}
        {metric.better && <span className="chart-better"> {metric.better === 'lower' ? 'Lower' : 'Higher'} is better.</span>}
      </p>
    </section>
  );
}
