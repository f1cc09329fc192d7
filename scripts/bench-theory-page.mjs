// The theory view's cost to the page's main thread (bench-theory.mjs calls
// it): the default lab (an hour long) from 70 s on at 10x in Chromium, the
// flows slider moved every `gapMs` (a live change each time, which the theory
// overlay follows by asking its worker for the whole fluid trajectory
// again), first with the overlay off, then on (first as long without a
// change: what drawing the model's line costs), then on with the theory
// panel open as well, then off again (the machine's load drifts: the two
// "off" phases bracket it). For each phase: the main thread's long tasks
// (over 50 ms, PerformanceObserver), its busy time per wall second (CDP's
// TaskDuration), the tasks that handled the theory worker's answers (reading
// them, building the overlay's series, updating the theory state and the
// microtasks that follow, a synchronous React render included: what theory
// costs the main thread, the models themselves running in the worker), and,
// with the overlay on, how long each change took to show ("computing…" and
// back; the hour-long run makes each fluid trajectory 2,000,000 steps, the
// most the model takes). On a loaded machine the busy fraction and the long
// tasks swing between phases with the load; the theory tasks are the figure
// that belongs to theory alone.

import { deflateRawSync } from 'node:zlib';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const recomputeLimitMs = 8000; // a recomputation not shown by then is printed as "> 8000"

// Runs in the page before its scripts: keeps the long tasks, and times every
// task that handles a message from the theory worker (the page names it
// "theory"), from the handler's start to a microtask queued after it, so the
// state update and the React render it sets off in that task are counted.
function instrument() {
  window.__longTasks = [];
  window.__theoryTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, options);
      if (options?.name !== 'theory') return;
      const add = this.addEventListener.bind(this);
      this.addEventListener = (type, listener, more) => {
        if (type !== 'message') return add(type, listener, more);
        return add(type, (event) => {
          const start = performance.now();
          listener(event);
          queueMicrotask(() => window.__theoryTasks.push({ start, duration: performance.now() - start }));
        }, more);
      };
    }
  };
}

async function taskSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
}

/** Waits for the overlay's status to pass through "computing…" and settle; ms from `since`, NaN if it never recomputed. */
async function recomputeMs(page, since, timeoutMs) {
  let seenComputing = false;
  while (Date.now() - since < timeoutMs) {
    const text = await page.getByTestId('theory-status').textContent();
    if (text === 'computing…') seenComputing = true;
    if (seenComputing && text === 'dotted: fluid model') return Date.now() - since;
    await sleep(10);
  }
  return NaN;
}

async function phase(page, cdp, { name, overlay, live = true, changes, gapMs }) {
  const from = await page.evaluate(() => performance.now());
  const busyBefore = await taskSeconds(cdp);
  const wallStart = Date.now();
  const recomputes = [];
  for (let k = 0; k < changes; k++) {
    const flows = k % 2 === 0 ? '80' : '50';
    const at = Date.now();
    if (live) await page.getByTestId('flows-slider').fill(flows);
    if (overlay && live) recomputes.push(await recomputeMs(page, at, recomputeLimitMs));
    const left = gapMs - (Date.now() - at);
    if (left > 0) await sleep(left);
  }
  const busy = (await taskSeconds(cdp)) - busyBefore;
  const wallS = (Date.now() - wallStart) / 1000;
  const long = await page.evaluate((t) => window.__longTasks.filter((x) => x.start >= t), from);
  const theory = await page.evaluate((t) => window.__theoryTasks.filter((x) => x.start >= t), from);
  return {
    name,
    changes: live ? changes : 0,
    wallS,
    busyFraction: busy / wallS,
    longTasks: long.length,
    longestMs: Math.max(0, ...long.map((x) => x.duration)),
    recomputes,
    theoryTasks: theory.length,
    theoryMs: theory.reduce((sum, x) => sum + x.duration, 0),
    theoryLongestMs: Math.max(0, ...theory.map((x) => x.duration)),
  };
}

/** Runs the three phases on a fresh page of `baseURL` and returns their figures. */
export async function theoryMainThread(browser, baseURL, { changes, gapMs }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(instrument);
  // The default lab, an hour long so that no phase meets the end of the run.
  const link = `v1.${deflateRawSync(Buffer.from(JSON.stringify({ scenario: { duration_s: 3600 }, layout: 'overlay' }))).toString('base64url')}`;
  await page.goto(`${baseURL}#${link}`);
  await page.getByTestId('add-side').waitFor();
  // Past the first minute before measuring: from then on the charts' last-minute
  // window slides every frame, in every phase alike (before, it stands still and
  // frames cost less, which would flatter whichever phase ran first).
  await page.getByTestId('play-pause').click();
  await page.getByTestId('run-to-time').fill('70');
  await page.getByTestId('run-to').click();
  // Read as a number (a time drawn as "70.0" or a hair past it still counts);
  // on a loaded machine the run there can take a while, so the wait is long
  // and a miss says how far the side got.
  const reached = await page
    .waitForFunction(() => Number(document.querySelector('[data-testid="side-1"]')?.getAttribute('data-sim-time')) >= 69.999, null, { timeout: 180_000 })
    .then(() => true, () => false);
  if (!reached) {
    const at = await page.getByTestId('side-1').getAttribute('data-sim-time');
    throw new Error(`side 1 did not reach 70 s of simulated time within 180 s (it stood at ${at} s)`);
  }
  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play-pause').click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await sleep(2000); // workers tiered up, charts drawn
  const phases = [];
  phases.push(await phase(page, cdp, { name: 'overlay off', overlay: false, changes, gapMs }));
  await page.getByTestId('theory-toggle').check();
  await page.getByTestId('theory-status').filter({ hasText: 'dotted: fluid model' }).waitFor({ timeout: 30_000 });
  phases.push(await phase(page, cdp, { name: 'overlay on, no change', overlay: true, live: false, changes, gapMs }));
  phases.push(await phase(page, cdp, { name: 'overlay on', overlay: true, changes, gapMs }));
  await page.getByTestId('theory-section').locator(':scope > summary').click();
  await page.getByTestId('theory-side-1').getByTestId('stability-badge').waitFor({ timeout: 30_000 });
  phases.push(await phase(page, cdp, { name: 'overlay on, panel open', overlay: true, changes, gapMs }));
  await page.getByTestId('theory-section').locator(':scope > summary').click();
  await page.getByTestId('theory-toggle').uncheck();
  phases.push(await phase(page, cdp, { name: 'overlay off again', overlay: false, changes, gapMs }));
  await page.close();
  if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
  return phases;
}

export function printMainThread(phases, load) {
  const fixed = (x, d) => (Number.isFinite(x) ? x.toFixed(d) : String(x));
  console.log(`main thread during live changes (default lab at 10x, flows slider 80/50; load average ${load}):`);
  for (const p of phases) {
    const shown = p.recomputes.length > 0 ? `; overlay recomputed and drawn after ${p.recomputes.map((x) => (Number.isFinite(x) ? fixed(x, 0) : `> ${recomputeLimitMs}`)).join(', ')} ms` : '';
    const theory = p.theoryTasks > 0 ? `; ${p.theoryTasks} theory answers handled in ${fixed(p.theoryMs, 0)} ms (longest ${fixed(p.theoryLongestMs, 1)} ms)` : '';
    console.log(`  ${p.name.padEnd(24)} ${p.changes} changes over ${fixed(p.wallS, 1)} s: long tasks ${p.longTasks} (longest ${fixed(p.longestMs, 0)} ms), ` +
      `main thread busy ${fixed(100 * p.busyFraction, 0)}%${theory}${shown}`);
  }
}
