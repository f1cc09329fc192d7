import type { LineChart } from './line-chart';
import { noExtent, unionExtent, valueDomain } from './chart-types';

/**
 * Several charts drawn as one on a shared value scale: the panels of one
 * metric in small multiples, so the sides compare by height at a glance.
 */
export class ChartRow {
  constructor(private readonly charts: () => readonly LineChart[]) {}

  draw(x0: number, x1: number, until = x1): void {
    const charts = this.charts();
    let extent = noExtent;
    for (const chart of charts) extent = unionExtent(extent, chart.prepare(x0, x1, until));
    const domain = valueDomain(extent);
    for (const chart of charts) chart.render(domain);
  }
}
