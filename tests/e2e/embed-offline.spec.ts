import { expect, test, type Page } from '@playwright/test';
import { collectErrors, numberAttribute } from './helpers';

// The lab inside a course page's iframe (embed mode), and the lab with the
// network gone after a first visit (the service worker's precache).

const ready = (page: Pick<Page, 'getByTestId'>) => page.getByTestId('lesson-status');

// The test's lab is on 127.0.0.1, and Chromium's local network access checks
// refuse a page it did not load from the network (the course page comes from
// a route) framing a local address unless the person allows it; a course on
// the web framing a lab on the web never meets them, so the test allows it.
test.describe('embed', () => {
  test.use({ permissions: ['local-network-access'] });
  test('embed mode: the lab runs inside an iframe of a course page on another origin, with minimal chrome', async ({ page, baseURL }) => {
    const errors = collectErrors(page);
    const course = `<!doctype html><html lang="en"><title>Networks, week 3</title><h1>Week 3: queues</h1>
      <iframe src="${baseURL}/?embed=1&lesson=bufferbloat" title="AQM Lab" width="1240" height="900" style="border:0"></iframe></html>`;
    await page.setViewportSize({ width: 1280, height: 1000 });
    // The course page on another origin (localhost, where the lab is 127.0.0.1).
    const courseUrl = `${(baseURL ?? '').replace('127.0.0.1', 'localhost')}/course/week3.html`;
    await page.route(courseUrl, (route) => route.fulfill({ contentType: 'text/html', body: course }));
    await page.goto(courseUrl);
    expect(new URL(courseUrl).origin).not.toBe(new URL(baseURL ?? '').origin);
    const lab = page.frameLocator('iframe');
    await expect(lab.getByTestId('embed-bar')).toBeVisible();
    await expect(lab.getByRole('link', { name: /Open the whole lab/ })).toHaveAttribute('href', `${baseURL}/?lesson=bufferbloat`);
    // Minimal chrome: no page header, preset, share or lesson menus.
    await expect(lab.locator('header')).toHaveCount(0);
    await expect(lab.getByTestId('preset-select')).toHaveCount(0);
    await expect(lab.getByTestId('copy-link')).toHaveCount(0);
    // The lesson runs in the frame.
    await expect(ready(lab)).toHaveText('Step 1 is ready.', { timeout: 60_000 });
    await expect(lab.getByTestId('lesson-player')).toBeVisible();
    await expect(lab.getByTestId('metric-delay')).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test('embed mode without a lesson plays the default lab', async ({ page }) => {
  await page.goto('/?embed=1');
  await expect(page.getByTestId('embed-bar')).toBeVisible();
  await expect.poll(() => numberAttribute(page.getByTestId('side-1'), 'data-samples'), { timeout: 30_000 }).toBeGreaterThan(100);
});

test('offline after the first visit: the lab loads from the service worker and a lesson runs', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  // The suite blocks service workers (playwright.config.ts); this test is about one.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const errors = collectErrors(page);
  await page.goto('/?lesson=bufferbloat');
  await expect(ready(page)).toHaveText('Step 1 is ready.', { timeout: 60_000 });
  // The service worker has installed and precached every file.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated') {
      await new Promise<void>((done) => worker.addEventListener('statechange', () => worker.state === 'activated' && done()));
    }
  });

  await context.setOffline(true);
  const fromNetwork: string[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(baseURL ?? '') && !r.fromServiceWorker()) fromNetwork.push(r.url());
  });
  await page.reload();
  await expect(ready(page)).toHaveText('Step 1 is ready.', { timeout: 60_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(fromNetwork).toEqual([]);

  // A lesson step runs with no network.
  const pad = page.getByTestId('sketch-pad');
  if ((await pad.count()) > 0) {
    await pad.focus();
    await page.keyboard.press('ArrowUp');
  }
  await page.getByTestId('lesson-run').click();
  await expect(page.getByTestId('lesson-status')).toHaveText(/The run reached \d+ s and paused\./, { timeout: 120_000 });
  expect(errors).toEqual([]);
  await context.close();
});
