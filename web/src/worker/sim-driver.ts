// Drives the runs of the simulation worker, which holds every live side
// (sim-host.ts; docs/live-page.md says why one worker). The driver advances
// them together in rounds, the page's one lockstep:
// in each round every run that may move goes at most one slice past the
// slowest of them, so they stay within a slice of one another, and the
// tick ends only after a whole round, so every run stands at the same time
// whenever the tick flushes their samples to the page. No message and no
// other thread sits in that loop; between ticks the worker reads its
// messages (pause, a change at one time, a new run).

export interface Clock {
  now(): number; // milliseconds
  schedule(fn: () => void, delayMs: number): number;
  cancel(handle: number): void;
}

/** Pacing knobs; the defaults give at most ~40 batches a second per side. */
export interface Pacing {
  tickMs: number;
  sliceS: number; // simulated time per advance() call and per round, so a tick can stop between rounds
  budgetMs: number; // wall time one tick may spend before yielding to messages
  maxRealStepMs: number; // caps catch-up after the tab was throttled
  flushMs: number; // samples wait at most this long before they go to the page
}

/** One side's run as the driver sees it (sim-runner.ts). */
export interface DrivenRun {
  /** Playing (not paused, not held) with a run that has not ended. */
  running(): boolean;
  /** Runs flat out (as fast as possible, or to a run-to time): the next tick follows at once. */
  urgent(): boolean;
  now(): number;
  /**
   * The start of a tick: `realStepS` of wall time passed since the last, which
   * sets this tick's pace, counted from `from` (where the paced runs stand).
   */
  beginTick(realStepS: number, from: PaceFrom): void;
  /** How far the run may go now: its pace, or its run-to time. */
  goal(): number;
  /** Advances to `untilS`; throws when the core fails. */
  advanceTo(untilS: number): void;
  /** The end of a tick: samples out (`flushDue`: every run flushes now), a finished run says so. */
  endTick(flushDue: boolean): void;
  /** The core failed while advancing: the run shows it and stops. */
  fail(error: unknown): void;
}

/**
 * Where the runs that keep a pace (not flat out, not running to a time)
 * stand at the start of a tick. Each side hears a new speed, a play or a
 * release on its own channel, so a tick may fall between two of those
 * messages and leave the sides apart; a pace counted from the slowest of
 * them, and never short of the fastest, brings them back to one time at
 * the next tick instead of keeping the gap for the rest of the run.
 */
export interface PaceFrom {
  slowest: number;
  fastest: number;
}

export class SimDriver {
  private readonly runs = new Set<DrivenRun>();
  private timer: number | null = null;
  private lastTickMs = 0;
  private lastFlushMs = 0;

  constructor(
    private readonly clock: Clock,
    readonly pacing: Pacing,
  ) {}

  add(run: DrivenRun): void {
    this.runs.add(run);
  }

  remove(run: DrivenRun): void {
    this.runs.delete(run);
    if (this.runs.size === 0) this.cancel();
  }

  /** A run started playing or may move again: tick now unless a tick is already on its way. */
  wake(): void {
    if (this.timer !== null) return;
    this.lastTickMs = this.clock.now(); // an idle driver builds up no wall time to catch up on
    this.schedule(0);
  }

  private tick(): void {
    this.timer = null;
    const live = [...this.runs].filter((r) => r.running());
    if (live.length === 0) return;
    const { clock, pacing } = this;
    const started = clock.now();
    const realStepS = Math.min(started - this.lastTickMs, pacing.maxRealStepMs) / 1000;
    this.lastTickMs = started;
    const pacedTimes = live.filter((r) => !r.urgent()).map((r) => r.now());
    const from = { slowest: Math.min(...pacedTimes), fastest: Math.max(...pacedTimes) };
    for (const run of live) run.beginTick(realStepS, from);
    this.rounds(live, started);
    const flushDue = clock.now() - this.lastFlushMs >= pacing.flushMs;
    if (flushDue) this.lastFlushMs = clock.now();
    for (const run of live) run.endTick(flushDue);
    const going = live.filter((r) => r.running());
    if (going.length > 0) this.schedule(going.some((r) => r.urgent()) ? 0 : pacing.tickMs);
  }

  /** Whole rounds until the budget is spent or no run can move; a run whose core fails leaves `live`. */
  private rounds(live: DrivenRun[], started: number): void {
    const { clock, pacing } = this;
    let moved = true;
    while (moved && clock.now() - started < pacing.budgetMs) {
      // The round's end: one slice past the slowest run that may move (a run
      // at its run-to time or pace does not hold the others back).
      const movable = live.filter((r) => r.now() < r.goal());
      const roundEnd = Math.min(...movable.map((r) => r.now())) + pacing.sliceS;
      moved = false;
      for (const run of movable) {
        const before = run.now();
        const target = Math.min(run.goal(), roundEnd);
        if (target <= before) continue;
        try {
          run.advanceTo(target);
        } catch (e) {
          live.splice(live.indexOf(run), 1);
          run.fail(e);
          continue;
        }
        moved ||= run.now() > before;
      }
    }
  }

  private schedule(delayMs: number): void {
    this.timer = this.clock.schedule(() => this.tick(), delayMs);
  }

  private cancel(): void {
    if (this.timer !== null) this.clock.cancel(this.timer);
    this.timer = null;
  }
}
