import { isRecord } from '../lib/json';
import { isChartPart, isControlPart } from './page-parts';

// What a lesson step or a teacher link shows of the page: controls hidden,
// controls locked (seen but no mouse, keyboard or typed value changes them),
// charts hidden. The same shape in a lesson file ("view") and in a link
// ("teach"), written with the page's part names (page-parts.ts).

export interface ViewPolicy {
  hide: string[];
  lock: string[];
  hideCharts: string[];
}

export const openPolicy: ViewPolicy = { hide: [], lock: [], hideCharts: [] };

interface ProblemSink {
  add(where: string, what: string): void;
}

function names(value: unknown, where: string, p: ProblemSink, known: (id: string) => boolean, kind: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    p.add(where, `must be a list of ${kind} names`);
    return [];
  }
  const unknown = value.filter((v) => !known(v));
  if (unknown.length > 0) p.add(where, `${unknown.map((u) => `"${u}"`).join(', ')} ${unknown.length === 1 ? 'is not a' : 'are not'} ${kind} name${unknown.length === 1 ? '' : 's'} of the page (docs/lessons.md lists them)`);
  return value.filter(known);
}

/** Reads {hide, lock, hide_charts}; every field optional. */
export function readPolicy(value: unknown, where: string, p: ProblemSink): ViewPolicy {
  if (value === undefined) return { hide: [], lock: [], hideCharts: [] };
  if (!isRecord(value)) {
    p.add(where, 'must be an object: {"hide": [...], "lock": [...], "hide_charts": [...]}');
    return { hide: [], lock: [], hideCharts: [] };
  }
  for (const key of Object.keys(value)) if (!['hide', 'lock', 'hide_charts'].includes(key)) p.add(where, `unknown field "${key}" (allowed: hide, lock, hide_charts)`);
  return {
    hide: names(value.hide, `${where}.hide`, p, isControlPart, 'control'),
    lock: names(value.lock, `${where}.lock`, p, isControlPart, 'control'),
    hideCharts: names(value.hide_charts, `${where}.hide_charts`, p, isChartPart, 'chart'),
  };
}

/** The policy as written in files and links (hide_charts), leaving out empty lists. */
export function writePolicy(policy: ViewPolicy): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (policy.hide.length) out.hide = [...policy.hide];
  if (policy.lock.length) out.lock = [...policy.lock];
  if (policy.hideCharts.length) out.hide_charts = [...policy.hideCharts];
  return out;
}

/** Both policies at once: what either hides is hidden, what either locks is locked. */
export function mergePolicies(...policies: readonly ViewPolicy[]): ViewPolicy {
  const union = (pick: (p: ViewPolicy) => string[]) => [...new Set(policies.flatMap(pick))];
  return { hide: union((p) => p.hide), lock: union((p) => p.lock), hideCharts: union((p) => p.hideCharts) };
}

export function isOpen(policy: ViewPolicy): boolean {
  return policy.hide.length === 0 && policy.lock.length === 0 && policy.hideCharts.length === 0;
}

/** How the page treats a control: `params` covers every `param:<name>`. */
export function controlState(policy: ViewPolicy, id: string): 'shown' | 'locked' | 'hidden' {
  const covers = (list: readonly string[]) => list.includes(id) || (id.startsWith('param:') && list.includes('params'));
  if (covers(policy.hide)) return 'hidden';
  if (covers(policy.lock)) return 'locked';
  return 'shown';
}
