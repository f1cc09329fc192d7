import { expect, test, type Page } from '@playwright/test';
import { collectErrors, failOnPageErrors, numberAttribute } from './helpers';
import { serveFakeWorker } from './fakes/fake-workers';

// The control half against the real wasm core: sides added, duplicated,
// tuned and removed; a scenario value changed live; run-to-time; and a
// side whose core traps (a fake simulation worker, tests/e2e/fakes/).

const side = (page: Page, i: number) => page.getByTestId(`side-${i}`);

async function meanOver(page: Page, i: number, attribute: string, readings = 6): Promise<number> {
  let sum = 0;
  for (let k = 0; k < readings; k++) {
    await page.waitForTimeout(250);
    sum += await numberAttribute(side(page, i), attribute);
  }
  return sum / readings;
}

test.describe('sides and scenario', () => {
  failOnPageErrors();

  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('add-side')).toBeEnabled();
  });

  test('add a side, duplicate RED and tune the copy, rename it, remove a side', async ({ page }) => {
    await page.getByTestId('add-side-aqm').selectOption('red');
    await page.getByTestId('add-side').click();
    await expect(page.getByTestId('side-count')).toHaveText('3 of 6 sides');
    await expect(side(page, 2)).toHaveAttribute('data-state', 'running');
    await expect(side(page, 2)).toContainText('RED');

    await page.getByTestId('duplicate-1').click();
    await expect(page.getByTestId('side-count')).toHaveText('4 of 6 sides');
    await expect(side(page, 3)).toContainText('RED (copy)');
    for (const i of [0, 1, 2, 3]) {
      await expect.poll(() => numberAttribute(side(page, i), 'data-samples')).toBeGreaterThan(50);
    }
    // The four sides restarted together and run the same traffic at the same pace.
    const times = await Promise.all([0, 1, 2, 3].map((i) => numberAttribute(side(page, i), 'data-sim-time')));
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(3);

    const copyMaxP = page.getByTestId('param-3-max_p');
    await copyMaxP.fill('0.5');
    await expect(page.getByTestId('param-3-max_p-value')).toHaveText('0.5');
    await expect(side(page, 3)).toContainText(/live changes\s*1/);
    await expect(side(page, 1)).toContainText(/live changes\s*0/);

    const name = page.getByTestId('side-name-3');
    await name.fill('RED, max_p 0.5');
    await name.press('Enter');
    await expect(side(page, 3).locator('span.side-name')).toContainText('RED, max_p 0.5');
    await expect(side(page, 3)).toContainText(/live changes\s*1/); // a rename does not restart

    await page.getByTestId('remove-0').click();
    await expect(page.getByTestId('side-count')).toHaveText('3 of 6 sides');
    await expect(side(page, 0)).toContainText('RED');
    await expect(side(page, 2).locator('span.side-name')).toContainText('RED, max_p 0.5');
    await expect(page.getByTestId('side-3')).toHaveCount(0);
    await expect(side(page, 2)).toHaveAttribute('data-state', 'running');
    await expect(page.getByTestId('add-side')).toBeEnabled();
    await page.screenshot({ path: 'test-results/aqm-lab-sides.png', fullPage: true });
  });

  test('a capacity change acts live on every side and shows in the delay', async ({ page }) => {
    await expect.poll(() => numberAttribute(side(page, 0), 'data-sim-time')).toBeGreaterThan(15);
    const before = await meanOver(page, 0, 'data-mean-delay');
    const samplesBefore = await numberAttribute(side(page, 0), 'data-samples');
    const box = page.getByTestId('capacity-number');
    await box.fill('2');
    await box.press('Enter');
    await expect(page.getByTestId('capacity-value')).toHaveText('2 Mb/s');
    await expect(page.getByTestId('event-marks')).toContainText('capacity 10 -> 2 Mb/s');
    for (const i of [0, 1]) await expect(side(page, i)).toContainText(/live changes\s*1/);
    await page.waitForTimeout(4000);
    const after = await meanOver(page, 0, 'data-mean-delay');
    console.log(`drop-tail mean delay, 10 -> 2 Mb/s: ${before.toFixed(1)} -> ${after.toFixed(1)} ms`);
    // A full 200-packet buffer drains 5x slower: 80 ms becomes about 400 ms.
    expect(after).toBeGreaterThan(before * 3);
    // Live: no restart, the side kept its samples.
    expect(await numberAttribute(side(page, 0), 'data-samples')).toBeGreaterThan(samplesBefore);
  });

  test('run to a time pauses every side exactly there, and step moves one sample', async ({ page }) => {
    await page.getByTestId('add-side').click();
    await expect(side(page, 2)).toHaveAttribute('data-state', 'running');
    await expect.poll(() => numberAttribute(side(page, 0), 'data-sim-time')).toBeGreaterThan(1);
    const now = await numberAttribute(side(page, 0), 'data-sim-time');
    const target = Math.ceil(now) + 20;
    await page.getByTestId('run-to-time').fill(String(target));
    await page.getByTestId('run-to').click();
    for (const i of [0, 1, 2]) {
      await expect(side(page, i)).toHaveAttribute('data-state', 'paused');
      await expect.poll(() => numberAttribute(side(page, i), 'data-sim-time')).toBe(target);
    }
    await page.waitForTimeout(1000);
    expect(await numberAttribute(side(page, 1), 'data-sim-time')).toBe(target);
    await page.getByTestId('step').click();
    for (const i of [0, 1, 2]) {
      await expect.poll(() => numberAttribute(side(page, i), 'data-sim-time')).toBeCloseTo(target + 0.01, 9);
    }
    await page.getByTestId('run-to-time').fill('1');
    await page.getByTestId('run-to').click();
    await expect(page.getByTestId('run-to-error')).toContainText('past 1 s');
  });

  test('the restart block rewrites the scenario, and a refusal names the field and leaves the run alone', async ({ page }) => {
    await expect.poll(() => numberAttribute(side(page, 0), 'data-sim-time')).toBeGreaterThan(5);
    await page.getByTestId('restart-bufferPkts').fill('0');
    await page.getByTestId('apply-restart').click();
    // The refusal names the field by the label the person sees, not the core's path.
    await expect(page.getByTestId('restart-error')).toContainText('Buffer');
    await expect(page.getByTestId('restart-error')).not.toContainText('bottleneck.');
    expect(await numberAttribute(side(page, 0), 'data-sim-time')).toBeGreaterThan(5);
    const run = await numberAttribute(side(page, 0), 'data-run');
    await page.getByTestId('restart-bufferPkts').fill('50');
    await page.getByTestId('apply-restart').click();
    await expect(page.getByTestId('restart-error')).toHaveCount(0);
    // The new run is told by its count; its time alone could pass 5 s between two polls on a busy machine.
    await expect.poll(() => numberAttribute(side(page, 0), 'data-run')).toBeGreaterThan(run);
    await page.waitForTimeout(3000);
    expect(await meanOver(page, 0, 'data-mean-queue')).toBeLessThanOrEqual(50);
  });
});

test('a crashed side shows its error and restarts while the others keep running', async ({ page }) => {
  const errors = collectErrors(page);
  await serveFakeWorker(page, 'sim', 'crash-sim'); // side 1's first run traps after 40 batches
  await page.goto('/');
  await expect(page.getByTestId('side-error-1')).toContainText('test crash');
  await expect(side(page, 1)).toHaveAttribute('data-state', 'stopped');
  const survivor = await numberAttribute(side(page, 0), 'data-samples');
  await expect.poll(() => numberAttribute(side(page, 0), 'data-samples')).toBeGreaterThan(survivor);
  await expect(side(page, 0)).toHaveAttribute('data-state', 'running');

  await page.waitForTimeout(3000); // let the survivor get well ahead
  const samplesBefore = await numberAttribute(side(page, 0), 'data-samples');
  await page.getByTestId('restart-side-1').click();
  await expect(page.getByTestId('side-error-1')).toHaveCount(0);
  await expect(side(page, 1)).toHaveAttribute('data-state', 'running');
  // Caught up: the restarted side runs level with the survivor, which never restarted.
  await expect
    .poll(async () => Math.abs((await numberAttribute(side(page, 0), 'data-sim-time')) - (await numberAttribute(side(page, 1), 'data-sim-time'))))
    .toBeLessThan(4);
  expect(await numberAttribute(side(page, 0), 'data-samples')).toBeGreaterThan(samplesBefore);
  expect(errors.filter((e) => !e.includes('test crash'))).toEqual([]);
});
