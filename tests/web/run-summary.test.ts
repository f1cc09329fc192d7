import { describe, expect, it } from 'vitest';
import { isFromWorker } from '../../web/src/protocol/protocol';
import { isRunSummary, readRunSummary } from '../../web/src/summary/run-summary';

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
      jitterMs: 0.3250590957306322,
      utilisation: 0.9842133943,
      goodputMbps: 9.7604,
      lossRatio: 0.03224602082923954,
      markRatio: 0.0125,
      signalRatio: 0.04474602082923954,
      fairness: 0.8055861186601747,
      responseTimeS: null,
    });
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

  it('crosses the worker boundary only as a whole summary', () => {
    const read = readRunSummary(coreJson);
    expect(isRunSummary(read)).toBe(true);
    expect(isFromWorker({ type: 'call/reply', id: 3, call: 'summary/get', reply: read })).toBe(true);
    expect(isFromWorker({ type: 'call/reply', id: 3, call: 'summary/get', reply: { ...(typeof read === 'object' ? read : {}), fairness: 'x' } })).toBe(false);
    expect(isFromWorker({ type: 'call/reply', id: 3, call: 'summary/get' })).toBe(false);
    expect(isFromWorker({ type: 'call/reply', id: 3, call: 'log/get', reply: read })).toBe(false);
  });
});
