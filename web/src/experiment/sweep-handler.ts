import { messageOf } from '../lib/errors';
import { isRecord, parseJson } from '../lib/json';
import type { SweepCore } from './sweep-core';
import type { FromSweepWorker, ToSweepWorker } from './sweep-protocol';

// What a sweep worker does with a request, apart from the worker scope so a
// test can drive it with a stand-in core. The module is loaded once, on the
// first request. A run blocks this worker for its whole length, which is why
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

export function createSweepHandler(loadCore: () => Promise<DescribingCore>, post: (message: FromSweepWorker) => void) {
  let loading: Promise<DescribingCore> | null = null;
  return async (message: ToSweepWorker): Promise<void> => {
    const { id } = message;
    try {
      loading ??= loadCore();
      const core = await loading;
      if (message.type === 'sweep/describe') {
        const missing = sweepFunctionsOf(core);
        const sweep = typeof missing === 'string' ? JSON.stringify(missing) : 'null';
        post({ type: 'sweep/reply', id, text: `{"aqms":${core.describeAqms()},"scenario":${core.defaultScenario()},"missing":${sweep}}` });
        return;
      }
      const sweep = sweepFunctionsOf(core);
      if (typeof sweep === 'string') {
        post({ type: 'sweep/error', id, message: sweep });
        return;
      }
      const text =
        message.type === 'sweep/plan'
          ? planText(sweep.sweepPlan(message.sweep), message.brief)
          : message.type === 'sweep/run'
            ? sweep.sweepRunLines(message.sweep, message.index)
            : sweep.sweepReport(message.jsonl);
      post({ type: 'sweep/reply', id, text });
    } catch (e) {
      post({ type: 'sweep/error', id, message: `the sweep worker failed: ${messageOf(e)}` });
    }
  };
}
