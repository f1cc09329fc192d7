import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StatusFeed } from '../../../web/src/lab/status-feed';

// The sides' statuses for React: a lone change is told at once, a burst (a
// lab-wide restart) at most once per interval, and the snapshot React reads
// stays the same object between notices.

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

  it('tells a lone change at once, with a fresh snapshot', () => {
    const before = feed.current;
    value = [1];
    feed.changed();
    expect(told).toBe(1);
    expect(feed.current).toEqual([1]);
    expect(feed.current).not.toBe(before);
  });

  it('folds a burst of changes into one notice per interval, the last state included', () => {
    for (let i = 1; i <= 24; i++) {
      value = [i];
      feed.changed();
      // 24 changes over 48 ms
      vi.advanceTimersByTime(2);
    }
    vi.advanceTimersByTime(16);
    expect(told).toBeLessThanOrEqual(5); // at 0, 16, 32, 48 ms and the trailing one
    expect(told).toBeGreaterThanOrEqual(3);
    expect(feed.current).toEqual([24]);
  });

  it('keeps the snapshot between notices, and stops telling once disposed', () => {
    value = [1];
    feed.changed();
    const shown = feed.current;
    value = [2];
    feed.changed(); // within the interval: told later
    expect(feed.current).toBe(shown);
    feed.dispose();
    vi.advanceTimersByTime(100);
    expect(told).toBe(1);
  });

  it('tells a quiet change (a restart under way) with the next change, or after its delay, never at once', () => {
    value = [1];
    feed.changedQuietly(100);
    expect(told).toBe(0);
    vi.advanceTimersByTime(40);
    value = [2];
    feed.changed(); // the runs are ready: one notice carries both
    expect(told).toBe(1);
    expect(feed.current).toEqual([2]);
    vi.advanceTimersByTime(200);
    expect(told).toBe(1); // the quiet change's own timer went with that notice

    value = [3];
    feed.changedQuietly(100);
    vi.advanceTimersByTime(99);
    expect(told).toBe(1);
    vi.advanceTimersByTime(1);
    expect(told).toBe(2); // nothing else came: told after the delay
    expect(feed.current).toEqual([3]);
  });
});
