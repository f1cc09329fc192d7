import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatusFeed } from '../../../web/src/lab/status-feed';

// The sides' statuses for React: a lone change is told a microtask later,
// with every other change the same code made; a burst (a lab-wide restart)
// at most once per interval; and the snapshot React reads stays the same
// object between notices.

/** A microtask later: a notice queued by the code before it has run. */
const endOfTask = () => Promise.resolve();

describe('StatusFeed', () => {
  let value: number[];
  let feed: StatusFeed<readonly number[]>;
  let told: number;

  beforeEach(() => {
    vi.useFakeTimers();
    value = [0];
    told = 0;
    feed = new StatusFeed(() => [...value], 16);
    feed.subscribe(() => told++);
  });
  afterEach(() => vi.useRealTimers());

  it('tells a lone change a microtask later, with a fresh snapshot', async () => {
    const before = feed.current;
    value = [1];
    feed.changed();
    expect(told).toBe(0);
    await endOfTask();
    expect(told).toBe(1);
    expect(feed.current).toEqual([1]);
    expect(feed.current).not.toBe(before);
  });

  it('tells the changes made together in one notice: every side that took a change at once', async () => {
    value = [0, 0, 0, 0, 0, 0];
    for (let side = 0; side < 6; side++) {
      value = value.map((v, i) => (i === side ? v + 1 : v));
      feed.changed();
    }
    await endOfTask();
    expect(told).toBe(1);
    expect(feed.current).toEqual([1, 1, 1, 1, 1, 1]);
    vi.advanceTimersByTime(100);
    expect(told).toBe(1); // nothing was left for the interval's end
  });

  it('folds a burst of changes into one notice per interval, the last state included', async () => {
    for (let i = 1; i <= 24; i++) {
      value = [i];
      feed.changed();
      await endOfTask();
      // 24 changes over 48 ms
      vi.advanceTimersByTime(2);
    }
    vi.advanceTimersByTime(16);
    await endOfTask();
    expect(told).toBeLessThanOrEqual(5); // at 0, 16, 32, 48 ms and the trailing one
    expect(told).toBeGreaterThanOrEqual(3);
    expect(feed.current).toEqual([24]);
  });

  it('keeps the snapshot between notices, and stops telling once disposed', async () => {
    value = [1];
    feed.changed();
    await endOfTask();
    const shown = feed.current;
    value = [2];
    feed.changed(); // within the interval: told later
    await endOfTask();
    expect(feed.current).toBe(shown);
    feed.dispose();
    vi.advanceTimersByTime(100);
    await endOfTask();
    expect(told).toBe(1);
  });

  it('tells nothing queued in the task that disposed it', async () => {
    value = [1];
    feed.changed();
    feed.dispose();
    await endOfTask();
    expect(told).toBe(0);
  });

  it('tells a quiet change (a restart under way) with the next change, or after its delay, never at once', async () => {
    value = [1];
    feed.changedQuietly(100);
    await endOfTask();
    expect(told).toBe(0);
    vi.advanceTimersByTime(40);
    value = [2];
    feed.changed(); // the runs are ready: one notice carries both
    await endOfTask();
    expect(told).toBe(1);
    expect(feed.current).toEqual([2]);
    vi.advanceTimersByTime(200);
    await endOfTask();
    expect(told).toBe(1); // the quiet change's own timer went with that notice

    value = [3];
    feed.changedQuietly(100);
    vi.advanceTimersByTime(99);
    await endOfTask();
    expect(told).toBe(1);
    vi.advanceTimersByTime(1);
    await endOfTask();
    expect(told).toBe(2); // nothing else came: told after the delay
    expect(feed.current).toEqual([3]);
  });
});
