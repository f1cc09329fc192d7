import { isRecord } from '../lib/json';
import { presetIdPattern } from './presets';
import { readPolicy, writePolicy, type ViewPolicy } from './view-policy';

// A teacher link's settings beside the scenario: controls hidden or locked,
// charts hidden (the part names of page-parts.ts), and optionally a lesson
// opened and fixed to one of its steps. Every student who opens the link gets
// the same page. A link without them opens with everything shown.

export interface LinkTeach {
  policy: ViewPolicy;
  /** A lesson of public/lessons/ to open with the link; null for none. */
  lesson: string | null;
  /** The lesson's step the link fixes (counted from 0); null lets students move between steps. */
  step: number | null;
}

export function checkLinkTeach(value: unknown): { ok: true; teach: LinkTeach } | { ok: false; error: string } {
  if (!isRecord(value)) return { ok: false, error: 'teach: must be a JSON object' };
  const problems: string[] = [];
  const sink = { add: (where: string, what: string) => problems.push(`${where}: ${what}`) };
  const { lesson = null, step = null, ...view } = value;
  const policy = readPolicy(view, 'teach', sink);
  if (lesson !== null && !(typeof lesson === 'string' && presetIdPattern.test(lesson))) problems.push('teach.lesson: must be a lesson id or null');
  if (step !== null && !(typeof step === 'number' && Number.isInteger(step) && step >= 0 && step < 100)) problems.push('teach.step: must be a step number from 0 to 99, or null');
  if (step !== null && lesson === null) problems.push('teach.step: needs a lesson');
  if (problems.length > 0) return { ok: false, error: problems.join('; ') };
  return { ok: true, teach: { policy, lesson: lesson as string | null, step: step as number | null } };
}

/** The JSON a link carries, leaving out what is empty. */
export function writeLinkTeach(teach: LinkTeach): Record<string, unknown> {
  const out: Record<string, unknown> = writePolicy(teach.policy);
  if (teach.lesson !== null) out.lesson = teach.lesson;
  if (teach.step !== null) out.step = teach.step;
  return out;
}
