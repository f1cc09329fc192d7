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
}

const functionsNeeded: readonly (keyof TheoryCore)[] = ['analyzeScenario', 'solveQueueModel', 'responseBounds', 'lawCurve'];

export class TheoryRunner implements TheoryApi {
  private core: Promise<TheoryCore> | null = null;

  constructor(
    private readonly loadModule: () => Promise<object>,
    private readonly now: () => number,
  ) {}

  analyzeScenario(scenarioJson: string, side: number): Promise<TheoryAnswer> {
    return this.timed((core) => core.analyzeScenario(scenarioJson, side));
  }

  solveQueueModel(modelJson: string): Promise<TheoryAnswer> {
    return this.timed((core) => core.solveQueueModel(modelJson));
  }

  responseBounds(json: string): Promise<TheoryAnswer> {
    return this.timed((core) => core.responseBounds(json));
  }

  lawCurve(json: string): Promise<TheoryAnswer> {
    return this.timed((core) => core.lawCurve(json));
  }

  private async timed(ask: (core: TheoryCore) => string): Promise<TheoryAnswer> {
    let core: TheoryCore;
    try {
      core = await this.load();
    } catch (e) {
      this.core = null; // a later call tries again
      throw new Error(messageOf(e));
    }
    const start = this.now();
    const text = ask(core);
    return { text, ms: this.now() - start };
  }

  private load(): Promise<TheoryCore> {
    this.core ??= this.loadModule().then((module) => {
      const missing = functionsNeeded.filter((name) => typeof (module as Record<string, unknown>)[name] !== 'function');
      if (missing.length > 0) throw new Error(`this build of the core has no ${missing.join(', ')} (rebuild it: bash scripts/build-wasm.sh)`);
      return module as TheoryCore;
    });
    return this.core;
  }
}
