import { describe, expect, it } from 'vitest';
import { isTimelineEvent } from '../../../web/src/protocol/protocol';

describe('the timeline event guard', () => {
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
