import type { RecordedEvent, TimelineEvent } from '../protocol/protocol';
import { changesOf, startValues, targetOf, type Change, type GestureEvent, type SideStart } from '../scenario/changes';
import { scenarioEvents } from '../scenario/timeline';
import { sideName, type SideStatus } from './side-session';

// The lab's record of the live changes the cores accepted in this run, each
// with the gesture it belonged to, and the run's changes as people read them.
// A slider drag is applied live (throttled, one event per 100 ms, all of them
// kept so an export replays exactly) but is one change on the time axis.

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
  private cache: { scenario: string; count: number; statuses: readonly SideStatus[]; changes: Change[] } | null = null;

  constructor(private readonly nowMs: () => number = Date.now) {}

  /** Every accepted live change, in the order they acted. */
  get all(): readonly RecordedEvent[] {
    return this.events;
  }

  clear(): void {
    this.events = [];
    this.gesture = null;
    this.cache = null;
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
  }

  add(recorded: RecordedEvent, gesture: number): void {
    this.events.push({ ...recorded, gesture });
  }

  /** The scenario's own events and the live ones as changes, one per gesture (cached: every chart asks every frame). */
  changes(scenario: string | null, statuses: readonly SideStatus[]): Change[] {
    if (scenario === null) return [];
    const c = this.cache;
    if (c && c.scenario === scenario && c.count === this.events.length && c.statuses === statuses) return c.changes;
    const sides: SideStart[] = statuses.map((s, i) => ({ name: sideName(s, i), params: s.info?.params ?? {} }));
    const changes = changesOf([...scenarioEvents(scenario), ...this.events], startValues(scenario, sides), sides);
    this.cache = { scenario, count: this.events.length, statuses, changes };
    return changes;
  }
}
