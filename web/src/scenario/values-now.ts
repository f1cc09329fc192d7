import type { RecordedEvent, TimelineEvent } from '../protocol/protocol';
import type { LiveSettings } from './scenario-settings';

// What the run's values are at the time shown, once the scenario's own timed
// events (a link replays its author's live changes as such events) have
// acted: the controls show these, not the values the run started from.

/** The events that have acted by `atS`, in the order they acted. */
export function firedEvents(events: readonly RecordedEvent[], atS: number): TimelineEvent[] {
  return events.filter((e) => e.atS <= atS).map((e) => e.event);
}

/** The live controls' values after `fired` (hop 1 only: the controls drive the bottleneck). */
export function liveSettingsNow(start: LiveSettings, fired: readonly TimelineEvent[]): LiveSettings {
  const now = { ...start };
  for (const e of fired) {
    switch (e.kind) {
      case 'set_capacity':
        if ((e.hop ?? 1) === 1) now.capacityMbps = e.mbps;
        break;
      case 'set_delay':
        if ((e.hop ?? 1) === 1) now.delayMs = e.delay_ms;
        break;
      case 'set_flows':
        if (e.group === now.tcpGroup) now.tcpFlows = e.count;
        if (e.group === now.onoffGroup) now.onoffCount = e.count;
        break;
      case 'set_rate':
        if (e.group === now.shortGroup) now.shortRate = e.rate;
        if (e.group === now.onoffGroup) now.onoffPeakMbps = e.rate;
        break;
      case 'group_on':
      case 'group_off':
        if (e.group === now.shortGroup) now.shortOn = e.kind === 'group_on';
        if (e.group === now.onoffGroup) now.onoffOn = e.kind === 'group_on';
        break;
      case 'set_param':
        break;
    }
  }
  return now;
}

/**
 * One side's parameters after `fired`: its own `set_param` events, and those
 * without a side (every side whose discipline has the parameter).
 */
export function paramsNow(start: Readonly<Record<string, number>>, side: number, fired: readonly TimelineEvent[]): Readonly<Record<string, number>> {
  let now: Record<string, number> | null = null;
  for (const e of fired) {
    if (e.kind !== 'set_param' || (e.side !== undefined && e.side !== side) || !(e.name in start)) continue;
    now ??= { ...start };
    now[e.name] = e.value;
  }
  return now ?? start;
}
