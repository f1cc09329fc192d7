import { isRecord, type Fields } from '../lib/json';
import { arrayField, groupKind, notAnObject, numberField, readScenario } from './scenario-json';
import { sackOf } from './scenario-settings';

// The senders as the scenario panel shows and edits them: each long-lived
// TCP group's congestion controller (`variant`) and its parameters
// (`variant_params`), and whether the run traces flows for the window chart
// (`window_chart`). A flow's sender is built with it, so each edit is a new
// scenario and every side restarts on it.

export interface SenderSetting {
  /** The group's index in the scenario. */
  group: number;
  /** null: the core's default, NewReno. */
  variant: string | null;
  /** The values the scenario gives; the others are the controller's defaults. */
  params: Readonly<Record<string, number>>;
  count: number | null;
  /** The group's `sack`; null: its sender's default. */
  sack: boolean | null;
}

function paramsOf(group: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  const given = isRecord(group) ? group.variant_params : undefined;
  if (!isRecord(given)) return out;
  for (const [name, value] of Object.entries(given)) if (typeof value === 'number') out[name] = value;
  return out;
}

/** Every long-lived TCP group (kind `tcp`), in the scenario's order. */
export function senderSettings(json: string): SenderSetting[] {
  const scenario = readScenario(json);
  if (!scenario) return [];
  return arrayField(scenario, 'groups').flatMap((g, group) =>
    groupKind(g) === 'tcp'
      ? [
          {
            group,
            variant: isRecord(g) && typeof g.variant === 'string' ? g.variant : null,
            params: paramsOf(g),
            count: numberField(g, 'count'),
            sack: sackOf(g),
          },
        ]
      : [],
  );
}

/** The scenario with group `group`'s fields changed by `edit`. */
function withGroup(json: string, group: number, edit: (fields: Fields) => Fields): string | { error: string } {
  const scenario = readScenario(json);
  if (!scenario) return { error: notAnObject };
  const groups = arrayField(scenario, 'groups');
  const target = groups[group];
  if (!isRecord(target)) return { error: `groups[${group}]: no such group` };
  return JSON.stringify({ ...scenario, groups: groups.map((g, i) => (i === group ? edit(target) : g)) });
}

/** As withGroup, the group's controller parameters dropped before `edit` (they belong to the controller it had). */
function withSender(json: string, group: number, edit: (fields: Fields) => Fields): string | { error: string } {
  return withGroup(json, group, ({ variant_params: _old, ...rest }) => edit(rest));
}

/**
 * Names group `group`'s congestion controller; its old controller's
 * parameters go with it (they belong to that controller only).
 */
export function withGroupVariant(json: string, group: number, variant: string): string | { error: string } {
  return withSender(json, group, (fields) => ({ ...fields, variant }));
}

/** Group `group` with these controller parameters (an empty set: all at the controller's defaults). */
export function withGroupParams(json: string, group: number, params: Readonly<Record<string, number>>): string | { error: string } {
  return withSender(json, group, (fields) => (Object.keys(params).length === 0 ? fields : { ...fields, variant_params: { ...params } }));
}

/** Group `group` with SACK on or off (its `sack`; its other fields, parameters included, kept). */
export function withGroupSack(json: string, group: number, on: boolean): string | { error: string } {
  return withGroup(json, group, (fields) => ({ ...fields, sack: on }));
}

/** Whether the scenario traces flows for the window chart. */
export function hasWindowChart(json: string): boolean {
  const scenario = readScenario(json);
  return scenario !== null && isRecord(scenario.window_chart);
}

/**
 * The window chart on (the core's default: the first flow of each TCP
 * group; flows the scenario already names stay) or off.
 */
export function withWindowChart(json: string, on: boolean): string | { error: string } {
  const scenario = readScenario(json);
  if (!scenario) return { error: notAnObject };
  const { window_chart: chart, ...rest } = scenario;
  if (!on) return JSON.stringify(rest);
  return JSON.stringify({ ...rest, window_chart: isRecord(chart) ? chart : {} });
}
