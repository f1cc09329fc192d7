import type { AqmSpec } from '../aqm/aqm-table';
import type { SenderSpec } from '../aqm/sender-table';
import type { Speed, TimelineEvent } from '../protocol/protocol';
import { numberField, readScenario } from '../scenario/scenario-json';
import { maxSides } from '../lib/limits';
import { sideCount } from '../scenario/side-edits';
import type { Change } from '../scenario/changes';
import { withLiveEvents, type EventMark } from '../scenario/timeline';
import type { SideHost } from '../worker/spawn-worker';
import { messageOf } from '../lib/errors';
import { LiveRecord } from './live-record';
import { PaintLoop, type Drawable } from './paint-loop';
import { SideSession, type SideStatus } from './side-session';
import { rosterFor } from './side-roster';
import { memoLast, sameItems } from '../lib/memo';
import { ScenarioEdits } from './scenario-edits';
import { StatusFeed } from './status-feed';
import { applyAtOneTime, catchUp, checkScenario, frontierOf, pauseTogether, runAllUntil, startTogether, stepTogether } from './side-sync';

// The page's controller, outside React: owns the sides (each a channel into
// the simulation worker) and the scenario they all run, fans controls out to
// the sides and keeps the record of live changes. Keeping the sides at one simulated time is
// side-sync.ts's; drawing every chart in one frame is paint-loop.ts's.
//
// Operations that touch every side's run (restarts, changes applied to every
// side, run-to-time) go through one queue, so a change never lands on a run
// that a restart queued before it has replaced.

export type { Drawable } from './paint-loop';

export interface LabOptions {
  sideCount: number;
  speed: Speed;
  /** Seconds of simulated time the charts show, ending at the newest sample. */
  windowS: number;
}

export const defaultLabOptions: LabOptions = { sideCount: 2, speed: 10, windowS: 60 };

export class Lab {
  private sessions: SideSession[];
  private readonly paintLoop: PaintLoop;
  /** The sides' statuses for React, told at most once per frame (status-feed.ts). */
  private readonly feed: StatusFeed<readonly SideStatus[]>;
  private speed: Speed;
  private wantPlay = true; // the user's play/pause choice, kept across restarts
  /** The scenario every side runs, as the core accepted it; null until the first run is ready. */
  private scenario: string | null = null;
  /** Live changes the cores accepted in this run, in the order they acted. */
  private readonly live = new LiveRecord(() => {
    this.statusChanged(false); // the charts' marks follow at the next frame; the timeline's list may wait for it
    this.paintLoop.request();
  });
  private queue: Promise<unknown> = Promise.resolve();
  /** What the scenario controls change (sides, groups, settings): scenario-edits.ts. */
  readonly edits: ScenarioEdits;
  private restarts = 0;
  // The scenario is parsed only when it changed.
  private readonly intervalOf = memoLast(
    (scenario: string | null) => (scenario === null ? null : numberField(readScenario(scenario), 'sample_interval_ms')) ?? 10,
  );

  constructor(
    private readonly host: SideHost,
    private readonly options: LabOptions = defaultLabOptions,
  ) {
    this.speed = options.speed;
    host.setSpeed(options.speed);
    this.paintLoop = new PaintLoop(() => frontierOf(this.sessions), options.windowS);
    this.sessions = Array.from({ length: options.sideCount }, (_, i) => this.createSession(i));
    this.feed = new StatusFeed(() => this.sessions.map((s) => s.status));
    this.edits = new ScenarioEdits({
      scenario: () => this.scenario,
      catalogue: () => this.catalogue(),
      restartAll: (scenario, removed) => this.restartAll(scenario, removed),
      load: (scenario) => this.load(scenario),
      relabel: (scenario, side, shown) => {
        this.scenario = scenario;
        const session = this.sessions[side];
        session?.rename(shown || (session.status.info?.aqm ?? ''));
      },
    });
  }

  get sides(): readonly SideSession[] { return this.sessions; }

  /** Increments at every restart of the whole lab (reset, load, side or scenario change). */
  get generation(): number { return this.restarts; }

  get currentSpeed(): Speed { return this.speed; }
  /** Whether the lab plays (or will, after a restart), as Play/Pause last said. */
  get playing(): boolean { return this.wantPlay; }

  /** The scenario every side runs (without live changes), or null before the first run is ready. */
  get currentScenario(): string | null { return this.scenario; }

  get canAddSide(): boolean { return this.sessions.length < maxSides; }

  /** Starts the first run (the core's default scenario until one is loaded), every side together. */
  start(): void { void this.enqueue(() => this.startTogether(this.sessions, this.scenario)); }

  play(): void {
    this.wantPlay = true;
    for (const side of this.sessions) side.worker.send((w) => w.play());
  }

  /** Stops every side at one simulated time (side-sync.ts); resolves once they all stopped. */
  pause(): Promise<void> {
    this.wantPlay = false;
    const pause = () => pauseTogether(this.sessions, this.sampleIntervalMs());
    return this.enqueue(pause).catch(() => undefined); // no side running: nothing to stop
  }

  /** The simulated time the page shows: every running side has reached it. */
  shownTime(): number { return frontierOf(this.sessions); }

  /** Every side from t = 0 on the scenario, live changes dropped; a failed side gets a fresh channel (and core). */
  reset(): void {
    if (this.scenario === null) {
      for (const side of this.sessions) side.reset();
      return;
    }
    this.restartAll(this.scenario);
  }

  setSpeed(speed: Speed): void {
    this.speed = speed;
    this.host.setSpeed(speed);
  }

  // ---- the sides -------------------------------------------------------------

  /** The core's catalogue of disciplines, from whichever side has read it. */
  catalogue(): readonly AqmSpec[] { return this.sessions.find((s) => s.status.aqms.length > 0)?.status.aqms ?? []; }

  /** The core's catalogue of congestion controllers (a TCP group's `variant`), likewise. */
  senders(): readonly SenderSpec[] { return this.sessions.find((s) => s.status.senders.length > 0)?.status.senders ?? []; }

  /**
   * Starts a failed side again on a fresh channel and core: from t = 0 on the scenario
   * with every live change so far, then as fast as possible to where the
   * other sides are, so its lines line up with theirs; then it plays along.
   */
  restartSide(sideIndex: number): Promise<void> {
    return this.enqueue(async () => {
      const old = this.sessions[sideIndex];
      if (!old || this.scenario === null) return;
      old.terminate();
      const fresh = this.createSession(sideIndex);
      this.sessions = this.sessions.map((s, i) => (i === sideIndex ? fresh : s));
      const scenario = withLiveEvents(this.scenario, this.live.all) ?? this.scenario;
      fresh.start(false, scenario);
      this.statusChanged();
      await fresh.waitFor((s) => !s.restarting);
    }).then(() => this.catchUp(sideIndex));
  }

  // ---- scenarios -------------------------------------------------------------

  /** The core's verdict on a scenario without running it: its message, or null. */
  async check(scenarioJson: string): Promise<string | null> {
    try {
      return (await checkScenario(this.sessions, this.host.spawn, scenarioJson)).error;
    } catch (e) {
      return `the scenario could not be checked: ${messageOf(e)}`;
    }
  }

  /**
   * Replaces the scenario: the core checks it (a refusal names the field and
   * leaves the current lab running), then the sides are rebuilt to match and
   * every side starts from t = 0, playing if `playing` says so (default: as the lab was).
   * Resolves with the core's message, or null.
   */
  async load(scenarioJson: string, playing?: boolean): Promise<string | null> {
    let checked;
    try {
      checked = await checkScenario(this.sessions, this.host.spawn, scenarioJson);
    } catch (e) {
      return `the scenario could not be checked: ${messageOf(e)}`;
    }
    if (checked.error !== null) return checked.error;
    if (playing !== undefined) this.wantPlay = playing;
    this.restartAll(checked.scenario);
    await this.queue;
    return null;
  }

  /**
   * The current scenario with every live change so far among its events, at
   * the simulated time it acted: loading it replays this run exactly.
   * The record is the lab's own, kept from the cores' acceptances (each
   * `apply` answers the time it acted at), so a side whose worker died still counts.
   */
  async exportScenario(): Promise<string> {
    await this.queue;
    if (this.scenario === null) throw new Error('no scenario has run yet');
    const merged = withLiveEvents(this.scenario, this.live.all);
    if (merged === null) throw new Error('the current scenario is not a JSON object');
    return merged;
  }

  /**
   * The run's changes in time order: the scenario's events and the accepted
   * live ones, the events of one gesture (a slider drag) as one change.
   */
  changes(): Change[] { return this.live.changes(this.scenario, this.sessions.map((s) => s.status)); }

  /** Where the time axis changed, for the charts: one mark per change. */
  eventMarks = (): EventMark[] => this.changes();

  /** The control being moved was released: its next move is a new change. */
  endGesture(): void { this.live.endGesture(); }

  // ---- live changes ----------------------------------------------------------

  /** Same traffic change on every side, so the comparison stays fair. */
  setFlows(count: number, group = 0): Promise<void> {
    return this.applyEverywhere({ kind: 'set_flows', group, count });
  }

  /**
   * Applies a change to every running side at one simulated time (see
   * side-sync.ts). Rejects with the core's message when no side took it.
   */
  applyEverywhere(event: TimelineEvent): Promise<void> {
    const gesture = this.live.gestureOf(event);
    return this.enqueue(async () => {
      this.live.add(await applyAtOneTime(this.host, this.sessions, event), gesture);
    });
  }

  /** Sets a parameter of one side's discipline; resolves when its core accepted it, rejects with its message. */
  setParam(sideIndex: number, aqm: string, name: string, value: number): Promise<void> {
    const gesture = this.live.gestureOf({ kind: 'set_param', side: sideIndex, name, value });
    return this.enqueue(async () => {
      const side = this.sessions[sideIndex];
      if (!side) throw new Error(`side ${sideIndex}: no such side`);
      this.live.add(await side.setParam(aqm, name, value), gesture);
    });
  }

  // ---- run control -----------------------------------------------------------

  /** One sample interval on every side (to the same time), then pause. */
  step(): Promise<void> {
    this.wantPlay = false;
    return this.enqueue(() => stepTogether(this.host, this.sessions));
  }

  /**
   * Runs every side as fast as possible to simulated time `untilS`, then
   * pauses them all there. Resolves with an error message (nothing changed), or null.
   */
  runUntil(untilS: number): Promise<string | null> {
    const duration = this.scenario === null ? null : numberField(readScenario(this.scenario), 'duration_s');
    if (!Number.isFinite(untilS) || untilS <= 0 || (duration !== null && untilS > duration)) {
      return Promise.resolve(`run to: must be a time in (0, ${duration ?? 'the duration'}] s, got ${untilS}`);
    }
    return this.enqueue(async () => {
      const error = await runAllUntil(this.host, this.sessions, untilS);
      if (error === null) this.wantPlay = false;
      return error;
    });
  }

  // ---- charts and React ------------------------------------------------------

  addChart(chart: Drawable): () => void { return this.paintLoop.add(chart); }

  requestPaint(): void { this.paintLoop.request(); }

  /** The shared time axis: the last windowS seconds up to the time every side has reached. */
  timeWindow(): [number, number] { return this.paintLoop.timeWindow(); }

  subscribe = (listener: () => void): (() => void) => this.feed.subscribe(listener);

  getStatuses = (): readonly SideStatus[] => this.feed.current;

  dispose(): void {
    this.paintLoop.dispose();
    this.live.dispose();
    for (const side of this.sessions) side.terminate();
    this.feed.dispose();
  }

  // ---- internals -------------------------------------------------------------

  private createSession(index: number): SideSession {
    return new SideSession(index, this.host.spawn, {
      statusChanged: (urgent) => this.statusChanged(urgent),
      samplesArrived: () => this.paintLoop.samplesArrived(),
      // The first run of the page is the core's default scenario: it becomes the lab's.
      runReady: (scenario) => {
        if (this.scenario === null) this.scenario = scenario;
      },
    });
  }

  private enqueue<T>(op: () => Promise<T>): Promise<T> {
    const next = this.queue.then(op);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Every side from t = 0 on `scenario`: sides are spawned or terminated to
   * match its side count (`removed`: the side that goes), and a failed side
   * gets a fresh channel (and core). Play/pause and speed carry over.
   */
  private restartAll(scenario: string, removed: number | null = null): void {
    this.scenario = scenario; // at once, so edits made before the restart runs build on this one
    void this.enqueue(async () => {
      const sessions = rosterFor(this.sessions, sideCount(scenario), removed, (i) => this.createSession(i));
      const newRoster = !sameItems(sessions, this.sessions);
      this.sessions = sessions;
      this.live.clear();
      this.restarts++;
      sessions.forEach((side, i) => (side.index = i));
      this.statusChanged(newRoster); // React reads the sides beside their statuses: a new roster shows at once
      await this.startTogether(sessions, scenario);
    });
  }

  private startTogether(sessions: readonly SideSession[], scenario: string | null): Promise<void> {
    return startTogether(sessions, scenario, () => this.wantPlay);
  }

  /** Brings a restarted side to the others' time; it then plays along if the lab is playing. */
  private async catchUp(sideIndex: number): Promise<void> {
    const side = this.sessions[sideIndex];
    if (!side) return;
    const current = () => this.sessions[sideIndex] === side;
    if ((await catchUp(side, () => this.sessions, this.speed, current)) && this.wantPlay) side.worker.send((w) => w.play());
  }

  private sampleIntervalMs(): number { return this.intervalOf(this.scenario); }

  /**
   * While sides are restarting, a change waits (quietly, a tenth of a second
   * at most) for the last of them to be ready: the lab then renders the new
   * run once, not once for the first side ready and again for the rest.
   */
  private statusChanged(urgent = true): void {
    // `feed` and `sessions`: undefined while the constructor creates the first sessions
    if (urgent && !this.sessions?.some((s) => s.status.restarting)) this.feed?.changed();
    else this.feed?.changedQuietly();
  }
}
