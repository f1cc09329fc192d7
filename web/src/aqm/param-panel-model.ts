import { throttleLatest, type ThrottledSender, type Timers } from '../lib/throttle-latest';
import { formatParamValue, type ParamControl } from './param-controls';

// The live state of one side's parameter panel, outside React so it can be
// tested with a fake core and fake timers. A move shows at once, reaches the
// core throttled, and when the core refuses the newest value the control goes
// back to the last value the core accepted and says why.

export interface FieldState {
  /** What the control shows. */
  value: number;
  /** The last value the core accepted (the run's starting value at first). */
  accepted: number;
  /** The core's refusal of this control's last rejected value, naming the field. */
  error: string | null;
}

/** Sends one value to the core; resolves when accepted, rejects with the core's message. */
export type ParamSender = (name: string, value: number) => Promise<void>;

interface Field {
  control: ParamControl;
  state: FieldState;
  sender: ThrottledSender<number>;
  /** Number of the latest value sent, so only the newest reply decides the shown value. */
  sent: number;
  /** A value is waiting in the throttle. */
  queued: boolean;
}

function reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^event\./, ''); // the core names fields of a live event as event.<name>
}

export class ParamPanelModel {
  private readonly fields = new Map<string, Field>();
  private readonly listeners = new Set<() => void>();
  private current: Readonly<Record<string, FieldState>> = {};

  constructor(
    readonly controls: readonly ParamControl[],
    private readonly send: ParamSender,
    intervalMs: number,
    timers?: Timers,
  ) {
    for (const control of controls) {
      const field: Field = {
        control,
        state: { value: control.initial, accepted: control.initial, error: null },
        sender: throttleLatest((v: number) => this.dispatch(field, v), intervalMs, timers),
        sent: 0,
        queued: false,
      };
      this.fields.set(control.name, field);
    }
    this.publish();
  }

  /** The user moved a control. */
  /** The control was let go: its waiting value goes out now, before anything after the release. */
  release(name: string): void {
    this.fields.get(name)?.sender.flush();
  }

  set(name: string, value: number): void {
    const field = this.fields.get(name);
    if (!field) return;
    if (!Number.isFinite(value)) {
      this.patch(field, { value: field.state.accepted, error: `${this.fieldName(field)}: enter a number` });
      return;
    }
    field.queued = true;
    this.patch(field, { value });
    field.sender.push(value);
  }

  state(name: string): FieldState | undefined {
    return this.current[name];
  }

  snapshot = (): Readonly<Record<string, FieldState>> => this.current;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Drops values still waiting in the throttles (the panel is going away). */
  cancel(): void {
    for (const field of this.fields.values()) {
      field.sender.cancel();
      field.queued = false;
    }
  }

  private dispatch(field: Field, value: number): void {
    field.queued = false;
    const number = ++field.sent;
    this.send(field.control.name, value).then(
      () => this.answered(field, number, value, null),
      (e: unknown) => this.answered(field, number, value, reason(e)),
    );
  }

  private answered(field: Field, number: number, value: number, refusal: string | null): void {
    const newest = number === field.sent && !field.queued;
    if (refusal === null) {
      this.patch(field, newest ? { accepted: value, error: null } : { accepted: value });
      return;
    }
    const shown = formatParamValue(value, field.control);
    const error = `${this.fieldName(field)} = ${shown} refused: ${refusal}`;
    this.patch(field, newest ? { error, value: field.state.accepted } : { error });
  }

  private fieldName(field: Field): string {
    return `${field.control.label} (${field.control.name})`;
  }

  private patch(field: Field, patch: Partial<FieldState>): void {
    field.state = { ...field.state, ...patch };
    this.publish();
  }

  private publish(): void {
    const next: Record<string, FieldState> = {};
    for (const [name, field] of this.fields) next[name] = field.state;
    this.current = next;
    for (const listener of this.listeners) listener();
  }
}
