import { describe, expect, it } from 'vitest';
import { ChartView, crosshairTime } from '../../../web/src/charts/chart-view';
import { isLayout, panelSides, viewWindow, wholeRunStepS } from '../../../web/src/charts/layout';

describe('the layout model', () => {
  it('overlay puts every side on one chart, small multiples one chart per side', () => {
    expect(panelSides('overlay', 3)).toEqual([[0, 1, 2]]);
    expect(panelSides('multiples', 3)).toEqual([[0], [1], [2]]);
    expect(panelSides('multiples', 6)).toHaveLength(6);
    expect(panelSides('overlay', 1)).toEqual([[0]]);
  });

  it('accepts only the two layout names (for a value read from a URL)', () => {
    expect(isLayout('overlay')).toBe(true);
    expect(isLayout('multiples')).toBe(true);
    expect(isLayout('grid')).toBe(false);
    expect(isLayout(undefined)).toBe(false);
  });

  it('the recent window is the page window; the whole run starts at 0 and ends on a step', () => {
    expect(viewWindow('recent', 140, 200)).toEqual([140, 200]);
    expect(viewWindow('whole', 140, 200)).toEqual([0, 210]);
    expect(viewWindow('whole', 0, 60)).toEqual([0, 60]);
    expect(viewWindow('whole', 540, 600)).toEqual([0, 600]);
    // The end moves only once per step, so decimated columns can be extended in between.
    expect(viewWindow('whole', 0, 181)).toEqual(viewWindow('whole', 0, 209.9));
    expect(wholeRunStepS).toBeGreaterThan(0);
  });
});

describe('ChartView', () => {
  it('shares one crosshair as a fraction of the width, so every chart reads the same time', () => {
    const view = new ChartView();
    const seen: string[] = [];
    view.subscribe({ crosshairChanged: () => seen.push('crosshair'), rangeChanged: () => seen.push('range') });
    expect(crosshairTime(view, 0, 60)).toBeNull();
    view.setHover(0.25);
    expect(crosshairTime(view, 0, 60)).toBe(15);
    expect(crosshairTime(view, 100, 160)).toBe(115);
    view.setHover(1.7); // clamped to the plot
    expect(view.hover).toBe(1);
    view.setHover(1); // unchanged: no notification
    view.setRange('whole');
    expect(view.window(140, 200)).toEqual([0, 210]);
    view.setHover(null);
    expect(seen).toEqual(['crosshair', 'crosshair', 'range', 'crosshair']);
  });
});
