import { describe, expect, it } from 'vitest';
import { barsGeometry, buffersOf, pathGeometry } from '../../../web/src/charts/column-marks';
import { createPixelColumns } from '../../../web/src/charts/decimate';

// The geometry the page sends to the drawing worker: one bar per filled
// column spanning its min..max and the previous column's last value, a
// connector across empty columns, and a path through first, min, max, last.

function columns() {
  const c = createPixelColumns(5);
  // column 0: one sample 2; column 1: 1..4 ending at 3; column 2 empty; column 3: one sample 8
  const fill = (p: number, n: number, min: number, max: number, first: number, last: number) => {
    c.count[p] = n;
    c.min[p] = min;
    c.max[p] = max;
    c.first[p] = first;
    c.last[p] = last;
  };
  fill(0, 1, 2, 2, 2, 2);
  fill(1, 3, 1, 4, 2, 3);
  fill(3, 1, 8, 8, 8, 8);
  return c;
}

const y = (v: number) => 100 - 10 * v;

describe('column geometry', () => {
  it('bars join neighbours, and an empty column gets a connector instead', () => {
    const g = barsGeometry(columns(), y, 'red', 1);
    // [x, top, height]: column 1 spans 1..4 (the previous last, 2, is inside); half the line width above and below.
    expect([...g.bars]).toEqual([0, 79.5, 1, 1, 59.5, 31, 3, 19.5, 1]);
    expect([...g.connectors]).toEqual([1.5, 70, 3.5, 20]); // from column 1's last (3) to column 3's first (8)
    expect(buffersOf(g)).toEqual([g.bars.buffer, g.connectors.buffer]);
  });

  it('the path visits first, min, max and last of columns with several samples', () => {
    const g = pathGeometry(columns(), y, 'blue', 2, [6, 3]);
    expect([...g.points]).toEqual([0.5, 80, 1.5, 80, 1.5, 90, 1.5, 60, 1.5, 70, 3.5, 20]);
  });
});
