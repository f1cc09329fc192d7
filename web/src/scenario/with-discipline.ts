import type { AqmSpec } from '../aqm/aqm-table';
import { isRecord, notAnObject, readScenario, type Fields } from './scenario-json';

// A discipline switch is the same scenario (traffic, seed, events) with one
// side's entry replaced, so every side replays identical traffic after it.

/** Live-parameter events of the old discipline on this side would not fit the new one. */
function keepsEvent(event: unknown, side: number): boolean {
  return !(isRecord(event) && event.kind === 'set_param' && event.side === side);
}

export function withDiscipline(scenarioJson: string, side: number, aqm: AqmSpec): string | { error: string } {
  const scenario = readScenario(scenarioJson);
  if (!scenario) return { error: notAnObject };
  const sides = scenario.sides;
  if (!Array.isArray(sides) || side < 0 || side >= sides.length) {
    return { error: `sides[${side}]: the scenario has no such side` };
  }
  const next: Fields = {
    ...scenario,
    // The new discipline starts from its own defaults (resolved by the core).
    sides: sides.map((entry: unknown, i) => (i === side ? { name: aqm.label, aqm: aqm.name, params: {} } : entry)),
  };
  if (Array.isArray(scenario.events)) next.events = scenario.events.filter((e: unknown) => keepsEvent(e, side));
  return JSON.stringify(next);
}
