import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, freshPage, numberAttribute } from './helpers';
import {
  download,
  firstDifference,
  exportedScenario,
  fragmentOf,
  isRecord,
  jsonObject,
  parseCsv,
  pause,
  pausedAtZero,
  runTo,
  settledFigures,
  side,
  sideRows,
} from './lab-driver';

// The sharing half against the real wasm core: every preset loads and runs; a
// copied link replays the run with the same numbers in another browser; a
// live move changes the run from its time on and nothing before; the JSON and
// CSV exports hold what they should and JSON loads back; broken and hostile
// links show a message and never run anything of theirs but data.

const presetDir = 'public/presets';
const sampleS = 0.01; // the default scenario's sample interval

interface PresetIndexEntry {
  id: string;
  title: string;
  sides: number;
}

function presetIndex(): PresetIndexEntry[] {
  const index = jsonObject(readFileSync(`${presetDir}/index.json`, 'utf8'));
  const presets = index.presets;
  if (!Array.isArray(presets)) throw new Error('index.json: presets is not an array');
  return presets.map((p: unknown) => {
    if (!isRecord(p) || typeof p.id !== 'string' || typeof p.title !== 'string' || typeof p.sides !== 'number') throw new Error('index.json: bad entry');
    return { id: p.id, title: p.title, sides: p.sides };
  });
}

function sideNamesOf(scenario: Record<string, unknown>): string[] {
  const sides = scenario.sides;
  if (!Array.isArray(sides)) throw new Error('scenario without sides');
  return sides.map((s: unknown) => (isRecord(s) && typeof s.name === 'string' ? s.name : ''));
}

/** Moves the flows slider and waits until every side's core took the change (paused or not). */
async function setFlows(page: Page, count: number): Promise<void> {
  const n = await sideRows(page).count();
  const applied = await Promise.all(Array.from({ length: n }, (_, i) => side(page, i).locator('.now', { hasText: 'live changes' }).textContent()));
  await page.getByTestId('flows-slider').fill(String(count));
  await expect(page.getByTestId('flows-value')).toHaveText(String(count));
  for (let i = 0; i < n; i++) {
    const before = Number(/\d+/.exec(applied[i] ?? '')?.[0] ?? NaN);
    await expect(side(page, i)).toContainText(`live changes ${before + 1}`);
  }
}

test.describe('presets', () => {
  // Every preset, not a subset: each is a separate scenario file that can go
  // stale on its own (a renamed parameter, a side too many), and loading one
  // costs ~2 s here, since only its first samples are waited for.
  test('every preset in the index loads from the menu and runs on every side', async ({ page }) => {
    test.setTimeout(300_000);
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(page.getByTestId('add-side')).toBeEnabled();
    const presets = presetIndex();
    expect(presets.length).toBeGreaterThan(0);
    for (const preset of presets) {
      const names = sideNamesOf(jsonObject(readFileSync(`${presetDir}/${preset.id}.json`, 'utf8')));
      expect(names.length, preset.id).toBe(preset.sides);
      await page.getByTestId('preset-select').selectOption(preset.id);
      await expect(page.getByTestId('preset-description')).toContainText(`${preset.sides} sides`);
      await page.getByTestId('preset-load').click();
      await expect(page.getByText(`Loaded “${preset.title}”.`)).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('preset-error')).toHaveCount(0);
      await expect(page.getByTestId('side-count')).toHaveText(`${preset.sides} of 6 sides`);
      expect(await sideRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')))).toEqual(names);
      for (let i = 0; i < preset.sides; i++) {
        await expect.poll(() => numberAttribute(side(page, i), 'data-samples'), { message: `${preset.id} side ${i}` }).toBeGreaterThan(20);
        await expect(side(page, i)).toHaveAttribute('data-state', 'running');
        await expect(page.getByTestId(`side-error-${i}`)).toHaveCount(0);
      }
      expect(page.url(), 'a preset clears the old link').not.toContain('#');
    }
    expect(errors).toEqual([]);
  });
});

test.describe('links', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a copied link replays the run with the same numbers and layout in a new browser context', async ({ page, browser }) => {
    test.setTimeout(180_000);
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(page.getByTestId('add-side')).toBeEnabled();
    await expect.poll(() => numberAttribute(side(page, 0), 'data-samples')).toBeGreaterThan(100);
    // A live change at whatever time the run has reached, and the other layout.
    await setFlows(page, 80);
    await pause(page);
    await page.getByTestId('layout-multiples').check();
    await page.getByTestId('copy-link').click();
    await expect(page.getByTestId('share-status')).toContainText('Link copied');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toBe(page.url()); // the address bar carries the same link
    expect(new URL(url).hash).toMatch(/^#v3\.[A-Za-z0-9_-]+$/);

    const now = Math.max(...(await sideRows(page).evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-sim-time'))))));
    const target = Math.ceil(now) + 10;
    await runTo(page, target);
    const original = await settledFigures(page);
    const originalCsv = parseCsv((await download(page, 'export-csv')).text);

    const other = await freshPage(browser);
    try {
      await other.page.goto(url);
      await expect(other.page.getByTestId('link-banner')).toHaveCount(0);
      await expect(other.page.getByTestId('layout-multiples')).toBeChecked();
      await expect(other.page.getByTestId('metric-queue')).toHaveAttribute('data-layout', 'multiples');
      await expect(other.page.getByTestId('event-marks')).toContainText('flows 50 -> 80');
      await expect(other.page.getByTestId('add-side')).toBeEnabled();
      await runTo(other.page, target);
      const replayed = await settledFigures(other.page);
      expect(replayed).toEqual(original);
      expect(original[0]?.cells.meanQueuePkts).toMatch(/\d/); // numbers, not dashes
      const replayedCsv = parseCsv((await download(other.page, 'export-csv')).text);
      expect(replayedCsv.header).toEqual(originalCsv.header);
      // The same scenario, live change included, in both files' comment lines.
      expect(replayedCsv.comments).toEqual(originalCsv.comments);
      expect(replayedCsv.rows.length).toBe(Math.round(target / sampleS));
      expect(firstDifference(replayedCsv.rows, originalCsv.rows)).toBe(-1);
      expect(other.errors).toEqual([]);
    } finally {
      await other.close();
    }
    expect(errors).toEqual([]);
  });
});

test('a slider move changes the run from its time on and leaves everything before it alone', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  const t1 = 10;
  const t2 = 20;
  await page.goto('/');
  await pausedAtZero(page);
  await runTo(page, t1);
  await setFlows(page, 150);
  await runTo(page, t2);
  const moved = parseCsv((await download(page, 'export-csv')).text);

  const other = await freshPage(browser);
  try {
    await other.page.goto('/');
    await pausedAtZero(other.page);
    await runTo(other.page, t2);
    const untouched = parseCsv((await download(other.page, 'export-csv')).text);
    expect(moved.header).toEqual(untouched.header);
    expect(moved.rows.length).toBe(Math.round(t2 / sampleS));
    expect(untouched.rows.length).toBe(moved.rows.length);
    const time = (row: string[] | undefined) => Number(row?.[0]);
    const before = moved.rows.filter((r) => time(r) <= t1 + 1e-9);
    expect(before.length).toBe(Math.round(t1 / sampleS));
    expect(firstDifference(before, untouched.rows.slice(0, before.length))).toBe(-1);
    // After t1 the runs part: the flow columns at once, the queue soon after.
    const flows = moved.header.indexOf('Drop-tail.flows');
    const queue = moved.header.indexOf('RED.queue_pkts');
    expect(flows).toBeGreaterThan(0);
    expect(queue).toBeGreaterThan(0);
    const after = moved.rows.slice(before.length);
    expect(after.every((r) => r[flows] === '150')).toBe(true);
    expect(untouched.rows.slice(before.length).every((r) => r[flows] === '50')).toBe(true);
    const differing = after.filter((r, k) => r[queue] !== untouched.rows[before.length + k]?.[queue]).length;
    expect(differing).toBeGreaterThan(after.length / 2);
    expect(other.errors).toEqual([]);
  } finally {
    await other.close();
  }
  expect(errors).toEqual([]);
});

test.describe('exports', () => {
  test('the JSON export holds the live change and loads back; the CSV has its header lines and a column per side and metric', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await pausedAtZero(page);
    await runTo(page, 5);
    await setFlows(page, 80);
    await runTo(page, 8);

    const json = await download(page, 'export-json');
    expect(json.name).toMatch(/^aqmlab-scenario-seed\d+\.json$/);
    const scenario = jsonObject(json.text);
    expect(sideNamesOf(scenario)).toEqual(['Drop-tail', 'RED']);
    expect(scenario.events).toContainEqual({ at_s: 5, kind: 'set_flows', group: 0, count: 80 });

    const csvFile = await download(page, 'export-csv');
    expect(csvFile.name).toMatch(/^aqmlab-series-seed\d+\.csv$/);
    const csv = parseCsv(csvFile.text);
    expect(csv.comments[0]).toBe('# AQM Lab metric series');
    expect(csv.comments[1]).toBe(`# seed: ${String(scenario.seed)}`);
    expect(csv.comments[2]?.startsWith('# scenario: ')).toBe(true);
    expect(JSON.parse(csv.comments[2]?.slice('# scenario: '.length) ?? '')).toEqual(scenario);
    expect(csv.header[0]).toBe('t');
    for (const name of ['Drop-tail', 'RED']) {
      for (const metric of ['queue_pkts', 'delay_ms', 'jitter_ms', 'throughput_mbps', 'goodput_mbps', 'utilisation', 'p', 'flows']) {
        expect(csv.header.filter((h) => h === `${name}.${metric}`)).toHaveLength(1);
      }
    }
    expect(csv.header.filter((h) => h.startsWith('RED.aqm.')).length).toBeGreaterThan(0); // RED's inner signals
    // A row per sample interval, every field present, from the first interval to the pause.
    expect(csv.rows).toHaveLength(Math.round(8 / sampleS));
    const offGrid = csv.rows.filter((row, k) => row.length !== csv.header.length || Math.abs(Number(row[0]) - (k + 1) * sampleS) > 1e-9);
    expect(offGrid.slice(0, 3)).toEqual([]);
    const flows = csv.header.indexOf('RED.flows');
    expect(csv.rows.find((r) => Number(r[0]) === 4.99)?.[flows]).toBe('50');
    expect(csv.rows.at(-1)?.[flows]).toBe('80');

    // Import a copy with a side renamed: the lab restarts on it, and exports it back unchanged.
    const sides = Array.isArray(scenario.sides) ? scenario.sides : [];
    const edited = { ...scenario, sides: sides.map((s: unknown, i: number) => (i === 0 && isRecord(s) ? { ...s, name: 'Imported drop-tail' } : s)) };
    const file = test.info().outputPath('imported.json');
    writeFileSync(file, JSON.stringify(edited, null, 2));
    await page.getByTestId('import-file').setInputFiles(file);
    await expect(page.getByTestId('share-status')).toContainText('Loaded imported.json');
    await expect(side(page, 0)).toHaveAttribute('data-name', 'Imported drop-tail');
    await expect(page.getByTestId('event-marks')).toContainText('flows 50 -> 80');
    expect(await exportedScenario(page)).toEqual(edited);
    expect(errors).toEqual([]);
  });
});

test.describe('broken and hostile links', () => {
  let errors: string[] = [];
  let dialogs: string[] = [];

  test.beforeEach(({ page }) => {
    errors = collectErrors(page);
    dialogs = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });

  test.afterEach(() => {
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });

  async function defaultLabRuns(page: Page): Promise<void> {
    await expect(sideRows(page)).toHaveCount(2);
    await expect.poll(() => sideRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')))).toEqual(['Drop-tail', 'RED']);
    for (const i of [0, 1]) {
      await expect.poll(() => numberAttribute(side(page, i), 'data-samples')).toBeGreaterThan(50);
      await expect(side(page, i)).toHaveAttribute('data-state', 'running');
    }
  }

  const valid = fragmentOf({ scenario: { seed: 7, sides: [{ name: 'A', aqm: 'droptail', params: {} }] }, layout: 'overlay' });
  const payload = valid.slice('v1.'.length);
  const cases: { what: string; fragment: string; message: RegExp }[] = [
    { what: 'not base64', fragment: 'v1.this*is!not~base64', message: /character 5 of the data \('\*'\) is not base64url/ },
    // Cut to a length base64url can have, so the inflater sees the damage.
    { what: 'truncated', fragment: `v1.${payload.slice(0, Math.floor(payload.length / 8) * 4)}`, message: /damaged or cut short/ },
    { what: 'a version this page does not read', fragment: `v4.${payload}`, message: /version 4 is not one this page reads \(it reads versions 1, 2, 3\)/ },
    { what: 'not a lab link at all', fragment: 'section-2', message: /not an AQM Lab link/ },
    {
      what: 'a scenario the core refuses',
      fragment: fragmentOf({ scenario: { bottleneck: { capacity_mbps: 0 } }, layout: 'overlay' }),
      message: /bottleneck\.capacity_mbps: must be in \[0\.01, 100000\], got 0/,
    },
    { what: 'seven sides', fragment: fragmentOf({ scenario: { sides: Array.from({ length: 7 }, () => ({ aqm: 'red' })) } }), message: /1 to 6 sides, got 7/ },
  ];

  for (const c of cases) {
    test(`${c.what}: the banner says why and the default lab runs`, async ({ page }) => {
      await page.goto(`/#${c.fragment}`);
      const banner = page.getByTestId('link-banner');
      await expect(banner).toContainText('This link could not be opened');
      await expect(banner).toContainText(c.message);
      await expect(banner).toContainText('Showing the default lab instead');
      await defaultLabRuns(page);
      await banner.getByRole('button', { name: 'Dismiss' }).click();
      await expect(banner).toHaveCount(0);
    });
  }

  test('a scenario with three mistakes: the banner counts them and lists each as the core named it', async ({ page }) => {
    const fragment = fragmentOf({
      scenario: {
        duration_s: -5,
        groups: [{ kind: 'tcp', count: 5, bogus: 1 }],
        sides: [{ aqm: 'droptail' }, { aqm: 'red', params: { min_th: 100, max_th: 50 } }],
      },
      layout: 'overlay',
    });
    await page.goto(`/#${fragment}`);
    const banner = page.getByTestId('link-banner');
    await expect(banner).toContainText('This link could not be opened (its scenario has 3 problems). Showing the default lab instead.');
    await expect(page.getByTestId('link-banner-problems').locator('li')).toHaveText([
      'duration_s: must be in [0.1, 86400], got -5',
      'groups[0].bogus: unknown field for kind "tcp"',
      'sides[1].params.min_th: must be below max_th (50), got 100',
    ]);
    await defaultLabRuns(page);
  });

  test('markup in a side name is shown as text and runs nothing; the link runs', async ({ page }) => {
    const hostile = '<img src=x onerror=alert(1)>';
    const fragment = fragmentOf({
      scenario: { sides: [{ name: hostile, aqm: 'droptail', params: {} }, { name: '"><script>alert(2)</script>', aqm: 'red', params: {} }] },
      layout: 'overlay',
    });
    await page.goto(`/#${fragment}`);
    await expect(page.getByTestId('link-banner')).toHaveCount(0);
    await expect(side(page, 0)).toHaveAttribute('data-name', hostile);
    await expect(side(page, 0).locator('span.side-name')).toContainText(hostile);
    await expect(page.getByTestId('side-name-0')).toHaveValue(hostile);
    await expect(page.getByTestId('metric-queue').locator('.legend')).toContainText(hostile);
    for (const i of [0, 1]) await expect.poll(() => numberAttribute(side(page, i), 'data-samples')).toBeGreaterThan(50);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('body script').count()).toBe(0);
    await page.waitForTimeout(500); // an onerror would have fired by now
  });

  test('a link pasted into the open page replaces the lab; a broken one leaves it running with the banner', async ({ page }) => {
    await page.goto('/');
    await defaultLabRuns(page);
    await page.evaluate((f) => (window.location.hash = f), fragmentOf({ scenario: { sides: [{ name: 'Pasted', aqm: 'red' }] }, layout: 'multiples' }));
    await expect(sideRows(page)).toHaveCount(1);
    await expect(side(page, 0)).toHaveAttribute('data-name', 'Pasted');
    await expect(page.getByTestId('layout-multiples')).toBeChecked();
    await page.evaluate(() => (window.location.hash = 'v1.AAAA'));
    await expect(page.getByTestId('link-banner')).toContainText('This link could not be opened');
    await expect(page.getByTestId('link-banner')).toContainText('The lab goes on as it was.');
    await expect(side(page, 0)).toHaveAttribute('data-name', 'Pasted');
    const samples = await numberAttribute(side(page, 0), 'data-samples');
    await expect.poll(() => numberAttribute(side(page, 0), 'data-samples')).toBeGreaterThan(samples);
  });
});
