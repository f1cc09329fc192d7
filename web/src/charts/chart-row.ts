import { noExtent, unionExtent, valueDomain, type Extent } from './chart-types';

/** What a row asks of each of its charts (line-chart.ts's LineChart): decimate, then paint on a given scale. */
export interface RowChart {
  prepare(x0: number, x1: number, until: number): Extent;
  render(domain: [number, number]): void;
}

/**
 * Several charts drawn as one on a shared value scale: the panels of one
 * metric in small multiples, so the sides compare by height at a glance.
 */
export class ChartRow {
  constructor(private readonly charts: () => readonly RowChart[]) {}

  draw(x0: number, x1: number, until = x1): void {
    const charts = this.charts();
    let extent = noExtent;
    for (const chart of charts) extent = unionExtent(extent, chart.prepare(x0, x1, until));
    const domain = valueDomain(extent);
    for (const chart of charts) chart.render(domain);
  }
}
