import type { AqmLabModule } from '../generated/aqmlab.mjs';
import { isToWorker, type FromWorker } from '../protocol/protocol';
import { isRecord } from '../lib/json';
import { SimDriver, type Clock } from './sim-driver';
import { SimRunner, defaultPacing } from './sim-runner';
import { crashingModule } from './test-crash';

// One simulation worker holding several sides. Each side talks to
// its own SimRunner over its own channel (a MessagePort the page sent in
// `host/attach`), exactly as it would to a worker of its own, so the page's
// client and protocol do not change; the runs share one driver, which
// advances them together in rounds (sim-driver.ts).
//
// Each run gets its own instance of the core (its own wasm memory, from one
// compiled module): a run whose core traps or runs out of memory fails alone,
// and the next start of that side gets a fresh instance.

/** Page-to-host messages, on the worker itself (a side's own messages go on its channel). */
export type ToHost =
  | { type: 'host/attach'; channel: number; port: MessagePort; crashAfterBatches: number | null }
  | { type: 'host/detach'; channel: number };

/** One side's end of its channel, as the host uses it. */
export interface ChannelEnd {
  post(message: FromWorker, transfer: Transferable[]): void;
  onMessage(listener: (data: unknown) => void): void;
  close(): void;
}

export interface HostDeps {
  /** A fresh instance of the core (its own memory) for one run. */
  instantiate: () => Promise<AqmLabModule>;
  clock: Clock;
}

export function isToHost(data: unknown): data is ToHost {
  if (!isRecord(data) || !Number.isInteger(data.channel)) return false;
  if (data.type === 'host/detach') return true;
  return (
    data.type === 'host/attach' &&
    isRecord(data.port) &&
    (data.crashAfterBatches === null || Number.isInteger(data.crashAfterBatches))
  );
}

export class SimHost {
  private readonly driver: SimDriver;
  private readonly runners = new Map<number, { runner: SimRunner; end: ChannelEnd }>();
  private tables: { catalogue: string; defaults: string } | null = null;

  constructor(private readonly deps: HostDeps) {
    this.driver = new SimDriver(deps.clock, defaultPacing);
  }

  /**
   * A fresh instance of the core whose catalogue of disciplines and default
   * scenario are written once per worker: every instance comes from the same
   * compiled core, and writing them (42 kB and 2 kB of JSON) took 7 to 37 ms
   * and up to 7 ms per call under Node, at every start of every side.
   */
  private async instantiate(): Promise<AqmLabModule> {
    const mod = await this.deps.instantiate();
    const tables = (this.tables ??= { catalogue: mod.describeAqms(), defaults: mod.defaultScenario() });
    return { ...mod, describeAqms: () => tables.catalogue, defaultScenario: () => tables.defaults };
  }

  /** A new side on `end`; `crashAfterBatches`: test-only (test-crash.ts). */
  attach(channel: number, end: ChannelEnd, crashAfterBatches: number | null = null): void {
    this.detach(channel);
    let batches = 0;
    const post = (message: FromWorker, transfer: Transferable[]) => {
      if (message.type === 'sim/batch') batches++;
      end.post(message, transfer);
    };
    const instantiate = () => this.instantiate();
    const loadModule =
      crashAfterBatches === null
        ? instantiate
        : async () => crashingModule(await instantiate(), () => batches >= crashAfterBatches, () => batches);
    const runner = new SimRunner({ loadModule, post, clock: this.deps.clock }, defaultPacing, this.driver);
    end.onMessage((data) => {
      if (isToWorker(data)) void runner.receive(data);
      else post({ type: 'run/error', id: null, message: 'worker received a malformed message', fatal: false }, []);
    });
    this.runners.set(channel, { runner, end });
  }

  /** The side's page end is gone: its run stops and its core is freed. */
  detach(channel: number): void {
    const attached = this.runners.get(channel);
    if (!attached) return;
    this.runners.delete(channel);
    attached.runner.close();
    attached.end.close();
  }

  receive(message: ToHost, end: (port: MessagePort) => ChannelEnd): void {
    if (message.type === 'host/attach') this.attach(message.channel, end(message.port), message.crashAfterBatches);
    else this.detach(message.channel);
  }
}
