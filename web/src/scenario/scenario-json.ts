import { isRecord, parseJson, type Fields } from '../lib/json';

// Scenario files as plain JSON objects: the page edits them field by field and
// leaves every check to the core, so these helpers only read and copy.

export const notAnObject = 'scenario: not a JSON object';

/** The scenario as an object, or null when it is not one. */
export function readScenario(json: string): Fields | null {
  const value = parseJson(json);
  return isRecord(value) ? value : null;
}

export function arrayField(scenario: Fields, key: string): unknown[] {
  const value = scenario[key];
  return Array.isArray(value) ? value : [];
}

export function numberField(fields: unknown, key: string): number | null {
  if (!isRecord(fields)) return null;
  const value = fields[key];
  return typeof value === 'number' ? value : null;
}

/** A group's kind; the core's default kind is `tcp`. */
export function groupKind(group: unknown): string {
  return isRecord(group) && typeof group.kind === 'string' ? group.kind : 'tcp';
}

/**
 * The scenario with what the page edits made explicit from the core's defaults:
 * top-level fields, the bottleneck's fields, `groups` and `sides` when absent.
 * The core would fill in the same values, so the run does not change.
 */
export function completeScenario(scenario: Fields, defaults: Fields): Fields {
  const out: Fields = { ...scenario };
  for (const [key, value] of Object.entries(defaults)) {
    if (key === 'bottleneck' && isRecord(value)) {
      out.bottleneck = { ...value, ...(isRecord(scenario.bottleneck) ? scenario.bottleneck : {}) };
    } else if (out[key] === undefined) {
      out[key] = value;
    }
  }
  return out;
}
