import { useEffect, useRef } from 'react';
import type { ChartView } from '../../charts/chart-view';
import { LineChart, type ChartSeries } from '../../charts/line-chart';

// Mounts a LineChart once and hands it to the page's repaint loop; React never
// sees the samples, and re-renders do not touch the canvas.

export interface LineChartViewProps {
  yLabel: string;
  description: string;
  testId: string;
  series: () => readonly ChartSeries[];
  register: (chart: LineChart) => () => void;
  requestPaint: () => void;
  /** A short chart, for the small multiples of inner signals. */
  compact?: boolean;
  /** The shared time range and crosshair. */
  view?: ChartView;
  unit?: string;
}

export function LineChartView({
  yLabel,
  description,
  testId,
  series,
  register,
  requestPaint,
  compact = false,
  view,
  unit,
}: LineChartViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const latestSeries = useRef(series);

  useEffect(() => {
    latestSeries.current = series;
    requestPaint();
  }, [series, requestPaint]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = new LineChart(element, {
      yLabel,
      unit: unit ?? yLabel,
      view,
      series: () => latestSeries.current(),
      onResize: requestPaint,
    });
    const unregister = register(chart);
    return () => {
      unregister();
      chart.destroy();
    };
  }, [yLabel, unit, view, register, requestPaint]);

  return (
    <div
      ref={container}
      className={compact ? 'chart compact' : 'chart'}
      data-testid={testId}
      role="group"
      tabIndex={view ? 0 : undefined}
      aria-label={view ? `${description}. Arrow keys move a crosshair that reads each value.` : description}
    />
  );
}
