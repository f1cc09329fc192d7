// A sweep worker for the end-to-end test of a failed run: the real one
// (web/src/experiment/sweep-api.ts), except that asked for run 1 it throws an
// uncaught error instead of running it, as a bug in the core would. Built by
// fake-workers.ts and served in place of the page's sweep worker; nothing of
// it is in the page's build.
import { expose } from 'comlink';
import createAqmLab from '../../../web/src/generated/aqmlab.mjs';
import { SweepWorker } from '../../../web/src/experiment/sweep-api';

export const crashRun = 1;

class CrashingSweepWorker extends SweepWorker {
  override run(sweep: string, index: number): Promise<string> {
    if (index !== crashRun) return super.run(sweep, index);
    setTimeout(() => {
      throw new Error(`test crash on run ${index}`);
    });
    return new Promise(() => undefined); // the worker dies before it answers
  }
}

expose(new CrashingSweepWorker(() => createAqmLab()));
