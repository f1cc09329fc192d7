import type { RecordedEvent, TimelineEvent } from '../protocol/protocol';
import { isRecord } from '../lib/json';
import { arrayField, groupKind, numberField, readScenario } from './scenario-json';

// The run's changes as people read them: "flows 50 -> 99", "RED max_p 0.1 -> 0.2".
// A slider drag sends a value every 100 ms, each one a timeline event (the
// export keeps them all, so it replays exactly); the events of one gesture are
// one change here, from the value before the gesture to its last value.

/** A timeline event with the gesture it belongs to (events without one are a change each). */
export interface GestureEvent extends RecordedEvent {
  gesture?: number;
}

/** One change on the time axis: when it began, what it did, how many events it took. */
export interface Change {
  t: number;
  label: string;
  events: number;
}

/** What each side is called and its effective parameters at the run's start. */
export interface SideStart {
  name: string;
  params: Readonly<Record<string, number>>;
}

/** The field `set_rate` changes, by group kind (SCENARIO.md); other kinds show no "from". */
const rateField: Record<string, string> = {
  udp_cbr: 'rate_mbps',
  onoff: 'peak_mbps',
  poisson: 'rate_pps',
  short_tcp: 'arrival_rate',
  http: 'mean_think_s',
};

/** What an event sets: changes of one target follow on from each other. */
export function targetOf(event: TimelineEvent): string {
  switch (event.kind) {
    case 'set_flows':
    case 'set_rate':
      return `${event.kind}:${event.group}`;
    case 'set_param':
      return `set_param:${event.side ?? 'all'}:${event.name}`;
    case 'set_capacity':
    case 'set_delay':
      return `${event.kind}:${event.hop ?? 1}`;
    case 'group_on':
    case 'group_off':
      return `group:${event.group}`;
  }
}

/** The value an event sets, or null for on/off. */
function valueOf(event: TimelineEvent): number | null {
  switch (event.kind) {
    case 'set_flows':
      return event.count;
    case 'set_rate':
      return event.rate;
    case 'set_param':
      return event.value;
    case 'set_capacity':
      return event.mbps;
    case 'set_delay':
      return event.delay_ms;
    default:
      return null;
  }
}

/** Every target's value at the run's start, as the scenario (and the sides' effective parameters) give it. */
export function startValues(scenarioJson: string, sides: readonly SideStart[]): Map<string, number> {
  const out = new Map<string, number>();
  const set = (key: string, value: number | null) => value !== null && out.set(key, value);
  const scenario = readScenario(scenarioJson);
  if (!scenario) return out;
  set('set_capacity:1', numberField(scenario.bottleneck, 'capacity_mbps'));
  set('set_delay:1', numberField(scenario.bottleneck, 'delay_ms'));
  const hop2 = isRecord(scenario.topology) ? scenario.topology.hop2 : undefined;
  set('set_capacity:2', numberField(hop2, 'capacity_mbps') ?? numberField(scenario.bottleneck, 'capacity_mbps'));
  set('set_delay:2', numberField(hop2, 'delay_ms') ?? numberField(scenario.bottleneck, 'delay_ms'));
  arrayField(scenario, 'groups').forEach((group, g) => {
    set(`set_flows:${g}`, numberField(group, 'count'));
    const field = rateField[groupKind(group)];
    if (field) set(`set_rate:${g}`, numberField(group, field));
  });
  sides.forEach((side, i) => {
    for (const [name, value] of Object.entries(side.params)) set(`set_param:${i}:${name}`, value);
  });
  return out;
}

const fmt = (value: number): string => String(Number(value.toPrecision(6)));

function describe(event: TimelineEvent, from: number | undefined, sides: readonly SideStart[]): string {
  const value = valueOf(event);
  const change = value === null ? '' : from === undefined || from === value ? fmt(value) : `${fmt(from)} -> ${fmt(value)}`;
  switch (event.kind) {
    case 'set_flows':
      return `${event.group === 0 ? 'flows' : `group ${event.group} flows`} ${change}`;
    case 'set_rate':
      return `group ${event.group} rate ${change}`;
    case 'set_param':
      return `${event.side === undefined ? 'every side' : (sides[event.side]?.name ?? `side ${event.side + 1}`)} ${event.name} ${change}`;
    case 'set_capacity':
      return `${event.hop === 2 ? 'hop 2 ' : ''}capacity ${change} Mb/s`;
    case 'set_delay':
      return `${event.hop === 2 ? 'hop 2 ' : ''}delay ${change} ms`;
    case 'group_on':
      return `group ${event.group} on`;
    case 'group_off':
      return `group ${event.group} off`;
  }
}

/**
 * The changes of a run, in time order. Consecutive events of one gesture make
 * one change, labelled from the value before its first event to its last
 * event's value; a `set_param` for every side starts from the first side's value.
 */
export function changesOf(events: readonly GestureEvent[], start: ReadonlyMap<string, number>, sides: readonly SideStart[]): Change[] {
  const current = new Map(start);
  const sorted = events.map((e, order) => ({ e, order })).sort((a, b) => a.e.atS - b.e.atS || a.order - b.order);
  const out: Change[] = [];
  let open: { gesture: number; target: string; from: number | undefined; change: Change } | null = null;
  for (const { e } of sorted) {
    const target = targetOf(e.event);
    const known = e.event.kind === 'set_param' && e.event.side === undefined ? firstSideValue(current, e.event.name, sides) : current.get(target);
    if (open && e.gesture !== undefined && open.gesture === e.gesture && open.target === target) {
      open.change.label = describe(e.event, open.from, sides);
      open.change.events++;
    } else {
      const change = { t: e.atS, label: describe(e.event, known, sides), events: 1 };
      out.push(change);
      open = e.gesture === undefined ? null : { gesture: e.gesture, target, from: known, change };
    }
    const value = valueOf(e.event);
    const event = e.event;
    if (value === null) continue;
    if (event.kind === 'set_param' && event.side === undefined) sides.forEach((_, i) => current.set(`set_param:${i}:${event.name}`, value));
    else current.set(target, value);
  }
  return out;
}

function firstSideValue(current: ReadonlyMap<string, number>, name: string, sides: readonly SideStart[]): number | undefined {
  for (let i = 0; i < sides.length; i++) {
    const value = current.get(`set_param:${i}:${name}`);
    if (value !== undefined) return value;
  }
  return undefined;
}
