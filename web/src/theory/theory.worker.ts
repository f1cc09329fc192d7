// Entry point of the theory worker: the core's models (fluid trajectory,
// stability, queue chain) are computed here, never on the page's thread.
// Everything but the wiring lives in theory-runner.ts.
import createAqmLab from '../generated/aqmlab.mjs';
import { isTheoryRequest, TheoryRunner, type TheoryReply } from './theory-runner';

const runner = new TheoryRunner(() => createAqmLab(), () => performance.now());

self.addEventListener('message', (event: MessageEvent) => {
  const data: unknown = event.data;
  const reply = (message: TheoryReply) => self.postMessage(message);
  if (!isTheoryRequest(data)) {
    reply({ id: -1, error: 'the theory worker received a malformed message' });
    return;
  }
  void runner.handle(data).then(reply);
});
