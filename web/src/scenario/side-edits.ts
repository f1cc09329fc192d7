import type { AqmSpec } from '../aqm/aqm-table';
import { isRecord, type Fields } from '../lib/json';
import { arrayField, notAnObject, readScenario } from './scenario-json';
import { characterCount, firstCharacters, maxNameLength, maxSides } from '../lib/limits';

// The structural edits of the side list (add, remove, duplicate, rename, a
// discipline switch) as rewrites of the scenario's `sides`, keeping each
// side's own `set_param` events with it. Every side runs the same traffic and seed, so the rest of
// the scenario is left as it is.

export type Edited = string | { error: string };

export interface SideEntry {
  name: string;
  aqm: string;
  params: Record<string, number>;
}

function sideOf(event: unknown): number | null {
  return isRecord(event) && event.kind === 'set_param' && typeof event.side === 'number' ? event.side : null;
}

/** Rewrites sides and events together; `mapEvent` returns the events an old event becomes. */
function edit(
  json: string,
  sides: (old: unknown[]) => unknown[] | { error: string },
  mapEvent: (event: unknown) => unknown[] = (e) => [e],
): Edited {
  const scenario = readScenario(json);
  if (!scenario) return { error: notAnObject };
  const next = sides(arrayField(scenario, 'sides'));
  if (!Array.isArray(next)) return next;
  const out: Fields = { ...scenario, sides: next };
  if (Array.isArray(scenario.events)) out.events = scenario.events.flatMap(mapEvent);
  return JSON.stringify(out);
}

function checkIndex(sides: unknown[], index: number): { error: string } | null {
  return Number.isInteger(index) && index >= 0 && index < sides.length
    ? null
    : { error: `sides[${index}]: the scenario has no such side` };
}

export function withSideAdded(json: string, entry: SideEntry): Edited {
  return edit(json, (sides) =>
    sides.length >= maxSides ? { error: `sides: at most ${maxSides} sides` } : [...sides, entry],
  );
}

/** Later sides move down one place; the removed side's parameter events go with it. */
export function withSideRemoved(json: string, index: number): Edited {
  return edit(
    json,
    (sides) => checkIndex(sides, index) ?? (sides.length <= 1 ? { error: 'sides: the last side cannot be removed' } : sides.filter((_, i) => i !== index)),
    (event) => {
      const side = sideOf(event);
      if (side === null || side < index) return [event];
      if (side === index || !isRecord(event)) return [];
      return [{ ...event, side: side - 1 }];
    },
  );
}

/** The copy goes last (other sides keep their places and colours), with the original's parameter events. */
export function withSideDuplicated(json: string, index: number): Edited {
  let copyIndex = -1;
  return edit(
    json,
    (sides) => {
      const problem = checkIndex(sides, index) ?? (sides.length >= maxSides ? { error: `sides: at most ${maxSides} sides` } : null);
      if (problem) return problem;
      const original = sides[index];
      const name = isRecord(original) && typeof original.name === 'string' ? original.name : null;
      const copy = isRecord(original) ? { ...original, ...(name !== null ? { name: copyName(name) } : {}) } : original;
      copyIndex = sides.length;
      return [...sides, copy];
    },
    (event) => (sideOf(event) === index && isRecord(event) ? [event, { ...event, side: copyIndex }] : [event]),
  );
}

export function copyName(name: string): string {
  const suffix = ' (copy)';
  return firstCharacters(name, maxNameLength - suffix.length) + suffix;
}

/** An empty name removes the field: the core then names the side after its discipline. */
export function withSideRenamed(json: string, index: number, name: string): Edited {
  const trimmed = name.trim();
  if (characterCount(trimmed) > maxNameLength) return { error: `sides[${index}].name: at most ${maxNameLength} characters` };
  return edit(json, (sides) => {
    const problem = checkIndex(sides, index);
    if (problem) return problem;
    return sides.map((entry, i) => {
      if (i !== index || !isRecord(entry)) return entry;
      const { name: _old, ...rest } = entry;
      return trimmed ? { ...rest, name: trimmed } : rest;
    });
  });
}

/**
 * A discipline switch: the same scenario (traffic, seed, events) with one
 * side's entry replaced, so every side replays identical traffic after it.
 * The new discipline starts from its own defaults (resolved by the core); the
 * side's old parameter events go, since they would not fit the new discipline.
 */
export function withDiscipline(json: string, index: number, aqm: Pick<AqmSpec, 'name' | 'label'>): Edited {
  return edit(
    json,
    (sides) => checkIndex(sides, index) ?? sides.map((entry, i) => (i === index ? { name: aqm.label, aqm: aqm.name, params: {} } : entry)),
    (event) => (sideOf(event) === index ? [] : [event]),
  );
}

/** The number of sides a (completed) scenario has. */
export function sideCount(json: string): number {
  const scenario = readScenario(json);
  return scenario ? arrayField(scenario, 'sides').length : 0;
}
