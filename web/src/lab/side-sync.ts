import type { CheckedScenario, RecordedEvent, Speed, TimelineEvent } from '../protocol/protocol';
import { messageOf } from '../lib/errors';
import { nextSampleTime, sampleTimeAtOrAfter } from '../worker/sample-time';
import type { SpawnSide } from '../worker/spawn-worker';
import type { SideSession } from './side-session';

// Keeping the sides together in simulated time. Every side runs in one
// simulation worker, whose driver advances them in rounds (worker/sim-driver.ts),
// so they stand at one time whenever it flushes. Each side's messages still
// travel on its own channel, and the driver may tick between two of them, so
// anything that must happen at one time on every side holds them first, acts
// at the latest of their times, and releases them.

/** Real seconds of lead a restarted side may stay behind the others once it plays along. */
const catchUpSlackS = 0.25;
const maxCatchUpRounds = 20;

/** A side held still, with the simulated time it stopped at. */
export type Held = [SideSession, number];

/** Holds every running side; the sides that answered, with the time each stopped at. */
export async function holdAll(sessions: readonly SideSession[]): Promise<Held[]> {
  const running = sessions.filter((s) => !s.status.failed);
  const times = await Promise.all(running.map((s) => s.worker.call((w) => w.hold()).catch(() => null)));
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
  for (const side of sides) side.worker.send((w) => w.release());
  return recorded;
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
    // Sides out of step meet at the sample after the latest.
    side.worker.send((w) => (aligned ? w.step() : w.runUntil(next)));
    side.worker.send((w) => w.release());
  }
}

/**
 * Pause, in lockstep: every side stops at one sample time, so each side's
 * last sample is the time they all stand at. The sides stand at one time
 * between the driver's ticks, and each stops at the first sample time at or
 * after its own, so one message per side and no round trip suffice. Should
 * the driver tick between two of the messages, the sides stop apart, and
 * they meet at the first sample time at or after the latest of their times.
 */
export async function pauseTogether(sessions: readonly SideSession[], sampleIntervalMs: number): Promise<void> {
  const running = sessions.filter((s) => !s.status.failed);
  await Promise.all(running.map((s) => s.stop()));
  const stopped = running.filter((s) => !s.status.failed && !s.status.done);
  if (stopped.length === 0) return;
  const at = sampleTimeAtOrAfter(Math.max(...stopped.map((s) => s.now)), sampleIntervalMs);
  if (stopped.every((s) => s.now === at)) return;
  await Promise.all(stopped.map((s) => s.runTo(at)));
}

/** Every side as fast as possible to `untilS`, paused there; an error message (nothing changed) if one is already past it. */
export async function runAllUntil(sessions: readonly SideSession[], untilS: number): Promise<string | null> {
  const held = await holdAll(sessions);
  const latest = latestOf(held);
  if (latest > untilS) {
    for (const [side] of held) side.worker.send((w) => w.release());
    return `run to: the run is already at ${latest.toFixed(2)} s, past ${untilS} s (reset first)`;
  }
  for (const [side] of held) {
    side.worker.send((w) => w.runUntil(untilS));
    side.worker.send((w) => w.release());
  }
  return null;
}

/**
 * Starts every side from t = 0 together, playing at once when the lab plays:
 * a side that is ready first waits for the others in the driver's rounds
 * (the slowest run sets each round's end), so the new run shows a round trip
 * sooner than starting paused and playing once all are ready.
 */
export async function startTogether(
  sessions: readonly SideSession[],
  scenario: string | null,
  speed: Speed,
  wantPlay: () => boolean,
): Promise<void> {
  const playAtOnce = wantPlay();
  for (const side of sessions) side.start(speed, playAtOnce, scenario);
  await Promise.all(sessions.map((side) => side.waitFor((s) => !s.restarting)));
  if (!playAtOnce && wantPlay()) for (const side of sessions) side.worker.send((w) => w.play());
}

/** Sides that take part: those with a run that is neither failed nor restarting. */
function running(sides: readonly SideSession[]): SideSession[] {
  return sides.filter((s) => !s.status.failed && !s.status.restarting);
}

/** The time every running side has reached (what the page shows); 0 when none runs. */
export function frontierOf(sides: readonly SideSession[]): number {
  let t = Infinity;
  for (const s of running(sides)) t = Math.min(t, s.now);
  return t === Infinity ? 0 : t;
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

/** The core's verdict on a scenario, from a side whose run is up, or from a side spawned for it. */
export async function checkScenario(
  sessions: readonly SideSession[],
  spawn: SpawnSide,
  scenarioJson: string,
): Promise<CheckedScenario> {
  const side = sessions.find((s) => !s.status.failed);
  if (side) return side.worker.call((w) => w.check(scenarioJson));
  const ignore = () => undefined;
  const checker = spawn({ ready: ignore, batch: ignore, state: ignore, error: ignore });
  try {
    return await checker.call((w) => w.check(scenarioJson));
  } finally {
    checker.terminate('the check was answered');
  }
}
