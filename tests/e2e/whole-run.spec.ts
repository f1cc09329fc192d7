import { expect, test } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';
import { fragmentOf, pausedAtZero, runTo } from './lab-driver';

// "Whole run" draws the whole run: past the ring's ~655 s of 10 ms samples the
// older part comes from the decimated history, so a late run still starts at t = 0.

const lateS = 1500;

// One side and one slow flow: the core reaches 1,500 s in seconds.
const scenario = {
  version: 1,
  seed: 1,
  duration_s: 3600,
  warmup_s: 1,
  bottleneck: { capacity_mbps: 1, delay_ms: 10, buffer_pkts: 50, packet_bytes: 1500 },
  groups: [{ kind: 'tcp', count: 1, rtt_ms: { min: 40, max: 40 } }],
  sides: [{ name: 'Drop-tail', aqm: 'droptail', params: {} }],
};

test.describe('the whole run', () => {
  failOnPageErrors();

  test('at a late time, "Whole run" has data from t = 0 and every held sample', async ({ page }) => {
    await page.goto(`/#${fragmentOf({ scenario, layout: 'overlay' })}`);
    await pausedAtZero(page);
    await runTo(page, lateS);
    const queue = page.getByTestId('chart-queue');
    await page.getByTestId('range-whole').check();
    await expect(queue).toHaveAttribute('data-window', /^0,/);
    // The first drawn pixel column starts at 0 s, though the ring holds only the last ~655 s.
    await expect.poll(() => numberAttribute(queue, 'data-drawn-from')).toBe(0);
    // Every 10 ms sample of the run stands in a column: more than the ring holds.
    await expect.poll(() => numberAttribute(queue, 'data-samples')).toBeGreaterThanOrEqual(lateS * 100 - 1);
    await page.getByTestId('range-recent').check();
    await expect.poll(() => numberAttribute(queue, 'data-drawn-from')).toBeGreaterThan(lateS - 61);
  });
});
