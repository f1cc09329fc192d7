import type { ToWorker, FromWorker } from '../../web/src/protocol/protocol';
import { SimRunner, defaultPacing } from '../../web/src/worker/sim-runner';
import type { Pacing } from '../../web/src/worker/sim-driver';
import type { FakeCore } from './fake-core';
import { FakePort } from './fake-port';
import type { ManualClock } from './manual-clock';

// The Lab's tests run every side's SimRunner on the test's thread: the port
// hands each message straight to the runner, as sim.worker.ts does.

/** A port whose worker end is a SimRunner, as in sim.worker.ts. */
export class RunnerPort extends FakePort {
  /** `pacing`: a shared clock's sleeps must be off (waitMs 0), every runner being on one thread. */
  constructor(core: FakeCore, clock: ManualClock, pacing: Pacing = defaultPacing) {
    super();
    const runner = new SimRunner({ loadModule: async () => core, post: (m: FromWorker) => this.reply(m), clock }, pacing);
    const post = this.post.bind(this);
    this.post = (message: ToWorker) => {
      post(message);
      if (!this.terminated) void runner.receive(message);
    };
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
