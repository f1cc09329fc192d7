import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors } from './helpers';
import { download, fragmentOf, parseCsv, pausedAtZero, runTo, type ParsedCsv } from './lab-driver';

// What a side runs differently from the others: a switch of
// discipline mid-run (sides[i].switch_to, AutoRED's base-then-switch
// schedule) and a buffer of its own (sides[i].buffer_pkts, MSC exp 4's AVQ
// with 20 packets). The side's panel says so, and the series show it happen.

/** One column of the exported series as numbers (NaN where the cell is empty). */
function column(csv: ParsedCsv, name: string): number[] {
  const c = csv.header.indexOf(name);
  expect(c, `${name} in ${csv.header.join(',')}`).toBeGreaterThanOrEqual(0);
  return csv.rows.map((row) => (row[c] === '' || row[c] === undefined ? Number.NaN : Number(row[c])));
}

async function exportedSeries(page: Page): Promise<ParsedCsv> {
  return parseCsv((await download(page, 'export-csv')).text);
}

test.describe("a side's own setup", () => {
  failOnPageErrors();

  test('a switch of discipline is announced on its side and happens at its time', async ({ page }) => {
    const red = { min_th: 20, max_th: 60, max_p: 0.05 };
    const scenario = {
      duration_s: 20,
      bottleneck: { buffer_pkts: 120 },
      groups: [{ kind: 'tcp', count: 40 }],
      sides: [
        { name: 'RED', aqm: 'red', params: red },
        { name: 'Switching', aqm: 'red', params: red, switch_to: { at_s: 4, aqm: 'autored', params: { base: 0, ...red } } },
      ],
    };
    await page.goto(`/#${fragmentOf({ scenario, layout: 'overlay' })}`);
    await pausedAtZero(page);
    await expect(page.getByTestId('side-setup-1')).toHaveText(
      "RED until 4 s, then AutoRED (the queue is kept, and RED's running average when both keep one; the controls below are RED's).",
    );
    await expect(page.getByTestId('side-setup-0')).toHaveCount(0);
    await runTo(page, 6);

    const csv = await exportedSeries(page);
    const t = column(csv, 't');
    const weight = column(csv, 'Switching.aqm.w'); // AutoRED's adaptive weight: RED has none
    const redAverage = column(csv, 'Switching.aqm.avg');
    const before = t.map((x, i) => [x, i] as const).filter(([x]) => x < 4).map(([, i]) => i);
    const after = t.map((x, i) => [x, i] as const).filter(([x]) => x > 4.5).map(([, i]) => i);
    expect(before.length).toBeGreaterThan(100);
    expect(after.length).toBeGreaterThan(100);
    for (const i of before) expect(weight[i], `t = ${t[i]}`).toBeNaN();
    for (const i of after) expect(weight[i], `t = ${t[i]}`).toBeGreaterThan(0);
    // The average goes on under both disciplines, and across the switch (switch_to.keep_state):
    // AutoRED takes over RED's running average instead of starting from zero.
    expect(redAverage.filter((v) => !Number.isNaN(v)).length).toBe(t.length);
    // (From zero it would be a few percent of RED's 10 ms after the switch.)
    const atSwitch = t.findIndex((x) => x >= 4 - 1e-9); // RED's last sample: the switch acts after it
    expect(redAverage[atSwitch]).toBeGreaterThan(10);
    expect(redAverage[atSwitch + 1]).toBeGreaterThan(0.5 * redAverage[atSwitch]!);
    // The side that never switches has no weight column at all.
    expect(csv.header).not.toContain('RED.aqm.w');
  });

  test("a side's own buffer is announced and holds its queue", async ({ page }) => {
    const scenario = {
      duration_s: 20,
      bottleneck: { buffer_pkts: 200 },
      groups: [{ kind: 'tcp', count: 60 }],
      sides: [
        { name: 'Shared buffer', aqm: 'droptail' },
        { name: 'Own buffer', aqm: 'droptail', buffer_pkts: 20 },
      ],
    };
    await page.goto(`/#${fragmentOf({ scenario, layout: 'overlay' })}`);
    await pausedAtZero(page);
    await expect(page.getByTestId('side-setup-1')).toHaveText("Buffer 20 packets (this side's own).");
    await expect(page.getByTestId('side-setup-0')).toHaveCount(0);
    await runTo(page, 5);

    const csv = await exportedSeries(page);
    const own = column(csv, 'Own buffer.queue_pkts');
    const shared = column(csv, 'Shared buffer.queue_pkts');
    expect(Math.max(...own)).toBeLessThanOrEqual(20);
    expect(Math.max(...own)).toBeGreaterThanOrEqual(15); // filled, not idle
    expect(Math.max(...shared)).toBeGreaterThan(40);
    expect(Math.max(...column(csv, 'Own buffer.drops_overflow'))).toBeGreaterThan(0);
  });
});
