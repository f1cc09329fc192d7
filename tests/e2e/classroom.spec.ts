import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';
import { fragmentOf, side, sideRows } from './lab-driver';

// For a classroom and a tablet: a phone that does not scroll sideways, touch
// targets of 24 px, a tap that puts the crosshair under the finger, six sides
// at 1280 px, the preset menu naming what runs, a finished run's final summary,
// and a parking lot's two hops labelled.

async function overflowX(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe('on a phone', () => {
  failOnPageErrors();
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the page does not scroll sideways and every control is at least 24 px each way', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('add-side')).toBeEnabled();
    await expect.poll(() => numberAttribute(side(page, 1), 'data-samples')).toBeGreaterThan(100);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('button, input, select, summary')].flatMap((el) => {
        const r = el.getBoundingClientRect();
        // Skipped: controls not shown, and the file input a visible button stands in for.
        if (r.width === 0 || r.height === 0 || el.classList.contains('share-file')) return [];
        return r.width < 24 || r.height < 24 ? [`${el.dataset.testid ?? el.tagName} ${Math.round(r.width)}x${Math.round(r.height)}`] : [];
      }),
    );
    expect(small).toEqual([]);
  });

  test('a tap on a chart puts the crosshair where the finger is, not at the right edge', async ({ page }) => {
    await page.goto('/');
    const chart = page.getByTestId('chart-queue');
    await expect.poll(() => numberAttribute(chart, 'data-samples')).toBeGreaterThan(100);
    await chart.scrollIntoViewIfNeeded();
    const box = await chart.boundingBox();
    if (!box) throw new Error('no queue chart');
    await chart.tap({ position: { x: box.width * 0.35, y: box.height / 2 } });
    // The last 60 s are shown; the tap is about a third of the way in, far from the right edge (60 s).
    await expect.poll(() => numberAttribute(chart, 'data-crosshair')).toBeGreaterThan(10);
    const t = await numberAttribute(chart, 'data-crosshair');
    expect(t).toBeLessThan(30);
  });
});

test.describe('in a classroom', () => {
  failOnPageErrors();

  test('six sides fit a 1280 px page, inner-signal charts included', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const sides = ['droptail', 'red', 'pie', 'codel', 'ared', 'droptail'].map((aqm) => ({ aqm }));
    await page.goto(`/#${fragmentOf({ scenario: { sides }, layout: 'overlay' })}`);
    await expect(sideRows(page)).toHaveCount(6);
    await expect(page.getByTestId('signals-5')).toBeVisible();
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    const row = await page.locator('.signal-sides').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(row.scroll).toBeLessThanOrEqual(row.client);
  });

  test('the preset menu names what runs: the default lab first, then the preset loaded', async ({ page }) => {
    await page.goto('/');
    const select = page.getByTestId('preset-select');
    await expect(select).toBeEnabled();
    await expect(select.locator('option:checked')).toHaveText('Default lab');
    await expect(page.getByTestId('preset-load')).toBeDisabled();
    const second = select.locator('option').nth(1);
    const title = (await second.textContent()) ?? '';
    await select.selectOption({ index: 1 });
    // The description folds away: one line until opened.
    const about = page.getByTestId('preset-description');
    await expect(about).not.toHaveAttribute('open', '');
    await page.getByTestId('preset-load').click();
    await expect(select.locator('option:checked')).toHaveText(title);
  });

  test('a finished side never shows figures from earlier in its run', async ({ page }) => {
    const scenario = { duration_s: 6, warmup_s: 1, sides: [{ aqm: 'droptail' }, { aqm: 'red' }] };
    await page.goto(`/#${fragmentOf({ scenario, layout: 'overlay' })}`);
    const rows = sideRows(page);
    const seen: string[] = [];
    // Watch the rows as the run ends: once a row says finished, its summary covers the whole run (5 s after warm-up).
    for (let k = 0; k < 60; k++) {
      const states = await rows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-state'), e.getAttribute('data-measured')]));
      for (const [state, measured] of states) if (state === 'finished' && measured !== 'NaN') seen.push(measured ?? '');
      if (states.every(([state, measured]) => state === 'finished' && measured !== 'NaN')) break;
      await page.waitForTimeout(100);
    }
    expect(seen.length).toBeGreaterThan(0);
    for (const measured of seen) expect(Number(measured)).toBeCloseTo(5, 1);
  });

  test("a parking lot's queue and delay charts show both hops, labelled", async ({ page }) => {
    const scenario = { topology: { kind: 'parking_lot' }, sides: [{ name: 'RED', aqm: 'red' }] };
    await page.goto(`/#${fragmentOf({ scenario, layout: 'overlay' })}`);
    for (const metric of ['queue', 'delay']) {
      const legend = page.getByTestId(`metric-${metric}`).locator('.legend');
      await expect(legend).toContainText('RED hop 1');
      await expect(legend).toContainText('RED hop 2');
    }
  });
});

test.describe('on a projector', () => {
  failOnPageErrors();
  test.use({ viewport: { width: 1280, height: 720 } });

  test('the queue and delay charts and the controls that matter are on one 1280x720 screen, axis labels large', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('add-side')).toBeEnabled();
    await expect.poll(() => numberAttribute(page.getByTestId('chart-delay'), 'data-samples')).toBeGreaterThan(100);
    const wanted = [
      'chart-queue',
      'chart-delay',
      'play-pause',
      'capacity-slider',
      'flows-slider',
      'param-1-min_th',
      'param-1-max_th',
      'param-1-max_p',
    ];
    const outside: string[] = [];
    for (const id of wanted) {
      const box = await page.getByTestId(id).boundingBox();
      if (!box || box.y < 0 || box.y + box.height > 720 || box.x < 0 || box.x + box.width > 1280) outside.push(`${id} ${JSON.stringify(box)}`);
    }
    expect(outside).toEqual([]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const tickPx = await page
      .getByTestId('chart-queue')
      .locator('.tick text')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(tickPx).toBeGreaterThanOrEqual(12);
  });
});
