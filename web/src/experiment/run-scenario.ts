import { isRecord, type Fields } from '../lib/json';
import type { AxisValue } from './sweep-core';

// The scenario of one run of a sweep, to open it in the live lab: the base
// with the run's axis values written at their paths and the run's seed. Paths
// are the sweep file's (core-cpp/SWEEP.md): names joined by '.', an array
// index `[i]` or every element `[*]`. The core applies them the same way when
// it runs the sweep; tests/web/experiment/run-scenario.test.ts checks on the real core
// that the scenario built here gives the run's series hash.

type Step = { key: string } | { index: number } | { every: true };

function parsePath(path: string): Step[] | string {
  const steps: Step[] = [];
  const token = /([A-Za-z_][A-Za-z0-9_]*)|\[(\d+|\*)\]|(\.)/gy;
  let expectName = true;
  let m: RegExpExecArray | null;
  while (token.lastIndex < path.length && (m = token.exec(path)) !== null) {
    if (m[1] !== undefined) {
      if (!expectName) return `${path}: a '.' must come before ${m[1]}`;
      steps.push({ key: m[1] });
      expectName = false;
    } else if (m[2] !== undefined) {
      if (expectName) return `${path}: an index must follow a name`;
      steps.push(m[2] === '*' ? { every: true } : { index: Number(m[2]) });
    } else {
      if (expectName) return `${path}: two separators in a row`;
      expectName = true;
    }
  }
  if (token.lastIndex !== path.length || steps.length === 0 || expectName) return `${path}: not a field path`;
  return steps;
}

function setAt(target: unknown, steps: readonly Step[], value: AxisValue, path: string): string | null {
  const [step, ...rest] = steps;
  if (step === undefined) return null;
  if ('key' in step) {
    if (!isRecord(target)) return `${path}: ${step.key} is not inside an object`;
    if (rest.length === 0) {
      target[step.key] = value;
      return null;
    }
    if (target[step.key] === undefined) target[step.key] = {};
    return setAt(target[step.key], rest, value, path);
  }
  if (!Array.isArray(target)) return `${path}: an index into something that is not an array`;
  const indices = 'every' in step ? target.map((_, i) => i) : [step.index];
  for (const i of indices) {
    if (i >= target.length) return `${path}: index ${i} is past the end (${target.length} elements)`;
    if (rest.length === 0) target[i] = value;
    else {
      const error = setAt(target[i], rest, value, path);
      if (error) return error;
    }
  }
  return null;
}

/** The base scenario with the point's values and the seed, or what is wrong with a path. */
export function runScenario(base: Fields, point: Readonly<Record<string, AxisValue>>, seed: number): Fields | string {
  const scenario: unknown = structuredClone(base);
  if (!isRecord(scenario)) return 'base: not a scenario object';
  for (const [path, value] of Object.entries(point)) {
    const steps = parsePath(path);
    if (typeof steps === 'string') return steps;
    const error = setAt(scenario, steps, value, path);
    if (error) return error;
  }
  scenario.seed = seed;
  return scenario;
}
