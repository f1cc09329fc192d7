// Entry point of one side's worker: wires the runner to the worker scope and to
// the generated core module. Everything else lives in sim-runner.ts.
import createAqmLab from '../generated/aqmlab.mjs';
import { isToWorker, type FromWorker } from '../protocol/protocol';
import { SimRunner, type Clock } from './sim-runner';
import { crashAfterFromName } from './test-crash';

const crashAfter = crashAfterFromName(self.name);
let batchesPosted = 0;

// The project type-checks against the DOM lib, whose `self` is a Window; the
// options form of postMessage has the same shape in a dedicated worker.
function post(message: FromWorker, transfer: Transferable[]): void {
  self.postMessage(message, { transfer });
  if (message.type === 'sim/batch') batchesPosted++;
}

/** Test-only (see test-crash.ts): an uncaught throw, as a real bug would be, and the run's timer chain stops with it. */
function guarded(fn: () => void): () => void {
  return () => {
    if (crashAfter !== null && batchesPosted >= crashAfter) throw new Error(`test crash after ${batchesPosted} batches`);
    fn();
  };
}

// A zero delay goes through a message to itself: setTimeout(0) is clamped to
// 4 ms once nested, which at "as fast as possible" left a side idle between
// ticks while the others, in lockstep, waited for it. Page messages queue
// alongside, so they still get in between ticks. Negative handles are these.
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
    if (delayMs > 0) return self.setTimeout(guarded(fn), delayMs);
    const handle = nextImmediate--;
    pending.set(handle, guarded(fn));
    immediate.port2.postMessage(handle);
    return handle;
  },
  cancel: (handle) => (handle < 0 ? pending.delete(handle) : self.clearTimeout(handle)),
};

const runner = new SimRunner({ loadModule: () => createAqmLab(), post, clock });

self.addEventListener('message', (event: MessageEvent) => {
  const data: unknown = event.data;
  if (isToWorker(data)) void runner.receive(data);
  else post({ type: 'run/error', id: null, message: 'worker received a malformed message', fatal: false }, []);
});
