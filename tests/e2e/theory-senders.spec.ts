import { expect, test, type Locator } from '@playwright/test';
import { formatValue } from '../../web/src/lib/format';
import { failOnPageErrors, numberAttribute } from './helpers';
import { loadPreset, pausedAtZero, runTo, settledFigures } from './lab-driver';

// The senders in the theory panel on the L4S preset (two Prague and two
// CUBIC flows): each group's response function at its measured p and round
// trip beside the goodput the per-sender table shows, and on DualPI2 the
// rate balance the coupling implies beside the summary's sender ratio; and
// BBR beside CUBIC, where BBR has no law to show.

const preset = { id: 'teach-l4s-coexistence', title: 'L4S coexistence: Prague, CUBIC, DualPI2' };
const bitsPerSegment = 1500 * 8;

/** The law worked here from the block's own p and R (1500-byte segments), Mb/s for the group. */
async function lawByHand(block: Locator): Promise<number> {
  const [p, r, flows] = await Promise.all(['data-p', 'data-rtt-s', 'data-flows'].map((a) => numberAttribute(block, a)));
  const region = await block.getAttribute('data-region');
  const window =
    region === 'scalable'
      ? Math.SQRT2 / p!
      : region === 'reno-friendly'
        ? Math.sqrt(3 / (2 * p!))
        : region === 'cubic'
          ? ((0.4 * 3.7) / (4 * 0.3)) ** 0.25 * (r! / p!) ** 0.75
          : Number.NaN;
  return (flows! * window * bitsPerSegment) / r! / 1e6;
}

test.describe("the senders' response functions in the theory panel", () => {
  failOnPageErrors();

  test("the L4S preset: each group's predicted and measured rate, and DualPI2's rate balance, agree with the summary", async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto('/');
    await loadPreset(page, preset.id, preset.title);
    await pausedAtZero(page);
    await runTo(page, 30);
    const figures = await settledFigures(page);
    await page.getByTestId('theory-section').locator(':scope > summary').click();

    for (const side of [0, 2]) {
      const card = page.getByTestId(`theory-side-${side}`);
      await expect(card.getByTestId('sender-responses')).toBeVisible();
      for (const group of [0, 1]) {
        const block = card.getByTestId(`sender-response-${group}`);
        await expect(block.getByTestId('response-predicted')).toBeVisible();
        await expect(block.locator('.katex').first()).toBeVisible();
        // The measured goodput is the per-sender table's, as shown there.
        const goodput = await page.getByTestId(`group-row-${side}-${group}`).locator('td[data-figure="goodputMbps"]').textContent();
        await expect(block.getByTestId('response-measured')).toHaveText(`${goodput} Mb/s`);
        const measured = await numberAttribute(block, 'data-measured');
        expect(formatValue(measured)).toBe(goodput);
        // The prediction is the law at the block's p and R, and the ratio is the two shown.
        const predicted = await numberAttribute(block, 'data-predicted');
        expect(predicted).toBeCloseTo(await lawByHand(block), 6);
        await expect(block.getByTestId('response-predicted')).toHaveText(`${formatValue(predicted)} Mb/s`);
        await expect(block.getByTestId('response-ratio')).toHaveText((measured / predicted).toFixed(2));
      }
      await expect(card.getByTestId('sender-response-0')).toHaveAttribute('data-sender', 'prague');
      await expect(card.getByTestId('sender-response-1')).toHaveAttribute('data-sender', 'cubic');
    }

    // DualPI2's rate balance: the measured ratio is the summary's sender ratio (largest over smallest, or its inverse).
    const balance = page.getByTestId('theory-side-0').getByTestId('rate-balance');
    await expect(balance.getByTestId('balance-predicted')).toBeVisible();
    // The summary's cell, without the best mark it may carry.
    const summaryRatio = /\d+(\.\d+)?/.exec(figures[0]?.cells.groupThroughputRatio ?? '')?.[0];
    await expect(balance.getByTestId('balance-summary')).toHaveText(summaryRatio ?? '');
    const measured = await numberAttribute(balance, 'data-measured');
    expect(formatValue(Math.max(measured, 1 / measured))).toBe(summaryRatio);
    const predicted = await numberAttribute(balance, 'data-predicted');
    await expect(balance.getByTestId('balance-predicted')).toHaveText(formatValue(predicted));
    // The coupling's balance on this preset is close to even (aqm/dualpi2/README.md), and so is the run's.
    expect(predicted).toBeGreaterThan(0.5);
    expect(predicted).toBeLessThan(2);
    // A single-queue side has no balance.
    await expect(page.getByTestId('theory-side-2').getByTestId('rate-balance')).toHaveCount(0);
  });

  test('BBR beside CUBIC: the panel says BBR has no law, and gives CUBIC’s', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    await loadPreset(page, 'teach-bbr-cubic', 'BBR vs CUBIC in a shallow and a deep FIFO');
    await pausedAtZero(page);
    await runTo(page, 40);
    await settledFigures(page);
    await page.getByTestId('theory-section').locator(':scope > summary').click();
    const card = page.getByTestId('theory-side-0');
    const bbr = card.getByTestId('sender-response-0');
    await expect(bbr.getByTestId('response-none')).toHaveText(/^No prediction: BBR has no response function/);
    await expect(bbr.getByTestId('response-predicted')).toHaveCount(0);
    await expect(bbr.getByTestId('response-ratio')).toHaveCount(0);
    // Its goodput is still shown, the per-sender table's.
    const goodput = await page.getByTestId('group-row-0-0').locator('td[data-figure="goodputMbps"]').textContent();
    await expect(bbr.getByTestId('response-measured')).toHaveText(`${goodput} Mb/s`);
    const cubic = card.getByTestId('sender-response-1');
    await expect(cubic.getByTestId('response-predicted')).toBeVisible();
    expect(await numberAttribute(cubic, 'data-predicted')).toBeCloseTo(await lawByHand(cubic), 6);
    // Drop-tail has no coupling, so no balance.
    await expect(card.getByTestId('rate-balance')).toHaveCount(0);
  });
});
