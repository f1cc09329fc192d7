import type { CheckedScenario, RecordedEvent, Speed, TimelineEvent, Together, TogetherAnswer } from '../protocol/protocol';
import { sampleTimeAtOrAfter } from '../worker/sample-time';
import type { SideHost, SpawnSide } from '../worker/spawn-worker';
import type { SideSession } from './side-session';

// Keeping the sides together in simulated time. Every side runs in one
// simulation worker, whose driver advances them in rounds (worker/sim-driver.ts),
// so they stand at one time whenever it flushes. What must happen at one time
// on every side (a live change, a step, a run to a time) goes to that worker
// as one `together` call, acted on for every side within one of its tasks;
// pausing needs no call of its own (pauseTogether).

/** Real seconds of lead a restarted side may stay behind the others once it plays along. */
const catchUpSlackS = 0.25;
const maxCatchUpRounds = 20;

/** Sides that take part in what is done together: those whose run has not failed. */
const live = (sessions: readonly SideSession[]): SideSession[] => sessions.filter((s) => !s.status.failed);

/** One `together` call for the live sides: the worker's answer, and the sides it answers for, in order. */
async function together(host: SideHost, sessions: readonly SideSession[], act: Together): Promise<{ answer: TogetherAnswer; sides: SideSession[] }> {
  const sides = live(sessions);
  return { answer: await host.together(sides.map((s) => s.worker), act), sides };
}

/**
 * Applies a change to every running side at one simulated time: the latest
 * among them (a side behind runs up to it first). Equal times on every side
 * make the exported run replay exactly. Resolves with the change as
 * recorded; rejects with the core's message when no side took it. A side
 * refusing what another took shows the refusal: the sides run the same
 * traffic, so that is a fault worth seeing.
 */
export async function applyAtOneTime(host: SideHost, sessions: readonly SideSession[], event: TimelineEvent): Promise<RecordedEvent> {
  if (live(sessions).length === 0) throw new Error('no side is running');
  const { answer, sides } = await together(host, sessions, { kind: 'apply', event });
  if (answer.error !== null) throw new Error(answer.error);
  const accepted = answer.applied.find((a) => a.ok);
  if (!accepted?.ok) throw new Error(answer.applied.find((a) => !a.ok)?.error ?? 'refused');
  answer.applied.forEach((a, i) => (a.ok ? sides[i]?.tookChange() : sides[i]?.showRefusal(a.error)));
  return accepted.recorded;
}

/** One sample interval on every side, to the same time (the sample after the latest of theirs), then paused. */
export async function stepTogether(host: SideHost, sessions: readonly SideSession[]): Promise<void> {
  const { answer } = await together(host, sessions, { kind: 'step' });
  if (answer.error !== null) throw new Error(answer.error);
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
export async function runAllUntil(host: SideHost, sessions: readonly SideSession[], untilS: number): Promise<string | null> {
  const { answer } = await together(host, sessions, { kind: 'until', untilS });
  return answer.error;
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
  wantPlay: () => boolean,
): Promise<void> {
  const playAtOnce = wantPlay();
  for (const side of sessions) side.start(playAtOnce, scenario);
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
