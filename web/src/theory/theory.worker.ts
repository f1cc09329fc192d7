// Entry point of the theory worker: the core's models (fluid trajectory,
// stability, queue chain) are computed here, never on the page's thread.
// Everything but the wiring lives in theory-runner.ts (the worker's API).
import { expose } from 'comlink';
import createAqmLab from '../generated/aqmlab.mjs';
import { TheoryRunner } from './theory-runner';

expose(new TheoryRunner(() => createAqmLab(), () => performance.now()));
