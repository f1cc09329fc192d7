import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';
import { pause } from './lab-driver';

// Theory in the page (issue 17): the fluid model over the queue chart, the
// stability badge that follows a slider across the preset's boundary, and
// the laws typeset by KaTeX from the page's own files.

async function openTheory(page: Page): Promise<void> {
  await page.getByTestId('theory-section').locator('summary').click();
  await expect(page.getByTestId('theory-side-0')).toBeVisible();
}

async function loadPreset(page: Page, id: string, title: string): Promise<void> {
  await page.getByTestId('preset-select').selectOption(id);
  await page.getByTestId('preset-load').click();
  await expect(page.getByText(`Loaded “${title}”.`)).toBeVisible({ timeout: 60_000 });
}

test.describe('theory', () => {
  failOnPageErrors();

  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'AQM Lab' })).toBeVisible();
  });

  test('the theory toggle draws each side’s fluid-model queue over its simulated queue', async ({ page }) => {
    const queue = page.getByTestId('chart-queue');
    await expect.poll(() => numberAttribute(queue, 'data-samples')).toBeGreaterThan(200);
    await page.getByTestId('theory-toggle').check();
    await expect(page.getByTestId('theory-status')).toHaveText('dotted: fluid model', { timeout: 30_000 });
    await pause(page);
    // The crosshair readout lists every series the chart draws: each side's
    // packets and, with the toggle on, its fluid model at the same time.
    const box = await queue.boundingBox();
    if (!box) throw new Error('queue chart has no box');
    const [x0, x1] = ((await queue.getAttribute('data-window')) ?? '0,60').split(',').map(Number);
    const now = await numberAttribute(page.getByTestId('side-0'), 'data-sim-time');
    const target = Math.max((x0 ?? 0) + 1, now - 2);
    const plotW = box.width - 52 - 14;
    await page.mouse.move(box.x + 52 + (plotW * (target - (x0 ?? 0))) / ((x1 ?? 60) - (x0 ?? 0)), box.y + box.height / 2);
    const readout = queue.getByTestId('readout');
    await expect(readout).toBeVisible();
    for (const name of ['Drop-tail', 'RED']) {
      const row = readout.locator(`.readout-row[data-label="${name} fluid model"]`);
      await expect(row).toHaveCount(1);
      const value = Number(await row.getAttribute('data-value'));
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(200); // within the buffer
    }
    // Off again: the model's rows go.
    await page.getByTestId('theory-toggle').uncheck();
    await page.mouse.move(box.x + 60, box.y + box.height / 2);
    await expect(readout.locator('.readout-row[data-label$="fluid model"]')).toHaveCount(0);
  });

  test('the stability badge flips when the flows slider crosses RED’s boundary in the preset made for it', async ({ page }) => {
    await loadPreset(page, 'teach-red-stability', "RED's stability condition, live");
    await openTheory(page);
    const steep = page.getByTestId('theory-side-0').getByTestId('stability-badge');
    const gentle = page.getByTestId('theory-side-1').getByTestId('stability-badge');
    await expect(steep).toHaveAttribute('data-verdict', 'stable', { timeout: 30_000 });
    await expect(gentle).toHaveAttribute('data-verdict', 'stable');
    await expect(page.getByTestId('theory-side-0').getByTestId('stability-rule')).not.toBeEmpty();
    await expect(page.getByTestId('theory-side-0').getByTestId('stability-numbers')).toContainText('N');

    const flows = page.getByTestId('flows-slider');
    // 200 -> 80 flows: below the steep RED's boundary (about 130 to 145), above the gentle one's (about 45).
    await flows.fill('80');
    await expect(page.getByTestId('flows-value')).toHaveText('80');
    await expect(steep).toHaveAttribute('data-verdict', 'unstable', { timeout: 30_000 });
    await expect(steep).toHaveText('unstable');
    await expect(gentle).toHaveAttribute('data-verdict', 'stable');

    await flows.fill('200');
    await expect(steep).toHaveAttribute('data-verdict', 'stable', { timeout: 30_000 });
  });

  test('the laws are typeset by KaTeX with its fonts from the page itself, no other host asked', async ({ page, baseURL }) => {
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(`${baseURL}/`) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) elsewhere.push(r.url());
    });
    const fonts: string[] = [];
    page.on('response', (r) => {
      if (/KaTeX_.*\.woff2$/.test(r.url())) fonts.push(`${r.status()} ${r.url()}`);
    });
    await openTheory(page);
    const law = page.getByTestId('theory-side-1').getByTestId('law-tex');
    await expect(law.locator('.katex-display .katex-html')).toBeVisible();
    await expect(law.locator('annotation[encoding="application/x-tex"]')).toHaveText(/w_q/);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true);
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) expect(f).toMatch(/^200 /);
    // The live value of RED's average queue is a number, not a dash.
    await expect(page.getByTestId('theory-side-1').getByTestId('law-values')).toContainText(/\d/);
    expect(elsewhere).toEqual([]);
  });
});
