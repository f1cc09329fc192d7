import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Lab } from '../../../web/src/lab/lab';
import { SummaryPoller, summariesFor } from '../../../web/src/app/summary/use-run-summaries';
import { createFakeCore } from '../support/fake-core';
import { ManualClock } from '../support/manual-clock';
import { oneWorker } from '../support/runner-port';

// The run summaries live outside React: one round asks every side and tells
// its listeners once, with every side's answer; an answer belongs to the run
// it was asked of, so a restarted side shows none until its new run answers.

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('SummaryPoller', () => {
  let clock: ManualClock;
  let lab: Lab;
  let poller: SummaryPoller;
  let notices: number;

  async function drive(rounds = 20): Promise<void> {
    for (let i = 0; i < rounds; i++) {
      clock.advance(10);
      await settle();
    }
  }

  beforeEach(async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const core = createFakeCore();
    clock = new ManualClock();
    lab = new Lab(oneWorker(core, clock));
    lab.start();
    await drive(2);
    void lab.pause(); // paused, the fake runs do not reach their end
    await drive();
    poller = new SummaryPoller(lab);
    notices = 0;
    poller.subscribe(() => notices++);
  });

  afterEach(() => {
    lab.dispose();
    vi.unstubAllGlobals();
  });

  const shown = () => summariesFor(lab, lab.sides.map((s) => s.status), poller.current);

  it('tells one notice per round, carrying every side', async () => {
    poller.poll();
    await drive(3);
    expect(notices).toBe(1);
    expect(poller.current.map((h) => h?.run)).toEqual([1, 1]);
    expect(shown().every((s) => s !== null)).toBe(true);
    poller.poll();
    await drive(3);
    expect(notices).toBe(2);
  });

  it('shows nothing for a restarted run until that run answers', async () => {
    poller.poll();
    await drive(3);
    expect(lab.edits.switchDiscipline(1, 'gizmo')).toBeNull();
    await drive();
    expect(lab.sides.map((s) => s.status.run)).toEqual([2, 2]);
    expect(shown()).toEqual([null, null]); // held answers are the first run's
    poller.poll();
    await drive(3);
    expect(poller.current.map((h) => h?.run)).toEqual([2, 2]);
    expect(shown().every((s) => s !== null)).toBe(true);
  });

  it("never shows a summary asked before the run finished beside the word 'finished'", async () => {
    lab.play();
    poller.poll(); // asked while playing
    await drive(200); // the fake run reaches its end meanwhile
    expect(lab.sides.every((s) => s.status.done)).toBe(true);
    expect(poller.current.map((h) => h?.final)).toEqual([false, false]);
    expect(shown()).toEqual([null, null]);
    poller.poll(); // asked after the end: the final figures
    await drive(3);
    expect(poller.current.map((h) => h?.final)).toEqual([true, true]);
    expect(shown().every((s) => s !== null)).toBe(true);
  });
});
