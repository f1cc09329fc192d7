import type { RecordedEvent, Speed, TimelineEvent } from '../protocol/protocol';
import { messageOf } from '../lib/errors';
import { SimClient, type CheckedScenario } from '../worker/client';
import { nextSampleTime, sampleTimeAtOrAfter } from '../worker/sample-time';
import type { WorkerPort } from '../worker/spawn-worker';
import { maxSliceS } from '../worker/shared-clock';
import type { Lockstep } from './lockstep';
import type { SideSession } from './side-session';

// Keeping the sides together in simulated time. Sides are paced apart (each in
// its own worker), so anything that must happen at one time on every side
// holds them first, acts at the latest of their times, and releases them.

/** Real seconds of lead a restarted side may stay behind the others once it plays along. */
const catchUpSlackS = 0.25;
const maxCatchUpRounds = 20;

/** A side held still, with the simulated time it stopped at. */
export type Held = [SideSession, number];

/** Holds every running side; the sides that answered, with the time each stopped at. */
export async function holdAll(sessions: readonly SideSession[]): Promise<Held[]> {
  const running = sessions.filter((s) => !s.status.failed);
  const times = await Promise.all(running.map((s) => s.hold().catch(() => null)));
  const held: Held[] = [];
  running.forEach((s, i) => {
    const t = times[i];
    if (t !== null && t !== undefined) held.push([s, t]);
  });
  if (held.length === 0) throw new Error('no side is running');
  return held;
}

const latestOf = (held: readonly Held[]): number => Math.max(...held.map(([, t]) => t));

/**
 * Applies a change to every running side at one simulated time: every side
 * is held, the change acts at the latest time among them (sides behind run
 * up to it first), then they go on. Equal times on every side make the
 * exported run replay exactly. Resolves with the change as recorded; rejects
 * with the core's message when no side took it.
 */
export async function applyAtOneTime(sessions: readonly SideSession[], event: TimelineEvent): Promise<RecordedEvent> {
  const held = await holdAll(sessions);
  const sides = held.map(([side]) => side);
  const recorded = settleApplied(sides, sides.map((side) => side.applyAt(event, latestOf(held))));
  for (const side of sides) side.release();
  return recorded;
}

/**
 * The same with a shared clock while the sides play, in one message per side
 * and no hold: the clock is frozen, so no side gets past the latest time read
 * plus one slice (shared-clock.ts); its stop word holds them at the first
 * sample time at or after that, where each side (a side behind runs up to it)
 * takes the change; then the clock runs on. Paused, or without a clock, the
 * sides are held as above.
 */
export async function applyInStep(
  sessions: readonly SideSession[],
  event: TimelineEvent,
  sampleIntervalMs: number,
  lockstep: Lockstep,
): Promise<RecordedEvent> {
  const clock = lockstep.clock;
  const running = sessions.filter((s) => !s.status.failed);
  if (!clock || !running.some((s) => s.status.playing)) return applyAtOneTime(sessions, event);
  clock.freeze();
  const at = sampleTimeAtOrAfter(clock.latest() + maxSliceS, sampleIntervalMs);
  clock.stopAt(at);
  try {
    return await settleApplied(running, running.map((side) => side.applyAt(event, at)));
  } finally {
    clock.resume();
  }
}

/** The change as the first side that took it recorded it; a side refusing what another took shows the refusal. */
async function settleApplied(sides: readonly SideSession[], results: Promise<RecordedEvent>[]): Promise<RecordedEvent> {
  const settled = await Promise.allSettled(results);
  const accepted = settled.find((r) => r.status === 'fulfilled');
  if (!accepted) {
    const refused = settled.find((r) => r.status === 'rejected');
    throw new Error(refused ? messageOf(refused.reason) : 'refused');
  }
  // Sides run the same traffic, so one refusing what another took is a fault worth showing there.
  settled.forEach((r, i) => r.status === 'rejected' && sides[i]?.showRefusal(r.reason));
  return accepted.value;
}

/** One sample interval on every side, to the same time, then paused. */
export async function stepTogether(sessions: readonly SideSession[], sampleIntervalMs: number): Promise<void> {
  const held = await holdAll(sessions);
  const at = latestOf(held);
  const aligned = held.every(([, t]) => t === at);
  const next = nextSampleTime(at, sampleIntervalMs);
  for (const [side] of held) {
    if (aligned) side.step();
    else side.runUntil(next); // sides out of step meet at the sample after the latest
    side.release();
  }
}

/**
 * Pause, in lockstep: every side stops at one sample time, so each side's
 * last sample is the time they all stand at. With `boundS` (the latest time a
 * side can have reached, lockstep.ts) that is the first sample time at or
 * after it, sent to every side at once: one message per side and no round
 * trip, which on a loaded machine is most of a pause's latency (each worker
 * wakes late). If a side was past it after all (a run-to-time outruns the
 * bound), or without a bound, every side is held and they meet at the first
 * sample time at or after the latest of their times.
 */
export async function pauseTogether(
  sessions: readonly SideSession[],
  sampleIntervalMs: number,
  boundS: number | null = null,
): Promise<void> {
  if (boundS !== null) {
    const at = sampleTimeAtOrAfter(boundS, sampleIntervalMs);
    const running = sessions.filter((s) => !s.status.failed);
    await Promise.all(running.map((s) => s.runTo(at)));
    const stoppedAt = new Set(running.filter((s) => !s.status.failed).map((s) => s.now));
    if (stoppedAt.size <= 1) return; // all at `at`, or all at the run's end before it
  }
  const held = await holdAll(sessions);
  const at = sampleTimeAtOrAfter(latestOf(held), sampleIntervalMs);
  for (const [side] of held) {
    side.runUntil(at);
    side.release();
  }
  await Promise.all(held.map(([side]) => side.waitFor((s) => s.failed || s.done || (!s.playing && side.now >= at))));
}

/**
 * Pause with the lockstep's bound: the page's limits (`Lockstep`), or a
 * shared clock, frozen first so that the latest time read next plus one slice
 * bounds every side (shared-clock.ts); its stop word then holds every side
 * at the pause time while the messages are on their way.
 */
export async function pauseInStep(sessions: readonly SideSession[], sampleIntervalMs: number, lockstep: Lockstep): Promise<void> {
  const clock = lockstep.clock;
  if (!clock) return pauseTogether(sessions, sampleIntervalMs, lockstep.bound());
  clock.freeze();
  const at = sampleTimeAtOrAfter(clock.latest() + maxSliceS, sampleIntervalMs);
  clock.stopAt(at);
  try {
    await pauseTogether(sessions, sampleIntervalMs, at);
  } finally {
    clock.resume();
  }
}

/** Every side as fast as possible to `untilS`, paused there; an error message (nothing changed) if one is already past it. */
export async function runAllUntil(sessions: readonly SideSession[], untilS: number): Promise<string | null> {
  const held = await holdAll(sessions);
  const latest = latestOf(held);
  if (latest > untilS) {
    for (const [side] of held) side.release();
    return `run to: the run is already at ${latest.toFixed(2)} s, past ${untilS} s (reset first)`;
  }
  for (const [side] of held) {
    side.runUntil(untilS);
    side.release();
  }
  return null;
}

/**
 * Starts every side from t = 0 together. With a shared clock the sides start
 * playing at once: the clock keeps each within its lead of the slowest, so a
 * side that is ready first waits for the others by itself (sides in one
 * worker are opened one after another before its next tick anyway), and the
 * new run shows a round trip sooner. Without one, every side starts paused
 * and plays once all are ready: a freshly spawned worker compiles the core
 * first, and starting them apart would put their lines apart in time.
 */
export async function startTogether(
  sessions: readonly SideSession[],
  scenario: string | null,
  speed: Speed,
  wantPlay: () => boolean,
  sharedClock: boolean,
): Promise<void> {
  const playAtOnce = sharedClock && wantPlay();
  for (const side of sessions) side.start(speed, playAtOnce, scenario);
  await Promise.all(sessions.map((side) => side.waitFor((s) => !s.restarting)));
  if (!playAtOnce && wantPlay()) for (const side of sessions) side.play();
}

/**
 * Brings a restarted side to the others' time: paused others are met exactly,
 * playing ones chased until within a quarter second of real time at `speed`.
 * `current` answers whether the side still belongs to the lab (a restart or
 * removal ends the chase). Resolves true when the side may play along.
 */
export async function catchUp(
  side: SideSession,
  others: () => readonly SideSession[],
  speed: Speed,
  current: () => boolean,
): Promise<boolean> {
  const slack = speed === 'max' ? Infinity : speed * catchUpSlackS;
  for (let round = 0; round < maxCatchUpRounds; round++) {
    if (!current() || side.status.failed) return false;
    const running = others().filter((s) => s !== side && !s.status.failed);
    const target = Math.max(0, ...running.map((s) => s.now));
    const close = running.some((s) => s.status.playing) ? slack : 0;
    if (target - side.now <= close) break;
    await side.runTo(target);
  }
  return current();
}

/** The core's verdict on a scenario, from a side whose worker is up, or from a worker spawned for it. */
export async function checkScenario(
  sessions: readonly SideSession[],
  spawn: () => WorkerPort,
  scenarioJson: string,
): Promise<CheckedScenario> {
  const side = sessions.find((s) => !s.status.failed);
  if (side) return side.check(scenarioJson);
  const client = new SimClient(spawn(), { ready: () => {}, batch: () => {}, state: () => {}, error: () => {} });
  try {
    return await client.check(scenarioJson);
  } finally {
    client.terminate();
  }
}
