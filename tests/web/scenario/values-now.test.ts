import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../../web/src/protocol/protocol';
import { readSettings } from '../../../web/src/scenario/scenario-settings';
import { scenarioEvents } from '../../../web/src/scenario/timeline';
import { firedEvents, liveSettingsNow, paramsNow } from '../../../web/src/scenario/values-now';

// A link replays its author's live changes as the scenario's timed events; the
// controls must show the run's value once one has acted, not the start value.

const scenario = JSON.stringify({
  bottleneck: { capacity_mbps: 10, delay_ms: 20 },
  groups: [{ kind: 'tcp', count: 200 }, { kind: 'onoff', count: 5, peak_mbps: 1 }],
  sides: [{ aqm: 'red', params: { max_p: 0.1 } }, { aqm: 'red' }],
  events: [
    { at_s: 10, kind: 'set_flows', group: 0, count: 120 },
    { at_s: 20, kind: 'set_capacity', mbps: 5 },
    { at_s: 20, kind: 'set_capacity', mbps: 7, hop: 2 },
    { at_s: 25, kind: 'group_off', group: 1 },
    { at_s: 30, kind: 'set_param', side: 1, name: 'max_p', value: 0.3 },
    { at_s: 40, kind: 'set_param', name: 'max_th', value: 90 },
  ],
});

describe('the run\'s values at the time shown', () => {
  const events: RecordedEvent[] = scenarioEvents(scenario);
  const start = readSettings(scenario)?.live;
  if (!start) throw new Error('settings');

  it('take each timed event once it has acted, and not before', () => {
    expect(liveSettingsNow(start, firedEvents(events, 9.99)).tcpFlows).toBe(200);
    const at10 = liveSettingsNow(start, firedEvents(events, 10));
    expect(at10.tcpFlows).toBe(120);
    expect(at10.capacityMbps).toBe(10);
    const at25 = liveSettingsNow(start, firedEvents(events, 25));
    expect(at25.capacityMbps).toBe(5); // hop 2's change is not the bottleneck control's
    expect(at25.onoffOn).toBe(false);
    expect(at25.onoffCount).toBe(5);
    expect(at25.delayMs).toBe(20);
  });

  it('give a side its own parameter changes and those for every side', () => {
    const params = { max_p: 0.1, max_th: 150 };
    expect(paramsNow(params, 1, firedEvents(events, 29))).toBe(params); // nothing acted: the same object
    expect(paramsNow(params, 1, firedEvents(events, 30))).toEqual({ max_p: 0.3, max_th: 150 });
    expect(paramsNow(params, 0, firedEvents(events, 30))).toEqual(params);
    expect(paramsNow(params, 0, firedEvents(events, 40))).toEqual({ max_p: 0.1, max_th: 90 });
    expect(paramsNow({ target_ms: 5 }, 0, firedEvents(events, 40))).toEqual({ target_ms: 5 }); // not its parameter
  });
});
