import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { numberAttribute } from './helpers';

// Steps the sharing, preset and screenshot specs share: run to a time, read
// the summary, download an export, parse the CSV, build a link by hand.

export const side = (page: Page, i: number) => page.getByTestId(`side-${i}`);

export function sideRows(page: Page) {
  return page.locator('[data-testid^="side-"][data-state]');
}

/** Presses the Play/Pause toggle while it says Pause. */
export async function pause(page: Page): Promise<void> {
  await expect(page.getByTestId('play-pause')).toHaveText('Pause');
  await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('play-pause')).toHaveText('Play');
}

/** Presses the Play/Pause toggle while it says Play. */
export async function play(page: Page): Promise<void> {
  await expect(page.getByTestId('play-pause')).toHaveText('Play');
  await page.getByTestId('play-pause').click();
  await expect(page.getByTestId('play-pause')).toHaveText('Pause');
}

/** Loads a shipped preset from the menu and waits for the page to say so. */
export async function loadPreset(page: Page, id: string, title: string): Promise<void> {
  await expect(page.getByTestId('add-side')).toBeEnabled();
  await page.getByTestId('preset-select').selectOption(id);
  await page.getByTestId('preset-load').click();
  await expect(page.getByText(`Loaded “${title}”.`)).toBeVisible({ timeout: 60_000 });
}

/** The lab paused at t = 0 on its scenario, so Run to can reach any time from there. */
export async function pausedAtZero(page: Page): Promise<void> {
  await expect(page.getByTestId('add-side')).toBeEnabled();
  await pause(page);
  await page.getByTestId('reset').click();
  const n = await sideRows(page).count();
  for (let i = 0; i < n; i++) await expect(side(page, i)).toHaveAttribute('data-state', 'paused');
  await expect(page.getByTestId('add-side')).toBeEnabled(); // the restart has finished
}

/** Runs every side to simulated time `t` with Run to, and waits until each is paused exactly there. */
export async function runTo(page: Page, t: number): Promise<void> {
  const n = await sideRows(page).count();
  await page.getByTestId('run-to-time').fill(String(t));
  await expect(page.getByTestId('run-to')).toBeEnabled();
  await page.getByTestId('run-to').click();
  await expect(page.getByTestId('run-to-error')).toHaveCount(0);
  for (let i = 0; i < n; i++) {
    await expect(side(page, i)).toHaveAttribute('data-state', 'paused', { timeout: 60_000 });
    await expect.poll(() => numberAttribute(side(page, i), 'data-sim-time'), { timeout: 60_000 }).toBe(t);
  }
}

export interface SideFigures {
  name: string;
  /** The summary table's cells, as shown. */
  cells: Record<string, string>;
  /** The raw numbers the row carries (means over the last 5 s of samples, run time, flows, measured time). */
  raw: Record<string, string | null>;
}

const rawAttributes = ['data-sim-time', 'data-samples', 'data-mean-queue', 'data-mean-delay', 'data-utilisation', 'data-flows', 'data-measured'];

async function readFigures(page: Page): Promise<SideFigures[]> {
  return sideRows(page).evaluateAll(
    (rows, attributes) =>
      rows.map((row) => ({
        name: row.getAttribute('data-name') ?? '',
        cells: Object.fromEntries([...row.querySelectorAll('td[data-figure]')].map((td) => [td.getAttribute('data-figure') ?? '', td.textContent ?? ''])),
        raw: Object.fromEntries(attributes.map((a) => [a, row.getAttribute(a)])),
      })),
    rawAttributes,
  );
}

/**
 * The summary table once the paused run's summaries have settled: every side
 * has answered after the pause (the table polls once a second), so two reads
 * 1.5 s apart agree and no cell is waiting.
 */
export async function settledFigures(page: Page): Promise<SideFigures[]> {
  let last = '';
  let figures: SideFigures[] = [];
  await expect
    .poll(
      async () => {
        figures = await readFigures(page);
        const text = JSON.stringify(figures);
        const settled = text === last && figures.every((f) => Number(f.raw['data-measured']) > 0 && !Object.values(f.cells).some((c) => c.includes('warm-up')));
        last = text;
        return settled;
      },
      { intervals: [1500], timeout: 30_000 },
    )
    .toBe(true);
  return figures;
}

/** Clicks a button that saves a file and returns the file's name and text. */
export async function download(page: Page, testId: string): Promise<{ name: string; text: string; path: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path, 'utf8'), path };
}

export interface ParsedCsv {
  comments: string[];
  header: string[];
  rows: string[][];
}

/** RFC 4180 as the page writes it: CRLF lines, quoted fields with doubled quotes; '#' lines first. */
export function parseCsv(text: string): ParsedCsv {
  if (!text.endsWith('\r\n')) throw new Error('the CSV does not end with CRLF');
  const lines = text.slice(0, -2).split('\r\n');
  const comments = lines.filter((l) => l.startsWith('#'));
  const data = lines.slice(comments.length);
  const fields = (line: string): string[] => {
    const out: string[] = [];
    let at = 0;
    for (;;) {
      if (line[at] === '"') {
        let value = '';
        at++;
        for (;;) {
          const q = line.indexOf('"', at);
          if (q < 0) throw new Error(`unterminated quote in ${line}`);
          value += line.slice(at, q);
          if (line[q + 1] === '"') {
            value += '"';
            at = q + 2;
          } else {
            at = q + 1;
            break;
          }
        }
        out.push(value);
      } else {
        const comma = line.indexOf(',', at);
        out.push(line.slice(at, comma < 0 ? line.length : comma));
        at = comma < 0 ? line.length : comma;
      }
      if (at >= line.length) return out;
      // A plain throw: an expect() per field would record ~10^5 test steps.
      if (line[at] !== ',') throw new Error(`expected a comma at ${at} in ${line}`);
      at++;
    }
  };
  const [head = '', ...rows] = data;
  return { comments, header: fields(head), rows: rows.map(fields) };
}

/** A v1 link fragment for any JSON value, made the way the page makes one (deflate-raw, base64url). */
export function fragmentOf(state: unknown): string {
  return `v1.${deflateRawSync(Buffer.from(JSON.stringify(state), 'utf8')).toString('base64url')}`;
}

/** The default lab's scenario as the page exports it (the core's default, no live changes). */
export async function exportedScenario(page: Page): Promise<Record<string, unknown>> {
  const { text } = await download(page, 'export-json');
  return jsonObject(text);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON text that must hold an object. */
export function jsonObject(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  if (!isRecord(value)) throw new Error(`not a JSON object: ${text.slice(0, 80)}`);
  return value;
}

/** Index of the first row where two tables differ (-1: none), so a failure prints one row, not thousands. */
export function firstDifference(a: readonly string[][], b: readonly string[][]): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (JSON.stringify(a[i]) !== JSON.stringify(b[i])) return i;
  return -1;
}

/** The experiment form over the current lab: flows (groups[0].count) as listed, by a duration axis of one value, seeds and pool workers. */
export async function fillFlowSweep(page: Page, { values, duration, seeds, workers }: { values: string; duration: number; seeds: number; workers: number }): Promise<void> {
  await page.getByTestId('tab-experiment').click();
  await expect(page.getByTestId('experiment-base-label')).toHaveText('Current lab');
  await page.getByTestId('axis-0-path').fill('groups[0].count');
  await page.getByTestId('axis-0-list-mode').check();
  await page.getByTestId('axis-0-values').fill(values);
  await page.getByTestId('experiment-add-axis').click();
  await page.getByTestId('axis-1-path').fill('duration_s');
  await page.getByTestId('axis-1-list-mode').check();
  await page.getByTestId('axis-1-values').fill(String(duration));
  await page.getByTestId('experiment-seeds').fill(String(seeds));
  await page.getByTestId('experiment-workers').fill(String(workers));
  await expect(page.getByTestId('experiment-run')).toBeEnabled();
}
