import { effectiveParams, findAqm, type AqmSpec } from '../aqm/aqm-table';
import { isRecord, type Fields } from '../lib/json';
import { numberField } from '../scenario/scenario-json';

// What the form offers as an axis: every numeric field of the (completed)
// base scenario, and every parameter of every side's discipline from the
// core's catalogue (describeAqms). A field several groups share is also
// offered for all of them at once (`groups[*].count`: LRED's N is spread over
// five RTT groups), and a parameter every side's discipline has for every
// side (`sides[*].params.q0`). The path box accepts any other path too; the
// core says when one names no field.

export interface AxisChoice {
  path: string;
  label: string;
  group: 'Scenario' | 'Disciplines';
  /** The value the base scenario has there (the first, for a [*] path). */
  current: number | null;
  /** The field's range when the core's table gives one (discipline parameters). */
  range: [number, number] | null;
}

// The seed has its own field; `version` is the file format's.
const skipped = new Set(['version', 'seed', 'sides']);

function numericLeaves(value: unknown, path: string, out: Map<string, number>): void {
  if (typeof value === 'number' && Number.isFinite(value)) out.set(path, value);
  else if (Array.isArray(value)) value.forEach((v, i) => numericLeaves(v, `${path}[${i}]`, out));
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) numericLeaves(v, path === '' ? k : `${path}.${k}`, out);
}

/** `groups[3].rtt_ms.min` -> `groups[*].rtt_ms.min` (the first index only). */
const starred = (path: string): string => path.replace(/^([a-z_]+)\[\d+\]/, '$1[*]');

function scenarioChoices(scenario: Fields): AxisChoice[] {
  const leaves = new Map<string, number>();
  for (const [k, v] of Object.entries(scenario)) if (!skipped.has(k)) numericLeaves(v, k, leaves);
  const shared = new Map<string, number>();
  for (const path of leaves.keys()) if (starred(path) !== path) shared.set(starred(path), (shared.get(starred(path)) ?? 0) + 1);
  const choices: AxisChoice[] = [];
  for (const [path, count] of shared) {
    if (count < 2) continue;
    const first = leaves.get(path.replace('[*]', '[0]')) ?? null;
    choices.push({ path, label: `${path} (all ${count})`, group: 'Scenario', current: first, range: null });
  }
  for (const [path, value] of leaves) choices.push({ path, label: path, group: 'Scenario', current: value, range: null });
  return choices.sort((a, b) => a.path.localeCompare(b.path));
}

function sideEntries(scenario: Fields, aqms: readonly AqmSpec[]): { name: string; spec: AqmSpec; params: Record<string, number> }[] {
  const sides = Array.isArray(scenario.sides) ? scenario.sides : [];
  const buffer = numberField(scenario.bottleneck, 'buffer_pkts');
  return sides.flatMap((side, i) => {
    if (!isRecord(side) || typeof side.aqm !== 'string') return [];
    const spec = findAqm(aqms, side.aqm);
    if (!spec) return [];
    const overrides: Record<string, number> = {};
    if (isRecord(side.params)) for (const [k, v] of Object.entries(side.params)) if (typeof v === 'number') overrides[k] = v;
    const name = typeof side.name === 'string' && side.name !== '' ? side.name : `side ${i + 1}`;
    return [{ name, spec, params: effectiveParams(spec, buffer, overrides) }];
  });
}

function disciplineChoices(scenario: Fields, aqms: readonly AqmSpec[]): AxisChoice[] {
  const sides = sideEntries(scenario, aqms);
  const choices: AxisChoice[] = [];
  const first = sides[0];
  if (sides.length > 1 && first) {
    for (const p of first.spec.params) {
      if (p.kind === 'toggle' || !sides.every((s) => s.spec.params.some((q) => q.name === p.name))) continue;
      choices.push({ path: `sides[*].params.${p.name}`, label: `every side: ${p.label}${p.unit ? ` (${p.unit})` : ''}`, group: 'Disciplines', current: first.params[p.name] ?? null, range: [p.min, p.max] });
    }
  }
  sides.forEach((s, i) => {
    for (const p of s.spec.params) {
      if (p.kind === 'toggle') continue;
      choices.push({ path: `sides[${i}].params.${p.name}`, label: `${s.name}: ${p.label}${p.unit ? ` (${p.unit})` : ''}`, group: 'Disciplines', current: s.params[p.name] ?? null, range: [p.min, p.max] });
    }
  });
  return choices;
}

/** Every axis the form offers for this scenario, scenario fields first. */
export function axisChoices(scenario: Fields, aqms: readonly AqmSpec[]): AxisChoice[] {
  return [...scenarioChoices(scenario), ...disciplineChoices(scenario, aqms)];
}
