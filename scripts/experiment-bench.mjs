// The experiment view's speed, measured in Chromium: LRED Fig. 4 (response
// time against N = 100..1000 flows, LRED, PI and REM, 200 s simulated each:
// 10 values of N x 3 seeds = 30 runs of 3 sides) set up in the page's form and
// run on the worker pool while the live lab keeps playing at 10x. Prints, per
// pool size: the sweep's wall time (as the page reports it), the main
// thread's long tasks during the sweep (count, longest), the same over 10 s of
// the live lab alone just before (a baseline), and the machine's load average
// before and after.
//
//   node scripts/experiment-bench.mjs               # full: 1 worker (the page's default here) and 2
//   node scripts/experiment-bench.mjs --workers 3   # one pool size
//   node scripts/experiment-bench.mjs --quick       # CI smoke: 2 values x 1 seed of 5 s; asserts it finishes, not its speed
//
// Needs the production build (npx vite build). The preview server takes
// E2E_PORT (default 4179). On a shared machine the figures mean little
// without the load, so it is printed with them.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { root } from './load-core-node.mjs';

const quick = process.argv.includes('--quick');
const workersAt = process.argv.indexOf('--workers');
const port = Number(process.env.E2E_PORT ?? 4179);
const baseURL = `http://127.0.0.1:${port}`;
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const baselineS = quick ? 1 : 10; // wall seconds of the live lab alone, before the sweep

// LRED experiment 1's preset holds N = 500 as five RTT groups of 100 flows; the
// paper's N = 100..1000 is 20..200 flows per group, all groups together.
const sweep = quick
  ? { values: '20, 40', seeds: 1, duration: '5' }
  : { values: '20, 40, 60, 80, 100, 120, 140, 160, 180, 200', seeds: 3, duration: null };

async function startPreview() {
  const server = spawn(process.execPath, [`${root}node_modules/vite/bin/vite.js`, 'preview'], {
    cwd: root,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  server.on('exit', () => {
    exited = true;
  });
  for (let i = 0; i < 300; i++) {
    if (exited) throw new Error(`vite preview could not start on port ${port}`);
    try {
      if ((await fetch(baseURL)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  server.kill();
  throw new Error(`vite preview did not answer on ${baseURL} (is dist/ built?)`);
}

function instrument() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

async function measure(browser, workers) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.addInitScript(instrument);
  await page.goto(baseURL);
  await page.getByTestId('side-0').waitFor();
  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('tab-experiment').click();
  await page.getByTestId('experiment-base').selectOption('preset:lred-exp1');
  await page.getByTestId('experiment-base-label').getByText('LRED exp 1').waitFor();
  await page.getByTestId('axis-0-path').fill('groups[*].count');
  await page.getByTestId('axis-0-list-mode').check();
  await page.getByTestId('axis-0-values').fill(sweep.values);
  if (sweep.duration !== null) {
    await page.getByTestId('experiment-add-axis').click();
    await page.getByTestId('axis-1-path').fill('duration_s');
    await page.getByTestId('axis-1-list-mode').check();
    await page.getByTestId('axis-1-values').fill(sweep.duration);
  }
  await page.getByTestId('experiment-seeds').fill(String(sweep.seeds));
  await page.getByTestId('experiment-workers').fill(String(workers));
  const run = page.getByTestId('experiment-run');
  await page.waitForFunction(() => !document.querySelector('[data-testid="experiment-run"]')?.hasAttribute('disabled'), null, { timeout: 30_000 });
  const plan = await page.getByTestId('experiment-plan').textContent();
  // The same page without a sweep, as a baseline: the live lab alone at 10x.
  const quietFrom = await page.evaluate(() => performance.now());
  await sleep(baselineS * 1000);
  const quietTo = await page.evaluate(() => performance.now());
  const quietTasks = await page.evaluate(({ a, b }) => window.__longTasks.filter((t) => t.start >= a && t.start <= b), { a: quietFrom, b: quietTo });
  const loadBefore = loadavg();
  const from = await page.evaluate(() => performance.now());
  await run.click();
  await page.getByTestId('experiment-finished').waitFor({ timeout: 600_000 });
  const to = await page.evaluate(() => performance.now());
  const finished = await page.getByTestId('experiment-finished').textContent();
  const longTasks = await page.evaluate(({ a, b }) => window.__longTasks.filter((t) => t.start >= a && t.start <= b), { a: from, b: to });
  const livePlaying = await page.getByTestId('side-0').getAttribute('data-state');
  const rows = await page.getByTestId('experiment-row').count();
  const whiskers = await page.getByTestId('whisker').count();
  await page.close();
  return { workers, plan, finished, wallS: (to - from) / 1000, longTasks, quietTasks, loadBefore, loadAfter: loadavg(), livePlaying, rows, whiskers };
}

const server = await startPreview();
let browser;
try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const hc = await (async () => {
    const p = await browser.newPage();
    const n = await p.evaluate(() => navigator.hardwareConcurrency);
    await p.close();
    return n;
  })();
  const sizes = workersAt > 0 ? [Number(process.argv[workersAt + 1])] : quick ? [1] : [...new Set([Math.max(1, hc - 1), hc])];
  console.log(`experiment bench: LRED Fig. 4${quick ? ' (quick: 2 values of N, 1 seed, 5 s)' : ' (10 values of N x 3 seeds, LRED/PI/REM, 200 s each)'}; ` +
    `live lab playing at 10x meanwhile; navigator.hardwareConcurrency ${hc}`);
  for (const workers of sizes) {
    const r = await measure(browser, workers);
    const longest = Math.max(0, ...r.longTasks.map((t) => t.duration));
    console.log(`workers ${r.workers}`);
    console.log(`  plan                 ${r.plan}`);
    console.log(`  page says            ${r.finished}`);
    console.log(`  wall time            ${r.wallS.toFixed(1)} s (click to finished)`);
    const quietLongest = Math.max(0, ...r.quietTasks.map((t) => t.duration));
    console.log(`  main-thread tasks    ${r.longTasks.length} over 50 ms, longest ${longest.toFixed(0)} ms`);
    console.log(`  without the sweep    ${r.quietTasks.length} over 50 ms in ${baselineS} s of the live lab alone, longest ${quietLongest.toFixed(0)} ms`);
    console.log(`  load average         ${r.loadBefore} before, ${r.loadAfter} after`);
    console.log(`  table rows, whiskers ${r.rows}, ${r.whiskers}; live lab ${r.livePlaying}`);
    if (r.rows === 0 || r.whiskers === 0 && !quick) throw new Error('the sweep finished without a table or whiskers');
  }
} finally {
  await browser?.close();
  server.kill();
}
