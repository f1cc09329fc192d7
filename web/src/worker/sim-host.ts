import { expose, finalizer, wrap, type Endpoint } from 'comlink';
import type { AqmLabModule } from '../generated/aqmlab.mjs';
import type { SideApi, SideApplied, SideEvents, SimHostApi, Speed, Together, TogetherAnswer } from '../protocol/protocol';
import { messageOf } from '../lib/errors';
import { nextSampleTime } from './sample-time';
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
  private readonly runners = new Map<number, SimRunner>();
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
   * A new side, `key` its name in `together`: its SideApi on `sidePort`, its
   * events to `eventsPort` (any endpoint, so tests can hand in their own);
   * released by the page, its run stops and its core is freed.
   */
  attach(key: number, sidePort: Endpoint, eventsPort: Endpoint & { close(): void }): void {
    const events = wrap<SideEvents>(eventsPort);
    const runner = new SimRunner(
      {
        loadModule: () => this.instantiate(),
        events,
        clock: this.deps.clock,
        closed: () => {
          if (this.runners.get(key) === runner) this.runners.delete(key);
          eventsPort.close();
        },
      },
      defaultPacing,
      this.driver,
    );
    this.runners.set(key, runner);
    expose(sideApiOf(runner), sidePort);
  }

  setSpeed(speed: Speed): void {
    this.driver.setSpeed(speed);
  }

  together(keys: readonly number[], act: Together): Promise<TogetherAnswer> {
    return actTogether(
      keys.map((k) => this.runners.get(k) ?? null),
      act,
    );
  }
}

/**
 * The side's API and nothing else of its runner: what the driver and
 * `together` ask of a run (its time, whether it has one) stays in the
 * worker. Releasing the page's end closes the run.
 */
function sideApiOf(r: SimRunner): SideApi & { [finalizer](): void } {
  return {
    start: (side, scenario, play) => r.start(side, scenario, play),
    play: () => r.play(),
    pause: () => r.pause(),
    reset: () => r.reset(),
    step: () => r.step(),
    runUntil: (untilS) => r.runUntil(untilS),
    apply: (event, atS) => r.apply(event, atS),
    check: (scenario) => r.check(scenario),
    summary: () => r.summary(),
    [finalizer]: () => r.close(),
  };
}

/** What actTogether asks of a run (a SimRunner). */
export type TogetherRun = Pick<SimRunner, 'now' | 'hasRun' | 'apply' | 'runUntil' | 'sampleInterval'>;

const gone: SideApplied = { ok: false, error: 'the side is gone' };

/**
 * Acts on runs that share one driver at one time, the latest of them: every
 * run is asked within the caller's task (each run's queue takes the call in
 * this task's microtasks), so no tick of the driver falls between two of
 * them and no run needs holding still. `null`: a side the worker no longer has.
 */
export async function actTogether(runs: readonly (TogetherRun | null)[], act: Together): Promise<TogetherAnswer> {
  const running = runs.filter((r): r is TogetherRun => r !== null && r.hasRun());
  const latest = Math.max(0, ...running.map((r) => r.now()));
  switch (act.kind) {
    case 'apply': {
      // Every side answers, a side without a run with its refusal, so the page hears from each.
      const asked = runs.map((r) =>
        r === null
          ? Promise.resolve(gone)
          : r.apply(act.event, latest).then(
              (recorded): SideApplied => ({ ok: true, recorded }),
              (e: unknown): SideApplied => ({ ok: false, error: messageOf(e) }),
            ),
      );
      return { error: null, applied: await Promise.all(asked) };
    }
    case 'step':
      if (running.length === 0) return { error: 'no side is running', applied: [] };
      await Promise.all(running.map((r) => r.runUntil(nextSampleTime(latest, r.sampleInterval()))));
      return { error: null, applied: [] };
    case 'until':
      if (running.length === 0) return { error: 'no side is running', applied: [] };
      if (latest > act.untilS) return { error: `run to: the run is already at ${latest.toFixed(2)} s, past ${act.untilS} s (reset first)`, applied: [] };
      await Promise.all(running.map((r) => r.runUntil(act.untilS)));
      return { error: null, applied: [] };
  }
}
