import type { AqmSpec } from '../aqm/aqm-table';
import { SeriesStore } from '../charts/series-store';
import type { SideInfo, Speed, TimelineEvent } from '../protocol/protocol';
import type { RunSummary } from '../summary/run-summary';
import { SimClient, type ClientError } from '../worker/client';
import type { WorkerPort } from '../worker/spawn-worker';

// One side of the comparison: its worker client, its sample store and the few
// facts React renders. Samples never pass through React; status changes (run
// started, paused, failed) are rare and replace `status` so snapshots compare by identity.

export interface SideStatus {
  info: SideInfo | null;
  columns: readonly string[];
  /** The scenario the current run was built from, as the core accepted it. */
  scenario: string | null;
  /** The core's catalogue of disciplines, as the worker read it. */
  aqms: readonly AqmSpec[];
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
  statusChanged(): void;
  samplesArrived(): void;
}

const initialStatus: SideStatus = {
  info: null,
  columns: [],
  scenario: null,
  aqms: [],
  run: 0,
  restarting: true,
  playing: false,
  done: false,
  error: null,
  failed: false,
  applied: 0,
};

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export class SideSession {
  readonly store = new SeriesStore();
  private current: SideStatus = initialStatus;
  private readonly client: SimClient;

  constructor(
    readonly index: number,
    port: WorkerPort,
    private readonly listener: SideListener,
  ) {
    this.client = new SimClient(port, {
      ready: (m) => {
        this.store.reset(m.columns);
        this.update({
          info: m.info,
          columns: m.columns,
          scenario: m.scenario,
          aqms: m.aqms,
          run: this.current.run + 1,
          restarting: false,
          error: null,
          failed: false,
          applied: 0,
        });
        this.listener.samplesArrived();
      },
      batch: (m) => {
        this.store.append(m.data, m.length);
        this.listener.samplesArrived();
      },
      state: (m) => this.update({ playing: m.playing, done: m.done }),
      error: (e) => this.showError(e),
    });
  }

  get status(): SideStatus {
    return this.current;
  }

  /** Starts a run of `scenario` (null: the core's default) from time zero. */
  start(speed: Speed, play: boolean, scenario: string | null = null): void {
    this.update({ restarting: true });
    this.client.start({ side: this.index, scenario, speed, play });
  }

  play(): void {
    this.client.play();
  }

  pause(): void {
    this.client.pause();
  }

  reset(): void {
    this.update({ restarting: true });
    this.client.reset();
  }

  setSpeed(speed: Speed): void {
    this.client.setSpeed(speed);
  }

  /** Applies a live change; a rejection shows on this side rather than being thrown. */
  apply(event: TimelineEvent): void {
    this.client.apply(event).then(
      () => this.accepted(),
      (e: unknown) => this.showError({ source: 'core', message: messageOf(e), fatal: false }),
    );
  }

  /**
   * Sets a parameter of this side's discipline at its current simulated time.
   * Resolves once the core accepted it; rejects with the core's message, which
   * belongs to the control that sent it, so it is not shown on the side card.
   * `aqm` guards against a value meant for a discipline the side no longer runs.
   */
  async setParam(aqm: string, name: string, value: number): Promise<void> {
    const { info, restarting } = this.current;
    if (restarting || info?.aqm !== aqm) throw new Error(`${name}: the side is not running ${aqm} now`);
    await this.client.apply({ kind: 'set_param', side: this.index, name, value });
    this.accepted();
  }

  /** The core's run summary of this side, as of now. */
  summary(): Promise<RunSummary> {
    return this.client.summary();
  }

  terminate(): void {
    this.client.terminate();
  }

  private accepted(): void {
    this.update({ applied: this.current.applied + 1, error: null });
  }

  private showError(e: ClientError): void {
    this.update({
      error: e.message,
      failed: this.current.failed || e.fatal,
      restarting: e.fatal ? false : this.current.restarting,
      playing: e.fatal ? false : this.current.playing,
    });
  }

  private update(patch: Partial<SideStatus>): void {
    this.current = { ...this.current, ...patch };
    this.listener.statusChanged();
  }
}
