import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors } from './helpers';
import { pausedAtZero, runTo } from './lab-driver';

// A discipline with two queues on the page: the L4S preset's DualPI2 sides
// draw their L and Classic queues as lines of their own on the queue and
// delay charts, their signals in the inner-signals row, and each queue's
// figures in the summary's per-queue table.

const preset = { id: 'teach-l4s-coexistence', title: 'L4S coexistence: Prague, CUBIC, DualPI2' };
const linux = 'DualPI2 (Linux)';

/** Each series of an exported SVG chart: its label and its mean y per pixel column (SVG y grows downwards). */
async function exportedSeries(page: Page, metric: string): Promise<Map<string, Map<number, number>>> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-svg-${metric}`).click()]);
  const text = readFileSync(await download.path(), 'utf8');
  const paths = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
    return [...doc.querySelectorAll('path.series')].map((p) => ({ label: p.querySelector('title')?.textContent ?? '', d: p.getAttribute('d') ?? '' }));
  }, text);
  const out = new Map<string, Map<number, number>>();
  for (const { label, d } of paths) {
    const sums = new Map<number, { sum: number; n: number }>();
    for (const [, x, y] of d.matchAll(/[ML]([\d.]+) ([-\d.]+)/g)) {
      const at = sums.get(Number(x)) ?? { sum: 0, n: 0 };
      sums.set(Number(x), { sum: at.sum + Number(y), n: at.n + 1 });
    }
    out.set(label, new Map([...sums].map(([x, s]) => [x, s.sum / s.n])));
  }
  return out;
}

test.describe('a discipline with two queues', () => {
  failOnPageErrors();

  test('the L4S preset draws the L queue below the Classic queue, on the queue and delay charts, with its signals and per-queue summary', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    await expect(page.getByTestId('add-side')).toBeEnabled();
    await page.getByTestId('preset-select').selectOption(preset.id);
    await page.getByTestId('preset-load').click();
    await expect(page.getByText(`Loaded “${preset.title}”.`)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('layout-overlay')).toBeChecked();
    await pausedAtZero(page);
    await runTo(page, 20);

    const delay = await exportedSeries(page, 'delay');
    const labels = [...delay.keys()];
    // Each DualPI2 side has its two queues; the single-queue sides have none.
    for (const side of [linux, 'DualPI2 (RFC 9332)']) {
      expect(labels).toEqual(expect.arrayContaining([side, `${side} L queue delay`, `${side} Classic queue delay`]));
    }
    expect(labels.filter((l) => l.includes('queue delay'))).toHaveLength(4);

    // After the 10 s warm-up the L queue stays near a millisecond and the
    // Classic queue near its 15 ms target: the L line is drawn lower on the
    // chart (a greater y) at nearly every time both are drawn.
    const l = delay.get(`${linux} L queue delay`) ?? new Map<number, number>();
    const c = delay.get(`${linux} Classic queue delay`) ?? new Map<number, number>();
    const xs = [...l.keys()].filter((x) => c.has(x));
    const later = xs.filter((x) => x >= xs[Math.floor(xs.length / 2)]!);
    expect(later.length).toBeGreaterThan(50);
    const below = later.filter((x) => l.get(x)! > c.get(x)!).length;
    test.info().annotations.push({ type: 'L below Classic', description: `${below} of ${later.length} pixel columns` });
    expect(below / later.length).toBeGreaterThan(0.9);

    const queue = await exportedSeries(page, 'queue');
    expect([...queue.keys()]).toEqual(expect.arrayContaining([`${linux} L queue length`, `${linux} Classic queue length`]));
    await expect(page.getByTestId('metric-delay').locator('.legend')).toContainText(`${linux} L queue delay`);
    await expect(page.getByTestId('metric-queue').locator('.legend')).toContainText(`${linux} Classic queue length`);

    // The inner-signals row: p', p_C, p_CL, the step's and the coupling's marks, the scheduler's credit.
    const signals = page.getByTestId('signals-0');
    await expect(signals).toHaveAttribute('data-aqm', 'dualpi2');
    for (const label of ["Base probability p'", 'Classic probability p_C', 'Coupled L probability p_CL', 'L step marks', 'L coupled marks', 'Scheduler credit']) {
      await expect(signals).toContainText(label);
    }
    expect(await signals.locator('[data-testid^="chart-signal-0-"]').count()).toBeGreaterThan(5);
    await page.getByTestId('metric-delay').screenshot({ path: 'test-results/dual-queue-delay.png' });

    // The summary's per-queue table: each DualPI2 side's L and Classic
    // queues, from the core's summary, the L queue's mean delay the lower.
    const table = page.getByTestId('queue-table');
    await expect(table).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(4);
    const figure = async (row: string, key: string) => Number(await table.getByTestId(row).locator(`[data-figure="${key}"]`).textContent());
    for (const side of [linux, 'DualPI2 (RFC 9332)']) {
      const rows = table.locator('tbody tr', { has: page.getByRole('rowheader', { name: side, exact: true }) });
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText('L queue');
      await expect(rows.nth(1)).toContainText('Classic queue');
      const [lRow, cRow] = [await rows.nth(0).getAttribute('data-testid'), await rows.nth(1).getAttribute('data-testid')];
      const lDelay = await figure(lRow ?? '', 'meanDelayMs');
      const cDelay = await figure(cRow ?? '', 'meanDelayMs');
      test.info().annotations.push({ type: `${side} mean delay`, description: `L ${lDelay} ms, Classic ${cDelay} ms` });
      expect(lDelay).toBeLessThan(2);
      expect(cDelay).toBeGreaterThan(5);
      expect(await figure(lRow ?? '', 'throughputMbps')).toBeGreaterThan(5);
      expect(await figure(cRow ?? '', 'throughputMbps')).toBeGreaterThan(5);
    }
    await table.screenshot({ path: 'test-results/dual-queue-summary.png' });
  });
});
