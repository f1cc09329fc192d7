import { expect, test } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';
import { download, exportedScenario, fragmentOf, parseCsv, pausedAtZero, runTo, side } from './lab-driver';

// The summary over the scenario's named windows, the queue's dynamics, the
// per-class delays and the summary's export, against the real wasm core.

const scenario = {
  duration_s: 30,
  warmup_s: 2,
  bottleneck: { buffer_pkts: 100 },
  groups: [
    { kind: 'tcp', class: 'bulk', count: 10 },
    { kind: 'udp_cbr', class: 'voice', count: 4, interval_ms: 20, packet_bytes: 200 },
  ],
  sides: [
    { name: 'Tail', aqm: 'droptail' },
    { name: 'RED', aqm: 'red', params: { min_th: 20, max_th: 60 } },
  ],
  events: [{ at_s: 10, kind: 'set_flows', group: 0, count: 60 }],
  windows: [
    { name: 'before', from_s: 2, to_s: 10 },
    { name: 'after', from_s: 10, to_s: 30, target_pkts: 50, tolerance_pkts: 20 },
  ],
};

test.describe('summary windows', () => {
  failOnPageErrors();

  test('the default lab has no windows to pick', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('summary-set')).toBeVisible();
    await expect(page.getByTestId('summary-window')).toHaveCount(0);
  });

  test('a window, the queue dynamics, the classes and the export, as the user sees them', async ({ page }) => {
    await page.goto(`/#${fragmentOf({ scenario })}`);
    await expect(side(page, 1)).toHaveAttribute('data-name', 'RED');
    await pausedAtZero(page);
    await runTo(page, 20);

    const picker = page.getByTestId('summary-window');
    await expect(picker.locator('option')).toHaveText(['the run after the warm-up', 'window “before”', 'window “after”']);
    const caption = page.getByTestId('summary-table').locator('caption');
    await expect(caption).toContainText('Run summary after the warm-up');
    await expect.poll(() => numberAttribute(side(page, 0), 'data-measured')).toBeCloseTo(18, 6);

    // The window after the load change: 10 s of it so far.
    await picker.selectOption({ label: 'window “after”' });
    await expect(caption).toContainText('window “after”');
    for (const i of [0, 1]) await expect.poll(() => numberAttribute(side(page, i), 'data-measured')).toBeCloseTo(10, 6);
    await expect(page.getByTestId('summary-table').locator('th', { hasText: 'Response' })).toHaveCount(0);
    await picker.selectOption({ label: 'window “before”' });
    await expect.poll(() => numberAttribute(side(page, 0), 'data-measured')).toBeCloseTo(8, 6);

    // The queue's dynamics over the window: the settling column appears with it.
    await page.getByTestId('summary-set').selectOption({ label: 'Queue dynamics' });
    const head = page.getByTestId('summary-table').locator('thead');
    for (const label of ['Queue s.d.', 'Queue MAD', 'Queue max', 'Max 1 s mean', 'Full', 'Empty', 'Delay p99', 'Settling']) await expect(head).toContainText(label);
    await expect(side(page, 0).locator('td[data-figure="fullFraction"]')).toContainText('%');
    const tailMax = Number(await side(page, 0).locator('td[data-figure="maxQueuePkts"]').textContent());
    expect(tailMax).toBeGreaterThan(0);
    expect(tailMax).toBeLessThanOrEqual(100);
    await picker.selectOption({ label: 'the run after the warm-up' });
    await expect(head).not.toContainText('Settling');

    // Per class: both sides' two classes, with the voice packets' delays.
    await page.getByTestId('class-details').locator('summary').click();
    const classes = page.getByTestId('class-table');
    await expect(classes.locator('tbody tr')).toHaveCount(4);
    const voiceDelay = classes.getByTestId('class-row-0-voice').locator('td[data-figure="meanDelayMs"]');
    await expect(voiceDelay).not.toHaveText('–');
    expect(Number(await voiceDelay.textContent())).toBeGreaterThan(0);

    // The export: a row per side and span, with the windows and the classes.
    const csv = await download(page, 'summary-export-csv');
    expect(csv.name).toBe('aqmlab-summary.csv');
    const parsed = parseCsv(csv.text);
    const col = (name: string) => parsed.header.indexOf(name);
    expect(col('full_fraction')).toBeGreaterThan(0);
    expect(col('class.voice.delay.mean_ms')).toBeGreaterThan(0);
    expect(parsed.rows.map((r) => [r[col('side')], r[col('window')]])).toEqual([
      ['Tail', ''],
      ['Tail', 'before'],
      ['Tail', 'after'],
      ['RED', ''],
      ['RED', 'before'],
      ['RED', 'after'],
    ]);
    expect(Number(parsed.rows[2]?.[col('measured_s')])).toBeCloseTo(10, 6);
    expect(Number(parsed.rows[1]?.[col('measured_s')])).toBeCloseTo(8, 6);
    const json = await download(page, 'summary-export-json');
    expect(JSON.parse(json.text).sides).toHaveLength(2);

    // The scenario's windows travel with its export (and so with its link).
    const exported = await exportedScenario(page);
    expect(exported.windows).toEqual(scenario.windows);
  });
});
