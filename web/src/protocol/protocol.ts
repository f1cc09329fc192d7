// The whole page <-> simulation-worker protocol. Both directions are tagged
// unions on `type`; each side switches over them exhaustively, and data arriving
// from the other side is checked by the guards below rather than cast.
import { isAqmSpec, type AqmSpec } from '../aqm/aqm-table';
import { isRunSummary, type RunSummary } from '../summary/run-summary';

/** A live change, in the core's own timeline-event JSON shape (see SCENARIO.md). */
export type TimelineEvent =
  | { kind: 'set_flows'; group: number; count: number }
  // `side` omitted: every side whose discipline has the parameter (as in scenario files).
  | { kind: 'set_param'; side?: number; name: string; value: number }
  | { kind: 'set_capacity'; mbps: number }
  | { kind: 'set_rate'; group: number; rate: number }
  | { kind: 'set_delay'; delay_ms: number }
  | { kind: 'group_on'; group: number }
  | { kind: 'group_off'; group: number };


/** Simulated seconds per real second, or as fast as the core can go. */
export type Speed = number | 'max';

/** An applied event with the simulated time it took effect, so a run can be replayed. */
export interface RecordedEvent {
  atS: number;
  event: TimelineEvent;
}

/** What the page needs to know about its side before the first sample. */
export interface SideInfo {
  side: number;
  sideName: string;
  aqm: string;
  /** Flow count of group 0 at the start, when the scenario has one. */
  flows: number | null;
  /** Effective numeric parameters: the discipline's defaults overlaid with the scenario's. */
  params: Record<string, number>;
}

export type ToWorker =
  | { type: 'run/start'; side: number; scenario: string | null; speed: Speed; play: boolean }
  | { type: 'run/play' }
  | { type: 'run/pause' }
  | { type: 'run/reset' }
  | { type: 'run/speed'; speed: Speed }
  // Advance to the next sample time after now, then pause.
  | { type: 'run/step' }
  // Run as fast as possible to simulated time `untilS` (clamped to the run's end), then pause.
  | { type: 'run/until'; untilS: number }
  // Stop advancing without changing play/pause, and answer with the time reached;
  // the page holds every side to apply one change at one time on all of them.
  | { type: 'run/hold'; id: number }
  | { type: 'run/release' }
  // `atS` null: at the current time; otherwise a run behind it first advances to it
  // (a run past it refuses), so every side takes the change at the same time.
  | { type: 'sim/apply'; id: number; event: TimelineEvent; atS: number | null }
  | { type: 'log/get'; id: number }
  // Asks the core whether a scenario is valid, without touching the run.
  | { type: 'scenario/check'; id: number; scenario: string }
  | { type: 'summary/get'; id: number };

export type FromWorker =
  // Sent at every (re)start; column names travel here once, not with each batch.
  // `aqms` is the core's whole catalogue (describeAqms), for the discipline menus and panels.
  | { type: 'run/ready'; scenario: string; columns: string[]; info: SideInfo; aqms: AqmSpec[] }
  | { type: 'run/state'; playing: boolean; done: boolean; now: number }
  // `data` is column-major: columns.length runs of `length` values; seq restarts at 0 per run.
  | { type: 'sim/batch'; seq: number; length: number; data: Float64Array; now: number }
  | { type: 'sim/applied'; id: number; recorded: RecordedEvent }
  | { type: 'log/events'; id: number; events: RecordedEvent[] }
  | { type: 'run/held'; id: number; now: number }
  // `error` null: valid; `scenario` is then the input with the structure the page
  // edits (top-level and bottleneck fields, groups, sides) filled in from the core's defaults.
  | { type: 'scenario/checked'; id: number; error: string | null; scenario: string }
  // The core's run summary (after the warm-up) at the time the request was handled.
  | { type: 'summary/result'; id: number; summary: RunSummary }
  // `id` names the request that failed, if any; a fatal error leaves the side without a run.
  | { type: 'run/error'; id: number | null; message: string; fatal: boolean };

export type ToWorkerType = ToWorker['type'];
export type FromWorkerType = FromWorker['type'];

/** Compile-time exhaustiveness: a switch that forgets a message type fails to build. */
export function assertNever(value: never): never {
  throw new Error(`unhandled message: ${JSON.stringify(value)}`);
}

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isSpeed = (v: unknown): v is Speed => v === 'max' || (isNumber(v) && v > 0);

export function isTimelineEvent(value: unknown): value is TimelineEvent {
  if (!isRecord(value)) return false;
  switch (value.kind) {
    case 'set_flows':
      return isNumber(value.group) && isNumber(value.count);
    case 'set_param':
      return (value.side === undefined || isNumber(value.side)) && isString(value.name) && isNumber(value.value);
    case 'set_capacity':
      return isNumber(value.mbps);
    case 'set_rate':
      return isNumber(value.group) && isNumber(value.rate);
    case 'set_delay':
      return isNumber(value.delay_ms);
    case 'group_on':
    case 'group_off':
      return isNumber(value.group);
    default:
      return false;
  }
}

function isRecordedEvent(value: unknown): value is RecordedEvent {
  return isRecord(value) && isNumber(value.atS) && isTimelineEvent(value.event);
}

function isSideInfo(value: unknown): value is SideInfo {
  return (
    isRecord(value) &&
    isNumber(value.side) &&
    isString(value.sideName) &&
    isString(value.aqm) &&
    (value.flows === null || isNumber(value.flows)) &&
    isRecord(value.params) &&
    Object.values(value.params).every(isNumber)
  );
}

// Mapped over every type, so adding a message without its check does not compile.
const toWorkerChecks: { [K in ToWorkerType]: (m: Fields) => boolean } = {
  'run/start': (m) =>
    isNumber(m.side) && (m.scenario === null || isString(m.scenario)) && isSpeed(m.speed) && isBoolean(m.play),
  'run/play': () => true,
  'run/pause': () => true,
  'run/reset': () => true,
  'run/speed': (m) => isSpeed(m.speed),
  'run/step': () => true,
  'run/until': (m) => isNumber(m.untilS),
  'run/hold': (m) => isNumber(m.id),
  'run/release': () => true,
  'sim/apply': (m) => isNumber(m.id) && isTimelineEvent(m.event) && (m.atS === null || isNumber(m.atS)),
  'log/get': (m) => isNumber(m.id),
  'scenario/check': (m) => isNumber(m.id) && isString(m.scenario),
  'summary/get': (m) => isNumber(m.id),
};

const fromWorkerChecks: { [K in FromWorkerType]: (m: Fields) => boolean } = {
  'run/ready': (m) =>
    isString(m.scenario) &&
    Array.isArray(m.columns) &&
    m.columns.every(isString) &&
    isSideInfo(m.info) &&
    Array.isArray(m.aqms) &&
    m.aqms.every(isAqmSpec),
  'run/state': (m) => isBoolean(m.playing) && isBoolean(m.done) && isNumber(m.now),
  'sim/batch': (m) =>
    isNumber(m.seq) && isNumber(m.length) && m.data instanceof Float64Array && isNumber(m.now),
  'sim/applied': (m) => isNumber(m.id) && isRecordedEvent(m.recorded),
  'log/events': (m) => isNumber(m.id) && Array.isArray(m.events) && m.events.every(isRecordedEvent),
  'run/held': (m) => isNumber(m.id) && isNumber(m.now),
  'scenario/checked': (m) => isNumber(m.id) && (m.error === null || isString(m.error)) && isString(m.scenario),
  'summary/result': (m) => isNumber(m.id) && isRunSummary(m.summary),
  'run/error': (m) => (m.id === null || isNumber(m.id)) && isString(m.message) && isBoolean(m.fatal),
};

function hasKey<T extends object>(table: T, key: unknown): key is keyof T {
  return typeof key === 'string' && Object.prototype.hasOwnProperty.call(table, key);
}

export function isToWorker(data: unknown): data is ToWorker {
  return isRecord(data) && hasKey(toWorkerChecks, data.type) && toWorkerChecks[data.type](data);
}

export function isFromWorker(data: unknown): data is FromWorker {
  return isRecord(data) && hasKey(fromWorkerChecks, data.type) && fromWorkerChecks[data.type](data);
}
