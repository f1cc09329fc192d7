import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectErrors, freshPage, numberAttribute } from './helpers';
import { fragmentOf, runTo, settledFigures, side } from './lab-driver';
import { metrics } from '../../web/src/charts/metrics';

// The per-sender view: a sender picked for one of two TCP groups, its
// parameter panel, the window chart drawn from the traced flows' columns
// (read as pixels of the canvas, not only as an element), the per-sender
// table, and a copied link that reopens the same run with the same numbers.

const scenario = {
  version: 1,
  seed: 11,
  duration_s: 60,
  warmup_s: 5,
  groups: [
    { kind: 'tcp', count: 5, rtt_ms: { min: 40, max: 80 } },
    { kind: 'tcp', count: 5, rtt_ms: { min: 40, max: 80 } },
  ],
  sides: [
    { name: 'Drop-tail', aqm: 'droptail', params: {} },
    { name: 'RED', aqm: 'red', params: {} },
  ],
};

/** Pixels of the element's screenshot in strong colour (the series; axes, grid and text are grey). */
async function colouredPixels(page: Page, element: Locator): Promise<number> {
  const png = (await element.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) return -1;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let coloured = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r = 0, g = 0, b = 0] = [pixels[i], pixels[i + 1], pixels[i + 2]];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 80) coloured++;
    }
    return coloured;
  }, png);
}

/** The per-sender table's rows: the sender named in each, then its cells as shown. */
async function senderRows(page: Page): Promise<string[][]> {
  return page.getByTestId('group-table').locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));
}

/** Does `act` and waits until both sides run again on the edited scenario (a new run each, ready). */
async function restarting(page: Page, act: () => Promise<void>): Promise<void> {
  const before = await Promise.all([0, 1].map((i) => numberAttribute(side(page, i), 'data-run')));
  await act();
  for (const i of [0, 1]) await expect.poll(() => numberAttribute(side(page, i), 'data-run')).toBeGreaterThan(before[i] ?? 0);
  await expect(page.getByTestId('add-side')).toBeEnabled();
}

test.describe('the per-sender view', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a sender picked for a group, its window drawn, and a link that reopens the same run', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const errors = collectErrors(page);
    await page.goto(`/#${fragmentOf({ scenario, layout: 'overlay' })}`);
    await expect(page.getByTestId('add-side')).toBeEnabled();
    await expect(page.getByTestId('metric-cwnd')).toHaveCount(0); // not asked for: no chart, no columns

    // CUBIC for the second group: every side restarts with it.
    await expect(page.getByTestId('sender-1')).toHaveValue('newreno');
    await restarting(page, () => page.getByTestId('sender-1').selectOption('cubic').then(() => undefined));
    await expect(page.getByTestId('sender-1')).toHaveValue('cubic');
    await expect(page.getByTestId('sender-0')).toHaveValue('newreno');

    // Its parameter panel, generated from CUBIC's table: a typed beta restarts the run with it.
    const beta = page.getByTestId('sender-param-1-beta-number');
    await beta.fill('0.6');
    await restarting(page, () => beta.press('Enter'));
    await expect(page.getByTestId('sender-param-1-beta-confirm')).toHaveCount(0); // within the usual values
    await expect(page.getByTestId('sender-param-1-beta-value')).toContainText('0.6');

    // SACK, a box per group showing the sender's default until set: CUBIC's
    // is on; group 1 (NewReno, off by default) turns it on and every side
    // restarts on it.
    await expect(page.getByTestId('sack-1')).toBeChecked();
    await expect(page.getByTestId('sack-0')).not.toBeChecked();
    await restarting(page, () => page.getByTestId('sack-0').click());
    await expect(page.getByTestId('sack-0')).toBeChecked();

    // The window chart: the first flow of each group, a line each on every side.
    // The box shows the run's scenario, so it is ticked once the sides have
    // restarted on it (check() would look at once, before the restart).
    await restarting(page, () => page.getByTestId('window-chart').click());
    await expect(page.getByTestId('window-chart')).toBeChecked();
    const chart = page.getByTestId('chart-cwnd');
    await expect(chart).toHaveAttribute('data-series', '4');
    await expect(page.getByTestId('metric-pacing')).toHaveCount(0); // neither NewReno nor CUBIC paces
    await runTo(page, 20);
    await chart.scrollIntoViewIfNeeded();
    await expect.poll(() => colouredPixels(page, chart), { timeout: 15_000 }).toBeGreaterThan(300);
    await expect(page.getByTestId('metric-cwnd').locator('.legend')).toContainText('Drop-tail group 2 flow 1');
    await expect(page.getByTestId('chart-note-cwnd')).toHaveText(metrics.cwnd.note);

    // The per-sender table names each group by its sender.
    const original = await settledFigures(page);
    const rows = await senderRows(page);
    expect(rows.map((r) => r[1])).toEqual(['NewReno · group 1 · 5 flows', 'CUBIC · group 2 · 5 flows', 'NewReno · group 1 · 5 flows', 'CUBIC · group 2 · 5 flows']);
    expect(original[0]?.cells.groupThroughputRatio).toMatch(/\d/);

    await page.getByTestId('copy-link').click();
    await expect(page.getByTestId('share-status')).toContainText('Link copied');
    const url = await page.evaluate(() => navigator.clipboard.readText());

    const other = await freshPage(browser);
    try {
      await other.page.goto(url);
      await expect(other.page.getByTestId('link-banner')).toHaveCount(0);
      await expect(other.page.getByTestId('add-side')).toBeEnabled();
      await expect(other.page.getByTestId('sender-1')).toHaveValue('cubic');
      await expect(other.page.getByTestId('sack-0')).toBeChecked();
      await expect(other.page.getByTestId('sack-1')).toBeChecked();
      await expect(other.page.getByTestId('window-chart')).toBeChecked();
      await runTo(other.page, 20);
      expect(await settledFigures(other.page)).toEqual(original);
      expect(await senderRows(other.page)).toEqual(rows);
      const again = other.page.getByTestId('chart-cwnd');
      await again.scrollIntoViewIfNeeded();
      await expect.poll(() => colouredPixels(other.page, again), { timeout: 15_000 }).toBeGreaterThan(300);
      expect(other.errors).toEqual([]);
    } finally {
      await other.close();
    }
    expect(errors).toEqual([]);
  });
});
