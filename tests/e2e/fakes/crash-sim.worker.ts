// A simulation worker for the end-to-end test of a failed side: the real host
// (web/src/worker/sim-host.ts), except that the first run of side 1 throws
// from its core's advance() once it has sent 40 batches, as a wasm trap in the
// core would. Later runs (a restart) never crash. Built by fake-workers.ts and
// served in place of the page's simulation worker; nothing of it is in the
// page's build.
import { expose } from 'comlink';
import type { AqmLabModule, CoreSimulation } from '../../../web/src/generated/aqmlab.mjs';
import { SimHost } from '../../../web/src/worker/sim-host';
import { clock, instantiate } from '../../../web/src/worker/sim-scope';

const crashSide = 1;
const crashAfterBatches = 40;
let armed = true;

/** `sim` throwing from advance() once it has handed over `crashAfterBatches` batches. */
function crashing(sim: CoreSimulation): CoreSimulation {
  let batches = 0;
  const clear = sim.clearBatch.bind(sim);
  const advance = sim.advance.bind(sim);
  sim.clearBatch = () => {
    batches++;
    clear();
  };
  sim.advance = (untilSeconds: number) => {
    if (batches >= crashAfterBatches) throw new Error(`test crash after ${batches} batches`);
    return advance(untilSeconds);
  };
  return sim;
}

function withCrashingSide(mod: AqmLabModule): AqmLabModule {
  const Simulation = mod.Simulation;
  // A constructor returning another object stands in for the core's class (embind's cannot be subclassed simply).
  const build = function (scenarioJson: string, side: number): CoreSimulation {
    const sim = new Simulation(scenarioJson, side);
    if (side !== crashSide || !armed) return sim;
    armed = false;
    return crashing(sim);
  } as unknown as AqmLabModule['Simulation'];
  return { ...mod, Simulation: build };
}

expose(new SimHost({ instantiate: async () => withCrashingSide(await instantiate()), clock }));
