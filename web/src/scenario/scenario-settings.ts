import { isRecord, type Fields } from '../lib/json';
import { arrayField, groupKind, notAnObject, numberField, readScenario } from './scenario-json';

// What the scenario panel shows and edits, read from and written back into
// the scenario JSON. Values the file leaves out read as null: the core's
// default applies, and the panel says so instead of guessing it.

export type OnOffLaw = 'exponential' | 'pareto';

/** Values with a timeline event: changed live, at the current time, on every side. */
export interface LiveSettings {
  capacityMbps: number | null;
  delayMs: number | null;
  /** Index of the first group of each kind the panel drives, null when there is none. */
  tcpGroup: number | null;
  tcpFlows: number | null;
  /** The TCP groups' congestion controllers (`variant`; null: the core's default, NewReno). */
  tcpVariant: string | null;
  shortGroup: number | null;
  shortVariant: string | null;
  /** The short-flow group's `sack`; null: its sender's default. */
  shortSack: boolean | null;
  shortRate: number | null;
  shortOn: boolean;
  onoffGroup: number | null;
  onoffCount: number | null;
  onoffPeakMbps: number | null;
  onoffOn: boolean;
}

/** Values without one: changing them rewrites the scenario and restarts every side. */
export interface RestartSettings {
  /**
   * The capacity the run is built with (bottleneck.capacity_mbps). The live
   * control changes it from the current time on; a run built at a capacity
   * starts there, with its queue and the discipline's capacity-derived
   * defaults (PIE, AVQ...) made for it.
   */
  builtCapacityMbps: number | null;
  bufferPkts: number | null;
  packetBytes: number | null;
  rttMinMs: number | null;
  rttMaxMs: number | null;
  onoffMeanOnS: number | null;
  onoffMeanOffS: number | null;
  onoffLaw: OnOffLaw | null;
  onoffShape: number | null;
  ecn: boolean;
  durationS: number | null;
  seed: number | null;
}

export interface ScenarioSettings {
  live: LiveSettings;
  restart: RestartSettings;
}

/** Kinds the panel can add to a scenario that has none. */
export type AddableKind = 'short_tcp' | 'onoff';

function firstOfKind(groups: unknown[], kind: string): number | null {
  const i = groups.findIndex((g) => groupKind(g) === kind);
  return i < 0 ? null : i;
}

function variantOf(group: unknown): string | null {
  return isRecord(group) && typeof group.variant === 'string' ? group.variant : null;
}

/** A TCP group's `sack`, or null when it follows its sender's default. */
export function sackOf(group: unknown): boolean | null {
  return isRecord(group) && typeof group.sack === 'boolean' ? group.sack : null;
}

/** A group is on at the start when it has no later `start_s`. */
function startsOn(group: unknown): boolean {
  const start = numberField(group, 'start_s');
  return start === null || start === 0;
}

export function readSettings(json: string): ScenarioSettings | null {
  const scenario = readScenario(json);
  if (!scenario) return null;
  const bottleneck = scenario.bottleneck;
  const groups = arrayField(scenario, 'groups');
  const at = (i: number | null): unknown => (i === null ? undefined : groups[i]);
  const tcpGroup = firstOfKind(groups, 'tcp');
  const shortGroup = firstOfKind(groups, 'short_tcp');
  const onoffGroup = firstOfKind(groups, 'onoff');
  const onoff = at(onoffGroup);
  const rtt = isRecord(groups[0]) ? groups[0].rtt_ms : undefined;
  const law = isRecord(onoff) ? onoff.law : undefined;
  return {
    live: {
      capacityMbps: numberField(bottleneck, 'capacity_mbps'),
      delayMs: numberField(bottleneck, 'delay_ms'),
      tcpGroup,
      tcpFlows: numberField(at(tcpGroup), 'count'),
      tcpVariant: variantOf(at(tcpGroup)),
      shortGroup,
      shortVariant: variantOf(at(shortGroup)),
      shortSack: sackOf(at(shortGroup)),
      shortRate: numberField(at(shortGroup), 'arrival_rate'),
      shortOn: shortGroup !== null && startsOn(at(shortGroup)),
      onoffGroup,
      onoffCount: numberField(onoff, 'count'),
      onoffPeakMbps: numberField(onoff, 'peak_mbps'),
      onoffOn: onoffGroup !== null && startsOn(onoff),
    },
    restart: {
      builtCapacityMbps: numberField(bottleneck, 'capacity_mbps'),
      bufferPkts: numberField(bottleneck, 'buffer_pkts'),
      packetBytes: numberField(bottleneck, 'packet_bytes'),
      rttMinMs: numberField(rtt, 'min'),
      rttMaxMs: numberField(rtt, 'max'),
      onoffMeanOnS: numberField(onoff, 'mean_on_s'),
      onoffMeanOffS: numberField(onoff, 'mean_off_s'),
      onoffLaw: law === 'pareto' || law === 'exponential' ? law : null,
      onoffShape: numberField(onoff, 'shape'),
      ecn: isRecord(bottleneck) && bottleneck.ecn === true,
      durationS: numberField(scenario, 'duration_s'),
      seed: numberField(scenario, 'seed'),
    },
  };
}

/** Sets `key` when `value` is not null (null: leave the file's value, or the core's default). */
function put(target: Fields, key: string, value: number | null): void {
  if (value !== null) target[key] = value;
}

const tcpKinds = new Set(['tcp', 'short_tcp']);

/**
 * Writes the restart settings into the scenario. The RTT range goes to every
 * group with a range (per-member RTTs, rtt_ms as an array, stay); ECN to the
 * bottleneck and every TCP group (a flow must be ECN-capable for a mark to
 * reach it); the on/off fields to the first on/off group.
 */
export function withRestartSettings(json: string, settings: RestartSettings): string | { error: string } {
  const scenario = readScenario(json);
  if (!scenario) return { error: notAnObject };
  const bottleneck: Fields = { ...(isRecord(scenario.bottleneck) ? scenario.bottleneck : {}), ecn: settings.ecn };
  put(bottleneck, 'capacity_mbps', settings.builtCapacityMbps);
  put(bottleneck, 'buffer_pkts', settings.bufferPkts);
  put(bottleneck, 'packet_bytes', settings.packetBytes);
  const groups = arrayField(scenario, 'groups');
  const onoffGroup = firstOfKind(groups, 'onoff');
  const nextGroups = groups.map((group, i) => {
    if (!isRecord(group)) return group;
    const out: Fields = { ...group };
    // A group with per-member RTTs (rtt_ms as an array) keeps its list: the
    // panel edits ranges only.
    if ((settings.rttMinMs !== null || settings.rttMaxMs !== null) && !Array.isArray(group.rtt_ms)) {
      const rtt: Fields = { ...(isRecord(group.rtt_ms) ? group.rtt_ms : {}) };
      put(rtt, 'min', settings.rttMinMs);
      put(rtt, 'max', settings.rttMaxMs);
      out.rtt_ms = rtt;
    }
    if (tcpKinds.has(groupKind(group))) out.ecn = settings.ecn;
    if (i === onoffGroup) {
      put(out, 'mean_on_s', settings.onoffMeanOnS);
      put(out, 'mean_off_s', settings.onoffMeanOffS);
      if (settings.onoffLaw !== null) out.law = settings.onoffLaw;
      // The shape belongs to the Pareto law only; the core refuses it otherwise.
      if (out.law === 'pareto') put(out, 'shape', settings.onoffShape);
      else delete out.shape;
    }
    return out;
  });
  const out: Fields = { ...scenario, bottleneck, groups: nextGroups };
  put(out, 'duration_s', settings.durationS);
  put(out, 'seed', settings.seed);
  return JSON.stringify(out);
}

/**
 * Appends a group of `kind` with the core's defaults for everything but its
 * kind, on from t = 0. Appended last, existing groups keep their indices, so
 * the scenario's events still name the right groups.
 */
export function withGroupAdded(json: string, kind: AddableKind): string | { error: string } {
  const scenario = readScenario(json);
  if (!scenario) return { error: notAnObject };
  return JSON.stringify({ ...scenario, groups: [...arrayField(scenario, 'groups'), { kind }] });
}
