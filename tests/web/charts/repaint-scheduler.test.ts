import { describe, expect, it } from 'vitest';
import { RepaintScheduler, type FrameSource } from '../../../web/src/charts/repaint-scheduler';

class ManualFrames implements FrameSource {
  callbacks = new Map<number, () => void>();
  private next = 1;
  request(callback: () => void): number {
    this.callbacks.set(this.next, callback);
    return this.next++;
  }
  cancel(handle: number): void {
    this.callbacks.delete(handle);
  }
  runFrame(): void {
    const due = [...this.callbacks.values()];
    this.callbacks.clear();
    for (const fn of due) fn();
  }
}

describe('RepaintScheduler', () => {
  it('coalesces many requests into one paint per frame', () => {
    const frames = new ManualFrames();
    let paints = 0;
    const scheduler = new RepaintScheduler(() => paints++, frames);
    for (let i = 0; i < 50; i++) scheduler.request();
    expect(frames.callbacks.size).toBe(1);
    frames.runFrame();
    expect(paints).toBe(1);
    scheduler.request();
    frames.runFrame();
    expect(paints).toBe(2);
  });

  it('paints nothing after cancel', () => {
    const frames = new ManualFrames();
    let paints = 0;
    const scheduler = new RepaintScheduler(() => paints++, frames);
    scheduler.request();
    scheduler.cancel();
    frames.runFrame();
    expect(paints).toBe(0);
  });
});
