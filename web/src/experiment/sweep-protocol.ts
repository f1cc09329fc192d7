import { isRecord } from '../lib/json';

// The messages between the page and a sweep worker (a worker of the
// experiment's pool, apart from the live sides' workers and their protocol).
// Every request is answered once, with the core's JSON text or an error; the
// page reads the text with sweep-core.ts's readers.

export interface SweepCalls {
  /** sweepPlan: validates the sweep file and lists its runs. */
  'sweep/plan': { sweep: string };
  /** sweepRunLines: runs one point x seed, every side; answers its JSON Lines. */
  'sweep/run': { sweep: string; index: number };
  /** sweepReport: mean, s.d. and 95% interval per point x side over the given lines. */
  'sweep/report': { jsonl: string };
  /** The discipline catalogue and the default scenario, for the form's axis choices. */
  'sweep/describe': Record<never, never>;
}

export type SweepCallType = keyof SweepCalls;

/** A request as the page asks it; the client adds the `id` that pairs it with its answer. */
export type SweepRequest = { [K in SweepCallType]: { type: K } & SweepCalls[K] }[SweepCallType];
export type ToSweepWorker = SweepRequest & { id: number };

export type FromSweepWorker =
  | { type: 'sweep/reply'; id: number; text: string }
  /** The worker could not answer at all (no core, a core without the sweep functions). */
  | { type: 'sweep/error'; id: number; message: string };

const callTypes: readonly string[] = ['sweep/plan', 'sweep/run', 'sweep/report', 'sweep/describe'] satisfies SweepCallType[];

export function isToSweepWorker(value: unknown): value is ToSweepWorker {
  if (!isRecord(value) || typeof value.type !== 'string' || typeof value.id !== 'number' || !callTypes.includes(value.type)) return false;
  switch (value.type) {
    case 'sweep/plan':
      return typeof value.sweep === 'string';
    case 'sweep/run':
      return typeof value.sweep === 'string' && typeof value.index === 'number';
    case 'sweep/report':
      return typeof value.jsonl === 'string';
    default:
      return true;
  }
}

export function isFromSweepWorker(value: unknown): value is FromSweepWorker {
  if (!isRecord(value) || typeof value.id !== 'number') return false;
  if (value.type === 'sweep/reply') return typeof value.text === 'string';
  if (value.type === 'sweep/error') return typeof value.message === 'string';
  return false;
}
