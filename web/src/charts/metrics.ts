import type { ValueKind } from '../lib/format';

// The time-series charts of the page, one entry per metric. Each names the
// columns it draws for a side (see core-cpp/SCENARIO.md "Metrics"); a column a
// side's run does not have (an AQM without an average queue) is skipped.

export interface MetricLine {
  column: string;
  dashed: boolean;
  /** 'signal' draws in the side's second shade. */
  shade: 'side' | 'signal';
  /** Appended to the side's name in legends and readouts. */
  suffix: string;
}

export type MetricId = 'queue' | 'delay' | 'jitter' | 'throughput' | 'utilisation' | 'p' | 'cwnd' | 'pacing';

export interface Metric {
  id: MetricId;
  title: string;
  yLabel: string;
  unit: string;
  valueKind: ValueKind;
  description: string;
  /** One line under the title: what the chart shows and what to look for. */
  note: string;
  /** Which way is better, said beside the note; null where neither is (a probability follows the load). */
  better: 'lower' | 'higher' | null;
  compact: boolean;
  lines: readonly MetricLine[];
  /** Which chart a discipline's levels are drawn on (its catalogue entry's levels, aqm/levels.ts), if any. */
  levels: 'queue' | 'delay' | null;
}

const solid = (column: string): MetricLine => ({ column, dashed: false, shade: 'side', suffix: '' });
/** A parking lot's second hop (its columns exist only there), dashed in the side's second shade. */
const hop2 = (column: string): MetricLine => ({ column: `hop2.${column}`, dashed: true, shade: 'signal', suffix: ' hop 2' });

export const metrics: Record<MetricId, Metric> = {
  queue: {
    id: 'queue',
    title: 'Queue length (packets)',
    yLabel: 'packets',
    unit: 'pkts',
    valueKind: 'number',
    description: "Queue length in packets over simulated time; dashed: the discipline's average queue; dotted levels: its thresholds or target",
    note: 'Packets waiting at the bottleneck. A long queue means long waits; an empty one can leave the link idle.',
    better: 'lower',
    compact: false,
    lines: [solid('queue_pkts'), { column: 'aqm.avg', dashed: true, shade: 'signal', suffix: ' average' }, hop2('queue_pkts')],
    levels: 'queue',
  },
  delay: {
    id: 'delay',
    title: 'Queueing delay (ms)',
    yLabel: 'ms',
    unit: 'ms',
    valueKind: 'number',
    description: "Queueing delay in milliseconds over simulated time; dotted levels: the discipline's delay target",
    note: 'How long each packet waited in the queue: the lag a call or a game feels on top of the distance.',
    better: 'lower',
    compact: false,
    lines: [solid('delay_ms'), hop2('delay_ms')],
    levels: 'delay',
  },
  jitter: {
    id: 'jitter',
    title: 'Jitter (ms)',
    yLabel: 'ms',
    unit: 'ms',
    valueKind: 'number',
    description: 'Delay variation between consecutive departures, in milliseconds, over simulated time',
    note: 'How much the wait changes from one packet to the next: what makes a call or a video stutter.',
    better: 'lower',
    compact: true,
    lines: [solid('jitter_ms')],
    levels: null,
  },
  throughput: {
    id: 'throughput',
    title: 'Throughput (Mb/s)',
    yLabel: 'Mb/s',
    unit: 'Mb/s',
    valueKind: 'number',
    // Goodput per 10 ms interval is too noisy to read over the throughput; the summary table has its run mean.
    description: 'Throughput leaving the bottleneck in Mb/s over simulated time',
    note: "Data leaving the bottleneck each second. It can never exceed the link's capacity, however long the queue.",
    better: 'higher',
    compact: true,
    lines: [solid('throughput_mbps')],
    levels: null,
  },
  utilisation: {
    id: 'utilisation',
    title: 'Utilisation (% of capacity)',
    yLabel: 'of capacity',
    unit: '',
    valueKind: 'percent',
    description: 'Share of the bottleneck capacity in use over simulated time',
    note: 'Share of the time the link was sending. A dip means the queue ran empty and the link waited.',
    better: 'higher',
    compact: true,
    lines: [solid('utilisation')],
    levels: null,
  },
  p: {
    id: 'p',
    title: 'Drop/mark probability p (0 to 1)',
    yLabel: 'p',
    unit: '',
    valueKind: 'number',
    description: "Drop or mark probability p of each side's discipline over simulated time",
    note: 'Chance that the discipline drops or marks an arriving packet. It rises with the load: watch how fast it follows a change.',
    better: null,
    compact: true,
    lines: [solid('p')],
    levels: null,
  },
  // The window chart: a line per traced flow (flowLines), only in a run whose scenario asks for it.
  cwnd: {
    id: 'cwnd',
    title: 'Congestion window (segments)',
    yLabel: 'segments',
    unit: 'pkts',
    valueKind: 'number',
    description: "Congestion window of each traced TCP flow, in segments, over simulated time",
    note: 'Segments each traced flow may have in flight: a loss-based sender saws up and halves, BBR holds about two round trips.',
    better: null,
    compact: false,
    lines: [],
    levels: null,
  },
  pacing: {
    id: 'pacing',
    title: 'Pacing rate (Mb/s)',
    yLabel: 'Mb/s',
    unit: 'Mb/s',
    valueKind: 'number',
    description: 'Pacing rate of each traced flow whose sender paces (BBR, Prague), in Mb/s, over simulated time',
    note: 'How fast each pacing sender spaces its packets: BBR cycles a quarter above and below its estimate of the link rate.',
    better: null,
    compact: true,
    lines: [],
    levels: null,
  },
};

/** The window chart's columns (core-cpp/src/metrics/columns.h, the flow table): `flow.<group>.<k>.<column>`. */
const flowColumns: Partial<Record<MetricId, string>> = { cwnd: 'cwnd_pkts', pacing: 'pacing_mbps' };
const flowColumn = /^flow\.(\d+)\.(\d+)\.([a-z_]+)$/;

/** A traced flow's group and index (both from 0), from one of its columns; null for any other column. */
export function tracedFlow(column: string): { group: number; flow: number; column: string } | null {
  const m = flowColumn.exec(column);
  return m ? { group: Number(m[1]), flow: Number(m[2]), column: m[3] ?? '' } : null;
}

/**
 * A side's lines on the window charts: one per traced flow that has the
 * chart's column, in the run's order, named "group G flow K" (from 1); the
 * first solid in the side's colour, the next ones alternating its second
 * shade and dashes so that flows of one side tell apart.
 */
export function flowLines(metric: Metric, columns: readonly string[]): MetricLine[] {
  const wanted = flowColumns[metric.id];
  if (!wanted) return [];
  const lines: MetricLine[] = [];
  for (const column of columns) {
    const f = tracedFlow(column);
    if (!f || f.column !== wanted) continue;
    const k = lines.length;
    lines.push({ column, dashed: k % 2 === 1, shade: Math.floor(k / 2) % 2 === 1 ? 'signal' : 'side', suffix: ` group ${f.group + 1} flow ${f.flow + 1}` });
  }
  return lines;
}

/** Whether any of these runs traces a flow for the chart (the scenario's window_chart). */
export function hasFlowLines(metric: Metric, runs: readonly (readonly string[])[]): boolean {
  return runs.some((columns) => flowLines(metric, columns).length > 0);
}

/** One queue of a discipline with several (the catalogue's `queues`): its columns are `queue.<name>.<column>`. */
export interface QueueName {
  name: string;
  label: string;
}

/** Which per-queue column (core-cpp/src/metrics/columns.h, the queue table) each chart draws, and the word after the queue's label. */
const queueColumns: Partial<Record<MetricId, { column: string; word: string }>> = {
  queue: { column: 'queue_pkts', word: 'length' },
  delay: { column: 'delay_ms', word: 'delay' },
  throughput: { column: 'throughput_mbps', word: 'throughput' },
};

/**
 * The lines a side draws for a metric: those whose column its run has. A
 * discipline with several queues adds one line per queue on the queue,
 * delay and throughput charts, in the side's second shade, the first solid,
 * the others dashed.
 */
export function linesFor(metric: Metric, columns: readonly string[], queueNames: readonly QueueName[] = []): MetricLine[] {
  const per = queueColumns[metric.id];
  const queues = per
    ? queueNames.map((q, k): MetricLine => ({ column: `queue.${q.name}.${per.column}`, dashed: k > 0, shade: 'signal', suffix: ` ${q.label} ${per.word}` }))
    : [];
  const lines = [...metric.lines, ...queues].filter((line) => columns.includes(line.column)).concat(flowLines(metric, columns));
  // With two hops, the first hop's own lines say which hop they are.
  if (!lines.some((l) => l.column.startsWith('hop2.'))) return lines;
  return lines.map((l) => (l.column.startsWith('hop2.') || l.suffix !== '' ? l : { ...l, suffix: ' hop 1' }));
}
