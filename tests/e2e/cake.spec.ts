import { expect, test } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';

// CAKE on the real wasm core: chosen from the discipline menu, its panel is
// generated from its parameter table, a shaper rate set in the panel reaches
// the running core, and its flow-queue signals are drawn.

test.describe('CAKE', () => {
  failOnPageErrors();

  test('its panel, a live shaper rate and its flow-queue signals', async ({ page }) => {
    await page.goto('/');
    const select = page.getByTestId('aqm-select-1');
    await expect(select).toBeEnabled();
    await select.selectOption('cake');
    const panel = page.getByTestId('discipline-panel-1');
    await expect(panel).toHaveAttribute('data-aqm', 'cake');
    for (const [name, label] of [
      ['bandwidth_mbps', 'Shaper rate'],
      ['target_ms', 'Target'],
      ['interval_ms', 'Interval'],
    ] as const) {
      await expect(panel.locator(`label[for="param-1-${name}"]`)).toContainText(label);
      await expect(page.getByTestId(`param-1-${name}-number`)).toBeVisible();
    }
    const card = page.getByTestId('side-1');
    await expect(card).toHaveAttribute('data-state', 'running');
    await expect(card).toContainText(/live changes\s*0/);

    const box = page.getByTestId('param-1-bandwidth_mbps-number');
    await box.fill('5');
    await box.press('Enter');
    await expect(card).toContainText(/live changes\s*1/);
    await expect(page.getByTestId('param-1-bandwidth_mbps-error')).toHaveCount(0);
    await expect(box).toHaveValue('5');

    const signals = page.getByTestId('signals-1');
    await expect(signals).toHaveAttribute('data-aqm', 'cake');
    await expect(signals).toContainText('Active flow queues');
    await expect(signals).toContainText('Largest flow queue');
    const charts = signals.locator('[data-testid^="chart-signal-1-"]');
    expect(await charts.count()).toBeGreaterThan(0);
    await expect.poll(() => numberAttribute(charts.first(), 'data-samples')).toBeGreaterThan(50);
  });
});
