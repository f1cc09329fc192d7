import { expect, test, type Locator, type Page } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';
import { side } from './lab-driver';

// A teacher link opens the same for every student: the chosen controls
// hidden or locked (no mouse, keyboard or typed value changes a locked one),
// the chosen charts hidden, and optionally a lesson fixed to a step.

/**
 * Tries every way to change a control: a click and a drag, the keyboard, a
 * typed value. A disabled control takes no focus, so the keyboard cannot
 * reach it: that is what is checked, and no key is pressed while the focus is
 * elsewhere (End and PageUp on the page scroll it, smoothly, and a click made
 * during that scroll lands on whatever control passes under the pointer).
 */
async function tryToChange(page: Page, slider: Locator, box: Locator): Promise<void> {
  const b = await slider.boundingBox();
  if (!b) throw new Error('no slider');
  await page.mouse.click(b.x + b.width * 0.9, b.y + b.height / 2);
  await page.mouse.move(b.x + b.width * 0.1, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width * 0.95, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  for (const control of [slider, box]) {
    await control.focus().catch(() => undefined);
    await expect(control).not.toBeFocused();
  }
  await box.click({ force: true });
  await expect(box).not.toBeFocused();
  await page.keyboard.type('42');
  await page.keyboard.press('Enter');
}

test.describe('teacher links', () => {
  failOnPageErrors();
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a link made by the teacher hides and locks the chosen parts for a student, and none can be changed', async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    // The teacher: a RED side beside drop-tail, then the teacher link maker.
    await page.goto('/');
    await expect(page.getByTestId('add-side')).toBeEnabled();
    await page.getByTestId('aqm-select-0').selectOption('red');
    await expect(page.getByTestId('param-0-max_th')).toBeVisible();
    await page.getByTestId('teacher-link').locator('summary').click();
    await page.getByTestId('teach-control-flows').selectOption('locked');
    await page.getByTestId('teach-control-param:max_th').selectOption('locked');
    await page.getByTestId('teach-control-presets').selectOption('hidden');
    await page.getByTestId('teach-control-capacity').selectOption('hidden');
    await page.getByTestId('teach-chart-queue').check();
    await page.getByTestId('teach-create').click();
    await expect(page.getByTestId('teach-status')).toHaveText('Teacher link copied.');
    const link = await page.getByTestId('teach-link-field').inputValue();
    expect(link).toMatch(/#v3\./);

    // A student, in a browser of their own.
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 1000 } });
    const student = await context.newPage();
    await student.goto(link);
    await expect(student.getByTestId('discipline-panel-0')).toHaveAttribute('data-aqm', 'red');
    // Hidden: the queue chart, the preset menu, the capacity control. Shown: the rest.
    await expect(student.getByTestId('metric-delay')).toBeVisible();
    await expect(student.getByTestId('metric-queue')).toHaveCount(0);
    await expect(student.getByTestId('preset-select')).toHaveCount(0);
    await expect(student.getByTestId('capacity-field')).toHaveCount(0);
    await expect(student.getByTestId('delay-field')).toBeVisible();

    // Locked: seen, disabled, and unchanged by mouse, keyboard and typing.
    const flows = student.getByTestId('flows-slider');
    const flowsBox = student.getByTestId('flows-number');
    const maxTh = student.getByTestId('param-0-max_th');
    const maxThBox = student.getByTestId('param-0-max_th-number');
    for (const control of [flows, flowsBox, maxTh, maxThBox]) await expect(control).toBeDisabled();
    const before = { flows: await flows.inputValue(), maxTh: await maxTh.inputValue(), flowsShown: await student.getByTestId('flows-value').textContent() };
    await tryToChange(student, flows, flowsBox);
    await tryToChange(student, maxTh, maxThBox);
    expect({ flows: await flows.inputValue(), maxTh: await maxTh.inputValue(), flowsShown: await student.getByTestId('flows-value').textContent() }).toEqual(before);
    // Nor did the run change: no live change reached the simulation.
    await expect.poll(() => numberAttribute(side(student, 0), 'data-samples')).toBeGreaterThan(0);
    // (Any change the timeline holds is named on failure.)
    await expect(student.getByTestId('change')).toHaveText([]);
    await expect(student.getByTestId('event-marks')).toHaveCount(0);
    await expect(student.getByTestId('locked-flows')).toBeVisible();
    await expect(student.getByText(/^Controls in a dashed frame are locked for this activity/)).toBeVisible();
    await context.close();
  });

  test('a link can open a lesson fixed to one step', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('add-side')).toBeEnabled();
    await page.getByTestId('teacher-link').locator('summary').click();
    await page.getByTestId('teach-lesson').selectOption('bufferbloat');
    await page.getByTestId('teach-step').fill('3');
    await page.getByTestId('teach-create').click();
    const link = await page.getByTestId('teach-link-field').inputValue();
    await page.goto('about:blank');
    await page.goto(link);
    await expect(page.getByTestId('lesson-step')).toContainText('Step 3 of');
    await expect(page.getByTestId('lesson-status')).toHaveText('Step 3 is ready.', { timeout: 60_000 });
    await expect(page.getByTestId('lesson-next')).toHaveCount(0);
    await expect(page.getByTestId('lesson-back')).toHaveCount(0);
  });
});
