import { expect, test, type Page } from '@playwright/test';
import { failOnPageErrors } from './helpers';
import { fragmentOf, side, sideRows } from './lab-driver';

// The lockstep: six sides of the default scenario (100 flows) advance
// together in one simulation worker. Paused, at any speed, every side stands
// at the same simulated time, and the page shows that time; running, every
// batch the page gets finds them at one time.

const disciplines = ['droptail', 'red', 'ared', 'pi', 'pie', 'codel'];

async function sideTimes(page: Page): Promise<number[]> {
  return sideRows(page).evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-sim-time'))));
}

async function labTime(page: Page): Promise<number> {
  return Number(await page.getByTestId('lab-time').getAttribute('data-sim-time'));
}

/** Pauses and waits until every side says so; returns each side's time then. */
async function pauseAll(page: Page): Promise<number[]> {
  await page.getByTestId('play-pause').click();
  for (let i = 0; i < disciplines.length; i++) await expect(side(page, i)).toHaveAttribute('data-state', 'paused');
  // The rows poll their stores four times a second: wait for a reading after the stop.
  let times: number[] = [];
  await expect
    .poll(async () => {
      const before = JSON.stringify(times);
      times = await sideTimes(page);
      return times.every((t) => t > 0) && JSON.stringify(times) === before;
    }, { intervals: [400] })
    .toBe(true);
  return times;
}

test.describe('six sides in lockstep', () => {
  failOnPageErrors();

  /** The six sides running. */
  async function openSix(page: Page): Promise<void> {
    const sides = disciplines.map((aqm) => ({ aqm, params: {} }));
    // Long enough that "as fast as possible" on a quiet machine does not reach the end (a finished run is not paused).
    await page.goto(`/#${fragmentOf({ scenario: { duration_s: 3600, groups: [{ count: 100 }], sides }, layout: 'overlay' })}`);
    await expect(sideRows(page)).toHaveCount(disciplines.length);
    for (let i = 0; i < disciplines.length; i++) await expect(side(page, i)).toHaveAttribute('data-state', 'running');
  }

  async function pausesInStep(page: Page): Promise<void> {
    for (const speed of ['max', '10', 'max']) {
      await page.getByTestId('speed').selectOption(speed);
      await page.waitForTimeout(1500);
      const times = await pauseAll(page);
      expect(new Set(times).size, `side times at ${speed}: ${times.join(', ')}`).toBe(1);
      await expect.poll(() => labTime(page)).toBe(times[0]);
      await page.getByTestId('play-pause').click();
    }
  }

  test('paused at any speed, every side stands at one time, the time the page shows', async ({ page }) => {
    await openSix(page);
    await pausesInStep(page);
  });

  test('every batch finds every side at one time, at any speed', async ({ page }) => {
    // Every side's batches as the page receives them on its events channel: [channel, simulated time at
    // its end]. The worker calls the side's `batch` event through comlink: {type: 'APPLY', path: ['batch'],
    // argumentList: [{value: batch}]}.
    await page.addInitScript(() => {
      const Native = window.MessageChannel;
      const batches: [number, number][] = [];
      let channels = 0;
      Object.assign(window, { __batches: batches });
      window.MessageChannel = class extends Native {
        constructor() {
          super();
          const id = channels++;
          this.port1.addEventListener('message', (e: MessageEvent) => {
            const data: unknown = e.data;
            if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== 'APPLY') return;
            if (!('path' in data) || !Array.isArray(data.path) || data.path[0] !== 'batch') return;
            const batch: unknown = 'argumentList' in data && Array.isArray(data.argumentList) ? data.argumentList[0]?.value : null;
            if (typeof batch === 'object' && batch !== null && 'now' in batch) batches.push([id, Number(batch.now)]);
          });
        }
      };
    });
    await openSix(page);
    for (const speed of ['max', '10']) {
      await page.getByTestId('speed').selectOption(speed);
      await page.waitForTimeout(500);
      await page.evaluate(() => ((window as unknown as { __batches: unknown[] }).__batches.length = 0));
      await page.waitForTimeout(2500);
      const batches = await page.evaluate(() => (window as unknown as { __batches: [number, number][] }).__batches);
      const bySide = new Map<number, number[]>();
      for (const [channel, now] of batches) bySide.set(channel, [...(bySide.get(channel) ?? []), now]);
      const lists = [...bySide.values()];
      expect(lists).toHaveLength(disciplines.length);
      // Over the times every side's batches cover, each side's batches end at exactly the same times.
      const from = Math.max(...lists.map((l) => l[0] ?? Infinity));
      const to = Math.min(...lists.map((l) => l.at(-1) ?? -Infinity));
      const within = (l: number[]) => l.filter((t) => t >= from && t <= to);
      expect(within(lists[0] ?? []).length, `batches at ${speed}`).toBeGreaterThan(10);
      for (const l of lists) expect(within(l), `batch times at ${speed}`).toEqual(within(lists[0] ?? []));
    }
  });
});
