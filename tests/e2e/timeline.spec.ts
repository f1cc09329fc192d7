import { expect, test } from '@playwright/test';
import { failOnPageErrors, numberAttribute } from './helpers';
import { exportedScenario, isRecord, side } from './lab-driver';

// One gesture, one change: a slider drag acts on the run as it moves (the
// cores take a value every 100 ms) but is one change on the timeline, shown
// when released and labelled from the value before the drag to the value at release.

test.describe('the timeline', () => {
  failOnPageErrors();

  test('a drag of the flows slider records exactly one change, with every step kept for the export', async ({ page }) => {
    await page.goto('/');
    const slider = page.getByTestId('flows-slider');
    await expect(page.getByTestId('flows-value')).toHaveText('50');
    /** Where value v of the slider's 0..300 is on screen, scrolled into view. */
    const place = async () => {
      await slider.scrollIntoViewIfNeeded();
      const box = await slider.boundingBox();
      if (!box) throw new Error('no flows slider');
      return { y: box.y + box.height / 2, xAt: (v: number) => box.x + 8 + ((box.width - 16) * v) / 300 };
    };
    // Grab the thumb where it is (50 of 0..300) and drag right in small moves over ~1.5 s.
    const { xAt, y } = await place();
    await page.mouse.move(xAt(50), y);
    await page.mouse.down();
    const changes = page.getByTestId('event-marks').getByTestId('change');
    for (let i = 1; i <= 15; i++) {
      await page.mouse.move(xAt(50 + i * 4), y);
      await page.waitForTimeout(100);
    }
    // Applied live as it moves (the cores count the changes), but not on the timeline until released.
    await expect.poll(() => numberAttribute(side(page, 1), 'data-applied')).toBeGreaterThan(3);
    await expect(changes).toHaveCount(0);
    await page.mouse.up();
    const shown = Number(await page.getByTestId('flows-value').textContent());
    expect(shown).toBeGreaterThan(90);
    await expect(changes).toHaveCount(1);
    await expect(changes.first()).toContainText(`flows 50 -> ${shown}`);
    const steps = Number(/\((\d+) steps\)/.exec((await changes.first().textContent()) ?? '')?.[1]);
    expect(steps).toBeGreaterThan(3); // applied live as it moved, not only at release

    // Grabbed again at once (well within the idle time that also ends a change): the release made it a second change.
    await page.mouse.move(xAt(shown), y);
    await page.mouse.down();
    await page.mouse.move(xAt(shown - 20), y, { steps: 5 });
    await page.mouse.up();
    const back = Number(await page.getByTestId('flows-value').textContent());
    await expect(changes).toHaveCount(2);
    await expect(changes.first()).toContainText(`flows ${shown} -> ${back}`); // newest first
    await expect(changes.nth(1)).toContainText(`flows 50 -> ${shown}`);

    // The export keeps each step, so the run replays exactly.
    const second = Number(/\((\d+) steps\)/.exec((await changes.first().textContent()) ?? '')?.[1] ?? 1);
    const scenario = await exportedScenario(page);
    const events = Array.isArray(scenario.events) ? scenario.events.filter(isRecord) : [];
    expect(events.filter((e) => e.kind === 'set_flows')).toHaveLength(steps + second);
    expect(events.at(-1)?.count).toBe(back);
  });
});
