// How soon a person sees the lab working: milliseconds from navigation to the
// first chart frame with samples (the page's `aqmlab:first-samples-drawn`
// performance mark), in Chromium at 1280x1000 on the production build. Each
// cold load is a browser of its own (nothing cached: the scripts fetched, the
// core compiled afresh); the cached loads then reload that page. The goal is
// 2 s; this prints the figures and asserts no speed (a timed test would pass
// or fail with whatever else the machine runs).
//
//   node scripts/first-load-bench.mjs            # 5 cold loads, each followed by 2 cached ones
//   node scripts/first-load-bench.mjs --quick    # CI smoke run: 1 cold load, 1 cached
//   node scripts/first-load-bench.mjs --dist DIR # another build (e.g. an older commit's)
//
// Needs the production build (npx vite build). The preview server takes
// E2E_PORT (default 4179). The machine's load (/proc/loadavg) is printed.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startPreview } from './preview-server.mjs';

const quick = process.argv.includes('--quick');
const distAt = process.argv.indexOf('--dist');
const dist = distAt > 0 ? process.argv[distAt + 1] : null;
const port = Number(process.env.E2E_PORT ?? 4179);
const baseURL = `http://127.0.0.1:${port}`;
const coldLoads = quick ? 1 : 5;
const cachedLoads = quick ? 1 : 2;
const mark = 'aqmlab:first-samples-drawn';

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The mark's time and the navigation's DOMContentLoaded, in ms from navigation start. */
async function measure(page) {
  await page.waitForFunction((name) => performance.getEntriesByName(name).length === 1, mark, { timeout: 30_000 });
  return page.evaluate((name) => {
    const nav = performance.getEntriesByType('navigation')[0];
    return { drawn: performance.getEntriesByName(name)[0].startTime, dcl: nav.domContentLoadedEventEnd };
  }, mark);
}

const server = await startPreview(port, { dist });
const cold = [];
const cached = [];
const dcl = [];
const loads = (n, what) => `${n} ${what} load${n === 1 ? '' : 's'}`;
console.log(`first-load bench: the default lab, ${loads(coldLoads, 'cold')}, ${loads(cachedLoads, 'cached')} after each (load average ${loadavg()})`);
try {
  for (let i = 0; i < coldLoads; i++) {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(baseURL);
      const first = await measure(page);
      cold.push(first.drawn);
      dcl.push(first.dcl);
      for (let k = 0; k < cachedLoads; k++) {
        await page.reload();
        cached.push((await measure(page)).drawn);
      }
      if (errors.length > 0) throw new Error(`the page threw: ${errors.join('; ')}`);
    } finally {
      await browser.close();
    }
  }
} finally {
  server.kill();
}
const ms = (xs) => xs.map((x) => x.toFixed(0)).join(', ');
console.log(`  first samples drawn, cold     ${ms(cold)} ms`);
console.log(`  first samples drawn, cached   ${ms(cached)} ms`);
console.log(`  DOMContentLoaded, cold        ${ms(dcl)} ms`);
console.log(`  goal 2000 ms; slowest cold ${Math.max(...cold).toFixed(0)} ms, slowest cached ${Math.max(...cached).toFixed(0)} ms (load average ${loadavg()})`);
