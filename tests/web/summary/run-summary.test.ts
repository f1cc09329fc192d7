import { describe, expect, it } from 'vitest';
import { readRunSummary, spanOf } from '../../../web/src/summary/run-summary';

// One side of `aqmlab run` on the default scenario (30 s), as the core prints it.
const coreJson = {
  side: 'RED',
  aqm: 'red',
  measured_s: 20.0,
  mean_queue_pkts: 61.40329835082461,
  p95_queue_pkts: 125.0,
  queue_sd_pkts: 41.11,
  mean_delay_ms: 24.914694546442888,
  p50_delay_ms: 24.0,
  p95_delay_ms: 49.900000000000006,
  jitter_ms: 0.3250590957306322,
  utilisation: 0.9842133943,
  throughput_mbps: 9.8422,
  goodput_mbps: 9.7604,
  loss_ratio: 0.03224602082923954,
  mark_ratio: 0.0125,
  signal_ratio: 0.04474602082923954,
  fairness: 0.8055861186601747,
  classes: [{ name: 'tcp', goodput_mbps: 9.7604, throughput_mbps: 9.8422, loss_ratio: null, completions: null }],
  short_flows: null,
  response_time_s: null,
};

describe('readRunSummary', () => {
  it('reads the figures the table shows from the core JSON', () => {
    expect(readRunSummary(coreJson)).toEqual({
      measuredS: 20,
      meanQueuePkts: 61.40329835082461,
      p95QueuePkts: 125,
      meanDelayMs: 24.914694546442888,
      p95DelayMs: 49.900000000000006,
      p99DelayMs: null,
      jitterMs: 0.3250590957306322,
      utilisation: 0.9842133943,
      goodputMbps: 9.7604,
      lossRatio: 0.03224602082923954,
      markRatio: 0.0125,
      signalRatio: 0.04474602082923954,
      fairness: 0.8055861186601747,
      groupThroughputRatio: null,
      queueSdPkts: 41.11,
      queueMadPkts: null,
      maxQueuePkts: null,
      max1sMeanQueuePkts: null,
      fullFraction: null,
      emptyFraction: null,
      responseTimeS: null,
      settlingTimeS: null,
      classes: [{ name: 'tcp', goodputMbps: 9.7604, lossRatio: null, meanDelayMs: null, p50DelayMs: null, p95DelayMs: null, p99DelayMs: null, jitterMs: null }],
      queues: [],
      groups: [],
      windows: [],
    });
  });

  it("reads each sender's figures (the long-lived TCP groups) and the ratio of their throughputs", () => {
    const groups = [
      { group: 0, class: 'tcp', sender: 'cubic', flows: 4, goodput_mbps: 6.5, throughput_mbps: 6.6, share: 0.66, rtt_ms: 72.5, base_rtt_ms: 40, loss_ratio: 0.01, mark_ratio: 0, sack: true },
      { group: 2, class: 'rev', sender: 'newreno', flows: 2, goodput_mbps: 1, throughput_mbps: null, share: null, rtt_ms: null, base_rtt_ms: null, loss_ratio: null, mark_ratio: null },
    ];
    const read = readRunSummary({ ...coreJson, groups, group_throughput_ratio: 1.94, windows: { w: { ...coreJson, from_s: 0, to_s: 1, groups: [groups[0]] } } });
    if (typeof read === 'string') throw new Error(read);
    expect(read.groupThroughputRatio).toBe(1.94);
    expect(read.groups).toEqual([
      { group: 0, className: 'tcp', sender: 'cubic', sack: true, flows: 4, goodputMbps: 6.5, throughputMbps: 6.6, share: 0.66, rttMs: 72.5, baseRttMs: 40, lossRatio: 0.01, markRatio: 0 },
      { group: 2, className: 'rev', sender: 'newreno', sack: false, flows: 2, goodputMbps: 1, throughputMbps: null, share: null, rttMs: null, baseRttMs: null, lossRatio: null, markRatio: null },
    ]);
    expect(spanOf(read, 'w')?.groups.map((g) => g.sender)).toEqual(['cubic']);
    expect(readRunSummary({ ...coreJson, groups: [{ ...groups[0], rtt_ms: '72' }] })).toBe('summary.groups[0].rtt_ms: not a number or null');
    expect(readRunSummary({ ...coreJson, groups: [{ ...groups[0], sender: 3 }] })).toBe('summary.groups[0]: not a group with its index, class, sender and flows');
    expect(readRunSummary({ ...coreJson, groups: {} })).toBe('summary.groups: not an array');
  });

  it("reads the windows, the transients and each class's delays", () => {
    const window = { from_s: 50, to_s: 100, ...coreJson, measured_s: 50, max_queue_pkts: 200, full_fraction: 0.25, settling_time_s: 3.5 };
    const read = readRunSummary({
      ...coreJson,
      max_1s_mean_queue_pkts: 180.5,
      empty_fraction: 0.01,
      classes: [
        { name: 'near', goodput_mbps: 1, loss_ratio: 0, delay: { mean_ms: 0, p50_ms: 0.1, p95_ms: 0.1, p99_ms: 0.1, jitter_ms: 0 } },
        { name: 'far', goodput_mbps: 1, loss_ratio: 0, delay: { mean_ms: 3, p50_ms: 3.1, p95_ms: 3.1, p99_ms: 3.1, jitter_ms: 0 } },
        { name: 'reverse', goodput_mbps: 0.5, loss_ratio: null, delay: null },
      ],
      windows: { before: null, after: window },
    });
    if (typeof read === 'string') throw new Error(read);
    expect(read.max1sMeanQueuePkts).toBe(180.5);
    expect(read.emptyFraction).toBe(0.01);
    expect(read.classes.map((c) => [c.name, c.meanDelayMs, c.p99DelayMs])).toEqual([
      ['near', 0, 0.1],
      ['far', 3, 3.1],
      ['reverse', null, null],
    ]);
    expect(read.windows.map((w) => w.name)).toEqual(['before', 'after']);
    expect(spanOf(read, 'before')).toBeNull(); // not reached yet
    const after = spanOf(read, 'after');
    expect(after?.measuredS).toBe(50);
    expect(after?.maxQueuePkts).toBe(200);
    expect(after?.settlingTimeS).toBe(3.5);
    expect(spanOf(read, null)).toBe(read);
    expect(readRunSummary({ ...coreJson, windows: { a: { ...window, full_fraction: 'x' } } })).toBe('summary.windows.a.full_fraction: not a number or null');
    expect(readRunSummary({ ...coreJson, classes: [{ name: 'a', delay: { mean_ms: '1' } }] })).toBe('summary.classes[0].delay.mean_ms: not a number or null');
  });

  it('takes null (the core writes NaN as null) as no value', () => {
    const warmUp = { ...coreJson, measured_s: 0, mean_delay_ms: null, p95_delay_ms: null };
    const read = readRunSummary(warmUp);
    expect(typeof read === 'object' && read.meanDelayMs).toBe(null);
  });

  it('names the first field that is not a number', () => {
    expect(readRunSummary({ ...coreJson, p95_queue_pkts: '125' })).toBe('summary.p95_queue_pkts: not a number or null');
    expect(readRunSummary({ ...coreJson, measured_s: null })).toBe('summary.measured_s: not a number');
    expect(readRunSummary([])).toBe('summary: not a JSON object');
  });
});
