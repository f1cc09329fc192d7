import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectErrors, failOnPageErrors, numberAttribute } from './helpers';
import { pause, play } from './lab-driver';

// Drives the built page against the real wasm core: both sides stream, the
// charts fill, and a live slider move changes what the queues do.

const realSecondsPerStep = 4;

/** Mean of a side's queue, read several times over a stretch of the run to smooth out oscillation. */
async function queueMean(page: Page, side: number, readings = 8): Promise<number> {
  const card = page.getByTestId(`side-${side}`);
  let sum = 0;
  for (let i = 0; i < readings; i++) {
    await page.waitForTimeout(250);
    sum += await numberAttribute(card, 'data-mean-queue');
  }
  return sum / readings;
}

async function setSlider(slider: Locator, value: number, readout: Locator, shown: string): Promise<void> {
  await slider.fill(String(value));
  await expect(readout).toHaveText(shown);
}

test.describe('a healthy run', () => {
  failOnPageErrors();

  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'AQM Lab' })).toBeVisible();
  });

  test('both sides stream samples and the charts fill', async ({ page }) => {
    for (const side of [0, 1]) {
      const card = page.getByTestId(`side-${side}`);
      await expect.poll(() => numberAttribute(card, 'data-samples')).toBeGreaterThan(100);
      const before = await numberAttribute(card, 'data-samples');
      await expect.poll(() => numberAttribute(card, 'data-samples')).toBeGreaterThan(before);
      await expect(card).toHaveAttribute('data-state', 'running');
    }
    await expect(page.getByTestId('side-0')).toContainText('Drop-tail');
    await expect(page.getByTestId('side-1')).toContainText('RED');
    for (const chart of ['chart-queue', 'chart-delay']) {
      await expect.poll(() => numberAttribute(page.getByTestId(chart), 'data-samples')).toBeGreaterThan(100);
    }
    await expect(page.locator('[role="alert"]')).toHaveCount(0);
    await page.waitForTimeout(3000); // let the lines grow before the picture
    await page.screenshot({ path: 'test-results/aqm-lab.png', fullPage: true });
  });

  test('more TCP flows raise the queue, live', async ({ page }) => {
    const flows = page.getByTestId('flows-slider');
    const readout = page.getByTestId('flows-value');
    await expect.poll(() => numberAttribute(page.getByTestId('side-1'), 'data-samples')).toBeGreaterThan(100);

    await setSlider(flows, 50, readout, '50');
    await page.waitForTimeout(realSecondsPerStep * 1000);
    const redBefore = await queueMean(page, 1);
    const dropTailBefore = await queueMean(page, 0);

    await setSlider(flows, 200, readout, '200');
    for (const side of [0, 1]) {
      await expect.poll(() => numberAttribute(page.getByTestId(`side-${side}`), 'data-flows')).toBe(200);
    }
    await page.waitForTimeout(realSecondsPerStep * 1000);
    const redAfter = await queueMean(page, 1);
    const dropTailAfter = await queueMean(page, 0);

    const means = `RED ${redBefore.toFixed(1)} -> ${redAfter.toFixed(1)}, drop-tail ${dropTailBefore.toFixed(1)} -> ${dropTailAfter.toFixed(1)}`;
    test.info().annotations.push({ type: 'queue means (pkts), 50 -> 200 flows', description: means });
    console.log(`queue means (pkts), 50 -> 200 flows: ${means}`);
    expect(redAfter).toBeGreaterThan(redBefore * 1.1);
    expect(dropTailAfter).toBeGreaterThanOrEqual(dropTailBefore * 0.9);
    await page.screenshot({ path: 'test-results/aqm-lab-200-flows.png', fullPage: true });
  });

  test('pause stops both sides, play resumes them, max_p reaches only RED', async ({ page }) => {
    const red = page.getByTestId('side-1');
    const dropTail = page.getByTestId('side-0');
    await expect.poll(() => numberAttribute(red, 'data-samples')).toBeGreaterThan(50);

    await pause(page);
    await expect(red).toHaveAttribute('data-state', 'paused');
    await expect(dropTail).toHaveAttribute('data-state', 'paused');
    const paused = await numberAttribute(red, 'data-samples');
    await page.waitForTimeout(1000);
    expect(await numberAttribute(red, 'data-samples')).toBe(paused);

    // The generated RED panel's max_p slider reaches only the RED side.
    await setSlider(page.getByTestId('param-1-max_p'), 0.5, page.getByTestId('param-1-max_p-value'), '0.5');
    await expect(red).toContainText(/live changes\s*1/);
    await expect(dropTail).toContainText(/live changes\s*0/);

    await play(page);
    await expect(red).toHaveAttribute('data-state', 'running');
    await expect.poll(() => numberAttribute(red, 'data-samples')).toBeGreaterThan(paused);

    await page.getByTestId('reset').click();
    await expect(red).toContainText(/live changes\s*0/);
    await expect(page.getByTestId('param-1-max_p-value')).not.toHaveText('0.5');
  });
});

test.describe('failures stay on their side', () => {
  test('a worker script that cannot load shows an error on each side, not a blank page', async ({ page }) => {
    const errors = collectErrors(page);
    await page.route('**/sim.worker-*.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/');
    for (const side of [0, 1]) {
      await expect(page.getByTestId(`side-error-${side}`)).toBeVisible();
      await expect(page.getByTestId(`side-${side}`)).toHaveAttribute('data-state', 'stopped');
    }
    await expect(page.getByRole('heading', { name: 'AQM Lab' })).toBeVisible();
    await expect(page.getByTestId('play-pause')).toBeVisible();
    expect(errors.filter((e) => !e.includes('404') && !e.includes('Failed to load'))).toEqual([]);
  });

  test('a core that cannot load reports the failure on each side', async ({ page }) => {
    await page.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/');
    for (const side of [0, 1]) {
      await expect(page.getByTestId(`side-error-${side}`)).toBeVisible();
    }
    await expect(page.getByTestId('chart-queue')).toBeVisible();
  });
});
