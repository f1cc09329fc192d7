import type { Stability, Verdict } from './theory-json';

// What the stability panel says, in words: the verdict, how much room the
// setting has, and what a sufficient rule can and cannot tell. The core
// gives the ratio r (how far toward the limit, 1 = on it) and whether its
// rule is exact for the linear loop or only sufficient; the words follow
// the core's bands (stable r <= 0.9, marginal up to 1.1, unstable past it).

export const verdictText: Record<Verdict, string> = {
  stable: 'stable',
  marginal: 'marginal',
  unstable: 'unstable',
  none: 'no linear analysis',
};

/** A factor as people read it: 2.3x, 12x, 2,795x. */
export function factor(x: number): string {
  if (x < 10) return `${x.toFixed(1)}x`;
  return `${Math.round(x).toLocaleString('en-US')}x`;
}

function feel(ratio: number): string {
  if (ratio <= 0.5) return 'stable with room';
  if (ratio <= 0.9) return 'stable, with little room';
  if (ratio <= 1.1) return 'on the edge of stability';
  return 'unstable';
}

/**
 * The margin in one line: "gain margin 2.3x: stable with room" for a rule
 * exact on the linear loop, "2.3x inside the rule's bound: ..." for a
 * sufficient one, "1.8x past ...: unstable" beyond the limit.
 */
export function marginWords(s: Pick<Stability, 'verdict' | 'ratio' | 'sufficient'>): string {
  if (s.verdict === 'none') return '';
  if (s.ratio === null || !Number.isFinite(s.ratio) || s.ratio <= 0) {
    return s.verdict === 'unstable' ? 'no margin: no gain meets the rule here' : '';
  }
  const limit = s.sufficient ? "the rule's bound" : 'the stability limit';
  if (s.ratio <= 1) {
    const room = 1 / s.ratio;
    return s.sufficient ? `${factor(room)} inside ${limit}: ${feel(s.ratio)}` : `gain margin ${factor(room)}: ${feel(s.ratio)}`;
  }
  return `${factor(s.ratio)} past ${limit}: ${feel(s.ratio)}`;
}

/** What a sufficient rule can tell, given its verdict; '' for an exact rule. */
export function sufficientWords(s: Pick<Stability, 'verdict' | 'sufficient'>): string {
  if (!s.sufficient || s.verdict === 'none') return '';
  if (s.verdict === 'stable') return 'The rule is sufficient: it holds, so the loop is stable.';
  return 'The rule is sufficient, not necessary: it fails here, which says the loop may oscillate, not that it must. The gain and phase margins below are the linear loop’s own.';
}
