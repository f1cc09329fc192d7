// Entry point of the simulation worker: the host (sim-host.ts), which runs
// every side, exposed to the page on the core and clock of this scope.
import { expose } from 'comlink';
import { SimHost } from './sim-host';
import { clock, instantiate } from './sim-scope';

expose(new SimHost({ instantiate, clock }));
