import { describe, expect, it } from 'vitest';
import { SimDriver, paceOf, type DrivenRun } from '../../../web/src/worker/sim-driver';
import { defaultPacing } from '../../../web/src/worker/sim-runner';
import { ManualClock } from '../support/manual-clock';

// The driver's pace, with runs whose cores cost wall time: one that keeps
// up with the pace waits for time to pass between ticks; one that cannot
// keep up goes on at once, so a heavy scenario at 10x runs as fast as the
// core allows instead of idling between its ticks.

/** A run whose core spends `msPerSimS` of the clock's time per simulated second. */
class CostlyRun implements DrivenRun {
  time = 0;
  ticks = 0;
  constructor(
    private readonly clock: ManualClock,
    private readonly msPerSimS: number,
  ) {}
  running = () => true;
  runTo = () => null;
  now = () => this.time;
  advanceTo(untilS: number): void {
    this.clock.spend((untilS - this.time) * this.msPerSimS);
    this.time = untilS;
  }
  endTick = () => void this.ticks++;
  fail = () => undefined;
}

describe('SimDriver pacing', () => {
  it('counts the pace from the slowest paced run, never short of the fastest', () => {
    expect(paceOf(10, 0.1, [2, 2.5, 3])).toBe(3); // 2 + 1 s is where the fastest stands
    expect(paceOf(10, 0.2, [2, 2.5])).toBe(4);
    expect(paceOf('max', 0.1, [2])).toBe(Infinity);
    expect(paceOf(10, 0.1, [])).toBe(Infinity);
  });

  it('a core that keeps up with the pace waits for wall time between ticks', () => {
    const clock = new ManualClock();
    const driver = new SimDriver(clock, defaultPacing);
    const run = new CostlyRun(clock, 10); // 1 simulated s costs 10 ms: 10x takes a tenth of the wall time
    driver.add(run);
    driver.setSpeed(10);
    clock.advance(1000);
    expect(run.time).toBeGreaterThan(9.5);
    expect(run.time).toBeLessThanOrEqual(10.2);
    expect(run.ticks).toBeLessThan(1000 / defaultPacing.tickMs + 2); // a tick every 16 ms, not a busy loop
  });

  it('a core slower than the pace runs flat out, as fast as its cost allows', () => {
    const clock = new ManualClock();
    const driver = new SimDriver(clock, defaultPacing);
    const run = new CostlyRun(clock, 500); // 1 simulated s costs 500 ms: at most 2x
    driver.add(run);
    driver.setSpeed(10);
    clock.advance(2000);
    const rate = run.time / (clock.now() / 1000);
    // Waiting a tick (16 ms) after each slice's 25 ms of work would give about 1.2x.
    expect(rate).toBeGreaterThan(1.9);
    expect(rate).toBeLessThanOrEqual(2.01);
  });
});
