import { useEffect, useRef, useState } from 'react';
import type { Lab } from '../lab';
import type { SideSession, SideStatus } from '../side-session';
import type { RunSummary } from '../../summary/run-summary';

// Asks every side's core for its run summary once a second, and at once when a
// side finishes or pauses. An answer is kept with the side and run it belongs
// to, so a restarted or replaced side shows nothing stale; a finished side
// shows only a summary asked for after it finished (its final numbers), never
// one from earlier in the run beside the word "finished".

export const summaryIntervalMs = 1000;

interface Held {
  side: SideSession;
  run: number;
  /** Asked for after the run had finished: the run's final figures. */
  final: boolean;
  summary: RunSummary;
}

/** Each side's latest summary for its current run, or null before the first answer. */
export function useRunSummaries(lab: Lab, statuses: readonly SideStatus[]): (RunSummary | null)[] {
  const [held, setHeld] = useState<(Held | null)[]>([]);
  const latest = useRef(statuses);
  latest.current = statuses;
  const pollNow = useRef<() => void>(() => {});

  useEffect(() => {
    let alive = true;
    const pending = new Set<number>();
    const poll = () => {
      lab.sides.forEach((side, i) => {
        const status = latest.current[i];
        if (!status || status.restarting || status.failed || pending.has(i)) return;
        const run = status.run;
        const final = status.done;
        pending.add(i);
        side.summary().then(
          (summary) => {
            pending.delete(i);
            if (!alive || latest.current[i]?.run !== run) return;
            setHeld((old) => {
              const next = old.slice(0, Math.max(old.length, i + 1));
              next[i] = { side, run, final, summary };
              return next;
            });
          },
          () => pending.delete(i), // the side stopped or restarted; its card shows why
        );
      });
    };
    poll();
    pollNow.current = poll;
    const id = window.setInterval(poll, summaryIntervalMs);
    return () => {
      alive = false;
      window.clearInterval(id);
    };
  }, [lab]);

  // A side that finished or paused has figures worth showing now, not up to a second later.
  const stops = statuses.map((s) => `${s.done ? 'd' : ''}${s.playing ? 'p' : ''}`).join(',');
  useEffect(() => pollNow.current(), [stops]);

  return statuses.map((status, i) => {
    const h = held[i];
    const current = h && h.side === lab.sides[i] && h.run === status.run && !status.restarting;
    return current && (h.final || !status.done) ? h.summary : null;
  });
}
