import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors } from './helpers';
import { fragmentOf, side, sideRows } from './lab-driver';

// Issue 12's lockstep: six sides of the default scenario (100 flows) advance
// together. Paused, at any speed, every side stands at the same simulated
// time, and the page shows that time.

const disciplines = ['droptail', 'red', 'ared', 'pi', 'pie', 'codel'];

async function sideTimes(page: Page): Promise<number[]> {
  return sideRows(page).evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-sim-time'))));
}

async function labTime(page: Page): Promise<number> {
  return Number(await page.getByTestId('lab-time').getAttribute('data-sim-time'));
}

/** Pauses and waits until every side says so; returns each side's time then. */
async function pauseAll(page: Page): Promise<number[]> {
  await page.getByTestId('play-pause').click();
  for (let i = 0; i < disciplines.length; i++) await expect(side(page, i)).toHaveAttribute('data-state', 'paused');
  // The rows poll their stores four times a second: wait for a reading after the stop.
  let times: number[] = [];
  await expect
    .poll(async () => {
      const before = JSON.stringify(times);
      times = await sideTimes(page);
      return times.every((t) => t > 0) && JSON.stringify(times) === before;
    }, { intervals: [400] })
    .toBe(true);
  return times;
}

test.describe('six sides in lockstep', () => {
  failOnPageErrors();

  test.beforeEach(async ({ page }) => {
    const sides = disciplines.map((aqm) => ({ aqm, params: {} }));
    // Long enough that "as fast as possible" on a quiet machine does not reach the end (a finished run is not paused).
    await page.goto(`/#${fragmentOf({ scenario: { duration_s: 3600, groups: [{ count: 100 }], sides }, layout: 'overlay' })}`);
    await expect(sideRows(page)).toHaveCount(disciplines.length);
    for (let i = 0; i < disciplines.length; i++) await expect(side(page, i)).toHaveAttribute('data-state', 'running');
  });

  test('the page is cross-origin isolated, so the sides keep lockstep through shared memory', async ({ page }) => {
    // Without the headers (vite.config.ts) the lab still runs, on the slower message relay (web/src/app/lockstep.ts).
    expect(await page.evaluate(() => window.crossOriginIsolated && typeof SharedArrayBuffer === 'function')).toBe(true);
  });

  test('paused at any speed, every side stands at one time, the time the page shows', async ({ page }) => {
    for (const speed of ['max', '10', 'max']) {
      await page.getByTestId('speed').selectOption(speed);
      await page.waitForTimeout(1500);
      const times = await pauseAll(page);
      expect(new Set(times).size, `side times at ${speed}: ${times.join(', ')}`).toBe(1);
      await expect.poll(() => labTime(page)).toBe(times[0]);
      await page.getByTestId('play-pause').click();
    }
  });
});
