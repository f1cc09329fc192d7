import { isRecord, parseJson, type Fields } from '../lib/json';

// The core's analysis answers (wasm/API.md, "Analysis") as typed values. The
// models are computed in the core only; this file reads their JSON without
// trusting its shape, so a core that answers something else shows an error
// naming what is missing instead of drawing nonsense.

export type Read<T> = { ok: true; value: T } | { ok: false; error: string };

export interface FluidTrajectory {
  t: number[];
  queuePkts: number[];
  windowPkts: number[];
  p: number[];
}

export interface Equilibrium {
  w0: number;
  p0: number;
  /** The round-trip time at equilibrium, queueing included (s). */
  r0: number;
  /** The queue the AQM holds at equilibrium; null when its law fixes no queue (drop-tail). */
  q0: number | null;
}

export type Verdict = 'stable' | 'marginal' | 'unstable' | 'none';

/** Null where the loop has no such crossing (|L| < 1 everywhere, or the phase never reaches -180°). */
export interface Margins {
  gainDb: number | null;
  phaseDeg: number | null;
  /** Where |L| = 1. */
  crossoverRadS: number | null;
  /** Where the phase is -180°. */
  phaseCrossoverRadS: number | null;
}

export interface Bode {
  w: number[];
  magDb: number[];
  phaseDeg: number[];
}

export interface Quantity {
  key: string;
  words: string;
  value: number | null;
}

export interface Stability {
  discipline: string;
  verdict: Verdict;
  /** The paper's rule as the core states it, e.g. "L (RC)^3 / (2N)^2 <= sqrt(wg^2/K^2 + 1)". */
  rule: string;
  /** The same rule in TeX, typeset on request; '' where there is none. */
  ruleTex: string;
  /** The numbers the rule used, by name. */
  numbers: Record<string, number>;
  /** The same numbers in the rule's order, each named in words with its unit (null: not finite). */
  quantities: Quantity[];
  /** The piece of the law the equilibrium sits on (ramp, gentle, jump, linear, buffer, saturated, none). */
  region: string;
  /** Where the equilibrium sits and which slope the rule used, in a sentence. */
  regionText: string;
  /** How far toward the stability limit (1 = on it); null without one. */
  ratio: number | null;
  /** The rule is sufficient only: met, the loop is stable; failed, it may still be. */
  sufficient: boolean;
  margins: Margins | null;
  bode: Bode | null;
}

export interface QueueModel {
  /** P(b packets in the system, the one in transmission included), b = 0..L. */
  distribution: number[];
  /** E[N], packets in the system. */
  meanQueue: number;
  meanDelayS: number;
  loss: number;
  /** One per source entry of the chain (identical sources share one). */
  lossPerSource: number[];
  /** Mean time in the system of each entry's admitted packets (s). */
  delayPerSourceS: number[];
  /** What each entry stands for (its members' traffic classes); only in analyzeScenario's answer, else empty. */
  sourceLabels: string[];
  /** Arrival phases J and chain states J + L J m. */
  phases: number;
  states: number;
}

/** How the core mapped the scenario onto the models (one fluid flow class). */
export interface Mapping {
  flows: number;
  capacityPps: number;
  rttS: number;
  bufferPkts: number;
}

export interface Analysis {
  mapping: Mapping | null;
  /** Null for a discipline without a fluid law (a note says so). */
  fluid: FluidTrajectory | null;
  /** What the core's mapping of the scenario onto the models approximated or left out. */
  notes: string[];
  equilibrium: Equilibrium | null;
  stability: Stability;
  /** The MMPP chain's answer; only for open-loop traffic. */
  queueModel: QueueModel | null;
}

/** The PI and REM response-time lower bounds of the LRED paper against N (seconds; null where the controller cannot climb). */
export interface ResponseBounds {
  flows: number[];
  p0: number[];
  piS: (number | null)[];
  remS: (number | null)[];
}

const verdicts: readonly Verdict[] = ['stable', 'marginal', 'unstable', 'none'];

/** Thrown inside the readers only; each reader returns it as `{ok: false}`. */
class Missing extends Error {}

function field(o: Fields, name: string, where: string): unknown {
  if (!(name in o)) throw new Missing(`${where}${name}: missing`);
  return o[name];
}

function num(o: Fields, name: string, where: string): number {
  const v = field(o, name, where);
  if (typeof v !== 'number') throw new Missing(`${where}${name}: not a number`);
  return v;
}

function numOrNull(o: Fields, name: string, where: string): number | null {
  const v = o[name];
  if (v === null || v === undefined) return null;
  if (typeof v !== 'number') throw new Missing(`${where}${name}: not a number`);
  return v;
}

function nums(o: Fields, name: string, where: string): number[] {
  const v = field(o, name, where);
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'number')) throw new Missing(`${where}${name}: not an array of numbers`);
  return v as number[];
}

function text(o: Fields, name: string, where: string): string {
  const v = field(o, name, where);
  if (typeof v !== 'string') throw new Missing(`${where}${name}: not text`);
  return v;
}

function obj(o: Fields, name: string, where: string): Fields {
  const v = field(o, name, where);
  if (!isRecord(v)) throw new Missing(`${where}${name}: not an object`);
  return v;
}

function objOrNull(o: Fields, name: string, where: string): Fields | null {
  const v = o[name];
  if (v === null || v === undefined) return null;
  if (!isRecord(v)) throw new Missing(`${where}${name}: not an object`);
  return v;
}

function numsOrNull(o: Fields, name: string, where: string): (number | null)[] {
  const v = field(o, name, where);
  if (!Array.isArray(v) || v.some((x) => x !== null && typeof x !== 'number')) throw new Missing(`${where}${name}: not an array of numbers or nulls`);
  return v as (number | null)[];
}

function sameLengths(where: string, arrays: Record<string, unknown[]>): void {
  const entries = Object.entries(arrays);
  const n = entries[0]?.[1].length ?? 0;
  for (const [name, a] of entries) if (a.length !== n) throw new Missing(`${where}${name}: ${a.length} values, ${n} expected`);
}

/** Parses the core's answer: `{ok: true, ...}` gives the object, `{ok: false, error}` its error. */
function answer<T>(text: string, read: (o: Fields) => T): Read<T> {
  const value = parseJson(text);
  if (!isRecord(value)) return { ok: false, error: `unreadable answer from the core: ${text.slice(0, 120)}` };
  if (value.ok !== true) return { ok: false, error: typeof value.error === 'string' ? value.error : 'unknown error' };
  try {
    return { ok: true, value: read(value) };
  } catch (e) {
    if (e instanceof Missing) return { ok: false, error: `the core's answer: ${e.message}` };
    throw e;
  }
}

function readFluid(o: Fields): FluidTrajectory {
  const w = 'fluid.';
  const fluid = { t: nums(o, 't', w), queuePkts: nums(o, 'queue_pkts', w), windowPkts: nums(o, 'window_pkts', w), p: nums(o, 'p', w) };
  sameLengths(w, { t: fluid.t, queue_pkts: fluid.queuePkts, window_pkts: fluid.windowPkts, p: fluid.p });
  return fluid;
}

function readStability(o: Fields): Stability {
  const w = 'stability.';
  const verdict = field(o, 'verdict', w);
  if (!verdicts.includes(verdict as Verdict)) throw new Missing(`${w}verdict: not one of ${verdicts.join(', ')}`);
  const discipline = field(o, 'discipline', w);
  const rule = field(o, 'rule', w);
  const numbers: Record<string, number> = {};
  for (const [k, v] of Object.entries(obj(o, 'numbers', w))) if (typeof v === 'number') numbers[k] = v;
  const q = field(o, 'quantities', w);
  if (!Array.isArray(q)) throw new Missing(`${w}quantities: not an array`);
  const quantities = q.map((x: unknown, i): Quantity => {
    const at = `${w}quantities[${i}].`;
    if (!isRecord(x)) throw new Missing(`${at.slice(0, -1)}: not an object`);
    return { key: text(x, 'key', at), words: text(x, 'words', at), value: numOrNull(x, 'value', at) };
  });
  const sufficient = field(o, 'sufficient', w);
  if (typeof sufficient !== 'boolean') throw new Missing(`${w}sufficient: not true or false`);
  const m = objOrNull(o, 'margins', w);
  const b = objOrNull(o, 'bode', w);
  const bode = b && { w: nums(b, 'w', `${w}bode.`), magDb: nums(b, 'mag_db', `${w}bode.`), phaseDeg: nums(b, 'phase_deg', `${w}bode.`) };
  if (bode) sameLengths(`${w}bode.`, { w: bode.w, mag_db: bode.magDb, phase_deg: bode.phaseDeg });
  return {
    discipline: typeof discipline === 'string' ? discipline : '',
    verdict: verdict as Verdict,
    rule: typeof rule === 'string' ? rule : '',
    ruleTex: text(o, 'rule_tex', w),
    numbers,
    quantities,
    region: text(o, 'region', w),
    regionText: text(o, 'region_text', w),
    ratio: numOrNull(o, 'ratio', w),
    sufficient,
    margins: m && {
      gainDb: numOrNull(m, 'gain_db', `${w}margins.`),
      phaseDeg: numOrNull(m, 'phase_deg', `${w}margins.`),
      crossoverRadS: numOrNull(m, 'crossover_rad_s', `${w}margins.`),
      phaseCrossoverRadS: numOrNull(m, 'phase_crossover_rad_s', `${w}margins.`),
    },
    bode,
  };
}

function readQueueFields(o: Fields, w: string): QueueModel {
  const labels = o.source_labels;
  if (labels !== undefined && (!Array.isArray(labels) || labels.some((l) => typeof l !== 'string'))) throw new Missing(`${w}source_labels: not an array of strings`);
  const model = {
    distribution: nums(o, 'distribution', w),
    meanQueue: num(o, 'mean_queue', w),
    meanDelayS: num(o, 'mean_delay_s', w),
    loss: num(o, 'loss', w),
    lossPerSource: nums(o, 'loss_per_source', w),
    delayPerSourceS: nums(o, 'delay_per_source_s', w),
    sourceLabels: (labels ?? []) as string[],
    phases: num(o, 'phases', w),
    states: num(o, 'states', w),
  };
  sameLengths(w, { loss_per_source: model.lossPerSource, delay_per_source_s: model.delayPerSourceS, ...(labels === undefined ? {} : { source_labels: model.sourceLabels }) });
  return model;
}

/** `analyzeScenario(scenarioJson, side)`'s answer. */
export function readAnalysis(text: string): Read<Analysis> {
  return answer(text, (o) => {
    const eq = objOrNull(o, 'equilibrium', '');
    const q0 = eq?.q0;
    const fluid = objOrNull(o, 'fluid', '');
    const queue = objOrNull(o, 'queue_model', '');
    const map = objOrNull(o, 'mapping', '');
    const notes = Array.isArray(o.notes) ? o.notes.filter((n): n is string => typeof n === 'string') : [];
    return {
      mapping: map && {
        flows: num(map, 'flows', 'mapping.'),
        capacityPps: num(map, 'capacity_pps', 'mapping.'),
        rttS: num(map, 'rtt_s', 'mapping.'),
        bufferPkts: num(map, 'buffer_pkts', 'mapping.'),
      },
      fluid: fluid && readFluid(fluid),
      notes,
      equilibrium: eq && {
        w0: num(eq, 'W0', 'equilibrium.'),
        p0: num(eq, 'p0', 'equilibrium.'),
        r0: num(eq, 'R0', 'equilibrium.'),
        q0: typeof q0 === 'number' ? q0 : null,
      },
      stability: readStability(obj(o, 'stability', '')),
      queueModel: queue && readQueueFields(queue, 'queue_model.'),
    };
  });
}

/** `solveQueueModel(modelJson)`'s answer. */
export function readQueueModel(text: string): Read<QueueModel> {
  return answer(text, (o) => readQueueFields(o, ''));
}

/** `responseBounds(json)`'s answer. */
export function readResponseBounds(text: string): Read<ResponseBounds> {
  return answer(text, (o) => {
    const bounds = { flows: nums(o, 'flows', ''), p0: nums(o, 'p0', ''), piS: numsOrNull(o, 'pi_s', ''), remS: numsOrNull(o, 'rem_s', '') };
    sameLengths('', { flows: bounds.flows, p0: bounds.p0, pi_s: bounds.piS, rem_s: bounds.remS });
    return bounds;
  });
}

/** A curve law sampled by the core (lawCurve): p at each queue length, the buffer last. */
export interface LawSamples {
  queue: number[];
  p: number[];
}

export function readLawSamples(text: string): Read<LawSamples> {
  return answer(text, (o) => {
    const samples = { queue: nums(o, 'queue', ''), p: nums(o, 'p', '') };
    sameLengths('', samples);
    return samples;
  });
}

/**
 * The chain's P(b in the system) as the distribution of what the simulated
 * queue counts, the packets waiting (b - 1 for b >= 1; wasm/API.md): the
 * same probabilities, one place lower, with b = 0 and b = 1 both at 0.
 */
export function waitingDistribution(inSystem: readonly number[]): number[] {
  if (inSystem.length < 2) return [...inSystem];
  return [(inSystem[0] ?? 0) + (inSystem[1] ?? 0), ...inSystem.slice(2)];
}

/** One point of a sender's response function (senderResponse): its mean window and rate at signal probability p. */
export interface ResponsePoint {
  p: number;
  windowSegments: number;
  rateMbps: number;
  /** The piece of the law that holds there ("square-root", "cubic", "reno-friendly", "scalable", "rtt-independent"). */
  region: string;
}

export interface SenderResponse {
  sender: string;
  signal: 'loss_or_mark' | 'mark';
  points: ResponsePoint[];
}

/** `senderResponse(json)`'s answer. */
export function readSenderResponse(answerText: string): Read<SenderResponse> {
  return answer(answerText, (o) => {
    const signal = field(o, 'signal', '');
    if (signal !== 'loss_or_mark' && signal !== 'mark') throw new Missing('signal: not "loss_or_mark" or "mark"');
    const list = field(o, 'points', '');
    if (!Array.isArray(list)) throw new Missing('points: not an array');
    const points = list.map((v: unknown, i) => {
      const w = `points[${i}].`;
      if (!isRecord(v)) throw new Missing(`points[${i}]: not an object`);
      return { p: num(v, 'p', w), windowSegments: num(v, 'window_segments', w), rateMbps: num(v, 'rate_mbps', w), region: text(v, 'region', w) };
    });
    return { sender: text(o, 'sender', ''), signal, points };
  });
}
