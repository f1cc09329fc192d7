import { describe, expect, it } from 'vitest';
import { throttleLatest } from '../../../web/src/lib/throttle-latest';
import { ManualClock } from '../support/manual-clock';

function timersOn(clock: ManualClock) {
  return { set: (fn: () => void, ms: number) => clock.schedule(fn, ms), clear: (h: number) => clock.cancel(h) };
}

describe('throttleLatest', () => {
  it('sends the first value at once, then the latest once per interval, and always the last', () => {
    const clock = new ManualClock();
    const sent: number[] = [];
    const sender = throttleLatest((v: number) => sent.push(v), 100, timersOn(clock));
    sender.push(1);
    expect(sent).toEqual([1]);
    sender.push(2);
    sender.push(3);
    clock.advance(50);
    sender.push(4);
    expect(sent).toEqual([1]);
    clock.advance(50);
    expect(sent).toEqual([1, 4]);
    clock.advance(100);
    expect(sent).toEqual([1, 4]);
    clock.advance(100);
    sender.push(5);
    expect(sent).toEqual([1, 4, 5]);
  });

  it('drops a waiting value when cancelled', () => {
    const clock = new ManualClock();
    const sent: number[] = [];
    const sender = throttleLatest((v: number) => sent.push(v), 100, timersOn(clock));
    sender.push(1);
    sender.push(2);
    sender.cancel();
    clock.advance(500);
    expect(sent).toEqual([1]);
  });
});
