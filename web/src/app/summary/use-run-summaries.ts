import { useEffect, useRef, useState } from 'react';
import type { Lab } from '../lab';
import type { SideSession, SideStatus } from '../side-session';
import type { RunSummary } from '../../summary/run-summary';

// Asks every side's core for its run summary once a second. An answer is kept
// with the side and run it belongs to, so a restarted or replaced side shows nothing stale.

export const summaryIntervalMs = 1000;

interface Held {
  side: SideSession;
  run: number;
  summary: RunSummary;
}

/** Each side's latest summary for its current run, or null before the first answer. */
export function useRunSummaries(lab: Lab, statuses: readonly SideStatus[]): (RunSummary | null)[] {
  const [held, setHeld] = useState<(Held | null)[]>([]);
  const latest = useRef(statuses);
  latest.current = statuses;

  useEffect(() => {
    let alive = true;
    const pending = new Set<number>();
    const poll = () => {
      lab.sides.forEach((side, i) => {
        const status = latest.current[i];
        if (!status || status.restarting || status.failed || pending.has(i)) return;
        const run = status.run;
        pending.add(i);
        side.summary().then(
          (summary) => {
            pending.delete(i);
            if (!alive || latest.current[i]?.run !== run) return;
            setHeld((old) => {
              const next = old.slice(0, Math.max(old.length, i + 1));
              next[i] = { side, run, summary };
              return next;
            });
          },
          () => pending.delete(i), // the side stopped or restarted; its card shows why
        );
      });
    };
    poll();
    const id = window.setInterval(poll, summaryIntervalMs);
    return () => {
      alive = false;
      window.clearInterval(id);
    };
  }, [lab]);

  return statuses.map((status, i) => {
    const h = held[i];
    return h && h.side === lab.sides[i] && h.run === status.run && !status.restarting ? h.summary : null;
  });
}
