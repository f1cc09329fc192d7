import type { SideInfo } from '../protocol/protocol';
import { parseJson } from '../worker/core-json';

// Reads what the page shows about one side from the scenario the core accepted
// and from the core's parameter table (describeAqms), so slider start values
// follow the core rather than numbers repeated here.

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numericEntries(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!isRecord(value)) return out;
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'number') out[key] = v;
  }
  return out;
}

function paramDefaults(aqmTable: unknown, aqm: string): Record<string, number> {
  if (!Array.isArray(aqmTable)) return {};
  const entry: unknown = aqmTable.find((a: unknown) => isRecord(a) && a.name === aqm);
  if (!isRecord(entry) || !Array.isArray(entry.params)) return {};
  const out: Record<string, number> = {};
  for (const p of entry.params) {
    if (isRecord(p) && typeof p.name === 'string' && typeof p.default === 'number') out[p.name] = p.default;
  }
  return out;
}

export function readSideInfo(scenarioJson: string, side: number, describeAqmsJson: string): SideInfo | string {
  const scenario = parseJson(scenarioJson);
  if (!isRecord(scenario)) return 'scenario: not a JSON object';
  const sides = scenario.sides;
  const entry: unknown = Array.isArray(sides) ? sides[side] : undefined;
  if (!isRecord(entry) || typeof entry.aqm !== 'string') return `sides[${side}]: missing or has no aqm`;
  const groups = scenario.groups;
  const first: unknown = Array.isArray(groups) ? groups[0] : undefined;
  const flows = isRecord(first) && typeof first.count === 'number' ? first.count : null;
  return {
    side,
    sideName: typeof entry.name === 'string' ? entry.name : entry.aqm,
    aqm: entry.aqm,
    flows,
    params: { ...paramDefaults(parseJson(describeAqmsJson), entry.aqm), ...numericEntries(entry.params) },
  };
}
