import { describe, expect, it } from 'vitest';
import { isFromWorker, isTimelineEvent, isToWorker } from '../../web/src/protocol/protocol';
import { fakeDescribeAqms } from './fake-aqms';

describe('protocol guards', () => {
  it('accepts every well-formed page-to-worker message', () => {
    expect(isToWorker({ type: 'run/start', side: 1, scenario: null, speed: 10, play: true })).toBe(true);
    expect(isToWorker({ type: 'run/start', side: 0, scenario: '{}', speed: 'max', play: false })).toBe(true);
    expect(isToWorker({ type: 'run/pause' })).toBe(true);
    expect(isToWorker({ type: 'sim/apply', id: 3, event: { kind: 'set_flows', group: 0, count: 80 }, atS: null })).toBe(true);
    expect(isToWorker({ type: 'log/get', id: 4 })).toBe(true);
    expect(isToWorker({ type: 'run/step' })).toBe(true);
    expect(isToWorker({ type: 'run/until', untilS: 12.5 })).toBe(true);
    expect(isToWorker({ type: 'run/hold', id: 5 })).toBe(true);
    expect(isToWorker({ type: 'sim/apply', id: 3, event: { kind: 'group_on', group: 1 }, atS: 4.2 })).toBe(true);
    expect(isToWorker({ type: 'scenario/check', id: 6, scenario: '{}' })).toBe(true);
    expect(isFromWorker({ type: 'call/reply', id: 5, call: 'run/hold', reply: 1.5 })).toBe(true);
    expect(isFromWorker({ type: 'call/reply', id: 6, call: 'scenario/check', reply: { error: null, scenario: '{}' } })).toBe(true);
  });

  it('rejects unknown types, missing fields and bad values', () => {
    expect(isToWorker(null)).toBe(false);
    expect(isToWorker('run/pause')).toBe(false);
    expect(isToWorker({ type: 'run/explode' })).toBe(false);
    expect(isToWorker({ type: 'toString' })).toBe(false);
    expect(isToWorker({ type: 'run/speed', speed: 0 })).toBe(false);
    expect(isToWorker({ type: 'run/speed', speed: 'fast' })).toBe(false);
    expect(isToWorker({ type: 'sim/apply', id: 1, event: { kind: 'set_flows', group: 0 } })).toBe(false);
    expect(isToWorker({ type: 'sim/apply', id: 1, event: { kind: 'set_capacity', mbps: 5 } })).toBe(false); // atS missing
    expect(isToWorker({ type: 'run/until', untilS: 'soon' })).toBe(false);
    expect(isToWorker({ type: 'run/limit', untilS: 1 })).toBe(false); // no such message: one worker, one lockstep
    expect(isFromWorker({ type: 'call/reply', id: 6, call: 'scenario/check', reply: { error: 3, scenario: '{}' } })).toBe(false);
    expect(isFromWorker({ type: 'call/reply', id: 6, call: 'run/explode', reply: 1 })).toBe(false);
    expect(isFromWorker({ type: 'call/reply', id: 6, call: 'toString', reply: 1 })).toBe(false);
  });

  it('checks worker-to-page batches carry a Float64Array', () => {
    const batch = { type: 'sim/batch', seq: 0, length: 2, data: new Float64Array(4), now: 0.02 };
    expect(isFromWorker(batch)).toBe(true);
    expect(isFromWorker({ ...batch, data: [0, 1, 2, 3] })).toBe(false);
    expect(isFromWorker({ ...batch, seq: '0' })).toBe(false);
  });

  it('checks ready messages down to the side info', () => {
    const info = { side: 1, sideName: 'RED', aqm: 'red', flows: 50, params: { max_p: 0.1 } };
    const aqms: unknown[] = JSON.parse(fakeDescribeAqms);
    const ready = { type: 'run/ready', scenario: '{}', columns: ['t', 'queue_pkts'], info, aqms, senders: null };
    expect(isFromWorker(ready)).toBe(true);
    expect(isFromWorker({ ...ready, columns: ['t', 3] })).toBe(false);
    expect(isFromWorker({ ...ready, info: { ...info, params: { max_p: 'high' } } })).toBe(false);
    expect(isFromWorker({ ...ready, aqms: null })).toBe(true); // a channel's later readies: the catalogue it sent first
    expect(isFromWorker({ ...ready, aqms: undefined })).toBe(false);
    expect(isFromWorker({ ...ready, aqms: [{ name: 'red', params: [] }] })).toBe(false);
  });

  it("knows the core's live event kinds", () => {
    expect(isTimelineEvent({ kind: 'set_rate', group: 1, rate: 0.5 })).toBe(true);
    expect(isTimelineEvent({ kind: 'set_delay', delay_ms: 3 })).toBe(true);
    expect(isTimelineEvent({ kind: 'group_off', group: 2 })).toBe(true);
    expect(isTimelineEvent({ kind: 'group_on' })).toBe(false);
    expect(isTimelineEvent({ kind: 'set_rate', group: 1 })).toBe(false);
    expect(isTimelineEvent({ kind: 'set_param', name: 'max_p', value: 0.2 })).toBe(true);
    expect(isTimelineEvent({ kind: 'set_param', side: 1, name: 'max_p', value: 0.2 })).toBe(true);
    expect(isTimelineEvent({ kind: 'set_param', side: 'RED', name: 'max_p', value: 0.2 })).toBe(false);
    expect(isTimelineEvent({ kind: 'set_capacity', mbps: 15 })).toBe(true);
    expect(isTimelineEvent({ kind: 'set_capacity', mbps: 15, hop: 2 })).toBe(true);
    expect(isTimelineEvent({ kind: 'set_delay', delay_ms: 3, hop: 2 })).toBe(true);
    expect(isTimelineEvent({ kind: 'set_delay', delay_ms: 3, hop: 'second' })).toBe(false);
    expect(isTimelineEvent({ kind: 'set_capacity', mbps: Number.NaN })).toBe(false);
    expect(isTimelineEvent({ kind: 'set_delay', ms: 3 })).toBe(false);
  });
});
