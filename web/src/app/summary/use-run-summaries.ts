import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Lab } from '../../lab/lab';
import type { SideSession, SideStatus } from '../../lab/side-session';
import type { RunSummary } from '../../summary/run-summary';

// Asks every side's core for its run summary once a second, and at once when a
// side finishes or pauses. An answer is kept with the side and run it belongs
// to, so a restarted or replaced side shows nothing stale; a finished side
// shows only a summary asked for after it finished (its final numbers), never
// one from earlier in the run beside the word "finished".
//
// The answers live outside React (SummaryPoller), and only the components that
// show them (the summary table, the scatter) re-render when they arrive, once
// per round for every side: kept in the page's top component, each side's
// answer re-rendered the whole lab, six times a second with six sides.

export const summaryIntervalMs = 1000;

export interface HeldSummary {
  side: SideSession;
  run: number;
  /** Asked for after the run had finished: the run's final figures. */
  final: boolean;
  summary: RunSummary;
}

/** Where the sides play, pause or finish: a change asks for the figures at once. */
const stopsOf = (statuses: readonly SideStatus[]) => statuses.map((s) => `${s.done ? 'd' : ''}${s.playing ? 'p' : ''}`).join(',');

export class SummaryPoller {
  private held: readonly (HeldSummary | null)[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly pending = new Set<number>();
  private stopped = false; // answers arriving after stop() are dropped

  constructor(
    private readonly lab: Lab,
    private readonly intervalMs = summaryIntervalMs,
  ) {}

  /** Each side's latest answer (one array until the next round's answers arrive). */
  get current(): readonly (HeldSummary | null)[] {
    return this.held;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Polls until the returned function is called. */
  start(): () => void {
    this.stopped = false;
    let stops = stopsOf(this.lab.getStatuses());
    const unsubscribe = this.lab.subscribe(() => {
      const now = stopsOf(this.lab.getStatuses());
      if (now !== stops) this.poll();
      stops = now;
    });
    this.poll();
    const id = setInterval(() => this.poll(), this.intervalMs);
    return () => {
      this.stopped = true;
      clearInterval(id);
      unsubscribe();
    };
  }

  /** One round: every side with a run and no question pending is asked; the answers land together. */
  poll(): void {
    const asked = this.lab.sides.map((side, i) => {
      const { restarting, failed, run, done } = side.status;
      if (restarting || failed || this.pending.has(i)) return null;
      this.pending.add(i);
      return side.worker.call((w) => w.summary()).then(
        (summary): HeldSummary | null => {
          this.pending.delete(i);
          return side.status.run === run ? { side, run, final: done, summary } : null;
        },
        () => {
          this.pending.delete(i); // the side stopped or restarted; its card shows why
          return null;
        },
      );
    });
    if (asked.every((a) => a === null)) return;
    void Promise.all(asked).then((answers) => {
      if (this.stopped || answers.every((a) => a === null)) return;
      const next = this.held.slice(0, Math.max(this.held.length, answers.length));
      answers.forEach((a, i) => {
        if (a) next[i] = a;
      });
      this.held = next;
      for (const listener of this.listeners) listener();
    });
  }
}

/** The answer each side shows now: its current run's, and a finished side's only if asked after it finished. */
export function summariesFor(
  lab: Lab,
  statuses: readonly SideStatus[],
  held: readonly (HeldSummary | null)[],
): (RunSummary | null)[] {
  return statuses.map((status, i) => {
    const h = held[i];
    const current = h && h.side === lab.sides[i] && h.run === status.run && !status.restarting;
    return current && (h.final || !status.done) ? h.summary : null;
  });
}

/** The page's poller, polling while it is mounted. */
export function useSummaryPoller(lab: Lab): SummaryPoller {
  const poller = useMemo(() => new SummaryPoller(lab), [lab]);
  useEffect(() => poller.start(), [poller]);
  return poller;
}

/** Each side's latest summary for its current run, or null before the first answer. */
export function useRunSummaries(poller: SummaryPoller, lab: Lab, statuses: readonly SideStatus[]): (RunSummary | null)[] {
  const held = useSyncExternalStore(poller.subscribe, () => poller.current);
  return useMemo(() => summariesFor(lab, statuses, held), [lab, statuses, held]);
}
