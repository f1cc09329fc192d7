import type { LawSamples } from './theory-json';

// The corners of a sampled curve law (where its slope changes), which is what
// its text alternative reads out: RED's 0 at min_th, max_p at max_th, 1 at
// 2 max_th; drop-tail's 0 until the buffer.

export interface Corner {
  queue: number;
  p: number;
}

export function lawCorners({ queue, p }: LawSamples): Corner[] {
  const n = Math.min(queue.length, p.length);
  if (n === 0) return [];
  const at = (i: number): Corner => ({ queue: queue[i] ?? 0, p: p[i] ?? 0 });
  const slope = (i: number) => ((p[i + 1] ?? 0) - (p[i] ?? 0)) / ((queue[i + 1] ?? 0) - (queue[i] ?? 0) || 1);
  const corners = [at(0)];
  for (let i = 1; i < n - 1; i++) {
    if (Math.abs(slope(i) - slope(i - 1)) > 1e-9) corners.push(at(i));
  }
  if (n > 1) corners.push(at(n - 1));
  return corners;
}

const round = (v: number) => Number(v.toPrecision(3));

/** The curve in words (its samples below the buffer, then the buffer's drop of every arrival). */
export function describeCurve({ queue, p }: LawSamples, bufferPkts: number): string {
  const corners = lawCorners({ queue: queue.slice(0, -1), p: p.slice(0, -1) });
  const full = `every arrival dropped when the buffer of ${bufferPkts} packets is full`;
  const [first, ...rest] = corners;
  if (!first) return `Drop probability against queue length: ${full}.`;
  if (rest.every((c) => c.p === first.p)) return `Drop probability against queue length: ${round(first.p)} below the buffer; ${full}.`;
  const words: string[] = [];
  let from = 0;
  if (rest[0]?.p === first.p) {
    words.push(`${round(first.p)} up to ${round(rest[0].queue)} packets`);
    from = 1;
  } else {
    words.push(`${round(first.p)} at ${round(first.queue)} packets`);
  }
  for (let i = from; i < rest.length; i++) {
    const c = rest[i];
    const before = i > 0 ? rest[i - 1] : first;
    if (!c || (i === rest.length - 1 && before && c.p === before.p)) continue;
    words.push(`${round(c.p)} at ${round(c.queue)} packets`);
  }
  return `Drop probability against queue length: ${words.join(', then ')}; ${full}.`;
}
