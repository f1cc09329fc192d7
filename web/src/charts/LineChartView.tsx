import { useEffect, useRef } from 'react';
import { LineChart, type ChartSeries } from './line-chart';

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
}

export function LineChartView({
  yLabel,
  description,
  testId,
  series,
  register,
  requestPaint,
  compact = false,
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
    const chart = new LineChart(element, { yLabel, series: () => latestSeries.current(), onResize: requestPaint });
    const unregister = register(chart);
    return () => {
      unregister();
      chart.destroy();
    };
  }, [yLabel, register, requestPaint]);

  return (
    <div
      ref={container}
      className={compact ? 'chart compact' : 'chart'}
      data-testid={testId}
      role="img"
      aria-label={description}
    />
  );
}
