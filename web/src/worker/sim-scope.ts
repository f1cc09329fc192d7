import createAqmLab, { type AqmLabModule } from '../generated/aqmlab.mjs';
import wasmUrl from '../generated/aqmlab.wasm?url';
import type { Clock } from './sim-driver';

// What the simulation worker's scope gives its host (sim-host.ts): instances
// of the core and a clock. Apart from the entry (sim.worker.ts) so the tests'
// fake workers build the same host on the same core.

// The core is compiled once per worker and instantiated once per run, so each
// run has its own memory (a trap or an exhausted heap fails that side alone)
// without compiling (and optimising) the same code again.
let compiled: Promise<WebAssembly.Module> | null = null;
function compiledCore(): Promise<WebAssembly.Module> {
  const module = (compiled ??= WebAssembly.compileStreaming(fetch(wasmUrl)));
  module.catch(() => {
    if (compiled === module) compiled = null; // a failed fetch is tried again at the next start
  });
  return module;
}

export async function instantiate(): Promise<AqmLabModule> {
  const module = await compiledCore();
  let failed: (error: unknown) => void = () => {};
  const failure = new Promise<never>((_, reject) => (failed = reject));
  const instance = createAqmLab({
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) {
      WebAssembly.instantiate(module, imports).then((i) => done(i, module), failed);
      return {};
    },
  });
  return Promise.race([instance, failure]);
}

// A zero delay goes through a message to itself: setTimeout(0) is clamped to
// 4 ms once nested, which at "as fast as possible" left the worker idle
// between ticks. The sides' messages queue alongside, so they still get in
// between ticks. Negative handles are these.
const immediate = new MessageChannel();
const pending = new Map<number, () => void>();
let nextImmediate = -1;
immediate.port1.onmessage = (event: MessageEvent<number>) => {
  const fn = pending.get(event.data);
  pending.delete(event.data);
  fn?.();
};

export const clock: Clock = {
  now: () => performance.now(),
  schedule: (fn, delayMs) => {
    if (delayMs > 0) return self.setTimeout(fn, delayMs);
    const handle = nextImmediate--;
    pending.set(handle, fn);
    immediate.port2.postMessage(handle);
    return handle;
  },
  cancel: (handle) => (handle < 0 ? pending.delete(handle) : self.clearTimeout(handle)),
};
