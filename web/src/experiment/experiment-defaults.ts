import type { Fields } from '../lib/json';
import { isRecord } from '../lib/json';
import type { AxisForm, ExperimentState, PlotChoice } from './experiment-state';
import { emptyAxis } from './experiment-state';
import type { PlanBrief } from './sweep-core';

// The experiment view's starting choices and one-line texts.

/** A first axis for a base: the flow count of its first group (of all of them when there are several), 1x to 4x. */
export function startingAxis(base: Fields): AxisForm {
  const groups = Array.isArray(base.groups) ? base.groups : [];
  const first = groups[0];
  const count = isRecord(first) && typeof first.count === 'number' ? first.count : null;
  if (count === null) return emptyAxis('bottleneck.buffer_pkts');
  const path = groups.length > 1 && groups.every((g) => isRecord(g) && g.count === count) ? 'groups[*].count' : 'groups[0].count';
  return { ...emptyAxis(path), from: String(count), to: String(count * 4), count: '4' };
}

const prefer = (metrics: readonly string[], wanted: readonly string[], fallback: number): string =>
  wanted.find((m) => metrics.includes(m)) ?? metrics[Math.min(fallback, metrics.length - 1)] ?? '';

/** The plots' metrics: the link's or last choice where the plan has it, else mean queue, and queue s.d. against mean queue. */
export function defaultPlot(plot: PlotChoice, metrics: readonly string[]): PlotChoice {
  return {
    metric: metrics.includes(plot.metric) ? plot.metric : prefer(metrics, ['mean_queue_pkts', 'mean_delay_ms'], 0),
    x: metrics.includes(plot.x) ? plot.x : prefer(metrics, ['mean_queue_pkts', 'utilisation'], 0),
    y: metrics.includes(plot.y) ? plot.y : prefer(metrics, ['queue_sd_pkts', 'mean_delay_ms'], 1),
    ...(plot.figure ? { figure: plot.figure } : {}),
  };
}

function valuesText(values: readonly (number | string | boolean)[]): string {
  return values.length <= 8 ? values.join(', ') : `${values.slice(0, 3).join(', ')}, …, ${values.slice(-2).join(', ')}`;
}

/** "30 runs (10 points x 3 seeds): groups[*].count = 20, 40, …; 3 sides" */
export function planSummary(plan: PlanBrief): string {
  const axes = plan.axes.map((a) => `${a.path} = ${valuesText(a.values)}`).join('; ');
  const seeds = plan.seedCount;
  return `${plan.count} run${plan.count === 1 ? '' : 's'} (${seeds} seed${seeds === 1 ? '' : 's'} each point): ${axes}; sides ${plan.sides.join(', ')}.`;
}

/** The experiment as plain JSON fields, for the share link. */
export function experimentFields(state: ExperimentState): Fields {
  return {
    base: state.base,
    baseLabel: state.baseLabel,
    axes: state.axes.map((a) => ({ ...a })),
    zip: state.zip,
    seeds: state.seeds,
    extra: state.extra,
    plot: { ...state.plot },
    ...(state.preset === undefined ? {} : { preset: state.preset }),
  };
}
