import type { FromWorker, RecordedEvent, Speed, TimelineEvent, ToWorker } from '../protocol/protocol';
import { assertNever, isFromWorker } from '../protocol/protocol';
import type { RunSummary } from '../summary/run-summary';
import type { WorkerPort } from './spawn-worker';

// The main thread's typed handle on one side's worker: routes replies to the
// requests that asked for them, checks batch sequence numbers, and turns every
// failure (core error, worker crash, garbled message) into one error callback.

export type ReadyMessage = Extract<FromWorker, { type: 'run/ready' }>;
export type BatchMessage = Extract<FromWorker, { type: 'sim/batch' }>;
export type StateMessage = Extract<FromWorker, { type: 'run/state' }>;

export interface ClientError {
  source: 'core' | 'worker' | 'protocol';
  message: string;
  /** The side has no running simulation after this error. */
  fatal: boolean;
}

export interface ClientHandlers {
  ready(message: ReadyMessage): void;
  batch(message: BatchMessage): void;
  state(message: StateMessage): void;
  error(error: ClientError): void;
}

export interface StartOptions {
  side: number;
  scenario: string | null; // null: the core's default scenario
  speed: Speed;
  play: boolean;
}

/** The core's verdict on a scenario: `error` null when valid; `scenario` completed with defaults. */
export interface CheckedScenario {
  error: string | null;
  scenario: string;
}

type Reject = (error: Error) => void;
type Pending =
  | { kind: 'apply'; resolve: (recorded: RecordedEvent) => void; reject: Reject }
  | { kind: 'log'; resolve: (events: RecordedEvent[]) => void; reject: Reject }
  | { kind: 'hold'; resolve: (now: number) => void; reject: Reject }
  | { kind: 'check'; resolve: (checked: CheckedScenario) => void; reject: Reject }
  | { kind: 'summary'; resolve: (summary: RunSummary) => void; reject: Reject };

function wrongKind(id: number): Error {
  return new Error(`request ${id} got a reply of the wrong kind`);
}

export class SimClient {
  private nextId = 1;
  private expectedSeq = 0;
  private closed = false;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly port: WorkerPort,
    private readonly handlers: ClientHandlers,
  ) {
    port.onMessage((data) => this.receive(data));
    port.onError((message) => this.crash(message));
  }

  start(options: StartOptions): void {
    this.send({ type: 'run/start', ...options });
  }

  play(): void {
    this.send({ type: 'run/play' });
  }

  pause(): void {
    this.send({ type: 'run/pause' });
  }

  reset(): void {
    this.send({ type: 'run/reset' });
  }

  setSpeed(speed: Speed): void {
    this.send({ type: 'run/speed', speed });
  }

  /** Advances to the next sample time, then pauses. */
  step(): void {
    this.send({ type: 'run/step' });
  }

  /** Runs as fast as possible to simulated time `untilS`, then pauses. */
  runUntil(untilS: number): void {
    this.send({ type: 'run/until', untilS });
  }

  /** Stops the run advancing (play/pause unchanged); resolves with the simulated time it stopped at. */
  hold(): Promise<number> {
    return new Promise((resolve, reject) => {
      const id = this.request({ kind: 'hold', resolve, reject });
      if (id !== null) this.send({ type: 'run/hold', id });
    });
  }

  release(): void {
    this.send({ type: 'run/release' });
  }

  /** Applies a live change at `atS` (null: the side's current simulated time). */
  apply(event: TimelineEvent, atS: number | null = null): Promise<RecordedEvent> {
    return new Promise((resolve, reject) => {
      const id = this.request({ kind: 'apply', resolve, reject });
      if (id !== null) this.send({ type: 'sim/apply', id, event, atS });
    });
  }

  /** The core's verdict on a scenario; the run is not touched. */
  check(scenario: string): Promise<CheckedScenario> {
    return new Promise((resolve, reject) => {
      const id = this.request({ kind: 'check', resolve, reject });
      if (id !== null) this.send({ type: 'scenario/check', id, scenario });
    });
  }

  /** The events applied so far in this run, with their simulated times. */
  eventLog(): Promise<RecordedEvent[]> {
    return new Promise((resolve, reject) => {
      const id = this.request({ kind: 'log', resolve, reject });
      if (id !== null) this.send({ type: 'log/get', id });
    });
  }

  /** The core's run summary (after the warm-up) as of now. */
  summary(): Promise<RunSummary> {
    return new Promise((resolve, reject) => {
      const id = this.request({ kind: 'summary', resolve, reject });
      if (id !== null) this.send({ type: 'summary/get', id });
    });
  }

  /** Abort: the worker and any simulation in it stop at once. */
  terminate(): void {
    if (this.closed) return;
    this.closed = true;
    this.port.terminate();
    this.rejectAll('the simulation was stopped');
  }

  private send(message: ToWorker): void {
    if (!this.closed) this.port.post(message);
  }

  private request(entry: Pending): number | null {
    if (this.closed) {
      entry.reject(new Error('the simulation was stopped'));
      return null;
    }
    const id = this.nextId++;
    this.pending.set(id, entry);
    return id;
  }

  private receive(data: unknown): void {
    if (this.closed) return;
    if (!isFromWorker(data)) {
      this.handlers.error({ source: 'protocol', message: 'malformed message from the worker', fatal: false });
      return;
    }
    switch (data.type) {
      case 'run/ready':
        this.expectedSeq = 0;
        return this.handlers.ready(data);
      case 'sim/batch':
        return this.receiveBatch(data);
      case 'run/state':
        return this.handlers.state(data);
      case 'sim/applied': {
        const entry = this.take(data.id);
        if (entry?.kind === 'apply') entry.resolve(data.recorded);
        else entry?.reject(wrongKind(data.id));
        return;
      }
      case 'log/events': {
        const entry = this.take(data.id);
        if (entry?.kind === 'log') entry.resolve(data.events);
        else entry?.reject(wrongKind(data.id));
        return;
      }
      case 'summary/result': {
        const entry = this.take(data.id);
        if (entry?.kind === 'summary') entry.resolve(data.summary);
        else entry?.reject(wrongKind(data.id));
        return;
      }
      case 'run/held': {
        const entry = this.take(data.id);
        if (entry?.kind === 'hold') entry.resolve(data.now);
        else entry?.reject(wrongKind(data.id));
        return;
      }
      case 'scenario/checked': {
        const entry = this.take(data.id);
        if (entry?.kind === 'check') entry.resolve({ error: data.error, scenario: data.scenario });
        else entry?.reject(wrongKind(data.id));
        return;
      }
      case 'run/error':
        return this.receiveError(data.id, data.message, data.fatal);
      default:
        return assertNever(data);
    }
  }

  private receiveBatch(batch: BatchMessage): void {
    if (batch.seq !== this.expectedSeq) {
      // Messages from one worker arrive in order, so a gap is a bug worth showing.
      this.handlers.error({
        source: 'protocol',
        message: `batch ${batch.seq} arrived, expected ${this.expectedSeq}`,
        fatal: false,
      });
    }
    this.expectedSeq = batch.seq + 1;
    this.handlers.batch(batch);
  }

  private receiveError(id: number | null, message: string, fatal: boolean): void {
    const entry = id === null ? undefined : this.pending.get(id);
    if (id !== null && entry) {
      this.pending.delete(id);
      entry.reject(new Error(message));
    }
    // A fatal error ends the run, whichever request it answers: the side shows it.
    if (!entry || fatal) this.handlers.error({ source: 'core', message, fatal });
  }

  /** Removes and returns the request a reply answers. */
  private take(id: number): Pending | null {
    const entry = this.pending.get(id);
    if (!entry) {
      this.handlers.error({ source: 'protocol', message: `reply to unknown request ${id}`, fatal: false });
      return null;
    }
    this.pending.delete(id);
    return entry;
  }

  private crash(message: string): void {
    if (this.closed) return;
    this.handlers.error({ source: 'worker', message, fatal: true });
    this.rejectAll(message);
  }

  private rejectAll(message: string): void {
    for (const entry of this.pending.values()) entry.reject(new Error(message));
    this.pending.clear();
  }
}
