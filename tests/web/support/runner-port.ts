import type { AqmLabModule } from '../../../web/src/generated/aqmlab.mjs';
import type { SideApi, SideEvents, TimelineEvent } from '../../../web/src/protocol/protocol';
import { actTogether, type TogetherRun } from '../../../web/src/worker/sim-host';
import { WorkerRpc } from '../../../web/src/lib/worker-rpc';
import { SimRunner, defaultPacing } from '../../../web/src/worker/sim-runner';
import { SimDriver } from '../../../web/src/worker/sim-driver';
import type { SideHost } from '../../../web/src/worker/spawn-worker';
import { FakeWorkerEnd } from './fake-worker-end';
import type { ManualClock } from './manual-clock';

// The Lab's tests run every side's SimRunner on the test's thread, called
// through comlink as the page calls the worker, each call recorded; what the
// sides do together is acted on as the worker's host does (sim-host.ts).

/** A call the page made to a side, with its arguments by name. */
export type SideCall =
  | { call: 'start'; side: number; scenario: string | null; play: boolean }
  | { call: 'apply'; event: TimelineEvent; atS: number | null }
  | { call: 'runUntil'; untilS: number }
  | { call: 'check'; scenario: string }
  | { call: 'play' | 'pause' | 'reset' | 'step' | 'summary' };

/** One side's run as in sim-host.ts, behind a recording of what the page asked of it. */
export class RunnerSide {
  readonly sent: SideCall[] = [];
  terminated = false;
  readonly rpc: WorkerRpc<SideApi>;
  /** The run as the host's `together` reaches it (recorded too). */
  readonly together: TogetherRun;
  private readonly runner: SimRunner;
  private readonly end: FakeWorkerEnd;

  /** `eventDelayMs`: the side's events reach the page that much later (by setTimeout, in order), as from a busy worker. */
  constructor(core: AqmLabModule, clock: ManualClock, driver: SimDriver, private readonly events: SideEvents, eventDelayMs = 0) {
    const later = <A>(tell: (a: A) => void) => (a: A) => void setTimeout(() => tell(a), eventDelayMs);
    const heard: SideEvents =
      eventDelayMs > 0 ? { ready: later(events.ready), state: later(events.state), batch: later(events.batch), error: later(events.error) } : events;
    const runner = new SimRunner({ loadModule: async () => core, events: heard, clock }, defaultPacing, driver);
    const log = (call: SideCall) => void this.sent.push(call);
    const api: SideApi = {
      start: (side, scenario, play) => (log({ call: 'start', side, scenario, play }), runner.start(side, scenario, play)),
      play: () => (log({ call: 'play' }), runner.play()),
      pause: () => (log({ call: 'pause' }), runner.pause()),
      reset: () => (log({ call: 'reset' }), runner.reset()),
      step: () => (log({ call: 'step' }), runner.step()),
      runUntil: (untilS) => (log({ call: 'runUntil', untilS }), runner.runUntil(untilS)),
      apply: (event, atS) => (log({ call: 'apply', event, atS }), runner.apply(event, atS)),
      check: (scenario) => (log({ call: 'check', scenario }), runner.check(scenario)),
      summary: () => (log({ call: 'summary' }), runner.summary()),
    };
    this.runner = runner;
    this.together = {
      now: () => runner.now(),
      hasRun: () => runner.hasRun(),
      sampleInterval: () => runner.sampleInterval(),
      apply: (event, atS) => (log({ call: 'apply', event, atS }), runner.apply(event, atS)),
      runUntil: (untilS) => (log({ call: 'runUntil', untilS }), runner.runUntil(untilS)),
    };
    this.end = new FakeWorkerEnd(api, true);
    this.rpc = new WorkerRpc<SideApi>({
      endpoint: this.end.endpoint,
      onError: (listener) => this.end.onError(listener),
      // The side's channel closes: its run leaves the driver, as the page's release does.
      terminate: () => {
        this.terminated = true;
        this.end.terminate();
        runner.close();
      },
    });
  }

  /** The side's worker dies with the error: it no longer takes part in the rounds, and the side hears it, as from the pool. */
  crash(message: string): void {
    this.runner.close();
    this.end.crash(message);
    this.events.error({ message, fatal: true });
  }

  starts(): Extract<SideCall, { call: 'start' }>[] {
    return this.sent.flatMap((m) => (m.call === 'start' ? [m] : []));
  }

  lastStart(): Extract<SideCall, { call: 'start' }> {
    const start = this.starts().at(-1);
    if (!start) throw new Error('no start sent');
    return start;
  }
}

/**
 * Sides in one simulation worker (one driver, as sim-host.ts): each new side
 * is also pushed to `sides`; `eventDelaysMs[i]` delays the events of the i-th
 * side spawned (RunnerSide).
 */
export function oneWorker(core: AqmLabModule, clock: ManualClock, sides: RunnerSide[] = [], eventDelaysMs: readonly number[] = []): SideHost {
  const driver = new SimDriver(clock, defaultPacing);
  const byRpc = new Map<WorkerRpc<SideApi>, RunnerSide>();
  return {
    spawn: (events) => {
      const side = new RunnerSide(core, clock, driver, events, eventDelaysMs[sides.length] ?? 0);
      sides.push(side);
      byRpc.set(side.rpc, side);
      return side.rpc;
    },
    together: (rpcs, act) => {
      const runs = rpcs.map((rpc) => {
        const side = byRpc.get(rpc);
        return side && !side.terminated ? side.together : null;
      });
      return actTogether(runs, act);
    },
    setSpeed: (speed) => driver.setSpeed(speed),
  };
}
