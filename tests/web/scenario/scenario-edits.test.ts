import { describe, expect, it } from 'vitest';
import { readSettings, withGroupAdded, withRestartSettings } from '../../../web/src/scenario/scenario-settings';
import { copyName, withSideDuplicated, withSideRemoved, withSideRenamed } from '../../../web/src/scenario/side-edits';
import { withLiveEvents } from '../../../web/src/scenario/timeline';

// The scenario rewrites behind the side and scenario controls: each side's
// parameter events follow it, and the panel's settings land in the right fields.

const red = (name: string, max_p: number) => ({ name, aqm: 'red', params: { max_p } });
const base = {
  seed: 1,
  bottleneck: { capacity_mbps: 10, buffer_pkts: 200, ecn: false },
  groups: [
    { kind: 'tcp', count: 50, rtt_ms: { min: 40, max: 200 } },
    { kind: 'onoff', count: 5, law: 'pareto', shape: 1.5, start_s: 20 },
  ],
  sides: [red('A', 0.1), red('B', 0.2), red('C', 0.3)],
  events: [
    { at_s: 5, kind: 'set_param', side: 0, name: 'max_p', value: 0.15 },
    { at_s: 6, kind: 'set_param', side: 1, name: 'max_p', value: 0.25 },
    { at_s: 7, kind: 'set_param', side: 2, name: 'max_p', value: 0.35 },
    { at_s: 8, kind: 'set_flows', group: 0, count: 80 },
  ],
};
const json = JSON.stringify(base);
const parse = (edited: string | { error: string }) => {
  if (typeof edited !== 'string') throw new Error(edited.error);
  return JSON.parse(edited);
};

describe('side edits', () => {
  it('removing a side drops its parameter events and renumbers the later ones', () => {
    const out = parse(withSideRemoved(json, 1));
    expect(out.sides).toEqual([red('A', 0.1), red('C', 0.3)]);
    expect(out.events).toEqual([base.events[0], { ...base.events[2], side: 1 }, base.events[3]]);
    expect(withSideRemoved(JSON.stringify({ sides: [red('A', 0.1)] }), 0)).toEqual({ error: 'sides: the last side cannot be removed' });
    expect(withSideRemoved(json, 3)).toEqual({ error: 'sides[3]: the scenario has no such side' });
  });

  it('a duplicate goes last with its own copy of the original parameter events', () => {
    const out = parse(withSideDuplicated(json, 1));
    expect(out.sides).toEqual([...base.sides, red('B (copy)', 0.2)]);
    expect(out.events).toEqual([base.events[0], base.events[1], { ...base.events[1], side: 3 }, base.events[2], base.events[3]]);
    expect(copyName('x'.repeat(40))).toHaveLength(40);
  });

  it('renaming trims, keeps within 40 characters, and an empty name leaves the default', () => {
    expect(parse(withSideRenamed(json, 0, ' Fast ')).sides[0]).toEqual(red('Fast', 0.1));
    expect(parse(withSideRenamed(json, 0, '   ')).sides[0]).toEqual({ aqm: 'red', params: { max_p: 0.1 } });
    expect(withSideRenamed(json, 0, 'y'.repeat(41))).toEqual({ error: 'sides[0].name: at most 40 characters' });
  });

  it('counts characters (code points) as the core does, not UTF-16 units', () => {
    // '𝄞' is one character in two UTF-16 units (four UTF-8 bytes).
    const clefs = '𝄞'.repeat(40);
    expect(parse(withSideRenamed(json, 0, clefs)).sides[0]).toEqual(red(clefs, 0.1));
    expect(withSideRenamed(json, 0, clefs + 'é')).toEqual({ error: 'sides[0].name: at most 40 characters' });
    // A copy's name stays within 40 characters and never splits a character in two.
    const copy = copyName(clefs);
    expect([...copy]).toHaveLength(40);
    expect(copy).toBe('𝄞'.repeat(33) + ' (copy)');
  });
});

describe('scenario settings', () => {
  it('reads live and restart values, null where the file leaves the core its default', () => {
    const s = readSettings(json);
    expect(s?.live).toMatchObject({ capacityMbps: 10, delayMs: null, tcpGroup: 0, tcpFlows: 50, shortGroup: null, onoffGroup: 1, onoffCount: 5, onoffOn: false });
    expect(s?.restart).toMatchObject({ builtCapacityMbps: 10, bufferPkts: 200, rttMinMs: 40, rttMaxMs: 200, onoffLaw: 'pareto', onoffShape: 1.5, ecn: false, seed: 1, durationS: null });
  });

  it('writes RTT to every group, ECN to the bottleneck and TCP groups, drops the shape for exponential periods', () => {
    const restart = readSettings(json)?.restart;
    if (!restart) throw new Error('unreadable');
    const out = parse(withRestartSettings(json, { ...restart, rttMinMs: 30, ecn: true, onoffLaw: 'exponential', seed: 7, durationS: 60 }));
    expect(out.groups[0]).toEqual({ kind: 'tcp', count: 50, rtt_ms: { min: 30, max: 200 }, ecn: true });
    expect(out.groups[1]).toEqual({ kind: 'onoff', count: 5, law: 'exponential', start_s: 20, rtt_ms: { min: 30, max: 200 } });
    expect(out.bottleneck).toEqual({ capacity_mbps: 10, buffer_pkts: 200, ecn: true });
    expect([out.seed, out.duration_s]).toEqual([7, 60]);
    expect(out.events).toEqual(base.events);
  });

  it('keeps the per-member RTT list of a group when the range changes', () => {
    const listed = JSON.stringify({ ...base, groups: [base.groups[0], { kind: 'tcp', count: 3, rtt_ms: [40, 80, 120] }] });
    const restart = readSettings(listed)?.restart;
    if (!restart) throw new Error('unreadable');
    const out = parse(withRestartSettings(listed, { ...restart, rttMinMs: 30 }));
    expect(out.groups[0].rtt_ms).toEqual({ min: 30, max: 200 });
    expect(out.groups[1].rtt_ms).toEqual([40, 80, 120]);
  });

  it('builds the run at another capacity, which the live control then reads as its starting value', () => {
    const restart = readSettings(json)?.restart;
    if (!restart) throw new Error('unreadable');
    const out = withRestartSettings(json, { ...restart, builtCapacityMbps: 1000 });
    expect(parse(out).bottleneck).toEqual({ capacity_mbps: 1000, buffer_pkts: 200, ecn: false });
    expect(readSettings(typeof out === 'string' ? out : '')?.live.capacityMbps).toBe(1000);
  });

  it('appends a missing group last, so events keep naming the same groups', () => {
    const out = parse(withGroupAdded(json, 'short_tcp'));
    expect(out.groups).toEqual([...base.groups, { kind: 'short_tcp' }]);
    expect(readSettings(JSON.stringify(out))?.live).toMatchObject({ shortGroup: 2, shortOn: true, shortRate: null });
  });
});

describe('live events in an export', () => {
  it('merges by time, the scenario first at equal times, live set_param with its side', () => {
    const out = JSON.parse(
      withLiveEvents(json, [
        { atS: 6, event: { kind: 'set_capacity', mbps: 5 } },
        { atS: 9.5, event: { kind: 'set_param', side: 2, name: 'max_p', value: 0.5 } },
      ]) ?? '',
    );
    expect(out.events.map((e: { at_s: number }) => e.at_s)).toEqual([5, 6, 6, 7, 8, 9.5]);
    expect(out.events[2]).toEqual({ at_s: 6, kind: 'set_capacity', mbps: 5 });
    expect(out.events[5]).toEqual({ at_s: 9.5, kind: 'set_param', side: 2, name: 'max_p', value: 0.5 });
  });
});
