import { describe, expect, it } from 'vitest';
import { LiveRecord, gestureIdleMs } from '../../../web/src/lab/live-record';
import { changesOf, startValues, type GestureEvent, type SideStart } from '../../../web/src/scenario/changes';

const scenario = JSON.stringify({
  bottleneck: { capacity_mbps: 10, delay_ms: 20 },
  topology: { kind: 'parking_lot', hop2: { capacity_mbps: 5 } },
  groups: [{ kind: 'tcp', count: 50 }, { kind: 'udp_cbr', count: 2, rate_mbps: 1 }],
});
const sides: SideStart[] = [
  { name: 'Drop-tail', params: {} },
  { name: 'RED', params: { max_p: 0.1 } },
  { name: 'RED (copy)', params: { max_p: 0.25 } },
];

describe('changes on the time axis', () => {
  it('labels each change from the value before it, by hop, group and side', () => {
    const events: GestureEvent[] = [
      { atS: 1, event: { kind: 'set_capacity', mbps: 20 } },
      { atS: 2, event: { kind: 'set_capacity', mbps: 8, hop: 2 } },
      { atS: 3, event: { kind: 'set_delay', delay_ms: 30 } },
      { atS: 4, event: { kind: 'set_rate', group: 1, rate: 0.5 } },
      { atS: 5, event: { kind: 'set_param', name: 'max_p', value: 0.2 } },
      { atS: 6, event: { kind: 'set_param', side: 2, name: 'max_p', value: 0.3 } },
      { atS: 7, event: { kind: 'group_off', group: 1 } },
    ];
    expect(changesOf(events, startValues(scenario, sides), sides).map((c) => c.label)).toEqual([
      'capacity 10 -> 20 Mb/s',
      'hop 2 capacity 5 -> 8 Mb/s',
      'delay 20 -> 30 ms',
      'group 1 rate 1 -> 0.5',
      'every side max_p 0.1 -> 0.2',
      'RED (copy) max_p 0.2 -> 0.3',
      'group 1 off',
    ]);
  });

  it('makes the events of one gesture one change, in time order, and keeps other gestures apart', () => {
    const events: GestureEvent[] = [
      { atS: 2, event: { kind: 'set_flows', group: 0, count: 60 }, gesture: 1 },
      { atS: 2.5, event: { kind: 'set_flows', group: 0, count: 99 }, gesture: 1 },
      { atS: 3, event: { kind: 'set_flows', group: 0, count: 70 }, gesture: 2 },
      { atS: 4, event: { kind: 'set_flows', group: 0, count: 75 } },
      { atS: 5, event: { kind: 'set_flows', group: 0, count: 80 } },
    ];
    expect(changesOf(events, startValues(scenario, sides), sides)).toEqual([
      { t: 2, label: 'flows 50 -> 99', events: 2 },
      { t: 3, label: 'flows 99 -> 70', events: 1 },
      { t: 4, label: 'flows 70 -> 75', events: 1 },
      { t: 5, label: 'flows 75 -> 80', events: 1 },
    ]);
  });

  it('ends a gesture at a release, at another control, or after a pause', () => {
    let now = 0;
    const record = new LiveRecord(() => {}, () => now);
    const flows = (count: number) => ({ kind: 'set_flows' as const, group: 0, count });
    const a = record.gestureOf(flows(60));
    now += 100;
    expect(record.gestureOf(flows(70))).toBe(a);
    const b = record.gestureOf({ kind: 'set_capacity', mbps: 3 });
    expect(b).not.toBe(a);
    now += gestureIdleMs;
    const c = record.gestureOf({ kind: 'set_capacity', mbps: 4 });
    expect(c).not.toBe(b);
    expect(record.openGesture()).toBe(c);
    record.endGesture();
    expect(record.openGesture()).toBeNull();
    const d = record.gestureOf({ kind: 'set_capacity', mbps: 5 });
    expect(d).not.toBe(c);
    now += gestureIdleMs;
    expect(record.openGesture()).toBeNull(); // idle: over by itself
  });
});
