// Entry point of a simulation worker: wires the host (sim-host.ts), which runs
// one or more sides, to the worker scope, the sides' channels and the core.
import createAqmLab, { type AqmLabModule } from '../generated/aqmlab.mjs';
import wasmUrl from '../generated/aqmlab.wasm?url';
import type { FromWorker } from '../protocol/protocol';
import type { Clock } from './sim-driver';
import { SimHost, isToHost, type ChannelEnd } from './sim-host';

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

async function instantiate(): Promise<AqmLabModule> {
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
immediate.port1.onmessage = (event: MessageEvent) => {
  const fn = pending.get(event.data as number);
  pending.delete(event.data as number);
  fn?.();
};

const clock: Clock = {
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

function channelEnd(port: MessagePort): ChannelEnd {
  return {
    post: (message: FromWorker, transfer: Transferable[]) => port.postMessage(message, transfer),
    onMessage: (listener) => {
      port.onmessage = (event: MessageEvent) => listener(event.data);
    },
    close: () => port.close(),
  };
}

const host = new SimHost({ instantiate, clock });

self.addEventListener('message', (event: MessageEvent) => {
  const data: unknown = event.data;
  if (isToHost(data)) host.receive(data, channelEnd);
});
