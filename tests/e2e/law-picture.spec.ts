import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors } from './helpers';

// The About fold beside a side's parameters: plain words, and the picture of
// the discipline's law. RED's is its curve, sampled by the core from the
// side's current values (it redraws when a slider moves); PI's is its
// control loop, naming what it measures and its target.

async function openAbout(page: Page, index: number, aqm: string) {
  await page.getByTestId(`aqm-select-${index}`).selectOption(aqm);
  const panel = page.getByTestId(`discipline-panel-${index}`);
  await expect(panel).toHaveAttribute('data-aqm', aqm);
  await panel.locator('details.aqm-summary > summary').click();
  return panel;
}

test.describe('the law beside the parameters', () => {
  failOnPageErrors();

  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('aqm-select-1')).toBeEnabled();
  });

  test('RED’s fold draws its curve, and max_p’s slider moves the curve’s top', async ({ page }) => {
    const panel = await openAbout(page, 1, 'red');
    const curve = panel.getByTestId('law-curve');
    await expect(curve.getByRole('img')).toBeVisible();
    const caption = curve.locator('figcaption');
    await expect(caption).toContainText('Drop probability against queue length');
    const path = curve.locator('path.law-curve-line');
    const before = await path.getAttribute('d');
    const slider = panel.getByTestId('param-1-max_p');
    const now = Number(await slider.inputValue());
    const next = now < 0.2 ? 0.3 : 0.05;
    await slider.fill(String(next));
    await expect(caption).toContainText(`${next} at `);
    await expect.poll(() => path.getAttribute('d')).not.toBe(before);
  });

  test('PI’s fold draws its loop: it measures the queue length against its reference queue', async ({ page }) => {
    const panel = await openAbout(page, 1, 'pi');
    const loop = panel.getByTestId('law-loop');
    await expect(loop.getByRole('img')).toHaveAccessibleName(/measures the queue length, compares it with its target \(Reference queue \d+/);
    await expect(loop.locator('svg')).toContainText('measures: queue length');
    await expect(loop.locator('svg')).toContainText('target: Reference queue');
  });

  test('a glossary term in the explanation links to its entry', async ({ page }) => {
    const panel = await openAbout(page, 1, 'codel');
    const link = panel.locator('.aqm-plain a', { hasText: 'queueing delay' });
    await expect(link).toHaveAttribute('href', '#glossary-meanDelayMs');
    await link.click();
    await expect(page.locator('#glossary-meanDelayMs')).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the open folds pass axe in the ${theme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId('aqm-select-1')).toBeEnabled();
      const red = await openAbout(page, 1, 'red');
      await expect(red.getByTestId('law-curve')).toBeVisible();
      const pi = await openAbout(page, 0, 'pi');
      await expect(pi.getByTestId('law-loop')).toBeVisible();
      const results = await new AxeBuilder({ page }).include('[data-testid^="discipline-panel-"]').analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
