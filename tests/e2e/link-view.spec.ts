import { expect, test } from '@playwright/test';
import { collectErrors, freshPage, numberAttribute } from './helpers';
import { fragmentOf, pause } from './lab-driver';

// A link keeps what the person saw: speed, paused or playing, the charts'
// window and layout, the theory overlay, the open folds, the preset and a
// note; and after its replayed changes act, the controls show the run's values.

test.describe('a link keeps what its author saw', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('speed, paused, whole run, small multiples, theory, open folds, preset and note come back', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    await page.goto('/');
    await page.getByTestId('preset-select').selectOption('teach-red-stability');
    await page.getByTestId('preset-load').click();
    await expect(page.getByText(/Loaded “/)).toBeVisible();
    await expect(page.getByTestId('add-side')).toBeEnabled();
    await page.getByTestId('speed').selectOption('1');
    await pause(page);
    await page.getByTestId('range-whole').check();
    await page.getByTestId('layout-multiples').check();
    await page.getByTestId('theory-toggle').check();
    await page.getByTestId('summary-glossary').locator('summary').click();
    await page.getByText('Note in the link').click();
    await page.getByTestId('link-note-input').fill('Predict: will the queue settle? Then press Play.');
    await page.getByTestId('copy-link').click();
    await expect(page.getByTestId('share-status')).toContainText('Link copied');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(url).hash).toMatch(/^#v3\./);

    const other = await freshPage(browser);
    try {
      const p = other.page;
      await p.goto(url);
      await expect(p.getByTestId('link-banner')).toHaveCount(0);
      await expect(p.getByTestId('link-note')).toContainText('Predict: will the queue settle? Then press Play.');
      // The preset's own text, not "Scenario from a link".
      await expect(p.getByTestId('preset-select').locator('option:checked')).toHaveText(/RED's stability condition/);
      await expect(p.getByTestId('preset-description')).toBeVisible();
      await expect(p.getByTestId('add-side')).toBeEnabled();
      await expect(p.getByTestId('speed')).toHaveValue('1');
      await expect(p.getByTestId('play-pause')).toHaveText('Play'); // paused, as it was
      await p.waitForTimeout(1000);
      const t = await numberAttribute(p.getByTestId('side-0'), 'data-sim-time');
      expect(Number.isNaN(t) || t === 0).toBe(true); // no sample yet: it has not moved
      await expect(p.getByTestId('range-whole')).toBeChecked();
      await expect(p.getByTestId('layout-multiples')).toBeChecked();
      await expect(p.getByTestId('theory-toggle')).toBeChecked();
      await expect(p.getByTestId('summary-glossary')).toHaveAttribute('open', '');
      expect(other.errors).toEqual([]);
    } finally {
      await other.close();
    }
    expect(errors).toEqual([]);
  });

  test('a link made while playing opens playing', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('add-side')).toBeEnabled();
    await expect(page.getByTestId('play-pause')).toHaveText('Pause');
    await page.getByTestId('copy-link').click();
    await expect(page.getByTestId('share-status')).toContainText('Link copied');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    const other = await page.context().newPage();
    await other.goto(url);
    await expect(other.getByTestId('play-pause')).toHaveText('Pause');
    await expect.poll(() => numberAttribute(other.getByTestId('side-0'), 'data-sim-time')).toBeGreaterThan(1);
    await other.close();
  });

  test('after a replayed change acts, the control shows the run\'s value', async ({ page }) => {
    // The changes act at 20 s: the controls are read first at the run's start (10x: 2 s of the page's time).
    const scenario = {
      duration_s: 60,
      groups: [
        { kind: 'tcp', count: 200, rtt_ms: { min: 40, max: 40 } },
        { kind: 'onoff', count: 10, peak_mbps: 0.1 },
      ],
      sides: [{ name: 'RED', aqm: 'red', params: {} }],
      events: [
        { at_s: 20, kind: 'set_flows', group: 0, count: 120 },
        { at_s: 20, kind: 'set_param', side: 0, name: 'max_p', value: 0.25 },
        { at_s: 20, kind: 'group_off', group: 1 },
      ],
    };
    await page.goto(`/#${fragmentOf({ scenario, layout: 'overlay' })}`);
    await expect(page.getByTestId('flows-value')).toHaveText('200');
    await expect(page.getByTestId('onoff-on')).toBeChecked();
    await expect.poll(() => numberAttribute(page.getByTestId('side-0'), 'data-sim-time'), { timeout: 30_000 }).toBeGreaterThan(21);
    await expect(page.getByTestId('flows-value')).toHaveText('120');
    await expect(page.getByTestId('flows-slider')).toHaveValue('120');
    await expect(page.getByTestId('param-0-max_p-number')).toHaveValue('0.25');
    await expect(page.getByTestId('onoff-on')).not.toBeChecked();
    // Reset: the run starts over from the scenario's values.
    await pause(page);
    await page.getByTestId('reset').click();
    await expect(page.getByTestId('flows-value')).toHaveText('200');
    await expect(page.getByTestId('onoff-on')).toBeChecked();
  });
});
