import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaintLoop } from '../../../web/src/lab/paint-loop';

// The paint loop draws a frame only when the time every side has reached
// moved, or when something else asked for it; and never past that time.

describe('PaintLoop', () => {
  let frames: (() => void)[];
  const runFrame = () => {
    const due = frames;
    frames = [];
    for (const fn of due) fn();
  };

  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (fn: () => void) => frames.push(fn));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('skips frames whose shown time did not move, draws up to it, and redraws when asked', () => {
    let shown = 5;
    const loop = new PaintLoop(() => shown, 60);
    const draws: [number, number, number][] = [];
    loop.add({ draw: (x0, x1, until) => draws.push([x0, x1, until]) });
    runFrame();
    expect(draws).toEqual([[0, 60, 5]]);
    loop.samplesArrived(); // a side ahead sent samples; the slowest did not move
    runFrame();
    expect(draws).toHaveLength(1);
    shown = 70;
    loop.samplesArrived();
    loop.samplesArrived();
    runFrame();
    expect(draws.at(-1)).toEqual([10, 70, 70]); // one frame for both, the window ending at the shown time
    loop.request(); // e.g. a resize: same time, drawn again
    runFrame();
    expect(draws).toHaveLength(3);
  });
});
