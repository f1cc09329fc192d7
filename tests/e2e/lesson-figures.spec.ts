import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors } from './helpers';

// What a lesson's feedback says the charts and tables show is what the page
// shows: a step of each of the newer lessons opened on its own (the lesson
// fixed to that step), predicted, run in the browser, and the figures its
// feedback quotes read from the summary and per-class tables. The same
// figures were measured natively (docs/lessons.md); here the wasm core in the
// page must give them too.

/** Opens the step, predicts, runs it, and waits for the summary to cover the run to its end (after the preset's warm-up). */
async function runStep(page: Page, lesson: string, step: number, untilS: number, kind: 'number' | 'choice', warmupS = 5): Promise<void> {
  await page.goto(`/?lesson=${lesson}&step=${step}`);
  await expect(page.getByTestId('lesson-status')).toHaveText(`Step ${step} is ready.`, { timeout: 60_000 });
  const form = page.getByTestId('prediction');
  if (kind === 'choice') await form.getByRole('radio').first().check();
  else {
    await page.getByTestId('prediction-number').fill('5');
    await form.getByRole('button', { name: 'Keep' }).click();
  }
  await page.getByTestId('lesson-run').click();
  await expect(page.getByTestId('lesson-status')).toHaveText(`The run reached ${untilS} s and paused.`, { timeout: 240_000 });
  // Each side's summary comes on its own: wait for every row.
  for (const row of await page.getByTestId('summary-table').locator('tbody tr').all()) {
    await expect(row).toHaveAttribute('data-measured', String(untilS - warmupS), { timeout: 30_000 });
  }
}

/** The number a cell shows (after the best-in-column star, if any); NaN for the dash of an empty figure. */
const shown = (text: string): number => Number.parseFloat(/-?\d+(\.\d+)?/.exec(text)?.[0] ?? 'NaN');

/** A figure of a side's row in the summary table, as shown. */
async function figure(page: Page, side: number, name: string): Promise<number> {
  return shown(await page.getByTestId(`side-${side}`).locator(`td[data-figure="${name}"]`).innerText());
}

/** A figure of a side's traffic class, over the window the summary shows. */
async function classFigure(page: Page, side: number, cls: string, name: string): Promise<number> {
  return shown(await page.getByTestId(`class-row-${side}-${cls}`).locator(`td[data-figure="${name}"]`).innerText());
}

test.describe('the figures the lessons quote', () => {
  failOnPageErrors();
  test.setTimeout(300_000);

  test('surge-response step 2: LRED settles 4.2 s after the surge, AOPC 5.1 s, PI never', async ({ page }) => {
    await runStep(page, 'surge-response', 2, 120, 'number');
    // A run longer than the charts' last 60 s turns them to the whole run.
    await expect(page.getByTestId('range-whole')).toBeChecked();
    await expect(page.getByTestId('side-2')).toHaveAttribute('data-name', 'AOPC');
    expect(await figure(page, 1, 'responseTimeS')).toBeCloseTo(4.2, 1);
    expect(await figure(page, 2, 'responseTimeS')).toBeCloseTo(5.1, 1);
    expect(Number.isNaN(await figure(page, 0, 'responseTimeS'))).toBe(true);
  });

  test('loss-ratio step 4: a shorter memory and a larger gain keep the link busier (65%, 93%, 99%)', async ({ page }) => {
    await runStep(page, 'loss-ratio', 4, 120, 'choice');
    // The Utilisation column, in %, over the run after the warm-up.
    expect(await figure(page, 0, 'utilisation')).toBeCloseTo(64.6, 0);
    expect(await figure(page, 1, 'utilisation')).toBeCloseTo(93.4, 0);
    expect(await figure(page, 2, 'utilisation')).toBeCloseTo(98.7, 0);
  });

  test('rate-based step 3: AAQM keeps the link 38% busy, MSC settles in 2.0 s', async ({ page }) => {
    await runStep(page, 'rate-based', 3, 120, 'number');
    expect(await figure(page, 1, 'utilisation')).toBeCloseTo(38.0, 0);
    expect(await figure(page, 0, 'responseTimeS')).toBeCloseTo(2.0, 1);
  });

  test("fairness-udp step 3: over the window 'flood' FQ-CoDel gives the flood 1.33 Mb/s, the downloads 8.6, the call no loss", async ({ page }) => {
    await runStep(page, 'fairness-udp', 3, 60, 'number');
    await expect(page.getByTestId('range-recent')).toBeChecked();
    await page.getByTestId('summary-window').selectOption('flood');
    await page.getByTestId('class-details').locator('summary').click();
    expect(await classFigure(page, 1, 'udp', 'goodputMbps')).toBeCloseTo(1.33, 1);
    expect(await classFigure(page, 1, 'tcp', 'goodputMbps')).toBeCloseTo(8.6, 1);
    expect(await classFigure(page, 1, 'voice', 'lossRatio')).toBe(0);
    // Through the FIFO the flood takes the link and the downloads get almost nothing.
    expect(await classFigure(page, 0, 'udp', 'goodputMbps')).toBeCloseTo(9.94, 1);
    expect(await classFigure(page, 0, 'tcp', 'goodputMbps')).toBeLessThan(0.05);
  });

  test("fairness-udp step 5: CAKE gives the flood 1.27 Mb/s and holds its packets near 5 ms, where FQ-CoDel's wait 166 ms", async ({ page }) => {
    await runStep(page, 'fairness-udp', 5, 60, 'choice');
    await page.getByTestId('summary-window').selectOption('flood');
    await page.getByTestId('class-details').locator('summary').click();
    await expect(page.getByTestId('side-1')).toHaveAttribute('data-name', 'CAKE');
    expect(await classFigure(page, 1, 'udp', 'goodputMbps')).toBeCloseTo(1.27, 1);
    expect(await classFigure(page, 1, 'tcp', 'goodputMbps')).toBeCloseTo(8.66, 1);
    expect(await classFigure(page, 1, 'voice', 'lossRatio')).toBe(0);
    expect(await classFigure(page, 1, 'udp', 'meanDelayMs')).toBeCloseTo(5.4, 0);
    expect(await classFigure(page, 0, 'udp', 'meanDelayMs')).toBeCloseTo(166, -1);
  });

  test('senders-l4s step 4: PIE leaves Prague 34.9 Mb/s and CUBIC 5.1, DualPI2 20.2 and 19.8, the FIFO 6.0 and 31.0', async ({ page }) => {
    await runStep(page, 'senders-l4s', 4, 60, 'choice', 10);
    await page.getByTestId('class-details').locator('summary').click();
    // The lesson quotes goodput to 0.1 Mb/s; the page shows three digits.
    const sides = [['DualPI2 (Linux)', 20.2, 19.8], ['PIE', 34.9, 5.1], ['Drop-tail', 6.0, 31.0]] as const;
    const quoted = async (i: number, cls: string, value: number, what: string) => {
      const shownValue = await classFigure(page, i, cls, 'goodputMbps');
      expect(Math.abs(shownValue - value), `${what}: the page shows ${shownValue}`).toBeLessThanOrEqual(0.05 + 1e-9);
    };
    for (const [i, [name, prague, cubic]] of sides.entries()) {
      await expect(page.getByTestId(`side-${i}`)).toHaveAttribute('data-name', name);
      await quoted(i, 'prague', prague, `${name}: Prague`);
      await quoted(i, 'cubic', cubic, `${name}: CUBIC`);
    }
  });
});
