import { SeriesStore } from '../charts/series-store';
import type { SideInfo, Speed, TimelineEvent } from '../protocol/protocol';
import { SimClient, type ClientError } from '../worker/client';
import type { WorkerPort } from '../worker/spawn-worker';

// One side of the comparison: its worker client, its sample store and the few
// facts React renders. Samples never pass through React; status changes (run
// started, paused, failed) are rare and replace `status` so snapshots compare by identity.

export interface SideStatus {
  info: SideInfo | null;
  columns: readonly string[];
  /** Increments at every (re)start, so controls can re-read the scenario's values. */
  run: number;
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
  run: 0,
  playing: false,
  done: false,
  error: null,
  failed: false,
  applied: 0,
};

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
        this.update({ info: m.info, columns: m.columns, run: this.current.run + 1, error: null, failed: false, applied: 0 });
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

  start(speed: Speed, play: boolean): void {
    this.client.start({ side: this.index, scenario: null, speed, play });
  }

  play(): void {
    this.client.play();
  }

  pause(): void {
    this.client.pause();
  }

  reset(): void {
    this.client.reset();
  }

  setSpeed(speed: Speed): void {
    this.client.setSpeed(speed);
  }

  /** Applies a live change; a rejection shows on this side rather than being thrown. */
  apply(event: TimelineEvent): void {
    this.client.apply(event).then(
      () => this.update({ applied: this.current.applied + 1, error: null }),
      (e: unknown) => this.showError({ source: 'core', message: e instanceof Error ? e.message : String(e), fatal: false }),
    );
  }

  terminate(): void {
    this.client.terminate();
  }

  private showError(e: ClientError): void {
    this.update({
      error: e.message,
      failed: this.current.failed || e.fatal,
      playing: e.fatal ? false : this.current.playing,
    });
  }

  private update(patch: Partial<SideStatus>): void {
    this.current = { ...this.current, ...patch };
    this.listener.statusChanged();
  }
}
