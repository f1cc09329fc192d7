import { isTimelineEvent, type RecordedEvent } from '../protocol/protocol';
import { isRecord } from '../lib/json';
import { arrayField, readScenario } from './scenario-json';

// A run's timeline as the page shows and exports it: the scenario's own events
// and the live changes the cores accepted, each with the simulated time it acted.

/** A point on the time axis where something changed, for the charts. */
export interface EventMark {
  t: number;
  label: string;
}

/** The scenario's own events that the page understands, with their times. */
export function scenarioEvents(scenarioJson: string): RecordedEvent[] {
  const scenario = readScenario(scenarioJson);
  if (!scenario) return [];
  const out: RecordedEvent[] = [];
  for (const entry of arrayField(scenario, 'events')) {
    if (!isRecord(entry) || typeof entry.at_s !== 'number') continue;
    const { at_s: atS, ...event } = entry;
    if (isTimelineEvent(event)) out.push({ atS, event });
  }
  return out;
}

/**
 * The scenario with live changes appended to its events as `at_s` entries.
 * The sort is stable and the scenario's events come first, so at equal times
 * they keep acting before the live ones, as they did in the live run (a live
 * change at T acts after everything due at T). Returns null for a scenario that is not an object.
 */
export function withLiveEvents(scenarioJson: string, live: readonly RecordedEvent[]): string | null {
  const scenario = readScenario(scenarioJson);
  if (!scenario) return null;
  const timed = (at: unknown): number => (typeof at === 'number' ? at : 0);
  const events = [
    ...arrayField(scenario, 'events'),
    ...live.map((e) => ({ at_s: e.atS, ...e.event })),
  ].map((event, order) => ({ event, order, at: isRecord(event) ? timed(event.at_s) : 0 }));
  events.sort((a, b) => a.at - b.at || a.order - b.order);
  return JSON.stringify({ ...scenario, events: events.map((e) => e.event) }, null, 2);
}
