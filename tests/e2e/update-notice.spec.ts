import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startPreview } from '../../scripts/preview-server.mjs';
import { collectErrors } from './helpers';

// A newer build deployed while a class has the lab open: the page says so
// and waits (a run in progress is never reloaded from under the class); the
// person's "Reload to update" brings the new version in. The deployment is
// a copy of the build served on a port of the test's own, whose service
// worker script then changes on disk, as a new deployment changes it.

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

test('a newer version waits behind a notice, and reloads only when asked', async ({ browser }) => {
  test.setTimeout(240_000);
  const site = mkdtempSync(join(tmpdir(), 'aqmlab-deploy-'));
  cpSync('dist', site, { recursive: true });
  const port = await freePort();
  const server = await startPreview(port, { dist: site });
  // The suite blocks service workers (playwright.config.ts); this test is about one.
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto('/');
    await expect(page.getByTestId('side-0')).toHaveAttribute('data-state', 'running', { timeout: 60_000 });
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const worker = registration.active;
      if (worker && worker.state !== 'activated') {
        await new Promise<void>((done) => worker.addEventListener('statechange', () => worker.state === 'activated' && done()));
      }
    });
    await expect(page.getByTestId('update-notice')).toHaveCount(0);

    // The deployment: the service worker script changes, so the browser installs it as new.
    appendFileSync(join(site, 'sw.js'), '\n// a newer build\n');
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const notice = page.getByTestId('update-notice');
    await expect(notice).toContainText('A new version of AQM Lab is available.', { timeout: 30_000 });
    // Waiting: the page is not reloaded from under the class.
    const before = await page.evaluate(() => performance.timeOrigin);
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(before);

    await notice.getByRole('button', { name: 'Reload to update' }).click();
    // The new worker takes over and the page reloads into it.
    await expect.poll(() => page.evaluate(() => performance.timeOrigin).catch(() => before), { timeout: 60_000 }).not.toBe(before);
    await expect(page.getByTestId('update-notice')).toHaveCount(0);
    await expect(page.getByTestId('side-0')).toHaveAttribute('data-state', 'running', { timeout: 60_000 });
    // The new worker controls the page now.
    expect(await page.evaluate(async () => [(await navigator.serviceWorker.getRegistration())?.waiting ?? null, navigator.serviceWorker.controller !== null])).toEqual([null, true]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    server.kill();
    rmSync(site, { recursive: true, force: true });
  }
});
