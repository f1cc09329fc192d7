// Drives the runs of the simulation worker, which holds every live side
// (sim-host.ts; docs/live-page.md says why one worker). The driver advances
// them together in rounds, the page's one lockstep:
// in each round every run that may move goes at most one slice past the
// slowest of them, so they stay within a slice of one another, and the
// tick ends only after a whole round, so every run stands at the same time
// whenever the tick flushes their samples to the page. No message and no
// other thread sits in that loop; between ticks the worker reads its
// messages (pause, a change at one time, a new run).
import type { Speed } from '../protocol/protocol';

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
  /** Playing (not paused) with a run that has not ended. */
  running(): boolean;
  /** The time it runs to as fast as possible and then pauses (a step, a run-to), or null: it keeps the driver's pace. */
  runTo(): number | null;
  now(): number;
  /** Advances to `untilS`; throws when the core fails. */
  advanceTo(untilS: number): void;
  /** The end of a tick: samples out (`flushDue`: every run flushes now), a finished run says so. */
  endTick(flushDue: boolean): void;
  /** The core failed while advancing: the run shows it and stops. */
  fail(error: unknown): void;
}

/**
 * Where the runs that keep the pace should stand by the end of a tick that
 * follows `realStepS` of wall time. The pace is counted from the slowest of
 * them and never falls short of the fastest: a run that started playing a
 * moment after the others, or a restarted side that has just caught up,
 * meets the rest at the next tick instead of keeping its gap for the rest
 * of the run. Counted from where the cores stand, not from when the run
 * began, so a core too slow for the speed falls behind without building up
 * a debt it would later rush to repay.
 */
export function paceOf(speed: Speed, realStepS: number, times: readonly number[]): number {
  if (speed === 'max' || times.length === 0) return Infinity;
  return Math.max(Math.min(...times) + speed * realStepS, Math.max(...times));
}

export class SimDriver {
  private readonly runs = new Set<DrivenRun>();
  private timer: number | null = null;
  private lastTickMs = 0;
  private lastFlushMs = 0;
  /** The one speed of every run it drives: the sides cannot run at two. */
  private speed: Speed = 10;

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

  setSpeed(speed: Speed): void {
    this.speed = speed;
    this.wake();
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
    const pace = paceOf(this.speed, realStepS, live.filter((r) => r.runTo() === null).map((r) => r.now()));
    const goal = (r: DrivenRun) => r.runTo() ?? pace;
    // Runs still moving when the budget ran out (flat out, running to a
    // time, or at a pace the core cannot keep up with) go on at once; runs
    // that reached their goals wait for wall time to move the pace.
    const behind = this.rounds(live, goal, started);
    const flushDue = clock.now() - this.lastFlushMs >= pacing.flushMs;
    if (flushDue) this.lastFlushMs = clock.now();
    for (const run of live) run.endTick(flushDue);
    const going = live.filter((r) => r.running());
    if (going.length > 0) this.schedule(behind ? 0 : pacing.tickMs);
  }

  /**
   * Whole rounds until the budget is spent or no run can move; a run whose
   * core fails leaves `live`. True: the budget ended them with runs still moving.
   */
  private rounds(live: DrivenRun[], goal: (r: DrivenRun) => number, started: number): boolean {
    const { clock, pacing } = this;
    let moved = true;
    while (moved && clock.now() - started < pacing.budgetMs) {
      // The round's end: one slice past the slowest run that may move (a run
      // at its run-to time or pace does not hold the others back).
      const movable = live.filter((r) => r.now() < goal(r));
      const roundEnd = Math.min(...movable.map((r) => r.now())) + pacing.sliceS;
      moved = false;
      for (const run of movable) {
        const before = run.now();
        const target = Math.min(goal(run), roundEnd);
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
    return moved;
  }

  private schedule(delayMs: number): void {
    this.timer = this.clock.schedule(() => this.tick(), delayMs);
  }

  private cancel(): void {
    if (this.timer !== null) this.clock.cancel(this.timer);
    this.timer = null;
  }
}
