import { throttleLatest, type ThrottledSender, type Timers } from './throttle-latest';

// The one model of a value a control sends to the core while the run goes on
// (the live scenario controls and every discipline parameter): a move shows
// at once, reaches the core throttled (latest wins), and only the newest
// reply decides what shows. A refusal puts the control back to the last value
// the core accepted and says why in the person's words: the control's label,
// the value, and the core's reason without its field path (`event.mbps: `).

export interface LiveState {
  /** What the control shows; null while the run leaves the value to the core's default. */
  value: number | null;
  /** The last value the core accepted (the run's value at first). */
  accepted: number | null;
  error: string | null;
}

/** Sends one value; resolves when the core accepted it, rejects with its message. */
export type LiveSender = (value: number) => Promise<void>;

export interface LiveValueOptions {
  /** The label the person sees, used in messages. */
  label: string;
  /** The core's name for the value (`mbps`, `max_p`), which its messages start with. */
  name: string;
  /** The label of another value the core may name in a refusal (a parameter beside this one). */
  labelOf?: (name: string) => string | null;
  /** How the value is written in a message (default: as a number). */
  format?: (value: number) => string;
  intervalMs: number;
  timers?: Timers;
}

/**
 * The core's reason in the person's words: the field path it starts with
 * (`event.mbps: `, `max_p: `) dropped when it names this value, and replaced
 * by the label the person sees when it names another (`labelOf`).
 */
export function reasonOf(error: unknown, own: string, labelOf: (name: string) => string | null = () => null): string {
  let rest = error instanceof Error ? error.message : String(error);
  // The core may stack paths: "event.value: q0: must be in [1, 100000]".
  for (let path = pathAt(rest); path !== null; path = pathAt(rest)) {
    const after = rest.slice(path.text.length);
    const label = path.name === own ? null : labelOf(path.name);
    if (label !== null) {
      rest = `${label}: ${after}`; // another field the person can see, by its label
      break;
    }
    if (!path.event && path.name !== own) break; // not a path of this value: the message as it is
    rest = after;
  }
  return rest;
}

/** The field path a message starts with ("event.mbps: ", "min_th: "), or null. */
function pathAt(message: string): { text: string; name: string; event: boolean } | null {
  const m = /^(event\.)?([A-Za-z_]\w*): /.exec(message);
  return m ? { text: m[0], name: m[2] ?? '', event: m[1] !== undefined } : null;
}

export class LiveValue {
  private now: LiveState;
  private readonly sender: ThrottledSender<number>;
  private readonly listeners = new Set<() => void>();
  /** Number of the latest value sent, so only the newest reply decides the shown value. */
  private sent = 0;
  /** A value is waiting in the throttle. */
  private queued = false;
  /** Counts restarts: a reply from an earlier run changes nothing. */
  private run = 0;
  private readonly format: (value: number) => string;

  constructor(
    initial: number | null,
    private send: LiveSender,
    private readonly options: LiveValueOptions,
  ) {
    this.now = { value: initial, accepted: initial, error: null };
    this.format = options.format ?? String;
    this.sender = throttleLatest((v: number) => this.dispatch(v), options.intervalMs, options.timers);
  }

  get state(): LiveState {
    return this.now;
  }

  getState = (): LiveState => this.now;

  /** The user moved the control (or typed a value). */
  set(value: number): void {
    if (!Number.isFinite(value)) {
      this.patch({ value: this.now.accepted, error: `${this.options.label}: enter a number` });
      return;
    }
    this.queued = true;
    this.patch({ value });
    this.sender.push(value);
  }

  /** The control was let go: its waiting value goes out now, before anything after the release. */
  release(): void {
    this.sender.flush();
  }

  /** A new run (or the run's value changed by itself, a timed event): shows `value`, accepted, without error. */
  restart(value: number | null, send: LiveSender = this.send): void {
    this.sender.cancel();
    this.queued = false;
    this.run++;
    this.send = send;
    this.patch({ value, accepted: value, error: null });
  }

  /** Drops a value still waiting in the throttle (the control is going away). */
  cancel(): void {
    this.sender.cancel();
    this.queued = false;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private dispatch(value: number): void {
    this.queued = false;
    const number = ++this.sent;
    const run = this.run;
    const answered = (refusal: string | null) => {
      if (run === this.run) this.answered(number, value, refusal);
    };
    this.send(value).then(
      () => answered(null),
      (e: unknown) => answered(reasonOf(e, this.options.name, this.options.labelOf)),
    );
  }

  /** Only the newest reply, with nothing waiting behind it, decides what shows. */
  private answered(number: number, value: number, refusal: string | null): void {
    const newest = number === this.sent && !this.queued;
    if (refusal === null) {
      this.patch(newest ? { accepted: value, error: null } : { accepted: value });
      return;
    }
    const error = this.refused(value, refusal);
    this.patch(newest ? { error, value: this.now.accepted } : { error });
  }

  private refused(value: number, reason: string): string {
    return `${this.options.label} = ${this.format(value)} refused: ${reason}`;
  }

  private patch(patch: Partial<LiveState>): void {
    this.now = { ...this.now, ...patch };
    for (const listener of this.listeners) listener();
  }
}
