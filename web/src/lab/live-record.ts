import type { RecordedEvent, TimelineEvent } from '../protocol/protocol';
import { changesOf, startValues, targetOf, type Change, type GestureEvent, type SideStart } from '../scenario/changes';
import { scenarioEvents } from '../scenario/timeline';
import { sideName, type SideStatus } from './side-session';
import { sameItems } from '../lib/memo';

// The lab's record of the live changes the cores accepted in this run, each
// with the gesture it belonged to, and the run's changes as people read them.
// A slider drag is applied live (throttled, one event per 100 ms, all of them
// kept so an export replays exactly) but is one change on the time axis,
// which appears there when the gesture ends (released, or idle).

/**
 * Real milliseconds after which a move of the same control starts a new
 * change even without a release (a control whose release the page never
 * sees, such as a value set by a script, still ends).
 */
export const gestureIdleMs = 1500;

export class LiveRecord {
  private events: GestureEvent[] = [];
  private gesture: { id: number; target: string; atMs: number; ended: boolean } | null = null;
  private gestures = 0;
  private cache: { scenario: string; count: number; statuses: readonly SideStatus[]; open: number | null; changes: Change[] } | null = null;

  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  /** `changed`: the changes to show moved (a change recorded, a gesture ended, by release or idle). */
  constructor(
    private readonly changed: () => void = () => {},
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** Every accepted live change, in the order they acted. */
  get all(): readonly RecordedEvent[] {
    return this.events;
  }

  clear(): void {
    this.events = [];
    this.gesture = null;
    this.cache = null;
    this.dispose();
  }

  dispose(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /**
   * The gesture a change about to be sent belongs to: the last one if it
   * moves the same control, was not released and moved within gestureIdleMs.
   */
  gestureOf(event: TimelineEvent): number {
    const target = targetOf(event);
    const now = this.nowMs();
    const g = this.gesture;
    if (g && !g.ended && g.target === target && now - g.atMs < gestureIdleMs) {
      g.atMs = now;
      return g.id;
    }
    this.gesture = { id: ++this.gestures, target, atMs: now, ended: false };
    return this.gesture.id;
  }

  /** The control being moved was released: its next move is a new change. */
  endGesture(): void {
    if (this.gesture) this.gesture.ended = true;
    this.notify();
  }

  /** The gesture still under way (not released, moved within gestureIdleMs), if any. */
  openGesture(): number | null {
    const g = this.gesture;
    return g && !g.ended && this.nowMs() - g.atMs < gestureIdleMs ? g.id : null;
  }

  add(recorded: RecordedEvent, gesture: number): void {
    this.events.push({ ...recorded, gesture });
    this.notify();
  }

  /** Tells the lab, and again once an unreleased gesture has gone idle (it is a change from then). */
  private notify(): void {
    this.changed();
    this.dispose();
    if (this.openGesture() !== null) this.idleTimer = setTimeout(() => this.notify(), gestureIdleMs + 20);
  }

  /**
   * The scenario's own events and the live ones as changes, one per gesture;
   * a gesture still under way is not a change yet (cached: every chart asks every frame, with a
   * fresh array of statuses that rarely change).
   */
  changes(scenario: string | null, statuses: readonly SideStatus[]): Change[] {
    if (scenario === null) return [];
    const open = this.openGesture();
    const c = this.cache;
    if (c && c.scenario === scenario && c.count === this.events.length && sameItems(c.statuses, statuses) && c.open === open) {
      return c.changes;
    }
    const sides: SideStart[] = statuses.map((s, i) => ({ name: sideName(s, i), params: s.info?.params ?? {} }));
    const done = open === null ? this.events : this.events.filter((e) => e.gesture !== open);
    const changes = changesOf([...scenarioEvents(scenario), ...done], startValues(scenario, sides), sides);
    this.cache = { scenario, count: this.events.length, statuses, open, changes };
    return changes;
  }
}
