// The page <-> simulation-worker API, declared once: the page calls the
// worker's SideApi and SimHostApi through comlink (lib/worker-rpc.ts), the
// worker calls the page's SideEvents. Both ends are compiled from these
// declarations, so neither reads the other's messages by hand.
import type { AqmSpec } from '../aqm/aqm-table';
import type { SenderSpec } from '../aqm/sender-table';
import type { RunSummary } from '../summary/run-summary';
import { isRecord } from '../lib/json';

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

/** A run was (re)started: its columns travel here once, not with each batch. */
export interface RunReady {
  scenario: string;
  columns: string[];
  info: SideInfo;
  /**
   * The core's whole catalogue (describeAqms), for the discipline menus and panels:
   * in a side's first ready only (null after it, the same catalogue), as the page keeps it.
   */
  aqms: AqmSpec[] | null;
  /** The congestion controllers' catalogue (describeSenders), for the TCP groups' sender menus; sent as `aqms` is. */
  senders: SenderSpec[] | null;
}

export interface RunState {
  playing: boolean;
  done: boolean;
  now: number;
}

/** Samples: `data` is column-major, columns.length runs of `length` values; `seq` restarts at 0 per run. */
export interface Batch {
  seq: number;
  length: number;
  data: Float64Array;
  now: number;
}

/** The core failed or refused; `fatal`: the side is left without a run. */
export interface RunFailure {
  message: string;
  fatal: boolean;
}

/**
 * What a side's run tells the page (the page implements it; the worker calls
 * it, each batch's buffer transferred, not copied). Calls arrive in the order
 * the worker made them.
 */
export interface SideEvents {
  ready(ready: RunReady): void;
  state(state: RunState): void;
  batch(batch: Batch): void;
  error(failure: RunFailure): void;
}

/**
 * One side's run in the simulation worker: worker/sim-runner.ts implements it,
 * the page's SideSession calls it. A control (start .. runUntil) never rejects:
 * what goes wrong reaches the side's `error` event. A question (apply ..
 * summary) rejects with the core's refusal; a fatal failure is told to
 * `error` as well. What several sides must do at one simulated time goes to
 * the worker as one `together` call instead (SimHostApi).
 */
export interface SideApi {
  /** A run of `scenario` (null: the core's default) from t = 0, as side `side` of it, at the worker's speed. */
  start(side: number, scenario: string | null, play: boolean): Promise<void>;
  play(): Promise<void>;
  /** Playing: on to the first sample time at or after now, then paused. */
  pause(): Promise<void>;
  reset(): Promise<void>;
  /** Advance to the next sample time after now, then pause. */
  step(): Promise<void>;
  /** Run as fast as possible to simulated time `untilS` (clamped to the run's end), then pause. */
  runUntil(untilS: number): Promise<void>;
  /**
   * A live change. `atS` null: at the current time; otherwise a run behind it
   * first advances to it (a run past it refuses), so every side takes the
   * change at the same time.
   */
  apply(event: TimelineEvent, atS: number | null): Promise<RecordedEvent>;
  /** Whether a scenario is valid, and it completed with the defaults; the run is not touched. */
  check(scenario: string): Promise<CheckedScenario>;
  /** The core's run summary (after the warm-up) at the time of asking. */
  summary(): Promise<RunSummary>;
}

/**
 * The simulation worker (worker/sim-host.ts): it holds every side. A side's
 * SideApi is exposed on `sidePort` and its events are called on `eventsPort`
 * (each a MessagePort the page made); the page releases the side's port
 * (comlink's releaseProxy) when the side goes, which ends its run.
 */
export interface SimHostApi {
  /** A new side, `key` its name in `together` calls. */
  attach(key: number, sidePort: MessagePort, eventsPort: MessagePort): void;
  /**
   * Acts on the sides named by `keys` at one simulated time, the latest among
   * them, within one task of the worker, so its driver cannot tick in between
   * (worker/sim-host.ts).
   */
  together(keys: readonly number[], act: Together): Promise<TogetherAnswer>;
  /** The speed every side plays at: one for all, so the sides cannot run apart. */
  setSpeed(speed: Speed): void;
}

/**
 * What several sides do at one time: take a live change (a side behind runs
 * up to the time first), step one sample interval past it, or run as fast as
 * possible to `untilS` (refused, nothing changed, when a side is past it).
 */
export type Together = { kind: 'apply'; event: TimelineEvent } | { kind: 'step' } | { kind: 'until'; untilS: number };

/** A side's answer to an apply: what it recorded, or its refusal. */
export type SideApplied = { ok: true; recorded: RecordedEvent } | { ok: false; error: string };

/** `error`: the act was refused as a whole; `applied`: each named side's answer to an apply, in order. */
export interface TogetherAnswer {
  error: string | null;
  applied: SideApplied[];
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isOptionalNumber = (v: unknown): v is number | undefined => v === undefined || isNumber(v);

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
