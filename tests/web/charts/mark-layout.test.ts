import { describe, expect, it } from 'vitest';
import { layoutLevelLabels, layoutMarkLabels } from '../../../web/src/charts/mark-layout';

const charPx = 5.6;
const span = (l: { x: number; text: string; anchorEnd: boolean }): [number, number] => {
  const w = l.text.length * charPx;
  return l.anchorEnd ? [l.x - 3 - w, l.x - 3] : [l.x + 3, l.x + 3 + w];
};

describe('mark labels', () => {
  it('never overprint: close labels stagger into a second row, then fold into "+N"', () => {
    const marks = Array.from({ length: 12 }, (_, i) => ({ x: 100 + i * 8, label: `flows ${50 + i} -> ${60 + i}` }));
    const labels = layoutMarkLabels(marks, 700, { charPx });
    expect(new Set(labels.map((l) => l.row))).toEqual(new Set([0, 1]));
    expect(labels.length).toBeLessThan(6);
    for (const row of [0, 1]) {
      const spans = labels.filter((l) => l.row === row).map(span).sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThan(spans[i - 1]![1]);
    }
    // Every mark is named by some label: a few shown, the others folded into them.
    const folded = labels.reduce((n, l) => n + Number(/\+(\d+)$/.exec(l.text)?.[1] ?? 0), 0);
    expect(labels.length + folded).toBe(12);
    for (const l of labels) expect(l.title.split('\n')).toHaveLength(1 + Number(/\+(\d+)$/.exec(l.text)?.[1] ?? 0));
  });

  it('keeps far-apart labels whole, and reads leftwards at the right edge', () => {
    const labels = layoutMarkLabels(
      [
        { x: 10, label: 'capacity 10 -> 20 Mb/s' },
        { x: 400, label: 'RED max_p 0.1 -> 0.2' },
        { x: 690, label: 'flows 50 -> 99' },
      ],
      700,
      { charPx },
    );
    expect(labels.map((l) => [l.text, l.row, l.anchorEnd])).toEqual([
      ['capacity 10 -> 20 Mb/s', 0, false],
      ['RED max_p 0.1 -> 0.2', 0, false],
      ['flows 50 -> 99', 0, true],
    ]);
    for (const l of labels) expect(span(l)[1]).toBeLessThanOrEqual(700);
  });
});

describe('level labels', () => {
  it('end at the right edge unless a label within a text height is there; then they move left of it', () => {
    const levels = [
      { y: 100, label: 'RED max_th' },
      { y: 100, label: 'RED (copy) max_th' }, // the same threshold on a copied side
      { y: 104, label: 'PIE target' }, // 4 px away: would overprint both
      { y: 160, label: 'RED min_th' }, // far below: back at the edge
    ];
    const ends = layoutLevelLabels(levels, 600, { charPx });
    expect(ends[0]).toBe(598);
    expect(ends[3]).toBe(598);
    const spans = levels.slice(0, 3).map((l, i) => [(ends[i] ?? 0) - l.label.length * charPx, ends[i] ?? 0] as const);
    for (let i = 0; i < spans.length; i++) {
      for (let j = i + 1; j < spans.length; j++) {
        const [a, b] = [spans[i]!, spans[j]!];
        expect(a[1] <= b[0] || b[1] <= a[0]).toBe(true);
      }
    }
  });
});
