import type { ToWorker, FromWorker } from '../../web/src/protocol/protocol';
import { SimRunner, defaultPacing } from '../../web/src/worker/sim-runner';
import { SimDriver } from '../../web/src/worker/sim-driver';
import type { AqmLabModule } from '../../web/src/generated/aqmlab.mjs';
import { FakePort } from './fake-port';
import type { ManualClock } from './manual-clock';

// The Lab's tests run every side's SimRunner on the test's thread: the port
// hands each message straight to the runner, as sim-host.ts does.

/** A port whose worker end is a SimRunner, as in sim-host.ts; `driver`: the worker's, shared by every side. */
export class RunnerPort extends FakePort {
  constructor(core: AqmLabModule, clock: ManualClock, driver: SimDriver) {
    super();
    const runner = new SimRunner({ loadModule: async () => core, post: (m: FromWorker) => this.reply(m), clock }, defaultPacing, driver);
    const post = this.post.bind(this);
    this.post = (message: ToWorker) => {
      post(message);
      if (!this.terminated) void runner.receive(message);
    };
    this.runner = runner;
  }

  private readonly runner: SimRunner;

  /** The side's channel closes: its run leaves the driver, as the host's detach does. */
  override terminate(): void {
    super.terminate();
    this.runner.close();
  }

  /** The side's run dies with the error (its worker, from the side's view); it no longer takes part in the rounds. */
  override crash(message: string): void {
    this.runner.close();
    super.crash(message);
  }

  starts(): Extract<ToWorker, { type: 'run/start' }>[] {
    return this.sent.flatMap((m) => (m.type === 'run/start' ? [m] : []));
  }

  lastStart(): Extract<ToWorker, { type: 'run/start' }> {
    const start = this.starts().at(-1);
    if (!start) throw new Error('no run/start sent');
    return start;
  }
}

/** Spawns sides into one simulation worker (one driver, as sim-host.ts): each new port is also pushed to `ports`. */
export function oneWorker(core: AqmLabModule, clock: ManualClock, ports: RunnerPort[] = []): () => RunnerPort {
  const driver = new SimDriver(clock, defaultPacing);
  return () => {
    const port = new RunnerPort(core, clock, driver);
    ports.push(port);
    return port;
  };
}
