#!/usr/bin/env node
// Screenshots of each lesson's first step, at 1280x720 (a projector) and on
// a phone (390x844, scrolled to the lesson player), into docs/lessons/.
// Serve the built page first:  npx vite build && PORT=4188 npx vite preview &
// then:                        node scripts/lesson-screenshots.mjs http://127.0.0.1:4188 [lesson id ...]
// (with ids, only those lessons; without, every lesson of the index).
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:5173';
const root = new URL('../', import.meta.url).pathname;
const out = `${root}docs/lessons`;
mkdirSync(out, { recursive: true });
const only = process.argv.slice(3);
const { lessons } = JSON.parse(readFileSync(`${root}public/lessons/index.json`, 'utf8'));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const screens = [
  { name: '1280x720', viewport: { width: 1280, height: 720 }, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true },
];
for (const { id } of lessons.filter((l) => only.length === 0 || only.includes(l.id))) {
  for (const screen of screens) {
    const context = await browser.newContext({ viewport: screen.viewport, isMobile: screen.isMobile, colorScheme: 'light', serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${base}/?lesson=${id}`);
    await page.getByTestId('lesson-status').getByText('Step 1 is ready.').waitFor({ timeout: 60_000 });
    if (screen.isMobile) await page.getByTestId('lesson-player').scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.screenshot({ path: `${out}/${id}-${screen.name}.png` });
    console.log(`${out}/${id}-${screen.name}.png`);
    await context.close();
  }
}
await browser.close();
