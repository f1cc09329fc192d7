import { defineConfig } from '@playwright/test';

// Playwright's own browser downloads are not used: the tests drive the
// system Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH).
const port = Number(process.env.E2E_PORT ?? 4179);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 90_000,
  expect: {
    timeout: 20_000,
    // Reference screenshots (screenshots.spec.ts). The charts are drawn from
    // the core's exact numbers; between runs only a few rounded-corner pixels
    // move by one colour level, under the per-pixel threshold (default 0.2),
    // so 0 pixels differed in repeated runs. The ratio (92 px at 1280x720)
    // is a margin for text anti-aliasing, far below one changed number.
    toHaveScreenshot: { maxDiffPixelRatio: 0.0001, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  // Checked in beside the specs; made on this machine's Chromium and fonts
  // (regenerate with --update-snapshots after a font or Chromium change).
  snapshotPathTemplate: '{testDir}/screenshots/{arg}{ext}',
  // One: within npm test the suite already keeps both cores busy, and two
  // workers took no less there (docs/figures.md).
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    // Each test opens a fresh context, where the page's service worker would
    // install and precache every file of the lab again (the core's wasm, the
    // presets, the lessons): a fifth of the suite's CPU time on this
    // machine. Only the offline and update tests need it; they allow it.
    serviceWorkers: 'block',
    headless: true,
    viewport: { width: 1280, height: 1000 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // Serves the production build in dist/ (npm run build:web first; test:e2e does).
  webServer: {
    command: 'npx vite preview',
    env: { PORT: String(port) },
    url: baseURL,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
