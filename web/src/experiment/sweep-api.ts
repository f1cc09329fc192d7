import { messageOf } from '../lib/errors';
import { isRecord, parseJson } from '../lib/json';
import type { SweepCore } from './sweep-core';

// What a sweep worker does with a call, apart from the worker scope so a
// test can drive it with a stand-in core. The module is loaded once, on the
// first call. A run blocks this worker for its whole length, which is why
// runs go to a pool of workers and never to the page's own thread.

export interface DescribingCore extends Partial<SweepCore> {
  describeAqms(): string;
  defaultScenario(): string;
}

const sweepFunctions = ['sweepPlan', 'sweepRunLines', 'sweepReport'] as const;

/** The core's sweep functions, or what is missing (a core built before the sweep bindings). */
export function sweepFunctionsOf(core: DescribingCore): SweepCore | string {
  const missing = sweepFunctions.filter((name) => typeof core[name] !== 'function');
  if (missing.length > 0) return `this build of the core has no ${missing.join(', ')} (wasm/API.md's sweep functions)`;
  return core as SweepCore;
}

/** The plan as the core gave it, or (brief) without its runs, with the number of distinct seeds as `seedCount`. */
export function planText(text: string, brief: boolean): string {
  if (!brief) return text;
  const plan = parseJson(text);
  if (!isRecord(plan) || plan.ok !== true || !Array.isArray(plan.runs)) return text;
  const seedCount = new Set(plan.runs.map((r: unknown) => (isRecord(r) ? r.seed : null))).size;
  const { runs: _runs, ...rest } = plan;
  return JSON.stringify({ ...rest, seedCount });
}

/**
 * A sweep worker's API (sweep.worker.ts exposes a SweepWorker; the page calls
 * it through lib/worker-rpc.ts). Every call answers with the core's JSON text,
 * read on the page by sweep-core.ts; it rejects when the core cannot be asked
 * (not built, built without the sweep functions, or it threw).
 */
export interface SweepApi {
  /**
   * sweepPlan: validates the sweep file and lists its runs. `brief`: the worker
   * drops the list of runs and counts the seeds instead (a preview of a grid
   * of 100,000 runs must not cost the page's thread a 6 MB parse).
   */
  plan(sweep: string, brief: boolean): Promise<string>;
  /** sweepRunLines: runs one point x seed, every side; answers its JSON Lines. */
  run(sweep: string, index: number): Promise<string>;
  /** sweepReport: mean, s.d. and 95% interval per point x side over the given lines. */
  report(jsonl: string): Promise<string>;
  /** The discipline catalogue and the default scenario, for the form's axis choices. */
  describe(): Promise<string>;
}

const rethrowFailed = (e: unknown): never => {
  throw new Error(`the sweep worker failed: ${messageOf(e)}`);
};

export class SweepWorker implements SweepApi {
  private loading: Promise<DescribingCore> | null = null;

  constructor(private readonly loadCore: () => Promise<DescribingCore>) {}

  plan(sweep: string, brief: boolean): Promise<string> {
    return this.ask((core) => planText(core.sweepPlan(sweep), brief));
  }

  run(sweep: string, index: number): Promise<string> {
    return this.ask((core) => core.sweepRunLines(sweep, index));
  }

  report(jsonl: string): Promise<string> {
    return this.ask((core) => core.sweepReport(jsonl));
  }

  async describe(): Promise<string> {
    const core = await this.core().catch(rethrowFailed);
    const missing = sweepFunctionsOf(core);
    const sweep = typeof missing === 'string' ? JSON.stringify(missing) : 'null';
    return `{"aqms":${core.describeAqms()},"scenario":${core.defaultScenario()},"missing":${sweep}}`;
  }

  private core(): Promise<DescribingCore> {
    this.loading ??= this.loadCore();
    return this.loading;
  }

  private async ask(use: (core: SweepCore) => string): Promise<string> {
    const sweep = sweepFunctionsOf(await this.core().catch(rethrowFailed));
    if (typeof sweep === 'string') throw new Error(sweep);
    try {
      return use(sweep);
    } catch (e) {
      return rethrowFailed(e);
    }
  }
}
