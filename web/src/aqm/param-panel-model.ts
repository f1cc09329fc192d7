import { LiveValue, type LiveState } from '../lib/live-value-model';
import type { Timers } from '../lib/throttle-latest';
import { formatParamValue, type ParamControl } from './param-controls';

// The live state of one side's parameter panel, outside React so it can be
// tested with a fake core and fake timers: one LiveValue (lib/live-value-model.ts,
// the page's one model of a live control) per parameter, and a snapshot of
// them all for React.

export interface FieldState extends LiveState {
  value: number;
  accepted: number;
}

/** Sends one value to the core; resolves when accepted, rejects with the core's message. */
export type ParamSender = (name: string, value: number) => Promise<void>;

export class ParamPanelModel {
  private readonly fields = new Map<string, LiveValue>();
  private readonly listeners = new Set<() => void>();
  private current: Readonly<Record<string, FieldState>> = {};

  constructor(
    readonly controls: readonly ParamControl[],
    send: ParamSender,
    intervalMs: number,
    timers?: Timers,
  ) {
    for (const control of controls) {
      const field = new LiveValue(control.initial, (v) => send(control.name, v), {
        label: control.label,
        name: control.name,
        labelOf: (name) => controls.find((c) => c.name === name)?.label ?? null,
        format: (v) => formatParamValue(v, control),
        intervalMs,
        timers,
      });
      field.subscribe(() => this.publish());
      this.fields.set(control.name, field);
    }
    this.publish();
  }

  /** The user moved a control. */
  set(name: string, value: number): void {
    this.fields.get(name)?.set(value);
  }

  /** The control was let go: its waiting value goes out now, before anything after the release. */
  release(name: string): void {
    this.fields.get(name)?.release();
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
    for (const field of this.fields.values()) field.cancel();
  }

  private publish(): void {
    const next: Record<string, FieldState> = {};
    for (const [name, field] of this.fields) {
      const { value, accepted, error } = field.state;
      // A parameter always has a value: the run's, from the table's default at least.
      if (value !== null && accepted !== null) next[name] = { value, accepted, error };
    }
    this.current = next;
    for (const listener of this.listeners) listener();
  }
}
