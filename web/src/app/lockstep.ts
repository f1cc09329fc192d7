import type { Speed } from '../protocol/protocol';
import { SharedClock, sharedClockAvailable } from '../worker/shared-clock';
import type { SideSession } from './side-session';

// Lockstep (issue 12): the sides advance together. Each worker paces itself,
// but never runs past a limit the page gives it: the time every side has
// reached (the frontier) plus a short lead. A side that is ahead waits there
// while the slowest catches up, so "as fast as possible" is as fast as the
// slowest side, and the page draws every side only up to the frontier, so
// every chart window shows every side over the same interval.
//
// The lead lets a side run on while the page's next limit is on its way (a
// limit per sample interval would cost a message round trip each); it is a
// tenth of a wall second at the chosen speed, at least two samples and at
// most one simulated second; at "as fast as possible", 3 simulated seconds
// (a 1 s lead left the sides waiting on a busy main thread for their next
// limit: 15 simulated s per wall s per side instead of ~50 on a loaded
// machine). Samples a side has past the frontier are held back from the
// charts until the others get there.
//
// Where the page is cross-origin isolated the sides share a clock instead
// (worker/shared-clock.ts): each limits itself to one sample interval past
// the slowest, with no message in the loop, and the page sends no limits.

const leadWallS = 0.1;
const maxLeadS = 1;
const fastestLeadS = 3;

/** Sides that take part: those with a run that has not failed. */
function running(sides: readonly SideSession[]): SideSession[] {
  return sides.filter((s) => !s.status.failed && !s.status.restarting);
}

/** The time every running side has reached; 0 when none runs. */
export function frontierOf(sides: readonly SideSession[]): number {
  let t = Infinity;
  for (const s of running(sides)) t = Math.min(t, s.now);
  return t === Infinity ? 0 : t;
}

/** How far past the frontier a side may run, in simulated seconds. */
export function leadS(speed: Speed, sampleIntervalS: number): number {
  if (speed === 'max') return Math.max(2 * sampleIntervalS, fastestLeadS);
  return Math.max(2 * sampleIntervalS, Math.min(maxLeadS, speed * leadWallS));
}

interface Sent {
  run: number;
  untilS: number;
}

export class Lockstep {
  private readonly sent = new WeakMap<SideSession, Sent>();
  private shared: SharedClock | null = null;

  constructor(
    private readonly sides: () => readonly SideSession[],
    private readonly lead: () => number,
    /** Whether the sides share a clock (remade at every lab-wide start) rather than get limits as messages. */
    private readonly useSharedClock = sharedClockAvailable(),
  ) {}

  /** The sides' shared clock, or null when limits go as messages. */
  get clock(): SharedClock | null {
    return this.shared;
  }

  /** A lab-wide start of `sides`: a fresh shared clock, every side at 0, each side's slot its index. */
  begin(sides: readonly SideSession[]): void {
    this.shared = this.useSharedClock ? SharedClock.create(sides.length) : null;
    for (const side of sides) this.attach(side);
  }

  /** Gives a side (a fresh worker too) the clock, from its next run on. */
  attach(side: SideSession): void {
    side.attachClock(this.shared?.buffer ?? null);
  }

  /** The simulated time the page shows: every running side has reached it. */
  frontier(): number {
    return frontierOf(this.sides());
  }

  /**
   * The latest time a running side can stand at: a playing side never runs
   * past the limit it was sent, a stopped one is where it said. Null while a
   * side has no limit for its current run (it could be anywhere). A side in a
   * run-to-time ignores its limit; whoever uses the bound checks the result.
   */
  bound(): number | null {
    let t = 0;
    for (const side of running(this.sides())) {
      const last = this.sent.get(side);
      if (side.status.playing && (!last || last.run !== side.status.run)) return null;
      t = Math.max(t, side.now, side.status.playing && last ? last.untilS : 0);
    }
    return t;
  }

  /**
   * Raises each side's limit to the frontier plus the lead (a shared clock: frees failed sides' slots). Called whenever a
   * side reports its time; a side gets a new limit when it waits at its old
   * one or the limit moved by half a lead, so messages stay few.
   */
  update(): void {
    const shared = this.shared;
    if (shared) {
      // The sides limit themselves; a failed side's worker may be gone, so its slot must not hold the others back.
      this.sides().forEach((side, i) => side.status.failed && shared.leave(i));
      return;
    }
    const sides = running(this.sides());
    const lead = this.lead();
    const limit = frontierOf(sides) + lead;
    for (const side of sides) {
      const last = this.sent.get(side);
      const fresh = !last || last.run !== side.status.run;
      const waiting = last !== undefined && side.now >= last.untilS;
      if (!fresh && limit <= last.untilS) continue;
      if (!fresh && !waiting && limit - last.untilS < lead / 2) continue;
      side.limit(limit);
      this.sent.set(side, { run: side.status.run, untilS: limit });
    }
  }
}
