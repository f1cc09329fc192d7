import { expect, test, type Locator, type Page } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';

// Discipline menus and generated panels against the real wasm core. Nothing
// here names a discipline beyond droptail and red: the target is read from
// the menu, which lists whatever describeAqms returns.

/** The second discipline the core lists that is neither droptail nor red; red when there is none. */
async function pickTarget(select: Locator): Promise<string> {
  const values = await select.locator('option').evaluateAll((options) =>
    options.map((o) => (o instanceof HTMLOptionElement ? o.value : '')),
  );
  return values.filter((v) => v !== 'droptail' && v !== 'red')[1] ?? 'red';
}

async function simTime(page: Page, side: number): Promise<number> {
  return numberAttribute(page.getByTestId(`side-${side}`), 'data-sim-time');
}

/** A value one step away from the slider's current one, inside its range. */
async function neighbourValue(slider: Locator): Promise<number> {
  const attribute = async (name: string) => Number(await slider.getAttribute(name));
  const [min, max, step] = [await attribute('min'), await attribute('max'), await attribute('step')];
  const value = Number(await slider.inputValue());
  const delta = step > 0 ? step : (max - min) / 100; // step="any" reads as NaN
  return value + delta <= max ? value + delta : value - delta;
}

test.describe('disciplines', () => {
  failOnPageErrors();

  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('aqm-select-1')).toBeEnabled();
  });

  test('the discipline menus are labelled and in the tab order', async ({ page }) => {
    const select = page.getByRole('combobox', { name: 'Side 2 discipline' });
    await expect(select).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Side 1 discipline' })).toHaveValue('droptail');
    await expect(select).toHaveValue('red');
    expect(await select.locator('option').count()).toBeGreaterThanOrEqual(2);
    await page.getByTestId('reset').focus();
    // From Reset the tab order crosses the live values, the parameters and the charts before the table.
    for (let i = 0; i < 80 && !(await select.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(select).toBeFocused();
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.waitForTimeout(2000);
    await page.screenshot({ path: 'test-results/aqm-lab-720.png' });
  });

  test('switching side 2 restarts both sides in step and streams its inner signals', async ({ page }) => {
    const select = page.getByTestId('aqm-select-1');
    const target = await pickTarget(select);
    await expect.poll(() => simTime(page, 0)).toBeGreaterThan(15);
    const runs = await Promise.all([0, 1].map((i) => numberAttribute(page.getByTestId(`side-${i}`), 'data-run')));

    await select.selectOption(target);
    await expect(page.getByTestId('discipline-panel-1')).toHaveAttribute('data-aqm', target);
    await expect(page.getByTestId('side-1')).toContainText(target);
    // Both sides started over on the same scenario: the untouched side has a new run too.
    for (const i of [0, 1]) await expect.poll(() => numberAttribute(page.getByTestId(`side-${i}`), 'data-run')).toBeGreaterThan(runs[i] ?? 0);
    await expect(page.getByTestId('side-0')).toHaveAttribute('data-state', 'running');
    await expect(page.getByTestId('discipline-panel-0')).toHaveAttribute('data-aqm', 'droptail');

    const signals = page.getByTestId('signals-1');
    await expect(signals).toHaveAttribute('data-aqm', target);
    const charts = signals.locator('[data-testid^="chart-signal-1-"]');
    const count = await charts.count();
    test.info().annotations.push({ type: 'switched to', description: `${target} (${count} signal charts)` });
    if (count === 0) {
      await expect(signals).toContainText('exposes no inner signals');
    }
    for (let k = 0; k < count; k++) {
      const chart = charts.nth(k);
      await expect.poll(() => numberAttribute(chart, 'data-samples')).toBeGreaterThan(50);
      const seen = await numberAttribute(chart, 'data-samples');
      await expect.poll(() => numberAttribute(chart, 'data-samples')).toBeGreaterThan(seen);
    }
    await expect.poll(() => numberAttribute(page.getByTestId('chart-p'), 'data-samples')).toBeGreaterThan(100);
    await expect(page.locator('[role="alert"]')).toHaveCount(0);

    await page.waitForTimeout(3000); // let the lines grow before the pictures
    await page.screenshot({ path: 'test-results/aqm-lab-switched.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: 'test-results/aqm-lab-switched-720.png' });
    await page.screenshot({ path: 'test-results/aqm-lab-switched-720-full.png', fullPage: true });
  });

  test('a generated slider reaches the core live; an out-of-range value is refused and rolled back', async ({ page }) => {
    const select = page.getByTestId('aqm-select-1');
    const target = await pickTarget(select);
    await select.selectOption(target);
    const panel = page.getByTestId('discipline-panel-1');
    await expect(panel).toHaveAttribute('data-aqm', target);
    const card = page.getByTestId('side-1');
    await expect(card).toHaveAttribute('data-state', 'running');

    const slider = panel.locator('input[type="range"]').first();
    test.skip((await slider.count()) === 0, `${target} has no slider parameters`);
    const id = (await slider.getAttribute('data-testid')) ?? '';
    const readout = page.getByTestId(`${id}-value`);
    await expect(card).toContainText(/live changes\s*0/);
    const initial = await readout.textContent();
    const initialBox = await page.getByTestId(`${id}-number`).inputValue();

    await slider.fill(String(await neighbourValue(slider)));
    await expect(card).toContainText(/live changes\s*1/);
    await expect(page.getByTestId(`${id}-error`)).toHaveCount(0);
    const accepted = await readout.textContent();

    // Past the core's range (the number box's max; the slider stops at the usual values).
    const box = page.getByTestId(`${id}-number`);
    const max = Number(await box.getAttribute('max'));
    const tooBig = max > 0 ? max * 10 + 1 : 1;
    await box.fill(String(tooBig));
    await box.press('Enter');
    // Outside a parameter's usual range the page asks first (Apply), then the core refuses.
    const ask = page.getByTestId(`${id}-confirm`);
    const error = page.getByTestId(`${id}-error`);
    await expect(ask.or(error)).toBeVisible();
    if (await ask.isVisible()) {
      await expect(ask).toContainText('Apply it anyway?');
      await page.getByTestId(`${id}-confirm-apply`).click();
    }
    await expect(error).toBeVisible();
    const label = (await panel.locator(`label[for="${id}"]`).textContent()) ?? '';
    await expect(error).toContainText(`${label} = `); // the label the person sees, not the core's path
    await expect(error).toContainText('refused');
    await expect(readout).toHaveText(accepted ?? '');
    await expect(box).not.toHaveValue(String(tooBig));
    await expect(card).toContainText(/live changes\s*1/);
    await expect(card).toHaveAttribute('data-state', 'running');

    // Reset: the run starts again from the scenario's value, the refusal gone.
    await page.getByTestId('reset').click();
    await expect(card).toContainText(/live changes\s*0/);
    await expect(readout).toHaveText(initial ?? '');
    await expect(error).toHaveCount(0);
    await expect(box).toHaveValue(initialBox);
  });

  test("RED's thresholds refuse to cross, with the reason next to the control", async ({ page }) => {
    const panel = page.getByTestId('discipline-panel-1');
    await expect(panel).toHaveAttribute('data-aqm', 'red');
    const minTh = page.getByTestId('param-1-min_th-value');
    const maxTh = page.getByTestId('param-1-max_th-value');
    const low = Number.parseFloat((await minTh.textContent()) ?? '');
    const maxBefore = (await maxTh.textContent()) ?? '';

    const box = page.getByTestId('param-1-max_th-number');
    await box.fill(String(Math.max(1, low - 1)));
    await box.press('Enter');
    const error = page.getByTestId('param-1-max_th-error');
    await expect(error).toContainText('Maximum threshold = ');
    await expect(error).toContainText('Minimum threshold: must be below');
    await expect(maxTh).toHaveText(maxBefore);
    await panel.screenshot({ path: 'test-results/aqm-lab-refused.png' });
    await expect(page.getByTestId('side-1')).toContainText(/live changes\s*0/);

    // A toggle is a checkbox and is applied live too.
    const gentle = page.getByTestId('param-1-gentle');
    await expect(gentle).toHaveAttribute('type', 'checkbox');
    await gentle.click();
    await expect(page.getByTestId('side-1')).toContainText(/live changes\s*1/);
  });
});
