import { useRef } from 'react';
import { formatNumber } from '../lib/format';
import type { Lab } from '../lab/lab';
import { useTicker } from './use-lab';

// The lab's one simulated time (every side has reached it: side-sync.ts) and
// the speed the sides really keep, measured, not the one asked for: at "as
// fast as possible" that is the slowest side's pace.

const pollMs = 250;
const spanMs = 2000; // the speed is measured over about the last two seconds

/** `playing`: some side runs; stopped, no pace is shown (and the measurement starts over). */
export function LabClock({ lab, playing }: { lab: Lab; playing: boolean }) {
  useTicker(pollMs);
  const history = useRef<{ wall: number; t: number }[]>([]);
  const t = lab.shownTime();
  const wall = performance.now();
  const h = history.current;
  // A run that went back (a restart) or stopped starts the measurement over.
  if (!playing || (h.length > 0 && t < (h[h.length - 1]?.t ?? 0))) h.length = 0;
  h.push({ wall, t });
  while (h.length > 2 && wall - (h[0]?.wall ?? wall) > spanMs) h.shift();
  const first = h[0];
  const rate = first && wall - first.wall > 500 ? (t - first.t) / ((wall - first.wall) / 1000) : Number.NaN;
  return (
    <p className="lab-clock" data-testid="lab-time" data-sim-time={String(t)} aria-live="off">
      <span>t = {formatNumber(t, 1)} s</span>{' '}
      <span className="lab-speed" title="Simulated seconds per real second, measured over the last two seconds: every side keeps this pace">
        {Number.isFinite(rate) && rate > 0 ? `· ${formatNumber(rate, rate < 10 ? 1 : 0)}×` : ''}
      </span>
    </p>
  );
}
