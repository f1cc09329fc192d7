import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';

// A TCP group's sender chosen on the page, from the core's catalogue
// (describeSenders): the choice rewrites the group's `variant` and restarts
// every side on it.

const side = (page: Page, i: number) => page.getByTestId(`side-${i}`);

test.describe('senders', () => {
  failOnPageErrors();

  test('picking CUBIC for the long-lived flows restarts every side with it', async ({ page }) => {
    await page.goto('/');
    const select = page.getByTestId('sender-0');
    await expect(select).toHaveValue('newreno');
    // Every registered sender is offered; Prague needs ECN, which the default run has not.
    await expect(select.locator('option')).toHaveText([/^NewReno$/, /^Reno$/, /^CUBIC$/, /^BBR$/, /^DCTCP$/, /TCP Prague \(needs ECN/]);
    await expect(select.locator('option[value="prague"]')).toBeDisabled();
    await expect.poll(() => numberAttribute(side(page, 0), 'data-sim-time')).toBeGreaterThan(5);
    // At 1x a new run stays under 5 s for 5 s of wall time, so a poll cannot step over it on a busy machine.
    await page.getByTestId('speed').selectOption('1');
    const runs = await Promise.all([0, 1].map((i) => numberAttribute(side(page, i), 'data-run')));
    await select.selectOption('cubic');
    // Both sides start a new run from t = 0, and the rebuilt panel reads the variant back from the new run's scenario.
    for (const i of [0, 1]) {
      await expect.poll(() => numberAttribute(side(page, i), 'data-run')).toBeGreaterThan(runs[i] ?? 0);
      await expect.poll(() => numberAttribute(side(page, i), 'data-sim-time')).toBeLessThan(5);
    }
    await expect(page.getByTestId('sender-0')).toHaveValue('cubic');
    await expect(page.getByTestId('scenario-panel')).toContainText('cubic curve');
    await expect.poll(() => numberAttribute(side(page, 0), 'data-sim-time')).toBeGreaterThan(2);
  });
});
