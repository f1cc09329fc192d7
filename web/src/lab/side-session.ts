import type { AqmSpec } from '../aqm/aqm-table';
import type { SenderSpec } from '../aqm/sender-table';
import { SeriesStore } from '../charts/series-store';
import type { RecordedEvent, RunFailure, SideApi, SideEvents, SideInfo, TimelineEvent } from '../protocol/protocol';
import type { SpawnSide } from '../worker/spawn-worker';
import type { WorkerRpc } from '../lib/worker-rpc';
import { messageOf } from '../lib/errors';
import { sameItems } from '../lib/memo';

// One side of the comparison: its run in the simulation worker (`worker`, the
// side's API of protocol.ts), its sample store and the few facts React renders. Samples never pass through React; status changes (run
// started, paused, failed) are rare and replace `status` so snapshots compare by identity.

export interface SideStatus {
  info: SideInfo | null;
  columns: readonly string[];
  /** The scenario the current run was built from, as the core accepted it. */
  scenario: string | null;
  /** The core's catalogue of disciplines, as the worker read it. */
  aqms: readonly AqmSpec[];
  senders: readonly SenderSpec[];
  /** Increments at every (re)start, so controls can re-read the scenario's values. */
  run: number;
  /** A new run was asked for and is not ready yet; live changes wait for it. */
  restarting: boolean;
  playing: boolean;
  done: boolean;
  error: string | null;
  /** The side has no running simulation because of `error`. */
  failed: boolean;
  /** Live changes the core accepted in this run. */
  applied: number;
}

export interface SideListener {
  /** `urgent` false: the change may show a moment later, with the next one (a restart under way). */
  statusChanged(urgent: boolean): void;
  samplesArrived(): void;
  /** A run is ready; `scenario` is what it was built from. */
  runReady(scenario: string): void;
}

const initialStatus: SideStatus = {
  info: null,
  columns: [],
  scenario: null,
  aqms: [],
  senders: [],
  run: 0,
  restarting: true,
  playing: false,
  done: false,
  error: null,
  failed: false,
  applied: 0,
};

export class SideSession {
  readonly store = new SeriesStore();
  /** The side's run in the simulation worker; the lab calls it directly, and the calls below that do more. */
  readonly worker: WorkerRpc<SideApi>;
  private current: SideStatus = initialStatus;
  private simNow = 0;
  private states = 0; // state events received, so a wait can tell a fresh one from the last
  private expectedSeq = 0;
  private closed = false;
  private readonly waiters = new Set<() => void>();

  constructor(
    /** The side's place in the scenario's `sides`; the lab renumbers sides when one is removed. */
    public index: number,
    spawn: SpawnSide,
    private readonly listener: SideListener,
  ) {
    const events: SideEvents = {
      ready: (m) => {
        if (this.closed) return;
        this.simNow = 0;
        this.expectedSeq = 0;
        this.store.reset(m.columns);
        // The same columns as the last run keep their array, so views memoised on them skip a restart.
        this.update({
          info: m.info,
          columns: sameItems(m.columns, this.current.columns) ? this.current.columns : m.columns,
          scenario: m.scenario,
          aqms: m.aqms ?? this.current.aqms,
          senders: m.senders ?? this.current.senders,
          run: this.current.run + 1,
          restarting: false,
          error: null,
          failed: false,
          applied: 0,
        });
        this.listener.runReady(m.scenario);
        this.listener.samplesArrived();
      },
      batch: (m) => {
        if (this.closed) return;
        // Calls from one worker arrive in order, so a gap is a bug worth showing.
        if (m.seq !== this.expectedSeq) this.showError({ message: `batch ${m.seq} arrived, expected ${this.expectedSeq}`, fatal: false });
        this.expectedSeq = m.seq + 1;
        this.simNow = m.now;
        this.store.append(m.data, m.length);
        this.listener.samplesArrived();
      },
      state: (m) => {
        if (this.closed) return;
        this.simNow = m.now;
        this.states++;
        this.update({ playing: m.playing, done: m.done });
      },
      error: (e) => {
        if (!this.closed) this.showError(e);
      },
    };
    this.worker = spawn(events);
  }

  get status(): SideStatus {
    return this.current;
  }

  /** The simulated time of the latest batch or state message. */
  get now(): number {
    return this.simNow;
  }

  /** Starts a run of `scenario` (null: the core's default) from time zero. */
  start(play: boolean, scenario: string | null = null): void {
    this.store.reset([]); // the old run's lines go at once, not when the new run is ready
    this.simNow = 0;
    this.update({ restarting: true }, false);
    this.worker.send((w) => w.start(this.index, scenario, play));
  }

  reset(): void {
    this.update({ restarting: true }, false);
    this.worker.send((w) => w.reset());
  }

  /** Runs to `untilS` as fast as possible; resolves once the run stops (there, at its end, paused or failed). */
  runTo(untilS: number): Promise<void> {
    return this.untilStopped(() => this.worker.send((w) => w.runUntil(untilS)));
  }

  /** Pauses at the first sample time at or after the run's time; resolves once the run stopped (or failed). */
  stop(): Promise<void> {
    return this.untilStopped(() => this.worker.send((w) => w.pause()));
  }

  private untilStopped(send: () => void): Promise<void> {
    const before = this.states;
    send();
    return this.waitFor((s) => s.failed || (!s.playing && this.states > before));
  }

  /** Resolves at the first status change (or now) for which `done` holds. */
  waitFor(done: (status: SideStatus) => boolean): Promise<void> {
    const settled = () => this.closed || done(this.current);
    if (settled()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!settled()) return;
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  /** Shows a new name at once; the lab has already written it into the scenario. */
  rename(name: string): void {
    const info = this.current.info;
    if (info) this.update({ info: { ...info, sideName: name } });
  }

  /**
   * Applies a live change at `atS` (null: now). Resolves with what the core
   * recorded; a refusal rejects, and the caller decides where to show it.
   */
  async applyAt(event: TimelineEvent, atS: number | null): Promise<RecordedEvent> {
    const recorded = await this.worker.call((w) => w.apply(event, atS));
    this.tookChange();
    return recorded;
  }

  /** Shows a refusal of a change meant for every side on this side's card. */
  showRefusal(e: unknown): void {
    this.showError({ message: messageOf(e), fatal: false });
  }

  /**
   * Sets a parameter of this side's discipline at its current simulated time.
   * Resolves once the core accepted it; rejects with the core's message, which
   * belongs to the control that sent it, so it is not shown on the side card.
   * `aqm` guards against a value meant for a discipline the side no longer runs.
   */
  async setParam(aqm: string, name: string, value: number): Promise<RecordedEvent> {
    const { info, restarting } = this.current;
    if (restarting || info?.aqm !== aqm) throw new Error(`${name}: the side is not running ${aqm} now`);
    return this.applyAt({ kind: 'set_param', side: this.index, name, value }, null);
  }

  terminate(): void {
    this.closed = true;
    this.worker.terminate('the side was closed');
    for (const check of [...this.waiters]) check();
  }

  /** The side's core took a live change (here, or in a change the sides took together). */
  tookChange(): void {
    this.update({ applied: this.current.applied + 1, error: null });
  }

  private showError(e: RunFailure): void {
    this.update({
      error: e.message,
      failed: this.current.failed || e.fatal,
      restarting: e.fatal ? false : this.current.restarting,
      playing: e.fatal ? false : this.current.playing,
    });
  }

  private update(patch: Partial<SideStatus>, urgent = true): void {
    this.current = { ...this.current, ...patch };
    for (const check of [...this.waiters]) check();
    this.listener.statusChanged(urgent);
  }
}

/** A side's name as its scenario gives it, or its number before the run is ready. */
export function sideName(status: SideStatus | undefined, index: number): string {
  return status?.info?.sideName ?? `Side ${index + 1}`;
}
