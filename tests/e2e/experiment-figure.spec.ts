import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { collectErrors } from './helpers';
import { download, fillFlowSweep, parseCsv } from './lab-driver';

// A sweep's plot as a figure to publish, in Chromium against the real core:
// axis labels and a factor in the paper's terms, log axes, exported as SVG
// that stands alone (styles inlined, title, description and metadata with
// the seed count) and as PNG (twice the size, the same text in tEXt chunks);
// files made before every run ended are named partial, and nothing is
// exported before a run has ended.

/** The tEXt chunks of a PNG file and its pixel size (IHDR). */
function readPng(path: string): { width: number; height: number; text: Record<string, string> } {
  const png = readFileSync(path);
  expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const text: Record<string, string> = {};
  for (let at = 8; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'tEXt') {
      const body = png.subarray(at + 8, at + 8 + length);
      const nul = body.indexOf(0);
      text[body.toString('latin1', 0, nul)] = body.toString('latin1', nul + 1);
    }
    at += 12 + length;
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), text };
}

test.describe('experiment figures', () => {
  test('labels, a factor and log axes in the paper\'s terms, exported as standalone SVG and PNG with their metadata', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = collectErrors(page);
    await page.goto('/');
    await fillFlowSweep(page, { values: '20, 40', duration: 30, seeds: 2, workers: 2 });
    await page.getByTestId('experiment-run').click();
    await expect(page.getByTestId('experiment-finished')).toContainText('Finished', { timeout: 120_000 });

    await page.getByTestId('figure-options').locator('summary').click();
    await page.getByTestId('figure-xLabel').fill('N (flows in total)');
    await page.getByTestId('figure-xScale').fill('0');
    await expect(page.getByTestId('figure-options').getByRole('alert')).toHaveText('x axis factor: a number above 0 (1 draws the values as swept)');
    await page.getByTestId('figure-xScale').fill('5');
    await expect(page.getByTestId('figure-options').getByRole('alert')).toHaveCount(0);
    await page.getByTestId('figure-yLabel').fill('mean queue (packets)');
    await page.getByTestId('figure-logY').check();

    const plot = page.getByTestId('experiment-plot');
    // Points sit at five times the swept count; the axis says so in the person's words.
    expect(await page.getByTestId('experiment-point').evaluateAll((ps) => [...new Set(ps.map((p) => p.getAttribute('data-x')))].sort())).toEqual(['100', '200']);
    await expect(plot.locator('.axis-label')).toHaveText(['N (flows in total)', 'mean queue (packets)']);

    const svgFile = await download(page, 'experiment-svg');
    expect(svgFile.name).toBe('aqmlab-experiment-4runs.svg');
    const svg = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const root = doc.documentElement;
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        width: root.getAttribute('width'),
        title: doc.querySelector('title')?.textContent ?? '',
        desc: doc.querySelector('desc')?.textContent ?? '',
        meta: JSON.parse(doc.querySelector('metadata')?.textContent ?? '{}') as Record<string, unknown>,
        points: [...doc.querySelectorAll('circle')].map((c) => c.getAttribute('data-x')),
        classes: doc.querySelectorAll('[class]').length,
        cssVariables: /var\(--/.test(text),
        labels: [...doc.querySelectorAll('text')].map((t) => t.textContent),
      };
    }, svgFile.text);
    expect(svg.error).toBeNull();
    expect(svg.width).toBe('620');
    expect(svg.title).toBe('mean queue (packets) against N (flows in total)');
    expect(svg.desc).toContain('mean over 2 seeds at each point with its 95% Student t interval; 4 of 4 runs;');
    expect(svg.meta).toMatchObject({ x: 'groups[0].count', x_scale: 5, x_label: 'N (flows in total)', y: 'mean_queue_pkts', log_y: true, seeds: 2, runs: { done: 4, total: 4, complete: true } });
    expect((svg.meta.sweep as { seeds?: unknown }).seeds).toBeDefined();
    expect(svg.points.length).toBe(await page.getByTestId('experiment-point').count());
    expect(new Set(svg.points)).toEqual(new Set(['100', '200']));
    // It stands alone: no class left for a stylesheet it does not carry, no page variable.
    expect(svg.classes).toBe(0);
    expect(svg.cssVariables).toBe(false);
    expect(svg.labels).toContain('N (flows in total)');

    const pngFile = await download(page, 'experiment-png');
    expect(pngFile.name).toBe('aqmlab-experiment-4runs.png');
    const png = readPng(pngFile.path);
    expect([png.width, png.height]).toEqual([1240, 640]);
    expect(png.text.Title).toBe(svg.title);
    expect(png.text.Description).toBe(svg.desc);
    expect(JSON.parse(png.text.aqmlab ?? '{}')).toMatchObject({ seeds: 2, x_scale: 5 });
    expect(errors).toEqual([]);
  });

  test('before the first run ends nothing exports; while runs go on, files say partial and how many they hold', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    // Runs of 1,000 s: the first takes seconds, so the page is seen before it ends.
    await fillFlowSweep(page, { values: '10, 20, 30, 40, 50, 60, 70, 80', duration: 1000, seeds: 1, workers: 1 });
    await page.getByTestId('experiment-run').click();
    const note = page.getByTestId('experiment-partial-note');
    await expect(page.getByTestId('experiment-csv')).toBeDisabled();
    await expect(page.getByTestId('experiment-svg')).toBeDisabled();
    await expect(note).toHaveText('No run has ended yet: nothing to export.');
    await expect(note).toContainText('Exports now hold', { timeout: 60_000 });
    await page.getByTestId('experiment-cancel').click();
    await expect(page.getByTestId('experiment-finished')).toContainText('Cancelled');
    const done = Number(/hold (\d+) of 8 runs/.exec((await note.textContent()) ?? '')?.[1]);
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(8);
    const csv = await download(page, 'experiment-csv');
    expect(csv.name).toBe(`aqmlab-experiment-partial-${done}of8runs.csv`);
    // One row per side of each finished point (the default lab has two sides).
    expect(parseCsv(csv.text).rows.length).toBe(2 * done);
    expect((await download(page, 'experiment-svg')).name).toBe(`aqmlab-experiment-partial-${done}of8runs.svg`);
  });
});
