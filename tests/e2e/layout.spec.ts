import { expect, test, type Page } from '@playwright/test';
import { collectErrors, failOnPageErrors, numberAttribute } from './helpers';
import { pause, side, sideRows } from './lab-driver';

// What the page looks like while it works: the first chart samples on screen
// after navigation, the summary table within its panel at 1280 px and on
// a tablet, every control reachable by keyboard with a visible focus ring,
// and nothing jumping about while samples stream in. How soon the first
// samples come is a benchmark's figure (scripts/first-load-bench.mjs), not
// a bound here: a timed check passes or fails with the machine's other work.

/** Waits for the first chart frame with samples (the page's performance mark, set once per load). */
async function firstSamplesDrawn(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('aqmlab:first-samples-drawn').length)).toBe(1);
}

test('the first chart samples are drawn after navigation, uncached and cached', async ({ page }) => {
  const errors = collectErrors(page);
  for (let i = 0; i < 3; i++) {
    await page.goto('/');
    await firstSamplesDrawn(page);
    await expect.poll(() => numberAttribute(side(page, 0), 'data-samples')).toBeGreaterThan(0);
  }
  expect(errors).toEqual([]);
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(page: Page, testId: string): Promise<Box> {
  const b = await page.getByTestId(testId).boundingBox();
  if (!b) throw new Error(`${testId} has no box`);
  return b;
}

test.describe('layout', () => {
  failOnPageErrors();

  test('at 1280 x 720 the page does not scroll sideways and the summary table fits its panel', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/');
    await expect.poll(() => numberAttribute(side(page, 1), 'data-measured')).toBeGreaterThan(0);
    const widths = await page.evaluate(() => {
      const scroller = document.querySelector('[data-testid="summary-scroll"]');
      return {
        page: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
        table: scroller?.scrollWidth ?? Number.NaN,
        panel: scroller?.clientWidth ?? Number.NaN,
      };
    });
    expect(widths.page).toBe(widths.viewport);
    expect(widths.table).toBeLessThanOrEqual(widths.panel);
    // The last column (response time) is on screen.
    const last = page.getByTestId('summary-table').locator('thead th').last();
    await expect(last).toContainText('Response');
    const right = await last.boundingBox();
    expect((right?.x ?? Infinity) + (right?.width ?? 0)).toBeLessThanOrEqual(1280);
  });

  test('on a tablet (820 x 1180) the table scrolls inside its panel with the side column held in view', async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.goto('/');
    await expect.poll(() => numberAttribute(side(page, 0), 'data-samples')).toBeGreaterThan(50);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(820);
    const scroller = page.getByTestId('summary-scroll');
    // The table's width holds while figures stream in, through the warm-up's end.
    const widths = new Set<number>();
    for (let k = 0; k < 12; k++) {
      widths.add(await scroller.evaluate((el) => el.scrollWidth));
      await page.waitForTimeout(250);
    }
    expect(await numberAttribute(side(page, 0), 'data-measured')).toBeGreaterThan(0);
    expect([...widths]).toHaveLength(1);
    const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeGreaterThan(0);
    const sideCell = side(page, 0).locator('th.side-col');
    const before = await sideCell.boundingBox();
    const panel = await scroller.boundingBox();
    // Keyboard scrolling: the region takes focus and the arrow keys move it.
    await scroller.focus();
    await expect(scroller).toBeFocused();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => scroller.evaluate((el) => Math.round(el.scrollLeft))).toBe(overflow);
    const after = await sideCell.boundingBox();
    expect(after?.x).toBeCloseTo(before?.x ?? NaN, 0); // sticky
    const last = page.getByTestId('summary-table').locator('thead th').last();
    const lastBox = await last.boundingBox();
    expect((lastBox?.x ?? Infinity) + (lastBox?.width ?? 0)).toBeLessThanOrEqual((panel?.x ?? 0) + (panel?.width ?? 0) + 1);
    // The rest of the page stacks: the charts fit the width.
    const chart = await box(page, 'chart-queue');
    expect(chart.x + chart.width).toBeLessThanOrEqual(820);
    await page.screenshot({ path: 'test-results/aqm-lab-tablet.png', fullPage: true });
  });

  test('Tab reaches every kind of control, each with a visible focus ring', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('add-side')).toBeEnabled();
    await pause(page);
    await expect(side(page, 0)).toHaveAttribute('data-state', 'paused');
    // Load is enabled once a preset other than what runs is chosen.
    const preset = page.getByTestId('preset-select');
    await expect(preset).toBeEnabled();
    await preset.selectOption({ index: 1 });
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
    const wanted = new Set([
      'theme-toggle',
      'preset-select',
      'preset-load',
      'copy-link',
      'export-json',
      'import-json',
      'export-csv',
      'play-pause',
      'step',
      'reset',
      'speed',
      'run-to-time',
      'add-side-aqm',
      'summary-scroll',
      'side-name-0',
      'aqm-select-1',
      'remove-1',
      'layout-overlay',
      'chart-queue',
      'export-png-queue',
      'flows-slider',
      'flows-number',
      'apply-restart',
      'param-1-max_p',
      'chart-delay',
    ]);
    const seen = new Set<string>();
    const unringed: string[] = [];
    for (let i = 0; i < 250 && seen.size < wanted.size; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement;
        if (!(el instanceof HTMLElement) || el === document.body) return null;
        const style = getComputedStyle(el);
        // A ring: an outline of at least 2 px in a colour that shows.
        const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 && !/rgba\(.*, 0\)$/.test(style.outlineColor);
        return { id: el.dataset.testid ?? el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.tagName, ring };
      });
      if (!focused) continue;
      if (wanted.has(focused.id)) seen.add(focused.id);
      if (!focused.ring) unringed.push(focused.id);
    }
    expect([...wanted].filter((w) => !seen.has(w))).toEqual([]);
    expect(unringed).toEqual([]);
  });

  test('nothing moves while the run streams: the queue chart, table, scenario panel and delay chart keep their boxes for 5 s', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => numberAttribute(page.getByTestId('chart-queue'), 'data-samples')).toBeGreaterThan(0);
    const watched = ['chart-queue', 'summary-table', 'scenario-panel', 'chart-delay'];
    const first = await Promise.all(watched.map((id) => box(page, id)));
    const moves: string[] = [];
    // From the first samples through the warm-up's end (the summary's numbers replace "warm-up").
    for (let k = 0; k < 20; k++) {
      await page.waitForTimeout(250);
      for (const [j, id] of watched.entries()) {
        const b = await box(page, id);
        if (JSON.stringify(b) !== JSON.stringify(first[j])) moves.push(`${id} at ${(k + 1) * 250} ms: ${JSON.stringify(first[j])} -> ${JSON.stringify(b)}`);
      }
    }
    expect(await numberAttribute(side(page, 0), 'data-measured')).toBeGreaterThan(0);
    expect(moves).toEqual([]);
    expect(await sideRows(page).count()).toBe(2);
  });
});
