import { transfer } from 'comlink';
import type { AqmLabModule, CoreSimulation } from '../generated/aqmlab.mjs';
import type * as P from '../protocol/protocol';
import { messageOf } from '../lib/errors';
import type { RunSummary } from '../summary/run-summary';
import { readAqmTable } from '../aqm/aqm-table';
import { readSenderTable } from '../aqm/sender-table';
import { bufferPackets, readSideInfo } from '../scenario/side-info';
import { readRunSummary } from '../summary/run-summary';
import { isRecord, parseJson } from '../lib/json';
import { memoLast } from '../lib/memo';
import { completeScenario, numberField } from '../scenario/scenario-json';
import { readColumns, readResult } from './core-json';
import { nextSampleTime, sampleTimeAtOrAfter } from './sample-time';
import { SimDriver, type Clock, type DrivenRun, type Pacing } from './sim-driver';

// Owns one side's Simulation: the side's API (protocol.ts), its state
// (playing, a run-to time) and its samples. When and how far it
// advances is the driver's (sim-driver.ts), which may drive several runs in
// one worker. Kept free of `self` so it runs under Vitest with a fake module;
// sim.worker.ts and sim-host.ts wire it up.

export interface RunnerDeps {
  loadModule: () => Promise<AqmLabModule>;
  /** The page's side of the run (in the worker, comlink's proxy of it). */
  events: P.SideEvents;
  clock: Clock;
  /** The run is gone for good (the page released its side): what else the host frees with it. */
  closed?: () => void;
}

// A short budget keeps a pause or a change waiting at most ~10 ms for the tick
// in progress; batches go out every flushMs rather than every tick (a tick at
// "as fast as possible" is ~10 ms, and each batch costs the page a message),
// and at once when the run stops.
export const defaultPacing: Pacing = { tickMs: 16, sliceS: 0.05, budgetMs: 10, maxRealStepMs: 100, flushMs: 25 };

// The catalogue's text is the same string for every run of a worker (sim-host.ts): read it once.
const readCatalogue = memoLast((text: string) => readAqmTable(parseJson(text)));
const readSenders = memoLast((text: string) => readSenderTable(parseJson(text)));

/** A request the run cannot take (bad event, no run): answered with an error, the run goes on. */
class Refusal extends Error {}

export class SimRunner implements P.SideApi, DrivenRun {
  private module: Promise<AqmLabModule> | null = null;
  private sim: CoreSimulation | null = null;
  private columnCount = 0;
  private scenario: string | null = null;
  private side = 0;
  private wantPlay = false; // the user's choice; the run itself stops at its end
  private playing = false;
  private untilS: number | null = null; // run-to-time target: as fast as possible, then pause
  private sampleIntervalMs = 10;
  private seq = 0;
  private catalogueSent = false; // the page keeps the catalogue from this side's first ready
  private readonly driver: SimDriver;
  // Calls are handled one after another even though starting a run awaits the module.
  private queue: Promise<unknown> = Promise.resolve();

  /** `driver`: the worker's, shared by its runs (sim-host.ts); by default one of the run's own. */
  constructor(
    private readonly deps: RunnerDeps,
    pacing: Pacing = defaultPacing,
    driver: SimDriver | null = null,
  ) {
    this.driver = driver ?? new SimDriver(deps.clock, pacing);
    this.driver.add(this);
  }

  /** The run is gone for good (its page end closed): the driver forgets it and the core is freed. */
  close(): void {
    this.driver.remove(this);
    this.dispose();
    this.deps.closed?.();
  }

  // ---- the side's API (protocol.ts) ---------------------------------------------

  start(side: number, scenario: string | null, play: boolean): Promise<void> {
    return this.control(() => {
      this.side = side;
      this.wantPlay = play;
      this.scenario = scenario;
      return this.open();
    });
  }

  reset(): Promise<void> {
    return this.control(() => this.open());
  }

  play(): Promise<void> {
    return this.control(() => {
      this.wantPlay = true;
      this.untilS = null;
      this.setPlaying(true);
    });
  }

  pause(): Promise<void> {
    return this.control(() => {
      // On at most to the next sample time, so runs that stand at one time
      // (one driver's, between ticks) stop at one sample time, each run's last
      // sample being that time, without a round trip to the page.
      const at = this.sim && this.playing ? sampleTimeAtOrAfter(this.sim.now(), this.sampleIntervalMs) : null;
      if (at !== null && this.sim && at > this.sim.now()) return this.goTo(at);
      this.wantPlay = false;
      this.untilS = null;
      this.setPlaying(false);
    });
  }

  step(): Promise<void> {
    return this.control(() => this.goTo(this.sim ? nextSampleTime(this.sim.now(), this.sampleIntervalMs) : 0));
  }

  runUntil(untilS: number): Promise<void> {
    return this.control(() => this.goTo(untilS));
  }

  apply(event: P.TimelineEvent, atS: number | null): Promise<P.RecordedEvent> {
    return this.question(() => this.applyAt(event, atS));
  }

  check(scenario: string): Promise<P.CheckedScenario> {
    return this.question(() => this.checkScenario(scenario));
  }

  summary(): Promise<RunSummary> {
    return this.question(() => this.summarise());
  }

  /**
   * A control: what fails reaches the page as the side's error (fatal unless a
   * Refusal), as a wasm trap or a failed module load must, since nothing waits on it.
   */
  private control(fn: () => void | Promise<void>): Promise<void> {
    return this.serial(fn).catch((e: unknown) => this.report(e, !(e instanceof Refusal)));
  }

  /** A question: a refusal rejects it; a failure (a trap) also ends the run and is shown on the side. */
  private question<T>(fn: () => T | Promise<T>): Promise<T> {
    return this.serial(fn).catch((e: unknown) => {
      if (!(e instanceof Refusal)) this.report(e, true);
      throw new Error(messageOf(e));
    });
  }

  private serial<T>(fn: () => T | Promise<T>): Promise<T> {
    const next = this.queue.then(fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Creates the module once, lazily; a failed load is retried on the next start. */
  private loadModule(): Promise<AqmLabModule> {
    if (!this.module) {
      this.module = this.deps.loadModule();
      this.module.catch(() => {
        this.module = null;
      });
    }
    return this.module;
  }

  private async open(): Promise<void> {
    this.dispose();
    const mod = await this.loadModule();
    const scenario = this.scenario ?? mod.defaultScenario();
    // The core checks the scenario as it builds the run (the same check as validateScenario, whose message error() gives).
    const sim = new mod.Simulation(scenario, this.side);
    const error = sim.error();
    if (error) {
      sim.delete();
      return this.report(error, true);
    }
    const columns = readColumns(sim.columns());
    const aqms = readCatalogue(mod.describeAqms());
    const info =
      typeof aqms === 'string'
        ? aqms
        : readSideInfo(scenario, this.side, aqms, bufferPackets(parseJson(mod.defaultScenario())));
    // A core built before the senders' catalogue has none: the page then offers no sender menu.
    const senders = mod.describeSenders ? readSenders(mod.describeSenders()) : [];
    const problem = !columns
      ? 'columns: unreadable answer from the core'
      : typeof info === 'string'
        ? info
        : typeof senders === 'string'
          ? senders
          : null;
    if (!columns || typeof info === 'string' || typeof aqms === 'string' || typeof senders === 'string') {
      sim.delete();
      return this.report(problem, true);
    }
    this.sim = sim;
    this.sampleIntervalMs = numberField(parseJson(scenario), 'sample_interval_ms') ?? this.sampleIntervalMs;
    this.untilS = null;
    this.columnCount = columns.length;
    this.seq = 0;
    const first = !this.catalogueSent;
    this.deps.events.ready({ scenario, columns, info, aqms: first ? aqms : null, senders: first ? senders : null });
    this.catalogueSent = true;
    this.setPlaying(this.wantPlay);
  }

  private setPlaying(playing: boolean): void {
    const sim = this.sim;
    this.playing = playing && sim !== null && !sim.done();
    if (sim) this.flush(sim);
    if (this.playing) this.driver.wake();
    this.postState();
  }

  private goTo(untilS: number): void {
    const sim = this.sim;
    this.wantPlay = false;
    if (!sim || sim.now() >= untilS) {
      this.untilS = null;
      return this.setPlaying(false);
    }
    this.untilS = untilS;
    this.setPlaying(true);
  }

  /** Valid or not, and the scenario with the structure the page edits made explicit. */
  private async checkScenario(scenario: string): Promise<P.CheckedScenario> {
    const mod = await this.loadModule();
    const valid = readResult(mod.validateScenario(scenario));
    if (!valid.ok) return { error: valid.error, scenario };
    const input = parseJson(scenario);
    const defaults = parseJson(mod.defaultScenario());
    let answer = scenario;
    if (isRecord(input) && isRecord(defaults)) {
      const completed = JSON.stringify(completeScenario(input, defaults));
      // Filled-in defaults can clash with the file's own values (a warm-up past a short run).
      if (readResult(mod.validateScenario(completed)).ok) answer = completed;
    }
    return { error: null, scenario: answer };
  }

  private applyAt(event: P.TimelineEvent, atS: number | null): P.RecordedEvent {
    const sim = this.sim;
    if (!sim) throw new Refusal('no run to apply the event to');
    if (atS !== null) {
      if (sim.now() > atS) throw new Refusal(`the run is at ${sim.now()} s, past ${atS} s`);
      // -1: the run failed for good (the packet limit, or memory): fatal for this side.
      if (sim.advance(atS) < 0) throw new Error(sim.error());
      this.flush(sim);
    }
    const result = readResult(sim.apply(JSON.stringify(event)));
    if (!result.ok) throw new Refusal(result.error);
    return { atS: sim.now(), event };
  }

  private summarise(): RunSummary {
    if (!this.sim) throw new Refusal('no run to summarise');
    const summary = readRunSummary(parseJson(this.sim.summary()));
    if (typeof summary === 'string') throw new Refusal(summary);
    return summary;
  }

  // ---- driven (sim-driver.ts) ------------------------------------------------

  running(): boolean {
    return this.playing && this.sim !== null;
  }

  /** A run is up (not starting, not failed): it takes part in what the sides do together. */
  hasRun(): boolean {
    return this.sim !== null;
  }

  /** The run's sample interval, in milliseconds. */
  sampleInterval(): number {
    return this.sampleIntervalMs;
  }

  runTo(): number | null {
    return this.untilS;
  }

  now(): number {
    return this.sim?.now() ?? 0;
  }

  advanceTo(untilS: number): void {
    const sim = this.sim;
    if (!sim) return;
    // -1: the run failed for good (the packet limit, or memory); fail() shows it on this side.
    if (sim.advance(untilS) < 0) throw new Error(sim.error());
  }

  endTick(flushDue: boolean): void {
    const sim = this.sim;
    if (!sim) return;
    const finished = sim.done() || (this.untilS !== null && sim.now() >= this.untilS);
    try {
      if (finished || flushDue) this.flush(sim);
    } catch (e) {
      return this.fail(e);
    }
    if (!finished) return;
    this.untilS = null;
    this.playing = false;
    this.postState();
  }

  /** Copies pending samples out of wasm memory and transfers them to the page. */
  private flush(sim: CoreSimulation): void {
    const length = sim.batchLength();
    if (length === 0) return;
    const view = sim.batch();
    const size = length * this.columnCount;
    if (view.length < size) throw new Error(`batch holds ${view.length} values, expected ${size}`);
    const data = view.slice(0, size);
    sim.clearBatch();
    this.deps.events.batch(transfer({ seq: this.seq++, length, data, now: sim.now() }, [data.buffer]));
  }

  private postState(): void {
    const sim = this.sim;
    this.deps.events.state({ playing: this.playing, done: sim ? sim.done() : false, now: sim ? sim.now() : 0 });
  }

  /**
   * The core failed while the driver advanced the run: fatal for this side
   * only. Its instance of the core may be left in any state (a trap, or memory
   * the core abandoned), so the side's next run gets a fresh one.
   */
  fail(error: unknown): void {
    this.module = null;
    this.report(error, true);
  }

  private report(error: unknown, fatal: boolean): void {
    const message = messageOf(error);
    if (fatal) {
      this.dispose();
      this.playing = false;
      this.untilS = null;
    }
    this.deps.events.error({ message, fatal });
  }

  private dispose(): void {
    this.playing = false;
    this.sim?.delete();
    this.sim = null;
  }
}
