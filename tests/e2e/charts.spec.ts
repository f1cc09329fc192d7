import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';
import { pause } from './lab-driver';
import { metrics } from '../../web/src/charts/metrics';

// The chart half of the laboratory page against the real wasm core: layouts,
// the shared crosshair, the summary table and scatter, exports and themes.
// Nothing assumes two sides beyond the default scenario's count, read from the table.

async function sideCount(page: Page): Promise<number> {
  return page.locator('[data-testid^="side-"][data-state]').count();
}

async function streaming(page: Page): Promise<void> {
  await expect.poll(() => numberAttribute(page.getByTestId('chart-queue'), 'data-samples')).toBeGreaterThan(300);
}

test.describe('charts', () => {
  failOnPageErrors();

  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'AQM Lab' })).toBeVisible();
  });

  test('overlay draws one queue chart with a line per side; small multiples a column per side', async ({ page }) => {
    await streaming(page);
    const n = await sideCount(page);
    expect(n).toBeGreaterThanOrEqual(2);
    const queue = page.getByTestId('metric-queue');
    await expect(page.getByTestId('layout-overlay')).toBeChecked();
    await expect(queue.locator('.chart')).toHaveCount(1);
    // One line per side, plus the dashed average of sides whose discipline keeps one (RED).
    expect(await numberAttribute(page.getByTestId('chart-queue'), 'data-series')).toBe(n + 1);
    await expect(queue.locator('.legend li')).toHaveCount(n + 1);

    await page.getByTestId('layout-multiples').check();
    await expect(queue).toHaveAttribute('data-layout', 'multiples');
    await expect(queue.locator('.chart')).toHaveCount(n);
    const boxes = [];
    for (let i = 0; i < n; i++) {
      const chart = page.getByTestId(`chart-queue-${i}`);
      await expect.poll(() => numberAttribute(chart, 'data-samples')).toBeGreaterThan(100);
      boxes.push(await chart.boundingBox());
    }
    // Columns: side by side at the same height, left to right in side order.
    for (let i = 1; i < n; i++) {
      expect(boxes[i]?.y).toBeCloseTo(boxes[0]?.y ?? NaN, 0);
      expect(boxes[i]?.x ?? 0).toBeGreaterThan((boxes[i - 1]?.x ?? 0) + (boxes[i - 1]?.width ?? 0) - 1);
    }
    // Every panel of a metric shows the same time window.
    const windows = await page.locator('[data-testid^="chart-delay-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-window')));
    expect(new Set(windows).size).toBe(1);
    await page.screenshot({ path: 'test-results/aqm-lab-multiples.png', fullPage: true });

    await page.getByTestId('layout-overlay').check();
    await expect(queue.locator('.chart')).toHaveCount(1);
  });

  test('hovering a chart shows a crosshair readout of every side at that time, on every chart', async ({ page }) => {
    await streaming(page);
    const n = await sideCount(page);
    const names = await page.locator('[data-testid^="side-"][data-state]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name') ?? ''));
    const queue = page.getByTestId('chart-queue');
    await pause(page); // hold the window still while reading
    await expect(page.getByTestId('side-0')).toHaveAttribute('data-state', 'paused');
    const box = await queue.boundingBox();
    if (!box) throw new Error('queue chart has no box');
    // Aim at a time that has samples: halfway through what has run, within the window shown.
    const [x0, x1] = ((await queue.getAttribute('data-window')) ?? '0,60').split(',').map(Number);
    const now = await numberAttribute(page.getByTestId('side-0'), 'data-sim-time');
    const target = Math.max(x0 ?? 0, now - 2);
    const margin = { left: 52, right: 14 };
    const plotW = box.width - margin.left - margin.right;
    await page.mouse.move(box.x + margin.left + (plotW * (target - (x0 ?? 0))) / ((x1 ?? 60) - (x0 ?? 0)), box.y + box.height / 2);
    const readout = queue.getByTestId('readout');
    await expect(readout).toBeVisible();
    await expect(readout).toContainText(/t = \d+\.\d\d s/);
    for (const name of names) {
      const row = readout.locator(`.readout-row[data-label="${name}"]`);
      await expect(row).toHaveCount(1);
      expect(Number(await row.getAttribute('data-value'))).toBeGreaterThanOrEqual(0);
    }
    // The delay chart shows the same time and a row per side.
    const delay = page.getByTestId('chart-delay');
    await expect(delay.getByTestId('readout')).toBeVisible();
    await expect(delay.locator('.readout-row')).toHaveCount(n);
    expect(await delay.getAttribute('data-crosshair')).toBe(await queue.getAttribute('data-crosshair'));

    await page.mouse.move(box.x + box.width / 2, box.y - 80);
    await expect(readout).toBeHidden();

    // Keyboard: focus a chart, arrows move the crosshair.
    await delay.focus();
    await expect(delay.getByTestId('readout')).toBeVisible();
    const before = Number(await delay.getAttribute('data-crosshair'));
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(async () => Number(await delay.getAttribute('data-crosshair'))).toBeLessThan(before);
    await page.keyboard.press('Escape');
    await expect(delay.getByTestId('readout')).toBeHidden();
  });

  test('the summary table lists every side with the best of each column marked, and the scatter a point per side', async ({ page }) => {
    const n = await sideCount(page);
    const table = page.getByTestId('summary-table');
    // The default scenario's warm-up is 10 s; at 10x the figures arrive within a few seconds.
    await expect.poll(() => numberAttribute(page.getByTestId('side-0'), 'data-measured'), { timeout: 30_000 }).toBeGreaterThan(2);
    await expect(table.locator('tbody tr[data-state]')).toHaveCount(n);
    const best = table.locator('td[data-best="true"]');
    await expect.poll(() => best.count()).toBeGreaterThan(0);
    await expect(best.first()).toContainText('★');
    await expect(best.first()).toContainText('(best)'); // said, not only shown
    await expect(best.first().locator('strong')).toHaveCount(1);
    // The side with the shorter queue wins the queue column and loses the utilisation one (the trade-off).
    const winners = await table.locator('td[data-figure="meanQueuePkts"][data-best="true"]').count();
    expect(winners).toBeGreaterThanOrEqual(1);

    const scatter = page.getByTestId('scatter');
    for (let i = 0; i < n; i++) {
      const point = scatter.getByTestId(`scatter-point-${i}`);
      await expect(point).toBeVisible();
      expect(await numberAttribute(point, 'data-delay')).toBeGreaterThan(0);
      expect(await numberAttribute(point, 'data-utilisation')).toBeGreaterThan(0.5);
      await expect(point.locator('text')).not.toBeEmpty();
    }
    await expect(scatter.locator('circle')).toHaveCount(n);
  });

  test('the summary shows Marks and Signals beside Loss once ECN is on, and not before', async ({ page }) => {
    const table = page.getByTestId('summary-table');
    await expect.poll(() => numberAttribute(page.getByTestId('side-0'), 'data-measured'), { timeout: 30_000 }).toBeGreaterThan(2);
    await expect(table.locator('thead th', { hasText: 'Loss' })).toHaveCount(1);
    await expect(table.locator('thead th', { hasText: 'Signals' })).toHaveCount(0);
    await page.getByTestId('restart-ecn').check();
    await page.getByTestId('apply-restart').click();
    await expect(page.getByTestId('restart-error')).toHaveCount(0);
    // RED marks ECN-capable packets once its average passes min_th, after the warm-up.
    await expect(table.locator('thead th', { hasText: 'Signals' })).toHaveCount(1, { timeout: 60_000 });
    await expect(table.locator('thead th', { hasText: 'Marks' })).toHaveCount(1);
    const marks = table.locator('td[data-figure="markRatio"]');
    await expect(marks).toHaveCount(await sideCount(page));
    await expect(table.locator('td[data-figure="signalRatio"]').first()).toContainText('%');
  });

  test('each chart says in one line, under it, what it shows and which way is better, and its title gives its unit', async ({ page }) => {
    // The window charts draw only traced flows, which the default lab has none of (sender-view.spec.ts).
    for (const metric of Object.values(metrics).filter((m) => m.lines.length > 0)) {
      const panel = page.getByTestId(`metric-${metric.id}`);
      await expect(panel.getByRole('heading', { level: 2 })).toHaveText(metric.title);
      const note = page.getByTestId(`chart-note-${metric.id}`);
      await expect(note).toBeVisible();
      await expect(note).toHaveText(metric.better ? `${metric.note} ${metric.better === 'lower' ? 'Lower' : 'Higher'} is better.` : metric.note);
    }
    await expect(page.getByTestId('chart-note-signals')).toBeVisible();
  });

  test('each chart saves as a PNG and as an SVG with axes and a path per series', async ({ page }) => {
    await streaming(page);
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-png-queue').click()]);
    expect(png.suggestedFilename()).toMatch(/^aqmlab-droptail-vs-red-t\d+\.\ds-queue\.png$/);
    const pngBytes = readFileSync(await png.path());
    expect([...pngBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(pngBytes.readUInt32BE(16)).toBeGreaterThan(800); // IHDR width, at twice the size

    const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg-delay').click()]);
    expect(svg.suggestedFilename()).toMatch(/-delay\.svg$/);
    const text = readFileSync(await svg.path(), 'utf8');
    const parsed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        root: doc.documentElement.nodeName,
        paths: doc.querySelectorAll('path.series').length,
        xTicks: doc.querySelectorAll('.x-axis text').length,
        yTicks: doc.querySelectorAll('.y-axis text').length,
      };
    }, text);
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe('svg');
    expect(parsed.paths).toBe(await sideCount(page));
    expect(parsed.xTicks).toBeGreaterThan(2);
    expect(parsed.yTicks).toBeGreaterThan(2);
  });

  test('the theme toggle switches the page colours and is remembered across a reload', async ({ page }) => {
    const background = () => page.evaluate(() => getComputedStyle(document.body.parentElement ?? document.body).backgroundColor);
    const toggle = page.getByTestId('theme-toggle');
    const first = await page.evaluate(() => document.documentElement.dataset.theme);
    const light = first === 'light';
    const before = await background();
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', light ? 'dark' : 'light');
    expect(await background()).not.toBe(before);
    // The button's text is its accessible name, and says what pressing it does.
    await expect(toggle).toHaveAccessibleName(light ? 'Light theme' : 'Dark theme');
    await expect(toggle).toHaveText(light ? /Light theme/ : /Dark theme/);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', light ? 'dark' : 'light');
    await expect(page.getByTestId('theme-toggle')).toHaveAccessibleName(light ? 'Light theme' : 'Dark theme');
    await streaming(page);
    await page.screenshot({ path: 'test-results/aqm-lab-theme.png' });
  });
});

test.describe('the default theme', () => {
  test.use({ colorScheme: 'dark' });
  test('follows prefers-color-scheme when nothing is remembered', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});
