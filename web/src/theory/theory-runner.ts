import { messageOf } from '../lib/errors';
import { isRecord } from '../lib/json';

// The theory worker's work, kept free of `self` so Vitest runs it with a fake
// core: it loads the core once and hands each request to one of the core's
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

export type TheoryRequest =
  | { id: number; kind: 'analyze'; scenario: string; side: number }
  | { id: number; kind: 'queue'; model: string }
  | { id: number; kind: 'bounds'; json: string }
  | { id: number; kind: 'law'; json: string };

/** `text` is the core's answer; `error` means the core could not be asked at all. */
export type TheoryReply = { id: number; text: string; ms: number } | { id: number; error: string };

export function isTheoryRequest(data: unknown): data is TheoryRequest {
  if (!isRecord(data) || typeof data.id !== 'number') return false;
  if (data.kind === 'analyze') return typeof data.scenario === 'string' && typeof data.side === 'number';
  if (data.kind === 'queue') return typeof data.model === 'string';
  return (data.kind === 'bounds' || data.kind === 'law') && typeof data.json === 'string';
}

const functionsNeeded: readonly (keyof TheoryCore)[] = ['analyzeScenario', 'solveQueueModel', 'responseBounds', 'lawCurve'];

export class TheoryRunner {
  private core: Promise<TheoryCore> | null = null;

  constructor(
    private readonly loadModule: () => Promise<object>,
    private readonly now: () => number,
  ) {}

  async handle(request: TheoryRequest): Promise<TheoryReply> {
    let core: TheoryCore;
    try {
      core = await this.load();
    } catch (e) {
      this.core = null; // a later request tries again
      return { id: request.id, error: messageOf(e) };
    }
    const start = this.now();
    const text =
      request.kind === 'analyze'
        ? core.analyzeScenario(request.scenario, request.side)
        : request.kind === 'queue'
          ? core.solveQueueModel(request.model)
          : request.kind === 'bounds'
            ? core.responseBounds(request.json)
            : core.lawCurve(request.json);
    return { id: request.id, text, ms: this.now() - start };
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
