import type { AqmLabModule, CoreSimulation } from '../generated/aqmlab.mjs';
import { isCall } from '../protocol/protocol';
import type * as P from '../protocol/protocol';
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

// Owns one side's Simulation: its messages, its state (playing, held, a
// run-to time) and its samples. When and how far it
// advances is the driver's (sim-driver.ts), which may drive several runs in
// one worker. Kept free of `self` so it runs under Vitest with a fake module;
// sim.worker.ts and sim-host.ts wire it up.

export interface RunnerDeps {
  loadModule: () => Promise<AqmLabModule>;
  post: (message: P.FromWorker, transfer: Transferable[]) => void;
  clock: Clock;
}

// A short budget keeps a hold or a pause waiting at most ~10 ms for the tick
// in progress; batches go out every flushMs rather than every tick (a tick at
// "as fast as possible" is ~10 ms, and each batch costs the page a message),
// and at once when the run stops.
export const defaultPacing: Pacing = { tickMs: 16, sliceS: 0.05, budgetMs: 10, maxRealStepMs: 100, flushMs: 25 };

// The catalogue's text is the same string for every run of a worker (sim-host.ts): read it once.
const readCatalogue = memoLast((text: string) => readAqmTable(parseJson(text)));
const readSenders = memoLast((text: string) => readSenderTable(parseJson(text)));

/** A request the run cannot take (bad event, no run): answered with an error, the run goes on. */
class Refusal extends Error {}

export class SimRunner implements DrivenRun {
  private module: Promise<AqmLabModule> | null = null;
  private sim: CoreSimulation | null = null;
  private columnCount = 0;
  private scenario: string | null = null;
  private side = 0;
  private speed: P.Speed = 10;
  private wantPlay = false; // the user's choice; the run itself stops at its end
  private playing = false;
  private held = false; // the page holds the run to apply a change on every side at one time
  private untilS: number | null = null; // run-to-time target: as fast as possible, then pause
  private sampleIntervalMs = 10;
  private seq = 0;
  private catalogueSent = false; // the page keeps the catalogue from this channel's first ready
  private log: P.RecordedEvent[] = [];
  private paced = Infinity; // this tick's pace: where the run should be by the tick's end
  private readonly driver: SimDriver;
  // Messages are handled one after another even though starting a run awaits the module.
  private queue: Promise<void> = Promise.resolve();

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
  }

  receive(message: P.ToWorker): Promise<void> {
    // A throw (a wasm trap, a failed module load) still answers the request
    // that caused it, so the page never waits on it for ever; a Refusal
    // leaves the run as it was.
    const id = isCall(message) ? message.id : null;
    this.queue = this.queue
      .then(() => this.handle(message))
      .catch((e: unknown) => this.report(id, e, !(e instanceof Refusal)));
    return this.queue;
  }

  private async handle(message: P.ToWorker): Promise<void> {
    if (!isCall(message)) return this.run(message);
    const reply = await this.answer(message);
    this.deps.post(reply, []);
  }

  private run<K extends P.CommandType>(message: P.CommandMessage<K>): void | Promise<void> {
    // The table is typed per command; indexing it by a generic K loses the pairing, hence the cast.
    const handler = this.commands[message.type] as (m: P.CommandMessage<K>) => void | Promise<void>;
    return handler(message);
  }

  private async answer<K extends P.CallType>(message: P.CallMessage<K>): Promise<P.ReplyMessage> {
    const handler = this.calls[message.type] as (m: P.CallMessage<K>) => P.Reply<K> | Promise<P.Reply<K>>;
    const reply = await handler(message);
    return { type: 'call/reply', id: message.id, call: message.type, reply } as P.ReplyMessage<K>;
  }

  // One handler per command and per call: mapped over the protocol's types,
  // so a message without its handler (or a call without its answer) does not compile.
  private readonly commands: { [K in P.CommandType]: (m: P.CommandMessage<K>) => void | Promise<void> } = {
    'run/start': (m) => {
      this.side = m.side;
      this.speed = m.speed;
      this.wantPlay = m.play;
      this.scenario = m.scenario;
      return this.open();
    },
    'run/reset': () => this.open(),
    'run/play': () => {
      this.wantPlay = true;
      this.untilS = null;
      this.setPlaying(true);
    },
    'run/pause': () => {
      // On at most to the next sample time, so runs that stand at one time
      // (one driver's, between ticks) stop at one sample time, each run's last
      // sample being that time, without a round trip to the page.
      const at = this.sim && this.playing ? sampleTimeAtOrAfter(this.sim.now(), this.sampleIntervalMs) : null;
      if (at !== null && this.sim && at > this.sim.now()) return this.runUntil(at);
      this.wantPlay = false;
      this.untilS = null;
      this.setPlaying(false);
    },
    'run/speed': (m) => {
      this.speed = m.speed;
    },
    'run/step': () => this.runUntil(this.sim ? nextSampleTime(this.sim.now(), this.sampleIntervalMs) : 0),
    'run/until': (m) => this.runUntil(m.untilS),
    'run/release': () => {
      this.held = false;
      this.setPlaying(this.wantPlay || this.untilS !== null);
    },
  };

  private readonly calls: { [K in P.CallType]: (m: P.CallMessage<K>) => P.Reply<K> | Promise<P.Reply<K>> } = {
    'run/hold': () => {
      this.held = true;
      this.setPlaying(false, false);
      return this.sim?.now() ?? 0;
    },
    'sim/apply': (m) => this.apply(m.event, m.atS),
    'log/get': () => [...this.log],
    'summary/get': () => this.summary(),
    'scenario/check': (m) => this.check(m.scenario),
  };

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
    this.held = false; // a new run is never left waiting for a release that belonged to the old one
    const mod = await this.loadModule();
    const scenario = this.scenario ?? mod.defaultScenario();
    // The core checks the scenario as it builds the run (the same check as validateScenario, whose message error() gives).
    const sim = new mod.Simulation(scenario, this.side);
    const error = sim.error();
    if (error) {
      sim.delete();
      return this.report(null, error, true);
    }
    const columns = readColumns(sim.columns());
    const aqms = readCatalogue(mod.describeAqms());
    // A core built before the senders' catalogue has none: the page then offers no sender menu.
    const senders = mod.describeSenders ? readSenders(mod.describeSenders()) : [];
    const info =
      typeof aqms === 'string'
        ? aqms
        : readSideInfo(scenario, this.side, aqms, bufferPackets(parseJson(mod.defaultScenario())));
    const problem = !columns
      ? 'columns: unreadable answer from the core'
      : typeof info === 'string'
        ? info
        : typeof senders === 'string'
          ? senders
          : null;
    if (!columns || typeof info === 'string' || typeof aqms === 'string' || typeof senders === 'string') {
      sim.delete();
      return this.report(null, problem, true);
    }
    this.sim = sim;
    this.sampleIntervalMs = numberField(parseJson(scenario), 'sample_interval_ms') ?? this.sampleIntervalMs;
    this.untilS = null;
    this.columnCount = columns.length;
    this.seq = 0;
    this.log = [];
    const first = !this.catalogueSent;
    this.deps.post({ type: 'run/ready', scenario, columns, info, aqms: first ? aqms : null, senders: first ? senders : null }, []);
    this.catalogueSent = true;
    this.setPlaying(this.wantPlay);
  }

  /** `report` false: a hold, which the page does not show as a pause. */
  private setPlaying(playing: boolean, report = true): void {
    const sim = this.sim;
    this.playing = playing && !this.held && sim !== null && !sim.done();
    if (sim) this.flush(sim);
    if (this.playing) this.driver.wake();
    if (report) this.postState();
  }

  private runUntil(untilS: number): void {
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
  private async check(scenario: string): Promise<P.CheckedScenario> {
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

  private apply(event: P.TimelineEvent, atS: number | null): P.RecordedEvent {
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
    const recorded: P.RecordedEvent = { atS: sim.now(), event };
    this.log.push(recorded);
    return recorded;
  }

  private summary(): RunSummary {
    if (!this.sim) throw new Refusal('no run to summarise');
    const summary = readRunSummary(parseJson(this.sim.summary()));
    if (typeof summary === 'string') throw new Refusal(summary);
    return summary;
  }

  // ---- driven (sim-driver.ts) ------------------------------------------------

  running(): boolean {
    return this.playing && this.sim !== null;
  }

  urgent(): boolean {
    return this.speed === 'max' || this.untilS !== null;
  }

  now(): number {
    return this.sim?.now() ?? 0;
  }

  beginTick(realStepS: number): void {
    // Pacing is relative to where the core is now, so a slow core falls behind
    // without building up a debt it would later rush to repay.
    this.paced = this.urgent() ? Infinity : this.now() + (this.speed as number) * realStepS;
  }

  goal(): number {
    return Math.min(this.paced, this.untilS ?? Infinity);
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
    this.deps.post({ type: 'sim/batch', seq: this.seq++, length, data, now: sim.now() }, [data.buffer]);
  }

  private postState(): void {
    const sim = this.sim;
    this.deps.post(
      { type: 'run/state', playing: this.playing, done: sim ? sim.done() : false, now: sim ? sim.now() : 0 },
      [],
    );
  }

  /**
   * The core failed while the driver advanced the run: fatal for this side
   * only. Its instance of the core may be left in any state (a trap, or memory
   * the core abandoned), so the side's next run gets a fresh one.
   */
  fail(error: unknown): void {
    this.module = null;
    this.report(null, error, true);
  }

  private report(id: number | null, error: unknown, fatal: boolean): void {
    const message = error instanceof Error ? error.message : String(error);
    if (fatal) {
      this.dispose();
      this.playing = false;
      this.untilS = null;
    }
    this.deps.post({ type: 'run/error', id, message, fatal }, []);
  }

  private dispose(): void {
    this.playing = false;
    this.sim?.delete();
    this.sim = null;
  }
}
