import { messageOf } from '../lib/errors';

// The theory worker's work, kept free of `self` so Vitest runs it with a fake
// core: it loads the core once and hands each call to one of the core's
// analysis functions (wasm/API.md), answering with the core's JSON text as it
// is. Reading that text (theory-json.ts) happens on the page, which knows what
// it asked for.

/** The analysis part of the core's module. */
export interface TheoryCore {
  analyzeScenario(scenarioJson: string, side: number): string;
  solveQueueModel(modelJson: string): string;
  responseBounds(json: string): string;
  lawCurve(json: string): string;
  senderResponse(json: string): string;
}

/** The core's answer text, and how long the core took (milliseconds inside the worker). */
export interface TheoryAnswer {
  text: string;
  ms: number;
}

/**
 * The theory worker's API (theory.worker.ts exposes a TheoryRunner, the page
 * calls it through theory-client.ts). A call rejects when the core could not
 * be asked at all (not built, or built without the analysis).
 */
export interface TheoryApi {
  analyzeScenario(scenarioJson: string, side: number): Promise<TheoryAnswer>;
  solveQueueModel(modelJson: string): Promise<TheoryAnswer>;
  responseBounds(json: string): Promise<TheoryAnswer>;
  /** A curve law sampled over the queue (wasm/API.md, lawCurve). */
  lawCurve(json: string): Promise<TheoryAnswer>;
  /** A sender's response function at given signal probabilities (wasm/API.md, senderResponse). */
  senderResponse(json: string): Promise<TheoryAnswer>;
}

/** A loaded module: the functions above that this build of the core has. */
type LoadedCore = Partial<TheoryCore>;

function has<K extends keyof TheoryCore>(core: LoadedCore, name: K): core is LoadedCore & Pick<TheoryCore, K> {
  return typeof core[name] === 'function';
}

export class TheoryRunner implements TheoryApi {
  private core: Promise<LoadedCore> | null = null;

  constructor(
    private readonly loadModule: () => Promise<object>,
    private readonly now: () => number,
  ) {}

  analyzeScenario(scenarioJson: string, side: number): Promise<TheoryAnswer> {
    return this.timed('analyzeScenario', (core) => core.analyzeScenario(scenarioJson, side));
  }

  solveQueueModel(modelJson: string): Promise<TheoryAnswer> {
    return this.timed('solveQueueModel', (core) => core.solveQueueModel(modelJson));
  }

  responseBounds(json: string): Promise<TheoryAnswer> {
    return this.timed('responseBounds', (core) => core.responseBounds(json));
  }

  lawCurve(json: string): Promise<TheoryAnswer> {
    return this.timed('lawCurve', (core) => core.lawCurve(json));
  }

  senderResponse(json: string): Promise<TheoryAnswer> {
    return this.timed('senderResponse', (core) => core.senderResponse(json));
  }

  /**
   * One call to the core. A build that lacks the function (an older core
   * beside a newer page) refuses that call alone: the other analyses still
   * answer.
   */
  private async timed<K extends keyof TheoryCore>(name: K, ask: (core: Pick<TheoryCore, K>) => string): Promise<TheoryAnswer> {
    let core: LoadedCore;
    try {
      core = await this.load();
    } catch (e) {
      this.core = null; // a later call tries again
      throw new Error(messageOf(e));
    }
    if (!has(core, name)) throw new Error(`this build of the core has no ${name} (rebuild it: bash scripts/build-wasm.sh)`);
    const start = this.now();
    const text = ask(core);
    return { text, ms: this.now() - start };
  }

  private load(): Promise<LoadedCore> {
    this.core ??= this.loadModule();
    return this.core;
  }
}
