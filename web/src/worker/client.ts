import {
  assertNever,
  isFromWorker,
  type CallMessage,
  type CallType,
  type Calls,
  type Commands,
  type CheckedScenario,
  type FromWorker,
  type RecordedEvent,
  type Reply,
  type ReplyMessage,
  type Speed,
  type TimelineEvent,
  type ToWorker,
} from '../protocol/protocol';
import type { RunSummary } from '../summary/run-summary';
import type { WorkerPort } from './spawn-worker';

// The main thread's typed handle on one side's worker: routes replies to the
// requests that asked for them, checks batch sequence numbers, and turns every
// failure (core error, worker crash, garbled message) into one error callback.

export type { CheckedScenario } from '../protocol/protocol';
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

/** `scenario` null: the core's default scenario. */
export type StartOptions = Commands['run/start'];

interface Pending {
  call: CallType;
  resolve: (reply: never) => void;
  reject: (error: Error) => void;
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
    return this.call('run/hold', {});
  }

  release(): void {
    this.send({ type: 'run/release' });
  }

  /** Applies a live change at `atS` (null: the side's current simulated time). */
  apply(event: TimelineEvent, atS: number | null = null): Promise<RecordedEvent> {
    return this.call('sim/apply', { event, atS });
  }

  /** The core's verdict on a scenario; the run is not touched. */
  check(scenario: string): Promise<CheckedScenario> {
    return this.call('scenario/check', { scenario });
  }

  /** The events applied so far in this run, with their simulated times. */
  eventLog(): Promise<RecordedEvent[]> {
    return this.call('log/get', {});
  }

  /** The core's run summary (after the warm-up) as of now. */
  summary(): Promise<RunSummary> {
    return this.call('summary/get', {});
  }

  /** Sends request `type` and resolves with its reply (rejects with the worker's error for it). */
  call<K extends CallType>(type: K, args: Calls[K]['args']): Promise<Reply<K>> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('the simulation was stopped'));
      const id = this.nextId++;
      this.pending.set(id, { call: type, resolve, reject });
      // TypeScript cannot see that spreading Calls[K]['args'] gives CallMessage<K> for a generic K.
      this.send({ type, id, ...args } as CallMessage<K>);
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
      case 'call/reply':
        return this.receiveReply(data);
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

  private receiveReply(reply: ReplyMessage): void {
    const entry = this.take(reply.id);
    if (!entry) return;
    if (entry.call !== reply.call) entry.reject(new Error(`request ${reply.id} got a reply of the wrong kind`));
    // The guard checked the reply's value against its `call`, which matches the request's.
    else (entry.resolve as (value: Reply<typeof reply.call>) => void)(reply.reply);
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
