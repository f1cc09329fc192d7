// Entry point of one sweep worker of the experiment's pool: its API
// (sweep-api.ts) exposed to the page, the core loaded on the first call.
import { expose } from 'comlink';
import createAqmLab from '../generated/aqmlab.mjs';
import { SweepWorker } from './sweep-api';

expose(new SweepWorker(() => createAqmLab()));
