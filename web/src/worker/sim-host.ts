import { expose, wrap, type Endpoint } from 'comlink';
import type { AqmLabModule } from '../generated/aqmlab.mjs';
import type { SideEvents, SimHostApi } from '../protocol/protocol';
import { SimDriver, type Clock } from './sim-driver';
import { SimRunner, defaultPacing } from './sim-runner';

// One simulation worker holding every side. Each side talks to its own
// SimRunner over its own channel (a MessagePort the page sent in `attach`),
// and hears its run on another; the runs share one driver, which advances
// them together in rounds (sim-driver.ts).
//
// Each run gets its own instance of the core (its own wasm memory, from one
// compiled module): a run whose core traps or runs out of memory fails alone,
// and the next start of that side gets a fresh instance.

export interface HostDeps {
  /** A fresh instance of the core (its own memory) for one run. */
  instantiate: () => Promise<AqmLabModule>;
  clock: Clock;
}

export class SimHost implements SimHostApi {
  private readonly driver: SimDriver;
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

  /**
   * A new side: its SideApi on `sidePort`, its events to `eventsPort` (any
   * endpoint, so tests can hand in their own); released by the page, its run
   * stops and its core is freed.
   */
  attach(sidePort: Endpoint, eventsPort: Endpoint & { close(): void }): void {
    const events = wrap<SideEvents>(eventsPort);
    const runner = new SimRunner(
      { loadModule: () => this.instantiate(), events, clock: this.deps.clock, closed: () => eventsPort.close() },
      defaultPacing,
      this.driver,
    );
    expose(runner, sidePort);
  }
}
