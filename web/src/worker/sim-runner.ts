import type { AqmLabModule, CoreSimulation } from '../generated/aqmlab.mjs';
import {
  isCall,
  type CallMessage,
  type CallType,
  type CheckedScenario,
  type CommandMessage,
  type CommandType,
  type FromWorker,
  type RecordedEvent,
  type Reply,
  type ReplyMessage,
  type Speed,
  type TimelineEvent,
  type ToWorker,
} from '../protocol/protocol';
import type { RunSummary } from '../summary/run-summary';
import { readAqmTable } from '../aqm/aqm-table';
import { bufferPackets, readSideInfo } from '../scenario/side-info';
import { readRunSummary } from '../summary/run-summary';
import { isRecord, parseJson } from '../lib/json';
import { completeScenario, numberField } from '../scenario/scenario-json';
import { readColumns, readResult } from './core-json';
import { nextSampleTime } from './sample-time';
import { SharedClock, maxSliceS, sharedLeadS } from './shared-clock';

// Owns one Simulation and drives it in slices of simulated time. Kept free of
// `self` so it runs under Vitest with a fake module; sim.worker.ts wires it up.

export interface Clock {
  now(): number; // milliseconds
  schedule(fn: () => void, delayMs: number): number;
  cancel(handle: number): void;
}

export interface RunnerDeps {
  loadModule: () => Promise<AqmLabModule>;
  post: (message: FromWorker, transfer: Transferable[]) => void;
  clock: Clock;
}

/** Pacing knobs; the defaults give at most ~40 batches a second per side. */
export interface Pacing {
  tickMs: number;
  sliceS: number; // simulated time per advance() call, so a tick can stop between slices (<= maxSliceS)
  budgetMs: number; // wall time one tick may spend before yielding to messages
  maxRealStepMs: number; // caps catch-up after the tab was throttled
  flushMs: number; // samples wait at most this long before they go to the page
  waitMs: number; // shared lockstep: longest sleep at the limit before looking at messages again; 0: never sleep
}

// A short budget keeps a hold or a pause waiting at most ~10 ms for the tick
// in progress; batches go out every flushMs rather than every tick (a tick at
// "as fast as possible" is ~10 ms, and each batch costs the page a message),
// and at once when the run stops or reaches its lockstep limit.
// A side held at the shared lockstep limit sleeps in steps of at most waitMs
// within its tick's budget, so it wakes as soon as the slowest side moves.
export const defaultPacing: Pacing = { tickMs: 16, sliceS: maxSliceS, budgetMs: 10, maxRealStepMs: 100, flushMs: 25, waitMs: 2 };

/** A request the run cannot take (bad event, no run): answered with an error, the run goes on. */
class Refusal extends Error {}

export class SimRunner {
  private module: Promise<AqmLabModule> | null = null;
  private sim: CoreSimulation | null = null;
  private columnCount = 0;
  private scenario: string | null = null;
  private side = 0;
  private speed: Speed = 10;
  private wantPlay = false; // the user's choice; the run itself stops at its end
  private playing = false;
  private held = false; // the page holds the run to apply a change on every side at one time
  private untilS: number | null = null; // run-to-time target: as fast as possible, then pause
  private limitS = Infinity; // lockstep: playing, the run waits here until the page raises it
  private shared: SharedClock | null = null; // lockstep through shared memory instead of limitS
  private sampleIntervalMs = 10;
  private seq = 0;
  private log: RecordedEvent[] = [];
  private timer: number | null = null;
  private lastTickMs = 0;
  private lastFlushMs = 0;
  // Messages are handled one after another even though starting a run awaits the module.
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: RunnerDeps,
    private readonly pacing: Pacing = defaultPacing,
  ) {}

  receive(message: ToWorker): Promise<void> {
    // A throw (a wasm trap, a failed module load) still answers the request
    // that caused it, so the page never waits on it for ever; a Refusal
    // leaves the run as it was.
    const id = isCall(message) ? message.id : null;
    this.queue = this.queue
      .then(() => this.handle(message))
      .catch((e: unknown) => this.fail(id, e, !(e instanceof Refusal)));
    return this.queue;
  }

  private async handle(message: ToWorker): Promise<void> {
    if (!isCall(message)) return this.run(message);
    const reply = await this.answer(message);
    this.deps.post(reply, []);
  }

  private run<K extends CommandType>(message: CommandMessage<K>): void | Promise<void> {
    // The table is typed per command; indexing it by a generic K loses the pairing, hence the cast.
    const handler = this.commands[message.type] as (m: CommandMessage<K>) => void | Promise<void>;
    return handler(message);
  }

  private async answer<K extends CallType>(message: CallMessage<K>): Promise<ReplyMessage> {
    const handler = this.calls[message.type] as (m: CallMessage<K>) => Reply<K> | Promise<Reply<K>>;
    const reply = await handler(message);
    return { type: 'call/reply', id: message.id, call: message.type, reply } as ReplyMessage<K>;
  }

  // One handler per command and per call: mapped over the protocol's types,
  // so a message without its handler (or a call without its answer) does not compile.
  private readonly commands: { [K in CommandType]: (m: CommandMessage<K>) => void | Promise<void> } = {
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
    'run/clock': (m) => {
      this.shared = m.buffer ? new SharedClock(m.buffer) : null;
    },
    'run/limit': (m) => {
      this.limitS = m.untilS;
      // Waiting at the old limit: no tick is pending, so wake the run.
      if (this.playing && this.timer === null) this.scheduleTick(0);
    },
  };

  private readonly calls: { [K in CallType]: (m: CallMessage<K>) => Reply<K> | Promise<Reply<K>> } = {
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
    const valid = readResult(mod.validateScenario(scenario));
    if (!valid.ok) return this.fail(null, valid.error, true);
    const sim = new mod.Simulation(scenario, this.side);
    const error = sim.error();
    if (error) {
      sim.delete();
      return this.fail(null, error, true);
    }
    const columns = readColumns(sim.columns());
    const aqms = readAqmTable(parseJson(mod.describeAqms()));
    const info =
      typeof aqms === 'string'
        ? aqms
        : readSideInfo(scenario, this.side, aqms, bufferPackets(parseJson(mod.defaultScenario())));
    const problem = !columns ? 'columns: unreadable answer from the core' : typeof info === 'string' ? info : null;
    if (!columns || typeof info === 'string' || typeof aqms === 'string') {
      sim.delete();
      return this.fail(null, problem, true);
    }
    this.sim = sim;
    this.sampleIntervalMs = numberField(parseJson(scenario), 'sample_interval_ms') ?? this.sampleIntervalMs;
    this.untilS = null;
    this.limitS = Infinity; // the page sets the new run's limit when it is ready
    this.shared?.publish(this.side, sim.now());
    this.columnCount = columns.length;
    this.seq = 0;
    this.log = [];
    this.deps.post({ type: 'run/ready', scenario, columns, info, aqms }, []);
    this.setPlaying(this.wantPlay);
  }

  /** `report` false: a hold, which the page does not show as a pause. */
  private setPlaying(playing: boolean, report = true): void {
    this.cancelTick();
    const sim = this.sim;
    this.playing = playing && !this.held && sim !== null && !sim.done();
    if (sim) this.flush(sim);
    if (this.playing) {
      this.lastTickMs = this.deps.clock.now();
      this.scheduleTick(0);
    }
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
  private async check(scenario: string): Promise<CheckedScenario> {
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

  private apply(event: TimelineEvent, atS: number | null): RecordedEvent {
    const sim = this.sim;
    if (!sim) throw new Refusal('no run to apply the event to');
    if (atS !== null) {
      if (sim.now() > atS) throw new Refusal(`the run is at ${sim.now()} s, past ${atS} s`);
      // -1: the run failed for good (the packet limit, or memory): fatal for this side.
      if (sim.advance(atS) < 0) throw new Error(sim.error());
      this.shared?.publish(this.side, sim.now());
      this.flush(sim);
    }
    const result = readResult(sim.apply(JSON.stringify(event)));
    if (!result.ok) throw new Refusal(result.error);
    const recorded: RecordedEvent = { atS: sim.now(), event };
    this.log.push(recorded);
    return recorded;
  }

  private summary(): RunSummary {
    if (!this.sim) throw new Refusal('no run to summarise');
    const summary = readRunSummary(parseJson(this.sim.summary()));
    if (typeof summary === 'string') throw new Refusal(summary);
    return summary;
  }

  private tick(): void {
    this.timer = null;
    const sim = this.sim;
    if (!sim || !this.playing) return;
    const finished = () => sim.done() || (this.untilS !== null && sim.now() >= this.untilS);
    // Held at the page's limit ('run/limit'); a shared clock is looked at again next tick instead.
    let held = false;
    try {
      this.advance(sim);
      held = this.shared === null && this.untilS === null && sim.now() >= this.limitS;
      // The page learns where the run is from its batches: a run that stops or
      // waits at its page-given limit says so at once, so the others can be let on.
      if (held) this.flush(sim, true);
      else if (finished() || this.deps.clock.now() - this.lastFlushMs >= this.pacing.flushMs) this.flush(sim);
    } catch (e) {
      return this.fail(null, e, true);
    }
    if (finished()) {
      this.untilS = null;
      this.playing = false;
      this.postState();
      return;
    }
    if (held) return; // 'run/limit' schedules the next tick
    this.scheduleTick(this.speed === 'max' || this.untilS !== null ? 0 : this.pacing.tickMs);
  }

  /**
   * The lockstep limit: the page's ('run/limit'), or with a shared clock the
   * frontier plus one lead, never past a stop the page set, and where the
   * run is while the page has frozen the clock (shared-clock.ts).
   */
  private lockstepLimit(now: number): number {
    const shared = this.shared;
    if (!shared) return this.limitS;
    const stop = shared.stop();
    if (stop === 'frozen') return now;
    return Math.min(shared.frontier() + sharedLeadS(this.speed, this.sampleIntervalMs), stop ?? Infinity);
  }

  private advance(sim: CoreSimulation): void {
    const { clock } = this.deps;
    const shared = this.shared;
    const started = clock.now();
    const realStepS = Math.min(started - this.lastTickMs, this.pacing.maxRealStepMs) / 1000;
    this.lastTickMs = started;
    // Pacing is relative to where the core is now, so a slow core falls behind
    // without building up a debt it would later rush to repay.
    const paced = this.speed === 'max' || this.untilS !== null ? Infinity : sim.now() + this.speed * realStepS;
    for (let left = this.pacing.budgetMs; !sim.done() && left > 0; left = this.pacing.budgetMs - (clock.now() - started)) {
      const seen = shared?.progress() ?? 0;
      const before = sim.now();
      const target = Math.min(paced, this.untilS ?? this.lockstepLimit(before));
      if (before >= target) {
        // At the shared limit short of the pace: sleep until another side moves, then look again.
        if (!shared || this.untilS !== null || before >= paced || this.pacing.waitMs <= 0) break;
        shared.waitForProgress(seen, Math.min(this.pacing.waitMs, left));
        continue;
      }
      // -1: the run failed for good (the packet limit, or memory); tick() shows it on this side.
      if (sim.advance(Math.min(target, before + this.pacing.sliceS)) < 0) throw new Error(sim.error());
      shared?.publish(this.side, sim.now());
      if (sim.now() <= before) break; // clamped at the end of the run
    }
  }

  /**
   * Copies pending samples out of wasm memory and transfers them to the page;
   * `always`: an empty batch too, so the page learns the time the run waits at.
   */
  private flush(sim: CoreSimulation, always = false): void {
    const length = sim.batchLength();
    this.lastFlushMs = this.deps.clock.now();
    if (length === 0 && !always) return;
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

  private scheduleTick(delayMs: number): void {
    this.timer = this.deps.clock.schedule(() => this.tick(), delayMs);
  }

  private cancelTick(): void {
    if (this.timer !== null) this.deps.clock.cancel(this.timer);
    this.timer = null;
  }

  private fail(id: number | null, error: unknown, fatal: boolean): void {
    const message = error instanceof Error ? error.message : String(error);
    if (fatal) {
      this.shared?.leave(this.side); // a failed side no longer holds the others back
      this.dispose();
      this.playing = false;
      this.untilS = null;
    }
    this.deps.post({ type: 'run/error', id, message, fatal }, []);
  }

  private dispose(): void {
    this.cancelTick();
    this.sim?.delete();
    this.sim = null;
  }
}
