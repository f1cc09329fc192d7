import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AqmLabModule } from '../../../web/src/generated/aqmlab.mjs';
import type { Speed } from '../../../web/src/protocol/protocol';
import { SimDriver } from '../../../web/src/worker/sim-driver';
import { SimRunner, defaultPacing } from '../../../web/src/worker/sim-runner';
import { hearing, type Heard } from './heard-events';
import { ManualClock } from './manual-clock';

// The Node build of the real core, for tests that check the page against it.
// Those tests are skipped until `bash scripts/build-wasm.sh` has produced it.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const nodeBuild = `${root}build/wasm/node/aqmlab-node.cjs`;
const loaderPath = `${root}scripts/load-core-node.mjs`;

export const realCoreBuilt = existsSync(nodeBuild) && existsSync(loaderPath);

export async function loadCore(): Promise<AqmLabModule> {
  const loader: unknown = await import(/* @vite-ignore */ loaderPath);
  if (typeof loader !== 'object' || loader === null || !('loadCore' in loader) || typeof loader.loadCore !== 'function') {
    throw new Error('scripts/load-core-node.mjs has no loadCore()');
  }
  return loader.loadCore();
}

/** A worker runner on `core` with a manual clock at `speed`, recording what it tells the page. */
export function runnerOn(core: AqmLabModule, speed: Speed = 10) {
  const clock = new ManualClock();
  const posted: Heard[] = [];
  const driver = new SimDriver(clock, defaultPacing);
  driver.setSpeed(speed);
  const runner = new SimRunner({ loadModule: async () => core, events: hearing(posted).events, clock }, defaultPacing, driver);
  return { clock, posted, runner };
}
