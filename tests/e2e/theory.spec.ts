import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';
import { pause, pausedAtZero, runTo } from './lab-driver';

// Theory in the page: the fluid model over the queue chart and
// its recomputation after a live change, the panel's Bode plot, margins,
// equilibrium and bounds table, the stability panel in words (verdict,
// margin, the law's region, the formula on request) following a slider
// across the preset's boundary, the MMPP chain over the simulated queue
// distribution of the preset made for it, and the laws typeset by KaTeX
// from the page's own files.

async function openTheory(page: Page): Promise<void> {
  await page.getByTestId('theory-section').locator(':scope > summary').click();
  await expect(page.getByTestId('theory-side-0')).toBeVisible();
}

async function loadPreset(page: Page, id: string, title: string): Promise<void> {
  await page.getByTestId('preset-select').selectOption(id);
  await page.getByTestId('preset-load').click();
  await expect(page.getByText(`Loaded “${title}”.`)).toBeVisible({ timeout: 60_000 });
}

/** Puts the queue chart's crosshair at simulated time `t` (the plot spans the chart less 52 px left, 14 px right). */
async function crosshairAt(page: Page, t: number): Promise<void> {
  const queue = page.getByTestId('chart-queue');
  const box = await queue.boundingBox();
  if (!box) throw new Error('queue chart has no box');
  const [x0, x1] = ((await queue.getAttribute('data-window')) ?? '0,60').split(',').map(Number);
  const plotW = box.width - 52 - 14;
  await page.mouse.move(box.x + 52 + (plotW * (t - (x0 ?? 0))) / ((x1 ?? 60) - (x0 ?? 0)), box.y + box.height / 2);
}

/** The value the crosshair readout gives for one series at time `t`. */
async function readoutAt(page: Page, t: number, series: string): Promise<number> {
  await crosshairAt(page, t);
  const row = page.getByTestId('chart-queue').getByTestId('readout').locator(`.readout-row[data-label="${series}"]`);
  await expect(row).toHaveCount(1);
  return Number(await row.getAttribute('data-value'));
}

test.describe('theory', () => {
  failOnPageErrors();

  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'AQM Lab' })).toBeVisible();
  });

  test('the theory toggle draws each side’s fluid-model queue over its simulated queue', async ({ page }) => {
    const queue = page.getByTestId('chart-queue');
    await expect.poll(() => numberAttribute(queue, 'data-samples')).toBeGreaterThan(200);
    await page.getByTestId('theory-toggle').check();
    await expect(page.getByTestId('theory-status')).toHaveText('dotted: fluid model', { timeout: 30_000 });
    await pause(page);
    // The crosshair readout lists every series the chart draws: each side's
    // packets and, with the toggle on, its fluid model at the same time.
    const [x0] = ((await queue.getAttribute('data-window')) ?? '0,60').split(',').map(Number);
    const now = await numberAttribute(page.getByTestId('side-0'), 'data-sim-time');
    await crosshairAt(page, Math.max((x0 ?? 0) + 1, now - 2));
    const readout = queue.getByTestId('readout');
    await expect(readout).toBeVisible();
    for (const name of ['Drop-tail', 'RED']) {
      const row = readout.locator(`.readout-row[data-label="${name} fluid model"]`);
      await expect(row).toHaveCount(1);
      const value = Number(await row.getAttribute('data-value'));
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(200); // within the buffer
    }
    // Off again: the model's rows go.
    await page.getByTestId('theory-toggle').uncheck();
    await crosshairAt(page, (x0 ?? 0) + 1);
    await expect(readout.locator('.readout-row[data-label$="fluid model"]')).toHaveCount(0);
  });

  test('the overlay is recomputed after a live change: the fluid queue follows the new flow count from its time on', async ({ page }) => {
    await pausedAtZero(page);
    await runTo(page, 30);
    await page.getByTestId('theory-toggle').check();
    await expect(page.getByTestId('theory-status')).toHaveText('dotted: fluid model', { timeout: 30_000 });
    // RED with 50 flows: the model has settled (about 91 packets) by 29 s.
    const before = await readoutAt(page, 29, 'RED fluid model');
    expect(before).toBeGreaterThan(50);
    expect(before).toBeLessThan(120);
    await page.getByTestId('flows-slider').fill('100');
    await expect(page.getByTestId('flows-value')).toHaveText('100');
    await runTo(page, 45);
    // Twice the flows need four times p0: RED's curve meets it higher up (the
    // model swings between about 130 and 180 packets after the change).
    await expect.poll(() => readoutAt(page, 42, 'RED fluid model'), { timeout: 30_000 }).toBeGreaterThan(before + 25);
    await expect(page.getByTestId('theory-status')).toHaveText('dotted: fluid model');
    // Before the change the trajectory is the same as it was.
    expect(await readoutAt(page, 29, 'RED fluid model')).toBeCloseTo(before, 6);
  });

  test('the panel shows each side’s Bode plot, margins, equilibrium and the response-time bounds', async ({ page }) => {
    await openTheory(page);
    const red = page.getByTestId('theory-side-1');
    await expect(red.getByTestId('stability-badge')).not.toHaveAttribute('data-verdict', 'none', { timeout: 30_000 });
    // The open-loop Bode plot: both curves drawn, each a path of the core's 200 points.
    const bode = red.getByTestId('bode-plot');
    await expect(bode).toBeVisible();
    const curves = bode.locator('path.bode-line');
    await expect(curves).toHaveCount(2);
    for (const d of await curves.evaluateAll((paths) => paths.map((p) => p.getAttribute('d') ?? ''))) {
      expect(d.match(/L/g)?.length ?? 0).toBeGreaterThan(100);
    }
    // The default lab's RED: 50 flows put its equilibrium on the ramp, and the
    // margin is said in words; the phase and gain margins sit with the formula.
    await expect(red.getByTestId('stability-region')).toHaveAttribute('data-region', 'ramp');
    await expect(red.getByTestId('stability-margin')).toHaveText(/^[\d.,]+x (inside|past) the rule's bound: /);
    await red.getByTestId('stability-formula').locator('summary').click();
    await expect(red.getByTestId('stability-margins')).toHaveText(/^(Phase margin -?[\d.]+°|No gain crossover).*, (gain margin -?[\d.]+ dB|gain margin unbounded)/);
    // RED's equilibrium: the queue where its curve meets p0, inside the buffer.
    const equilibrium = red.getByTestId('equilibrium');
    await expect(equilibrium).toContainText('W₀ =');
    await expect(equilibrium).toContainText('q₀ =');
    const q0 = await numberAttribute(equilibrium, 'data-q0');
    expect(q0).toBeGreaterThan(0);
    expect(q0).toBeLessThan(200);
    // Drop-tail has no linear analysis, and its equilibrium queue is the buffer.
    await expect(page.getByTestId('theory-side-0').getByTestId('stability-badge')).toHaveAttribute('data-verdict', 'none');
    expect(await numberAttribute(page.getByTestId('theory-side-0').getByTestId('equilibrium'), 'data-q0')).toBe(200);
    // The PI and REM bounds against N, the lab's 50 flows marked.
    const bounds = page.getByTestId('bounds-table');
    await expect(bounds).toBeVisible();
    expect(await bounds.locator('tbody tr').count()).toBeGreaterThan(3);
    await expect(bounds.locator('tbody tr.current')).toHaveAttribute('data-flows', '50');
    await expect(bounds.locator('tbody tr.current td').nth(1)).toHaveText(/^[\d.]+(e-?\d+)? s$|^never$/);
  });

  test('the AAQM preset draws the MMPP chain over each side’s simulated queue distribution', async ({ page }) => {
    await loadPreset(page, 'teach-aaqm-mmpp-chain', "AAQM's queueing model: four MMPP sources");
    await pause(page);
    await openTheory(page);
    for (const i of [0, 1]) {
      const figure = page.getByTestId(`theory-side-${i}`).getByTestId('queue-distribution');
      await expect(figure).toHaveAttribute('data-model', 'mmpp', { timeout: 30_000 });
      // Four MMPP-2 sources: 2^4 = 16 phases; 101 in the system at most (buffer + 1), m = 1: 16 + 101 x 16 states.
      await expect(figure).toHaveAttribute('data-phases', '16');
      await expect(figure).toHaveAttribute('data-states', '1632');
      await expect(figure.getByTestId('queue-distribution-caption')).toContainText('MMPP chain (16 phases, 1632 states)');
      expect((await figure.getByTestId('mmpp-line').getAttribute('d'))?.match(/L/g)?.length ?? 0).toBeGreaterThan(20);
    }
    await runTo(page, 290);
    // Drop-tail: the chain is the simulated system itself (Poisson arrivals
    // within each phase, exponential sizes), so the means agree up to the
    // run's noise: over seeds 1..10 the simulated mean over 20..290 s ranged
    // 21.6..27.9 packets (mean 25.3, sd 2.0) around the chain's 25.4; 20% is 2.5 sd.
    const dropTail = page.getByTestId('theory-side-0').getByTestId('queue-distribution');
    await expect.poll(() => numberAttribute(dropTail, 'data-samples'), { timeout: 30_000 }).toBeGreaterThan(25_000);
    const simulated = await numberAttribute(dropTail, 'data-sim-mean');
    const chain = await numberAttribute(dropTail, 'data-model-mean');
    expect(chain).toBeGreaterThan(20);
    expect(chain).toBeLessThan(30);
    expect(Math.abs(simulated - chain)).toBeLessThan(0.2 * chain);
    // RED's static curve on the instantaneous queue holds it shorter in the chain.
    expect(await numberAttribute(page.getByTestId('theory-side-1').getByTestId('queue-distribution'), 'data-model-mean')).toBeLessThan(chain);
    // Per source: the four classes, the bursty www source losing most; the delays in milliseconds.
    const rows = page.getByTestId('theory-side-0').getByTestId('chain-sources').locator('tbody tr');
    await expect(rows.locator('th')).toHaveText(['video', 'multimedia', 'www', 'ftp', 'all']);
    const loss = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-loss'))));
    expect(Math.max(...loss.slice(0, 4))).toBe(loss[2]);
    await expect(rows.nth(4).locator('td').nth(1)).toHaveText(/^\d+\.\d ms$/);
  });

  test('the stability panel speaks of the gentle ramp, the margin and the rule, and flips with the flows slider', async ({ page }) => {
    await loadPreset(page, 'teach-red-stability', "RED's stability condition, live");
    await openTheory(page);
    const fast = page.getByTestId('theory-side-0');
    const slow = page.getByTestId('theory-side-1');
    // 200 flows: the equilibrium queue (about 199) is above max_th (150), on the
    // gentle ramp, where Hollot et al.'s condition fails for wq 0.002 and holds
    // for an average 200 times slower.
    await expect(fast.getByTestId('stability-badge')).toHaveAttribute('data-verdict', 'unstable', { timeout: 30_000 });
    await expect(fast.getByTestId('stability-badge')).toHaveText('unstable');
    await expect(slow.getByTestId('stability-badge')).toHaveAttribute('data-verdict', 'stable');
    await expect(fast.getByTestId('stability-region')).toHaveAttribute('data-region', 'gentle');
    await expect(fast.getByTestId('stability-region')).toContainText('above max_th (150) on the gentle ramp');
    await expect(fast.getByTestId('stability-margin')).toHaveText(/^3\.4x past the rule's bound: unstable$/);
    await expect(slow.getByTestId('stability-margin')).toHaveText(/^5\.8x inside the rule's bound: stable with room$/);
    await expect(fast.getByTestId('stability-sufficient')).toContainText('may oscillate, not that it must');
    // The formula on request: closed at first, then the rule typeset and its numbers named in words.
    const formula = fast.getByTestId('stability-formula');
    await expect(formula.getByTestId('stability-tex')).toBeHidden();
    await formula.locator('summary').click();
    await expect(formula.getByTestId('stability-tex').locator('.katex-display')).toBeVisible();
    await expect(formula.getByTestId('stability-tex').locator('annotation[encoding="application/x-tex"]')).toContainText(String.raw`\mathrm{max}_{th}`);
    const rows = formula.getByTestId('stability-numbers').locator('th');
    await expect(rows.first()).toHaveText('long-lived TCP flows');
    await expect(formula.getByTestId('stability-numbers')).toContainText('slope of the drop curve there, per packet');
    await expect(formula.getByTestId('stability-numbers')).not.toContainText('C_pps');

    const flows = page.getByTestId('flows-slider');
    // 200 -> 30 flows: below the slow RED's boundary (about 35), on the ramp.
    await flows.fill('30');
    await expect(page.getByTestId('flows-value')).toHaveText('30');
    await expect(slow.getByTestId('stability-badge')).toHaveAttribute('data-verdict', 'unstable', { timeout: 30_000 });
    await expect(slow.getByTestId('stability-region')).toHaveAttribute('data-region', 'ramp');
    await expect(fast.getByTestId('stability-badge')).toHaveAttribute('data-verdict', 'unstable');

    await flows.fill('200');
    await expect(slow.getByTestId('stability-badge')).toHaveAttribute('data-verdict', 'stable', { timeout: 30_000 });
  });


  test('the laws are typeset by KaTeX with its fonts from the page itself, no other host asked', async ({ page, baseURL }) => {
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(`${baseURL}/`) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) elsewhere.push(r.url());
    });
    const fonts: string[] = [];
    page.on('response', (r) => {
      if (/KaTeX_.*\.woff2$/.test(r.url())) fonts.push(`${r.status()} ${r.url()}`);
    });
    await openTheory(page);
    const law = page.getByTestId('theory-side-1').getByTestId('law-tex');
    await expect(law.locator('.katex-display .katex-html')).toBeVisible();
    await expect(law.locator('annotation[encoding="application/x-tex"]')).toHaveText(/w_q/);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true);
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) expect(f).toMatch(/^200 /);
    // The live value of RED's average queue is a number, not a dash.
    await expect(page.getByTestId('theory-side-1').getByTestId('law-values')).toContainText(/\d/);
    expect(elsewhere).toEqual([]);
  });
});
