import { isRecord } from '../lib/json';

// What the page says of a discipline to someone who has never met AQM (the
// core's Explanation, net/discipline.h): a few plain sentences and the kind
// of picture its law is: a curve of the queue, which the core samples
// (lawCurve, wasm/API.md), or a control loop whose boxes these fields name.

export interface LoopParts {
  /** What the loop watches, e.g. "queue length". */
  measures: string;
  /** The parameter that is its set-point, or '' when targetText says it in words. */
  targetParam: string;
  targetText: string;
  /** What the loop moves, e.g. "drop probability p". */
  sets: string;
}

export type AqmExplanation = { plain: string; picture: 'curve' } | ({ plain: string; picture: 'loop' } & LoopParts);

const isString = (v: unknown): v is string => typeof v === 'string';

/** The catalogue's `explain`, null when absent, undefined when malformed. */
export function readExplanation(value: unknown): AqmExplanation | null | undefined {
  if (value === null || value === undefined) return null;
  if (!isRecord(value) || !isString(value.plain)) return undefined;
  if (value.picture === 'curve') return { plain: value.plain, picture: 'curve' };
  if (value.picture !== 'loop' || !isString(value.measures) || !isString(value.target_param) || !isString(value.target_text) || !isString(value.sets)) return undefined;
  return { plain: value.plain, picture: 'loop', measures: value.measures, targetParam: value.target_param, targetText: value.target_text, sets: value.sets };
}

/** An explanation as the page holds it (readExplanation's result), e.g. after a worker message. */
export function isExplanation(value: unknown): value is AqmExplanation | null {
  if (value === null) return true;
  if (!isRecord(value) || !isString(value.plain)) return false;
  if (value.picture === 'curve') return true;
  return value.picture === 'loop' && isString(value.measures) && isString(value.targetParam) && isString(value.targetText) && isString(value.sets);
}
