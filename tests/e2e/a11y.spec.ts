import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';
import { side } from './lab-driver';

// Keyboard use and the automated accessibility audit (axe-core), in both themes.

test.describe('keyboard and accessibility', () => {
  failOnPageErrors();

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no violations in the ${theme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId('add-side')).toBeEnabled();
      await expect.poll(() => numberAttribute(side(page, 1), 'data-samples')).toBeGreaterThan(100);
      const results = await new AxeBuilder({ page }).analyze();
      const found = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(found).toEqual([]);
    });
  }

  test('Play/Pause is one toggle that keeps the focus', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByTestId('play-pause');
    await expect(toggle).toHaveText('Pause');
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveText('Play');
    await expect(side(page, 0)).toHaveAttribute('data-state', 'paused');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveText('Pause');
    await expect(side(page, 0)).toHaveAttribute('data-state', 'running');
    await expect(toggle).toBeFocused();
  });

  test('arrow keys on a discipline menu move the choice without restarting; Enter switches once', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('add-side')).toBeEnabled();
    const card = side(page, 1);
    await expect.poll(() => numberAttribute(card, 'data-samples')).toBeGreaterThan(200);
    const menu = page.getByTestId('aqm-select-1');
    const before = await menu.inputValue();
    await menu.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const chosen = await menu.inputValue();
    expect(chosen).not.toBe(before);
    // Still the old run: its samples went on growing, nothing restarted from zero.
    const samples = await numberAttribute(card, 'data-samples');
    await page.waitForTimeout(500);
    expect(await numberAttribute(card, 'data-samples')).toBeGreaterThan(samples);
    await page.keyboard.press('Enter');
    await expect(card).toHaveAttribute('data-aqm', chosen);
    await expect(menu).toBeFocused();
  });
});
