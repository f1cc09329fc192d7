import { afterEach, expect, it, vi } from 'vitest';
import { Lab } from '../../../web/src/lab/lab';
import { createFakeCore } from '../support/fake-core';
import { ManualClock } from '../support/manual-clock';
import { oneWorker } from '../support/runner-port';

// What React hears while the sides restart: a side whose new run is ready
// while another is still restarting is told with that other side (or at the
// quiet delay), not at once, so a lab-wide restart renders once.

// The notices' timers (status-feed.ts) and the delayed side's news run on
// faked timers, so the order below holds on a machine of any speed.
const after = (ms: number) => vi.advanceTimersByTimeAsync(ms);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('tells a restarted side that is ready while another still restarts with the other, not at once', async () => {
  vi.stubGlobal('requestAnimationFrame', () => 0);
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const clock = new ManualClock();
  const lab = new Lab(oneWorker(createFakeCore(), clock, [], [0, 200])); // side 2's news comes 200 ms after side 1's
  lab.start();
  while (!lab.sides.every((s) => s.status.run === 1)) await after(10);
  await after(40); // the first run's last notice told
  const told: string[] = [];
  lab.subscribe(() => told.push(lab.getStatuses().map((s) => (s.restarting ? 'restarting' : `run ${s.run}`)).join(', ')));
  expect(lab.edits.switchDiscipline(1, 'gizmo')).toBeNull();
  const [first, second] = lab.sides;
  while (first?.status.run !== 2) {
    clock.advance(10);
    await after(0);
  }
  await after(40); // past the notices' interval, well before side 2's news and the quiet delay
  expect(second?.status.restarting).toBe(true);
  expect(told).toEqual([]);
  while (second?.status.run !== 2) await after(10);
  await after(20);
  expect(told.at(-1)).toBe('run 2, run 2'); // (before it, at most the quiet delay's notice)
  lab.dispose();
});
