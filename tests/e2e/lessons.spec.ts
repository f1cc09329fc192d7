import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';

// A student takes the bufferbloat lesson from the first step to the last:
// a sketched prediction (pointer and keyboard), the run, the explanation and
// its feedback, every step; the answers saved as a file, the browser's store
// cleared, the file loaded back; the sketch drawn on the chart under the run.

interface LessonFile {
  steps: { title: string; predict?: { kind: string; chart?: string }; run?: { until_s: number }; explain?: unknown }[];
}
const lesson = JSON.parse(readFileSync(new URL('../../public/lessons/bufferbloat.json', import.meta.url), 'utf8')) as LessonFile;

const player = (page: Page) => page.getByTestId('lesson-player');

async function stepReady(page: Page, n: number): Promise<void> {
  await expect(page.getByTestId('lesson-step')).toContainText(`Step ${n} of ${lesson.steps.length}`);
  await expect(page.getByTestId('lesson-status')).toHaveText(`Step ${n} is ready.`, { timeout: 60_000 });
}

/** Draws a rising curve: a pointer drag across the pad, then the keyboard lifts the last point. */
async function sketch(page: Page): Promise<void> {
  const pad = page.getByTestId('sketch-pad');
  const box = await pad.locator('svg').boundingBox();
  if (!box) throw new Error('no sketch pad');
  await page.mouse.move(box.x + box.width * 0.14, box.y + box.height * 0.8);
  await page.mouse.down();
  for (let f = 0.14; f <= 0.98; f += 0.04) await page.mouse.move(box.x + box.width * f, box.y + box.height * (0.8 - 0.6 * f));
  await page.mouse.up();
  await pad.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(pad).toHaveAttribute('aria-valuetext', /point 13 of 13/);
}

async function predict(page: Page, kind: string): Promise<void> {
  const form = page.getByTestId('prediction');
  if (kind === 'sketch') await sketch(page);
  if (kind === 'choice') await form.getByRole('radio').first().check();
  if (kind === 'number') {
    await page.getByTestId('prediction-number').fill('5');
    await form.getByRole('button', { name: 'Keep' }).click();
    await expect(form).toContainText('Kept: 5');
  }
}

test.describe('the bufferbloat lesson', () => {
  failOnPageErrors();

  test('a student completes it end to end, saves the answers and loads them back', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto('/?lesson=bufferbloat');
    await expect(player(page)).toBeVisible();
    for (const [i, step] of lesson.steps.entries()) {
      await stepReady(page, i + 1);
      if (step.run) {
        // Predict, then observe: the run and the lab's own run controls are locked until the prediction is in.
        if (step.predict) {
          await expect(page.getByTestId('lesson-run')).toBeDisabled();
          await expect(page.getByTestId('play-pause')).toBeDisabled();
          await predict(page, step.predict.kind);
        }
        await page.getByTestId('lesson-run').click();
        await expect(page.getByTestId('lesson-status')).toHaveText(`The run reached ${step.run.until_s} s and paused.`, { timeout: 120_000 });
        await expect(page.getByTestId('play-pause')).toBeEnabled();
        if (step.predict) await expect(page.getByTestId('prediction-feedback')).toBeVisible();
        if (step.predict?.kind === 'sketch') {
          // The sketch is on its chart beside the run's lines: the chart's export names it.
          const download = page.waitForEvent('download');
          await page.getByTestId(`export-svg-${step.predict.chart}`).click();
          const svg = readFileSync(await (await download).path(), 'utf8');
          expect(svg).toContain('Your prediction');
        }
      }
      if (step.explain) {
        await page.getByTestId('explain-text').fill(`Step ${i + 1}: the queue holds packets that wait.`);
        await page.getByTestId('explain-submit').click();
        await expect(page.getByTestId('explain-feedback')).toBeVisible();
      }
      if (i < lesson.steps.length - 1) await page.getByTestId('lesson-next').click();
    }
    await expect(page.getByTestId('lesson-next')).toBeDisabled();

    const download = page.waitForEvent('download');
    await page.getByTestId('answers-save').click();
    const file = await (await download).path();
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { lesson: string; answers: { prediction?: { sketch?: number[] }; explanation?: string; ran?: boolean }[] };
    expect(saved.lesson).toBe('bufferbloat');
    expect(saved.answers).toHaveLength(lesson.steps.length);
    const sketched = saved.answers.find((a) => a.prediction?.sketch)?.prediction?.sketch ?? [];
    expect(sketched).toHaveLength(13);
    expect(sketched[12]).toBeGreaterThan(sketched[1] ?? 0); // the curve rises, as drawn
    expect(saved.answers.filter((a) => a.explanation?.startsWith('Step ')).length).toBe(lesson.steps.filter((s) => s.explain).length);

    // A fresh start: the browser's store cleared, the lesson opened again at its first step.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/?lesson=bufferbloat');
    await stepReady(page, 1);
    await expect(page.getByTestId('explain')).toHaveCount(lesson.steps[0]?.run ? 0 : 1);
    await page.getByTestId('answers-file').setInputFiles(file);
    await expect(page.getByTestId('answers-status')).toHaveText(/^Answers loaded from /);
    // The file brought the student back to the last step, with its answers.
    await stepReady(page, lesson.steps.length);
    const lastExplained = lesson.steps.length - 1 - [...lesson.steps].reverse().findIndex((s) => s.explain);
    if (lastExplained === lesson.steps.length - 1) await expect(page.getByTestId('explain-text')).toHaveValue(`Step ${lesson.steps.length}: the queue holds packets that wait.`);
    await page.getByTestId('lesson-back').click();
    await stepReady(page, lesson.steps.length - 1);

    // The worksheet on paper: every step's questions with the student's answers, and nothing of the page.
    await page.evaluate(() => document.body.classList.add('printing-worksheet'));
    await page.emulateMedia({ media: 'print' });
    const sheet = page.getByTestId('worksheet');
    await expect(sheet).toBeVisible();
    await expect(sheet.locator('h2')).toHaveCount(lesson.steps.length);
    for (let i = 0; i < lesson.steps.length; i++) if (lesson.steps[i]?.explain) await expect(sheet).toContainText(`Step ${i + 1}: the queue holds packets that wait.`);
    await expect(page.getByTestId('lesson-player')).toBeHidden();
    await expect(page.getByTestId('metric-delay')).toBeHidden();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no violation in lesson mode, ${theme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/?lesson=bufferbloat');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await stepReady(page, 1);
      await expect.poll(() => numberAttribute(page.getByTestId('side-0'), 'data-samples')).toBeGreaterThanOrEqual(0);
      const results = await new AxeBuilder({ page }).analyze();
      const found = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(found).toEqual([]);
    });
  }

  test('the player fits a 1280x720 projector and a phone beside or above the charts, never over them', async ({ page }) => {
    for (const viewport of [{ width: 1280, height: 720 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.goto('/?lesson=bufferbloat');
      await stepReady(page, 1);
      const p = await player(page).boundingBox();
      const chart = await page.getByTestId('metric-delay').boundingBox();
      if (!p || !chart) throw new Error('no player or chart');
      const overlaps = p.x < chart.x + chart.width && chart.x < p.x + p.width && p.y < chart.y + chart.height && chart.y < p.y + p.height;
      expect(overlaps, `${viewport.width}x${viewport.height}`).toBe(false);
      expect(p.x + p.width, 'no sideways overflow').toBeLessThanOrEqual(viewport.width);
      if (viewport.width === 1280) expect(chart.y, 'the delay chart starts on the first screen').toBeLessThan(720);
    }
  });
});
