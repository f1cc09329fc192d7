import type { AqmLabModule, CoreSimulation } from '../generated/aqmlab.mjs';

// A test-only way to crash one side, for the end-to-end test of a failed side:
// the page's URL `?crashWorker=K&crashAfterBatches=N` makes the core of the
// K-th side the page spawns (0-based; at load, side K) throw from its
// advance() once that side has posted N batches, as a wasm trap in the core
// would. Sides spawned later (a restart, an added side) never crash, so a
// restarted side stays up. The flag travels with the side's channel when the
// page attaches it to its simulation worker (sim-host.ts).

/** Reads the page's crash flag: which spawned side crashes, and after how many batches. */
export function crashPlanFromUrl(search: string): { worker: number; afterBatches: number } | null {
  const params = new URLSearchParams(search);
  const worker = Number(params.get('crashWorker'));
  const afterBatches = Number(params.get('crashAfterBatches'));
  if (!params.has('crashWorker') || !Number.isInteger(worker) || worker < 0) return null;
  return { worker, afterBatches: Number.isInteger(afterBatches) && afterBatches >= 0 ? afterBatches : 50 };
}

/** `mod` whose simulations throw from advance() once `due()` holds. */
export function crashingModule(mod: AqmLabModule, due: () => boolean, batches: () => number): AqmLabModule {
  const Simulation = mod.Simulation;
  const crashing = function (scenarioJson: string, side: number): CoreSimulation {
    const sim = new Simulation(scenarioJson, side);
    const advance = sim.advance.bind(sim);
    sim.advance = (untilSeconds: number) => {
      if (due()) throw new Error(`test crash after ${batches()} batches`);
      return advance(untilSeconds);
    };
    return sim;
  } as unknown as AqmLabModule['Simulation'];
  return { ...mod, Simulation: crashing };
}
