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

const clock: Clock = {
  now: () => performance.now(),
  schedule: (fn, delayMs) =>
    self.setTimeout(() => {
      // Test-only (see test-crash.ts): an uncaught throw, as a real bug would be,
      // and the run's timer chain stops with it.
      if (crashAfter !== null && batchesPosted >= crashAfter) throw new Error(`test crash after ${batchesPosted} batches`);
      fn();
    }, delayMs),
  cancel: (handle) => self.clearTimeout(handle),
};

const runner = new SimRunner({ loadModule: () => createAqmLab(), post, clock });

self.addEventListener('message', (event: MessageEvent) => {
  const data: unknown = event.data;
  if (isToWorker(data)) void runner.receive(data);
  else post({ type: 'run/error', id: null, message: 'worker received a malformed message', fatal: false }, []);
});
