// Entry point of one sweep worker of the experiment's pool: requests in,
// the core's answers out (sweep-handler.ts does the work).
import createAqmLab from '../generated/aqmlab.mjs';
import { createSweepHandler } from './sweep-handler';
import { isToSweepWorker, type FromSweepWorker } from './sweep-protocol';
import { crashRunFromName } from './sweep-test-crash';

const crashRun = crashRunFromName(self.name);
const handle = createSweepHandler(
  () => createAqmLab(),
  (message: FromSweepWorker) => self.postMessage(message),
);

self.addEventListener('message', (event: MessageEvent) => {
  const data: unknown = event.data;
  if (!isToSweepWorker(data)) return; // nothing to answer: a request without an id cannot be paired
  // Test-only (sweep-test-crash.ts): an uncaught error, as a real bug would be, on one run.
  if (crashRun !== null && data.type === 'sweep/run' && data.index === crashRun) {
    setTimeout(() => {
      throw new Error(`test crash on run ${crashRun}`);
    });
    return;
  }
  void handle(data);
});
