// Labels of the marks on a chart's time axis, placed so they never overprint:
// each label goes in the first of a few rows where it clears the label before
// it; one that fits nowhere folds into the label to its left as "+N" (the
// timeline panel lists every change). Near the right edge a label reads
// leftwards from its line.

export interface MarkLabel {
  /** The mark's line, in plot pixels. */
  x: number;
  text: string;
  row: number;
  /** The label ends at the line (it would cross the plot's right edge otherwise). */
  anchorEnd: boolean;
  /** Every change the label stands for, for a tooltip. */
  title: string;
}

export interface MarkLayoutOptions {
  /** Average glyph width of the label font, px (the labels are 10 px sans-serif). */
  charPx?: number;
  rows?: number;
  gapPx?: number;
}

export function layoutMarkLabels(
  marks: readonly { x: number; label: string }[],
  plotW: number,
  { charPx = 5.6, rows = 2, gapPx = 6 }: MarkLayoutOptions = {},
): MarkLabel[] {
  const rowEnds: number[] = Array.from({ length: rows }, () => -Infinity);
  const placed: (MarkLabel & { folded: string[]; base: string; end: number })[] = [];
  for (const mark of [...marks].sort((a, b) => a.x - b.x)) {
    const width = mark.label.length * charPx;
    const anchorEnd = mark.x + 3 + width > plotW;
    const start = anchorEnd ? mark.x - 3 - width : mark.x + 3;
    const row = rowEnds.findIndex((end) => start >= end + gapPx);
    const last = placed.at(-1);
    if (row === -1 && last) {
      last.folded.push(mark.label);
      last.text = `${last.base} +${last.folded.length}`;
      last.title = [last.base, ...last.folded].join('\n');
      // The label grew by its "+N": later labels keep clear of that too.
      const grown = last.anchorEnd ? last.end : last.end + `+${last.folded.length} `.length * charPx;
      rowEnds[last.row] = Math.max(rowEnds[last.row] ?? -Infinity, grown);
      continue;
    }
    const r = Math.max(row, 0);
    rowEnds[r] = start + width;
    placed.push({ x: mark.x, text: mark.label, row: r, anchorEnd, title: mark.label, folded: [], base: mark.label, end: start + width });
  }
  return placed.map(({ x, text, row, anchorEnd, title }) => ({ x, text, row, anchorEnd, title }));
}

/** Pixels between label rows. */
export const markRowPx = 11;

/**
 * Right ends (px) of the level labels (thresholds, targets), each drawn just
 * above its line and ending at the plot's right edge unless that would
 * overprint a label already placed within a text height of it: then it moves
 * left of that label. Levels are given top to bottom or in any order; the
 * answer is in the order given.
 */
export function layoutLevelLabels(
  levels: readonly { y: number; label: string }[],
  plotW: number,
  { charPx = 5.6, gapPx = 8, heightPx = 11 }: { charPx?: number; gapPx?: number; heightPx?: number } = {},
): number[] {
  const placed: { y: number; left: number; right: number }[] = [];
  const ends: number[] = [];
  for (const level of levels) {
    const width = level.label.length * charPx;
    let right = plotW - 2;
    for (;;) {
      const left = right - width;
      const blocker = placed.find((p) => Math.abs(p.y - level.y) < heightPx && p.left < right + gapPx / 2 && left < p.right + gapPx / 2);
      if (!blocker) break;
      right = blocker.left - gapPx;
    }
    placed.push({ y: level.y, left: right - width, right });
    ends.push(right);
  }
  return ends;
}
