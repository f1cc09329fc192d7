import { isRecord, parseJson, type Fields } from '../lib/json';

// The scenario as it stands at time T, for the stability verdict. The core
// linearises a side's loop at the scenario's starting values (N, C, R and the
// side's parameters; core-cpp/ANALYSIS.md), while the badge must follow the
// sliders: so the events that have acted by T are folded into those values
// and dropped, and the later ones kept. Only what the stability rules read
// is folded: `set_flows` (a group's count), hop 1's `set_capacity` and
// `set_delay`, and `set_param` for one side. Every other event (a
// parameter for every side, hop 2, rates, groups on and off) stays in the
// timeline, where the core's mapping reads it as before. The fluid
// trajectory is asked for with the whole timeline instead (theory-state.ts).

function foldable(event: Fields, scenario: Fields): boolean {
  const groups = Array.isArray(scenario.groups) ? scenario.groups : [];
  const sides = Array.isArray(scenario.sides) ? scenario.sides : [];
  const hop1 = event.hop === undefined || event.hop === 1;
  switch (event.kind) {
    case 'set_flows':
      return typeof event.group === 'number' && isRecord(groups[event.group]) && typeof event.count === 'number';
    case 'set_capacity':
      return hop1 && typeof event.mbps === 'number' && isRecord(scenario.bottleneck);
    case 'set_delay':
      return hop1 && typeof event.delay_ms === 'number' && isRecord(scenario.bottleneck);
    case 'set_param':
      return typeof event.side === 'number' && isRecord(sides[event.side]) && typeof event.name === 'string' && event.value !== undefined;
    default:
      return false;
  }
}

function fold(event: Fields, scenario: Fields): void {
  const groups = scenario.groups as Fields[];
  const sides = scenario.sides as Fields[];
  const bottleneck = scenario.bottleneck as Fields;
  if (event.kind === 'set_flows') (groups[event.group as number] as Fields).count = event.count;
  else if (event.kind === 'set_capacity') bottleneck.capacity_mbps = event.mbps;
  else if (event.kind === 'set_delay') bottleneck.delay_ms = event.delay_ms;
  else {
    const side = sides[event.side as number] as Fields;
    side.params = { ...(isRecord(side.params) ? side.params : {}), [event.name as string]: event.value };
  }
}

/** The scenario with every foldable event at or before `atS` folded into its values; the text unchanged when none is. */
export function scenarioAt(scenarioJson: string, atS: number): string {
  const scenario = parseJson(scenarioJson);
  if (!isRecord(scenario) || !Array.isArray(scenario.events)) return scenarioJson;
  const kept: unknown[] = [];
  let folded = 0;
  // Events act in file order at equal times, and the export lists them by time.
  for (const event of scenario.events) {
    if (isRecord(event) && typeof event.at_s === 'number' && event.at_s <= atS && foldable(event, scenario)) {
      fold(event, scenario);
      folded++;
    } else {
      kept.push(event);
    }
  }
  if (folded === 0) return scenarioJson;
  return JSON.stringify({ ...scenario, events: kept });
}
