import { expect, test } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';
import { loadPreset, pausedAtZero, runTo } from './lab-driver';

// The theory panel on the L4S preset: DualPI2's coupling drawn against the
// run (the prediction (p_CL / k)^2 of the measured coupled rate beside the
// measured Classic rate) and the PI2 loop's margins in the Bode view; a
// single-queue side has no coupling.

const preset = { id: 'teach-l4s-coexistence', title: 'L4S coexistence: Prague, CUBIC, DualPI2' };

test.describe('the coupling in the theory panel', () => {
  failOnPageErrors();

  test('the L4S preset shows DualPI2’s coupling against the run and the PI2 loop’s margins', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    await loadPreset(page, preset.id, preset.title);
    await pausedAtZero(page);
    await runTo(page, 30);
    await page.getByTestId('theory-section').locator(':scope > summary').click();
    const card = page.getByTestId('theory-side-0');
    await expect(card).toBeVisible();

    const coupling = card.getByTestId('coupling');
    await expect(coupling).toBeVisible();
    await expect(coupling.locator('.katex').first()).toBeVisible();
    const coupled = await numberAttribute(coupling, 'data-coupled');
    // About 8% of the L packets carry a coupled mark on this preset (aqm/dualpi2/README.md).
    expect(coupled).toBeGreaterThan(0.02);
    expect(coupled).toBeLessThan(0.3);
    const predicted = await numberAttribute(coupling, 'data-predicted');
    expect(predicted).toBeCloseTo((coupled / 2) ** 2, 10);
    await expect(coupling.getByTestId('coupling-predicted')).toHaveText(predicted.toPrecision(3));
    const classic = await numberAttribute(coupling, 'data-classic');
    expect(classic).toBeGreaterThan(0);
    await expect(coupling.getByTestId('coupling-measured')).toContainText(`${classic.toPrecision(3)} (${(classic / predicted).toFixed(2)} × the prediction)`);

    // The PI2 loop in the Bode view: stable, with its phase margin.
    await expect(card.getByTestId('bode-plot')).toBeVisible();
    await expect(card.getByTestId('bode-plot')).toHaveAttribute('aria-label', /phase margin \d+\.\d degrees/);

    // A side with one queue (FQ-CoDel) has no coupling.
    await expect(page.getByTestId('theory-side-2')).toBeVisible();
    await expect(page.getByTestId('theory-side-2').getByTestId('coupling')).toHaveCount(0);
  });
});
