import { isRecord, parseJson } from '../lib/json';

// A side's parameters as they stand now: its effective values at run start
// (the core's, defaults included) with the scenario's own values and every
// set_param event for that side so far laid over them, last one winning.
// Read from the scenario the theory was computed for, so the law's numbers
// and the stability verdict beside it always describe the same settings.

export function liveParams(scenario: string | null, side: number, atStart: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = { ...atStart };
  const value = scenario === null ? undefined : parseJson(scenario);
  if (!isRecord(value)) return out;
  const entry = Array.isArray(value.sides) ? value.sides[side] : undefined;
  if (isRecord(entry) && isRecord(entry.params)) {
    for (const [k, v] of Object.entries(entry.params)) if (typeof v === 'number') out[k] = v;
    else if (typeof v === 'boolean') out[k] = v ? 1 : 0;
  }
  const events = Array.isArray(value.events) ? value.events : [];
  const mine = events.filter((e) => isRecord(e) && e.kind === 'set_param' && e.side === side && typeof e.name === 'string');
  // Events act in time order; the export lists them stable by time.
  for (const e of mine) {
    if (!isRecord(e) || typeof e.name !== 'string') continue;
    if (typeof e.value === 'number') out[e.name] = e.value;
    else if (typeof e.value === 'boolean') out[e.name] = e.value ? 1 : 0;
  }
  return out;
}
