import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, freshPage, numberAttribute } from './helpers';
import { download, fillFlowSweep, jsonObject, parseCsv, side, sideRows } from './lab-driver';
import { serveFakeWorker } from './fakes/fake-workers';

// The experiment view against the real core in Chromium: a small sweep runs
// end to end on the worker pool while the live lab keeps running, draws its
// plot with 95% whiskers, exports CSV, JSON and JSON Lines; a copied link run
// in a new browser gives the same table; a point opens that run (point and
// seed) in the live lab, which then ends on the sweep's own numbers; bad
// input names the field; a crashed pool worker fails its run, not the page.

/** The default lab as base: N = 20 and 40 flows, each run 30 s, two seeds: 4 runs of 2 sides. */
async function setUpSmallSweep(page: Page, values = '20, 40'): Promise<void> {
  await fillFlowSweep(page, { values, duration: 30, seeds: 2, workers: 2 });
}

async function runSweep(page: Page): Promise<void> {
  await page.getByTestId('experiment-run').click();
  await expect(page.getByTestId('experiment-finished')).toContainText('Finished', { timeout: 60_000 });
}

/** The table as text, a row a line: what a reader compares. */
function tableText(page: Page): Promise<string[]> {
  return page.getByTestId('experiment-row').evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent ?? '').join(' | ')));
}

test.describe('experiments', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a small sweep runs, plots with whiskers, exports, and a copied link reproduces the table', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(side(page, 0)).toHaveAttribute('data-state', 'running');
    await setUpSmallSweep(page);
    await expect(page.getByTestId('experiment-plan')).toContainText('4 runs');
    const liveBefore = await numberAttribute(side(page, 0), 'data-sim-time');
    await runSweep(page);
    await expect(page.getByTestId('experiment-finished')).toContainText('4 of 4 runs');
    // The live lab went on meanwhile.
    expect(await numberAttribute(side(page, 0), 'data-sim-time')).toBeGreaterThan(liveBefore);

    // A point per N and side, each the mean of two seeds with its whisker.
    await expect(page.getByTestId('experiment-line')).toHaveCount(2);
    await expect(page.getByTestId('experiment-point')).toHaveCount(4);
    const whiskers = page.getByTestId('whisker');
    await expect(whiskers).toHaveCount(4);
    for (const w of await whiskers.all()) {
      const low = Number(await w.getAttribute('data-low'));
      const high = Number(await w.getAttribute('data-high'));
      expect(high).toBeGreaterThanOrEqual(low);
    }
    expect(await page.getByTestId('pair-point').count()).toBe(4);
    const table = await tableText(page);
    expect(table).toHaveLength(4);

    // Exports: the CSV has a row per point x side with every metric's statistics; the
    // JSON the sweep and the report; the JSON Lines a line per run and side.
    const csv = parseCsv((await download(page, 'experiment-csv')).text);
    expect(csv.header.slice(0, 3)).toEqual(['groups[0].count', 'duration_s', 'side']);
    expect(csv.header).toContain('mean_queue_pkts.ci_high');
    expect(csv.rows).toHaveLength(4);
    const points = await page.getByTestId('experiment-point').evaluateAll((ps) => ps.map((p) => [p.getAttribute('data-x'), p.getAttribute('data-side'), p.getAttribute('data-mean')]));
    const meanColumn = csv.header.indexOf('mean_queue_pkts.mean');
    for (const [x, name, mean] of points) {
      const row = csv.rows.find((r) => r[0] === x && r[2] === name);
      expect(row?.[meanColumn], `${name} at ${x}`).toBe(mean);
    }
    const json = jsonObject((await download(page, 'experiment-json')).text);
    expect(Array.isArray(json.rows) && json.rows.length).toBe(4);
    expect(json.count).toBe(4);
    const jsonl = (await download(page, 'experiment-jsonl')).text.trim().split('\n');
    expect(jsonl).toHaveLength(8);

    await page.getByTestId('experiment-copy-link').click();
    await expect(page.getByTestId('experiment-status')).toContainText('Link copied');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(url).hash).toMatch(/^#v2\.[A-Za-z0-9_-]+$/);

    const other = await freshPage(browser);
    try {
      await other.page.goto(url);
      await expect(other.page.getByTestId('experiment-finished')).toContainText('Finished: 4 of 4 runs', { timeout: 60_000 });
      expect(await tableText(other.page)).toEqual(table);
      expect(other.errors).toEqual([]);
    } finally {
      await other.close();
    }
    expect(errors).toEqual([]);
  });

  test('a point opens that run in the live lab, which ends on the numbers of the sweep', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    await page.goto('/');
    await setUpSmallSweep(page);
    await runSweep(page);
    const runs = (await download(page, 'experiment-jsonl')).text
      .trim()
      .split('\n')
      .map((l) => jsonObject(l));

    const point = page.locator('[data-testid="experiment-point"][data-x="40"]').first();
    const sideName = (await point.getAttribute('data-side')) ?? '';
    await point.click();
    await expect(page.getByTestId('experiment-picked')).toContainText('groups[0].count = 40');
    await page.getByTestId('open-run').filter({ hasText: 'seed 2' }).click();
    await expect(page.getByTestId('tab-lab')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('preset-select').locator('option').first()).toContainText('Experiment run: groups[0].count = 40, duration_s = 30, seed 2');

    // Let the opened run reach its end (30 s) and compare the lab's summary with the sweep's line.
    await page.getByTestId('speed').selectOption('max');
    const n = await sideRows(page).count();
    for (let i = 0; i < n; i++) await expect(side(page, i)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
    const row = page.locator(`[data-testid^="side-"][data-name="${sideName}"]`);
    const summary = runs.find((r) => r.seed === 2 && r.side === sideName && JSON.stringify(r).includes('"groups[0].count":40'))?.summary;
    if (typeof summary !== 'object' || summary === null || !('mean_queue_pkts' in summary)) throw new Error('no line for that run');
    const mean = Number(summary.mean_queue_pkts);
    const shown = mean >= 100 ? mean.toFixed(0) : mean >= 10 ? mean.toFixed(1) : mean.toFixed(2);
    await expect(row.locator('td[data-figure="meanQueuePkts"]')).toHaveText(shown, { timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  test('bad input names the field and its range; nothing runs', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await setUpSmallSweep(page);
    await page.getByTestId('experiment-seeds').fill('0');
    await expect(page.getByTestId('experiment-plan')).toHaveText('seeds: must be a whole number in [1, 1000], got 0');
    await expect(page.getByTestId('experiment-run')).toBeDisabled();
    await page.getByTestId('experiment-seeds').fill('2');
    await page.getByTestId('axis-0-values').fill('20, -5');
    await expect(page.getByTestId('experiment-plan')).toContainText('groups[0].count');
    await expect(page.getByTestId('experiment-run')).toBeDisabled();
    // Two at once: counted, and each listed as the core named it.
    await page.getByTestId('experiment-seeds').fill('0');
    await page.getByTestId('axis-0-values').fill('20, many');
    await expect(page.getByTestId('experiment-plan').locator('p')).toHaveText('2 problems:');
    await expect(page.getByTestId('experiment-plan').locator('li')).toHaveText(['seeds: must be a whole number in [1, 1000], got 0', 'axis 1 values: must be a number, got "many"']);
    await expect(page.getByTestId('experiment-run')).toBeDisabled();
    await page.getByTestId('experiment-seeds').fill('2');
    await page.getByTestId('axis-0-path').fill('groups[7].count');
    await page.getByTestId('axis-0-values').fill('20');
    await expect(page.getByTestId('experiment-plan')).toContainText('groups[7]');
    await expect(page.getByTestId('experiment-run')).toBeDisabled();
    expect(errors).toEqual([]);
  });

  test('a crashed pool worker fails its run with a message; the others finish, the page goes on', async ({ page }) => {
    const errors = collectErrors(page);
    await serveFakeWorker(page, 'sweep', 'crash-sweep'); // its run 1 throws an uncaught error
    await page.goto('/');
    await setUpSmallSweep(page);
    await runSweep(page);
    await expect(page.getByTestId('experiment-finished')).toContainText('3 of 4 runs');
    await expect(page.getByTestId('experiment-failed')).toContainText('run 1');
    await expect(page.getByTestId('experiment-failed')).toContainText('test crash on run 1');
    await expect(page.getByTestId('experiment-row')).toHaveCount(4); // seed 1 of that point still counts
    await expect(side(page, 0)).toHaveAttribute('data-state', 'running');
    expect(errors.filter((e) => !e.includes('test crash'))).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no violations in the experiment view with results, ${theme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/');
      await setUpSmallSweep(page);
      await runSweep(page);
      await page.getByTestId('experiment-point').first().focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('experiment-picked')).toBeVisible();
      const results = await new AxeBuilder({ page }).include('#panel-experiment').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('a response time against N shows the PI and REM lower bounds as curves', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    await setUpSmallSweep(page);
    await runSweep(page);
    await expect(page.getByTestId('theory-curve')).toHaveCount(0); // the queue is not a response time
    await page.getByTestId('experiment-metric').selectOption('response_time_s');
    const curves = page.getByTestId('theory-curve');
    await expect(curves).toHaveCount(2, { timeout: 30_000 });
    expect(await curves.evaluateAll((cs) => cs.map((c) => c.getAttribute('data-label')))).toEqual(['PI lower bound (LRED paper)', 'REM lower bound (LRED paper)']);
    // Each curve is drawn through the swept flow counts: a path with a point per N.
    for (const d of await curves.evaluateAll((cs) => cs.map((c) => c.getAttribute('d') ?? ''))) {
      expect(d).toMatch(/^M[-\d.e]+,[-\d.e]+L[-\d.e]+,[-\d.e]+$/);
    }
  });

  test('cancel stops the pool and keeps what finished', async ({ page }) => {
    await page.goto('/');
    await setUpSmallSweep(page, '10, 20, 30, 40, 50, 60, 70, 80, 90, 100');
    await page.getByTestId('experiment-workers').fill('1');
    await page.getByTestId('experiment-run').click();
    await expect(page.getByTestId('experiment-progress-text')).toContainText('of 20 runs');
    await expect(page.getByTestId('experiment-progress-text')).toContainText('left');
    await page.getByTestId('experiment-cancel').click();
    await expect(page.getByTestId('experiment-finished')).toContainText('Cancelled');
    await expect(side(page, 0)).toHaveAttribute('data-state', 'running');
  });
});
