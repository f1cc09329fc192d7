// The whole page <-> simulation-worker protocol. Page-to-worker messages are
// commands (no reply) or calls (one reply each, typed by the `Calls` map);
// worker-to-page messages are a tagged union on `type`. Data arriving from the
// other side is checked by the guards below rather than cast.
import { isAqmSpec, type AqmSpec } from '../aqm/aqm-table';
import { isSenderSpec, type SenderSpec } from '../aqm/sender-table';
import { isRunSummary, type RunSummary } from '../summary/run-summary';
import { isRecord, type Fields } from '../lib/json';

/** A live change, in the core's own timeline-event JSON shape (see SCENARIO.md). */
export type TimelineEvent =
  | { kind: 'set_flows'; group: number; count: number }
  // `side` omitted: every side whose discipline has the parameter (as in scenario files).
  | { kind: 'set_param'; side?: number; name: string; value: number }
  // `hop` omitted: hop 1 (the bottleneck); 2 is a parking lot's second hop.
  | { kind: 'set_capacity'; mbps: number; hop?: number }
  | { kind: 'set_rate'; group: number; rate: number }
  | { kind: 'set_delay'; delay_ms: number; hop?: number }
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
  /** This side's own bottleneck buffer (sides[i].buffer_pkts), when it has one. */
  bufferPkts?: number;
  /**
   * The discipline this side switches to mid-run (sides[i].switch_to), when it does;
   * `keepState`: RED's running average goes on across the switch (switch_to.keep_state, default true).
   */
  switchTo?: { atS: number; aqm: string; keepState: boolean };
}

/** The scenario check's answer: `error` null when valid; `scenario` completed with defaults. */
export interface CheckedScenario {
  error: string | null;
  scenario: string;
}

/** Page-to-worker messages that get no reply, by type: each one's fields. */
export interface Commands {
  'run/start': { side: number; scenario: string | null; speed: Speed; play: boolean };
  'run/play': Empty;
  // Playing: on to the first sample time at or after now, then paused.
  'run/pause': Empty;
  'run/reset': Empty;
  'run/speed': { speed: Speed };
  // Advance to the next sample time after now, then pause.
  'run/step': Empty;
  // Run as fast as possible to simulated time `untilS` (clamped to the run's end), then pause.
  'run/until': { untilS: number };
  'run/release': Empty;
}

/**
 * Page-to-worker requests that are answered, by type: each one's fields
 * (`args`) and the value its reply carries (`reply`). The worker's handler
 * table and the reply guards are mapped over this, so a request added here
 * does not compile until it is handled, answered and checked.
 */
export interface Calls {
  // Stop advancing without changing play/pause; answers with the time reached.
  // The page holds every side to apply one change at one time on all of them.
  'run/hold': { args: Empty; reply: number };
  // `atS` null: at the current time; otherwise a run behind it first advances to it
  // (a run past it refuses), so every side takes the change at the same time.
  'sim/apply': { args: { event: TimelineEvent; atS: number | null }; reply: RecordedEvent };
  // The events applied so far in this run, with their simulated times.
  'log/get': { args: Empty; reply: RecordedEvent[] };
  // Asks the core whether a scenario is valid, without touching the run.
  'scenario/check': { args: { scenario: string }; reply: CheckedScenario };
  // The core's run summary (after the warm-up) at the time the request was handled.
  'summary/get': { args: Empty; reply: RunSummary };
}

type Empty = Record<never, never>;
export type CommandType = keyof Commands;
export type CallType = keyof Calls;
export type Reply<K extends CallType> = Calls[K]['reply'];

/** One command as sent (distributes over a union of types). */
export type CommandMessage<K extends CommandType = CommandType> = K extends CommandType
  ? { type: K } & Commands[K]
  : never;
/** One request as sent; `id` pairs it with its reply. */
export type CallMessage<K extends CallType = CallType> = K extends CallType
  ? { type: K; id: number } & Calls[K]['args']
  : never;
/** The answer to request `id` of type `call`. */
export type ReplyMessage<K extends CallType = CallType> = K extends CallType
  ? { type: 'call/reply'; id: number; call: K; reply: Reply<K> }
  : never;

export type ToWorker = CommandMessage | CallMessage;

export type FromWorker =
  // Sent at every (re)start; column names travel here once, not with each batch.
  // `aqms` is the core's whole catalogue (describeAqms), for the discipline menus and panels: in
  // a channel's first ready only (null after it, the same catalogue), as the page checks and keeps it;
  // `senders` likewise the congestion controllers' (describeSenders), for the TCP groups' sender menus.
  | { type: 'run/ready'; scenario: string; columns: string[]; info: SideInfo; aqms: AqmSpec[] | null; senders: SenderSpec[] | null }
  | { type: 'run/state'; playing: boolean; done: boolean; now: number }
  // `data` is column-major: columns.length runs of `length` values; seq restarts at 0 per run.
  | { type: 'sim/batch'; seq: number; length: number; data: Float64Array; now: number }
  | ReplyMessage
  // `id` names the request that failed, if any; a fatal error leaves the side without a run.
  | { type: 'run/error'; id: number | null; message: string; fatal: boolean };

export type ToWorkerType = ToWorker['type'];
export type FromWorkerType = FromWorker['type'];

/** Compile-time exhaustiveness: a switch that forgets a message type fails to build. */
export function assertNever(value: never): never {
  throw new Error(`unhandled message: ${JSON.stringify(value)}`);
}


const isNumber = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isOptionalNumber = (v: unknown): v is number | undefined => v === undefined || isNumber(v);
const isSpeed = (v: unknown): v is Speed => v === 'max' || (isNumber(v) && v > 0);

export function isTimelineEvent(value: unknown): value is TimelineEvent {
  if (!isRecord(value)) return false;
  switch (value.kind) {
    case 'set_flows':
      return isNumber(value.group) && isNumber(value.count);
    case 'set_param':
      return isOptionalNumber(value.side) && isString(value.name) && isNumber(value.value);
    case 'set_capacity':
      return isNumber(value.mbps) && isOptionalNumber(value.hop);
    case 'set_rate':
      return isNumber(value.group) && isNumber(value.rate);
    case 'set_delay':
      return isNumber(value.delay_ms) && isOptionalNumber(value.hop);
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
  'run/release': () => true,
  'run/hold': (m) => isNumber(m.id),
  'sim/apply': (m) => isNumber(m.id) && isTimelineEvent(m.event) && (m.atS === null || isNumber(m.atS)),
  'log/get': (m) => isNumber(m.id),
  'scenario/check': (m) => isNumber(m.id) && isString(m.scenario),
  'summary/get': (m) => isNumber(m.id),
};

const replyChecks: { [K in CallType]: (reply: unknown) => reply is Reply<K> } = {
  'run/hold': isNumber,
  'sim/apply': isRecordedEvent,
  'log/get': (v): v is RecordedEvent[] => Array.isArray(v) && v.every(isRecordedEvent),
  'scenario/check': (v): v is CheckedScenario =>
    isRecord(v) && (v.error === null || isString(v.error)) && isString(v.scenario),
  'summary/get': isRunSummary,
};

const fromWorkerChecks: { [K in FromWorkerType]: (m: Fields) => boolean } = {
  'run/ready': (m) =>
    isString(m.scenario) &&
    Array.isArray(m.columns) &&
    m.columns.every(isString) &&
    isSideInfo(m.info) &&
    (m.aqms === null || (Array.isArray(m.aqms) && m.aqms.every(isAqmSpec))) &&
    (m.senders === null || (Array.isArray(m.senders) && m.senders.every(isSenderSpec))),
  'run/state': (m) => isBoolean(m.playing) && isBoolean(m.done) && isNumber(m.now),
  'sim/batch': (m) =>
    isNumber(m.seq) && isNumber(m.length) && m.data instanceof Float64Array && isNumber(m.now),
  'call/reply': (m) => isNumber(m.id) && hasKey(replyChecks, m.call) && replyChecks[m.call](m.reply),
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

/** Whether `data` is a request (answered) rather than a command. */
export function isCall(message: ToWorker): message is CallMessage {
  return hasKey(replyChecks, message.type);
}
