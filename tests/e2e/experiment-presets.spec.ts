import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, freshPage } from './helpers';

// The papers' figures as experiment presets in the page (public/experiments/):
// picking LRED Fig. 4 shows what the figure shows and assumes, and loading it
// fills the form with the shipped sweep (the lred-exp1 base, N / 5 = 20..200
// in 10 values, 3 seeds: 30 runs). Run with one seed (10 runs), it plots the
// response time against the axis, a line per side; its link opens with the
// preset chosen. MSC Fig. 4 loads its step range; AOPC Fig. 8 plots queue
// s.d. against mean queue, and axe finds nothing wrong in the view.

async function loadPreset(page: Page, id: string): Promise<void> {
  await page.getByTestId('tab-experiment').click();
  const picker = page.getByTestId('experiment-preset');
  await expect(picker.locator(`option[value="${id}"]`)).toHaveCount(1);
  await picker.selectOption(id);
  await page.getByTestId('experiment-preset-load').click();
}

test.describe('experiment presets', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('LRED Fig. 4 loads the shipped sweep, runs with one seed and plots the response time', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const errors = collectErrors(page);
    await page.goto('/');
    await loadPreset(page, 'lred-fig4');
    const about = page.getByTestId('experiment-preset-about');
    await expect(about).toContainText('LRED paper');
    await expect(about).toContainText('The figure: response_time_s against flows per access delay (N / 5); 30 runs as shipped');
    await expect(about).toContainText('Assumed: The lred-exp1 preset');

    // The form holds the sweep file as written.
    await expect(page.getByTestId('experiment-base')).toHaveValue('preset:lred-exp1');
    await expect(page.getByTestId('axis-0-path')).toHaveValue('groups[*].count');
    await expect(page.getByTestId('axis-0-from')).toHaveValue('20');
    await expect(page.getByTestId('axis-0-to')).toHaveValue('200');
    await expect(page.getByTestId('axis-0-count')).toHaveValue('10');
    await expect(page.getByTestId('experiment-seeds')).toHaveValue('3');
    await expect(page.getByTestId('experiment-plan')).toHaveText(
      '30 runs (3 seeds each point): groups[*].count = 20, 40, 60, …, 180, 200; sides LRED q0=100, PI qref=100, REM b*=100.',
    );

    // One seed: the figure's 10 points, each one run of the three sides.
    await page.getByTestId('experiment-seeds').fill('1');
    await expect(page.getByTestId('experiment-plan')).toContainText('10 runs (1 seed each point)');
    await page.getByTestId('experiment-run').click();
    await expect(page.getByTestId('experiment-finished')).toContainText('Finished: 10 of 10 runs', { timeout: 200_000 });
    await expect(page.getByTestId('experiment-metric')).toHaveValue('response_time_s');
    await expect(page.getByTestId('experiment-line')).toHaveCount(3);
    await expect(page.getByTestId('experiment-row')).toHaveCount(30);
    // The PI and REM lower bounds (LRED paper) draw beside a response time against N.
    await expect(page.getByTestId('theory-curve')).toHaveCount(2);
    // PI's response never settles from N = 60 flows per delay on (seed 1): those runs are
    // marked along the top with their count, not dropped; the other sides have a value everywhere.
    const marks = page.getByTestId('censored-mark');
    await expect(marks).toHaveCount(8);
    expect(await marks.evaluateAll((ms) => ms.map((m) => [m.getAttribute('data-x'), m.getAttribute('data-count'), m.getAttribute('data-of')]))).toEqual(
      [60, 80, 100, 120, 140, 160, 180, 200].map((n) => [String(n), '1', '1']),
    );
    await expect(marks.first()).toContainText('no value (1/1)');
    await expect(page.getByTestId('experiment-plot')).toHaveAttribute('aria-label', /8 runs without a value marked "no value" along the top/);

    // The link names the preset: the page it opens shows it chosen and described.
    await page.getByTestId('experiment-copy-link').click();
    await expect(page.getByTestId('experiment-status')).toContainText('Link copied');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    const other = await freshPage(browser);
    try {
      await other.page.goto(url);
      await expect(other.page.getByTestId('experiment-preset')).toHaveValue('lred-fig4');
      await expect(other.page.getByTestId('experiment-preset-about')).toContainText('LRED paper');
      await expect(other.page.getByTestId('experiment-plan')).toContainText('10 runs (1 seed each point)');
      expect(other.errors).toEqual([]);
    } finally {
      await other.close();
    }
    expect(errors).toEqual([]);
  });

  test('MSC Fig. 4 loads its step range; AOPC Fig. 8 plots queue s.d. against mean queue', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    await page.goto('/');
    await loadPreset(page, 'msc-fig4');
    await expect(page.getByTestId('axis-0-by')).toHaveValue('step');
    await expect(page.getByTestId('axis-0-step')).toHaveValue('5');
    await expect(page.getByTestId('axis-1-path')).toHaveValue('events[*].rate');
    await expect(page.getByTestId('experiment-plan')).toContainText('30 runs (3 seeds each point): groups[1].arrival_rate = 5, 10, 15, …, 45, 50; events[*].rate = 5, 10, 15, …, 45, 50');
    // The preset's description and the step fields are reachable and labelled.
    const results = await new AxeBuilder({ page }).include('#panel-experiment').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await loadPreset(page, 'aopc-fig8');
    await expect(page.getByTestId('axis-1-path')).toHaveCount(0);
    await expect(page.getByTestId('experiment-plan')).toContainText('5 runs (5 seeds each point): bottleneck.buffer_pkts = 200');
    await page.getByTestId('experiment-seeds').fill('1');
    await expect(page.getByTestId('experiment-plan')).toContainText('1 run (1 seed each point)');
    await page.getByTestId('experiment-run').click();
    await expect(page.getByTestId('experiment-finished')).toContainText('Finished: 1 of 1 runs', { timeout: 100_000 });
    await expect(page.getByTestId('experiment-x')).toHaveValue('mean_queue_pkts');
    await expect(page.getByTestId('experiment-y')).toHaveValue('queue_sd_pkts');
    await expect(page.getByTestId('experiment-metric')).toHaveValue('queue_sd_pkts');
    expect(await page.getByTestId('pair-point').count()).toBeGreaterThanOrEqual(4);
    expect(errors).toEqual([]);
  });
});
