import { beforeEach, describe, expect, it } from 'vitest';
import type { BatchMessage, ClientError, ReadyMessage, StateMessage } from '../../web/src/worker/client';
import { SimClient } from '../../web/src/worker/client';
import { FakePort } from './fake-port';
import { noFigures } from '../../web/src/summary/run-summary';

const ready: ReadyMessage = {
  type: 'run/ready',
  scenario: '{}',
  columns: ['t', 'queue_pkts'],
  info: { side: 0, sideName: 'Drop-tail', aqm: 'droptail', flows: 50, params: {} },
  aqms: [],
  senders: [],
};

function batch(seq: number): BatchMessage {
  return { type: 'sim/batch', seq, length: 1, data: new Float64Array([seq * 0.01, seq]), now: seq * 0.01 };
}

describe('SimClient', () => {
  let port: FakePort;
  let client: SimClient;
  let readies: ReadyMessage[];
  let batches: BatchMessage[];
  let states: StateMessage[];
  let errors: ClientError[];

  beforeEach(() => {
    port = new FakePort();
    readies = [];
    batches = [];
    states = [];
    errors = [];
    client = new SimClient(port, {
      ready: (m) => readies.push(m),
      batch: (m) => batches.push(m),
      state: (m) => states.push(m),
      error: (e) => errors.push(e),
    });
  });

  it('sends control messages with their literal types', () => {
    client.start({ side: 1, scenario: null, speed: 10, play: true });
    client.pause();
    client.play();
    client.setSpeed('max');
    client.reset();
    expect(port.sent).toEqual([
      { type: 'run/start', side: 1, scenario: null, speed: 10, play: true },
      { type: 'run/pause' },
      { type: 'run/play' },
      { type: 'run/speed', speed: 'max' },
      { type: 'run/reset' },
    ]);
  });

  it('routes ready, batches and state to their handlers', () => {
    port.reply(ready);
    port.reply(batch(0));
    port.reply(batch(1));
    port.reply({ type: 'run/state', playing: false, done: true, now: 2 });
    expect(readies).toEqual([ready]);
    expect(batches.map((b) => b.seq)).toEqual([0, 1]);
    expect(states).toEqual([{ type: 'run/state', playing: false, done: true, now: 2 }]);
    expect(errors).toEqual([]);
  });

  it('reports a gap in batch sequence numbers but still delivers the batch', () => {
    port.reply(ready);
    port.reply(batch(0));
    port.reply(batch(2));
    port.reply(batch(3));
    expect(batches.map((b) => b.seq)).toEqual([0, 2, 3]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ source: 'protocol', fatal: false });
    expect(errors[0]?.message).toContain('expected 1');
  });

  it('restarts sequence numbers when a new run is ready', () => {
    port.reply(ready);
    port.reply(batch(0));
    port.reply(batch(1));
    port.reply(ready);
    port.reply(batch(0));
    expect(errors).toEqual([]);
    expect(readies).toHaveLength(2);
  });

  it('resolves each apply with the reply carrying its id, whatever the order', async () => {
    const first = client.apply({ kind: 'set_flows', group: 0, count: 80 });
    const second = client.apply({ kind: 'set_param', name: 'max_p', value: 0.3 });
    const [a, b] = port.sent;
    if (a?.type !== 'sim/apply' || b?.type !== 'sim/apply') throw new Error('apply was not sent');
    expect(a.id).not.toBe(b.id);
    port.reply({ type: 'call/reply', id: b.id, call: 'sim/apply', reply: { atS: 2.5, event: b.event } });
    port.reply({ type: 'call/reply', id: a.id, call: 'sim/apply', reply: { atS: 2.6, event: a.event } });
    await expect(first).resolves.toEqual({ atS: 2.6, event: { kind: 'set_flows', group: 0, count: 80 } });
    await expect(second).resolves.toEqual({ atS: 2.5, event: { kind: 'set_param', name: 'max_p', value: 0.3 } });
  });

  it('rejects an apply the core refused, without a general error', async () => {
    const applied = client.apply({ kind: 'set_param', name: 'nope', value: 1 });
    const sent = port.lastSent();
    if (sent?.type !== 'sim/apply') throw new Error('apply was not sent');
    port.reply({ type: 'run/error', id: sent.id, message: 'name: no such parameter', fatal: false });
    await expect(applied).rejects.toThrow('name: no such parameter');
    expect(errors).toEqual([]);
  });

  it('passes errors without a request id to the error handler', () => {
    port.reply({ type: 'run/error', id: null, message: 'bottleneck.capacity_mbps: out of range', fatal: true });
    expect(errors).toEqual([{ source: 'core', message: 'bottleneck.capacity_mbps: out of range', fatal: true }]);
  });

  it('returns the event log for a log request', async () => {
    const log = client.eventLog();
    const sent = port.lastSent();
    if (sent?.type !== 'log/get') throw new Error('log request was not sent');
    const events = [{ atS: 1, event: { kind: 'set_flows' as const, group: 0, count: 9 } }];
    port.reply({ type: 'call/reply', id: sent.id, call: 'log/get', reply: events });
    await expect(log).resolves.toEqual(events);
  });

  it('rejects a reply of the wrong kind', async () => {
    const applied = client.apply({ kind: 'set_capacity', mbps: 5 });
    const sent = port.lastSent();
    if (sent?.type !== 'sim/apply') throw new Error('apply was not sent');
    port.reply({ type: 'call/reply', id: sent.id, call: 'log/get', reply: [] });
    await expect(applied).rejects.toThrow('wrong kind');
  });

  it('reports malformed messages and replies to unknown requests', () => {
    port.reply({ type: 'sim/batch', seq: 0, length: 1, data: [1, 2], now: 0 });
    port.reply({ hello: 'world' });
    port.reply({ type: 'call/reply', id: 99, call: 'sim/apply', reply: { atS: 0, event: { kind: 'set_capacity', mbps: 1 } } });
    expect(batches).toEqual([]);
    expect(errors.map((e) => e.source)).toEqual(['protocol', 'protocol', 'protocol']);
  });

  it('turns a worker crash into a fatal error and fails pending requests', async () => {
    const applied = client.apply({ kind: 'set_flows', group: 0, count: 3 });
    port.crash('failed to fetch aqmlab.wasm');
    await expect(applied).rejects.toThrow('failed to fetch aqmlab.wasm');
    expect(errors).toEqual([{ source: 'worker', message: 'failed to fetch aqmlab.wasm', fatal: true }]);
  });

  it('aborts by terminating: pending requests fail and later sends are dropped', async () => {
    const log = client.eventLog();
    client.terminate();
    expect(port.terminated).toBe(true);
    await expect(log).rejects.toThrow('stopped');
    const sentBefore = port.sent.length;
    client.play();
    await expect(client.apply({ kind: 'set_flows', group: 0, count: 1 })).rejects.toThrow('stopped');
    expect(port.sent).toHaveLength(sentBefore);
    port.reply(batch(0));
    expect(batches).toEqual([]);
  });

  it('resolves a summary request with the summary its reply carries', async () => {
    const pending = client.summary();
    const sent = port.sent.at(-1);
    if (sent?.type !== 'summary/get') throw new Error('summary request was not sent');
    const summary = {
      ...noFigures(),
      classes: [],
      windows: [],
      measuredS: 20,
      meanQueuePkts: 61.4,
      p95QueuePkts: 125,
      meanDelayMs: 24.9,
      p95DelayMs: 49.9,
      jitterMs: 0.33,
      utilisation: 0.984,
      goodputMbps: 9.76,
      lossRatio: 0.032,
      markRatio: 0,
      signalRatio: 0.032,
      fairness: 0.806,
      responseTimeS: null,
    };
    port.reply({ type: 'call/reply', id: sent.id, call: 'summary/get', reply: summary });
    await expect(pending).resolves.toEqual(summary);
  });

  it('treats a summary reply with a non-numeric figure as malformed', () => {
    port.reply({ type: 'call/reply', id: 1, call: 'summary/get', reply: { measuredS: 1, meanQueuePkts: 'lots' } });
    expect(errors).toEqual([{ source: 'protocol', message: 'malformed message from the worker', fatal: false }]);
  });
});
