import { expect, test, type Page } from '@playwright/test';
import { collectErrors } from './helpers';
import { pausedAtZero, runTo, settledFigures, side } from './lab-driver';

// Reference images of the default lab paused at a fixed simulated time, in
// both themes: the same scenario and seed give the same samples, summaries
// and so the same pixels. Nothing on the page depends on the wall clock once
// the run is paused, so nothing is masked; the pointer is parked off the
// charts (no crosshair) and focus is dropped (no ring).

const pausedAtS = 20;

async function pausedDefaultLab(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('preset-select')).toBeEnabled();
  await pausedAtZero(page);
  await runTo(page, pausedAtS);
  await settledFigures(page);
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
  // Two animation frames: the charts' last repaint after the final batch is on screen.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(side(page, 0)).toHaveAttribute('data-state', 'paused');
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme, viewport: { width: 1280, height: 720 } });

    test(`the default lab paused at ${pausedAtS} s looks as it did`, async ({ page }) => {
      const errors = collectErrors(page);
      await pausedDefaultLab(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page).toHaveScreenshot(`default-lab-${theme}-1280x720.png`);
      // The whole page in one viewport, so every chart is on screen and
      // draws (charts out of view are skipped), then captured once stable.
      // Panels never shown count at a placeholder height until they first
      // render (content-visibility, styles.css): scroll through the page once,
      // as a reader would, before measuring it.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
          window.scrollTo(0, y);
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        }
        window.scrollTo(0, 0);
      });
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: 1280, height });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await expect(page).toHaveScreenshot(`default-lab-${theme}-full.png`);
      expect(errors).toEqual([]);
    });
  });
}
