// The live page's speed, measured in Chromium: six sides of the default
// scenario with 100 long-lived flows (the core's default has 50; the
// live page's targets are set at 100) at 10x and at "as fast as possible". Prints, for each
// speed: frames per second, long tasks (count, longest), the main thread's
// busy fraction, the spread of the sides' simulated times (as the rows show them, and
// whether every side's batches end at the same times), simulated seconds
// per wall second per side, each thread's CPU share from a short trace
// (live-bench-threads.mjs), the pause latency (click to visible stop, with
// where it went: first message out, last hold answered, last side stopped),
// and the latency of a slider step and of a discipline switch
// (live-bench-controls.mjs). BENCH_LOG=1 also prints every page<->worker
// message around each pause.
//
//   node scripts/live-bench.mjs            # full run (about a minute and a half)
//   node scripts/live-bench.mjs --quick    # CI smoke run: short windows, nothing asserted about speed
//   node scripts/live-bench.mjs --dist DIR # another build (e.g. an older commit's) for a before/after
//   node scripts/live-bench.mjs --speed max # one speed only (10 or max)
//   node scripts/live-bench.mjs --search '?simWorkers=6' # a query for the page (an older build's options, with --dist)
//   node scripts/live-bench.mjs --heavy    # the heavy case: six sides of a 1 Gb/s dumbbell, 1,000 flows, 1500-byte packets
//
// Needs the production build (npx vite build) and the Node core (build-wasm.sh),
// which gives the default scenario. The preview server takes E2E_PORT (default 4179).
// The machine's load (/proc/loadavg) is printed with the figures: on a shared
// machine they mean little without it.
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { loadCore, root } from './load-core-node.mjs';
import { instrumentControls, measureControls } from './live-bench-controls.mjs';
import { threadBusy } from './live-bench-threads.mjs';
import { startPreview } from './preview-server.mjs';

const quick = process.argv.includes('--quick');
const distAt = process.argv.indexOf('--dist');
const dist = distAt > 0 ? process.argv[distAt + 1] : null;
const speedAt = process.argv.indexOf('--speed');
const speeds = speedAt > 0 ? [process.argv[speedAt + 1]] : ['10', 'max'];
const searchAt = process.argv.indexOf('--search');
const heavy = process.argv.includes('--heavy');
const search = searchAt > 0 ? process.argv[searchAt + 1] : '';
const port = Number(process.env.E2E_PORT ?? 4179);
const baseURL = `http://127.0.0.1:${port}`;
const windowS = quick ? 2 : 10; // measured wall seconds per speed
const settleS = quick ? 1 : 3; // wall seconds before measuring (worker tier-up, first charts)
const pauses = quick ? 1 : 3; // pause/play cycles per speed
const watchMs = 2500; // how long after a pause click the page is watched for a change
// Six common disciplines: the page's maximum, and a mix of cheap and costly laws.
const disciplines = [
  ['Drop-tail', 'droptail'],
  ['RED', 'red'],
  ['ARED', 'ared'],
  ['PI', 'pi'],
  ['PIE', 'pie'],
  ['CoDel', 'codel'],
];

/**
 * The core's default scenario, 100 flows, six sides, long enough that "as fast
 * as possible" never ends it; `--heavy`: its bottleneck at 1 Gb/s with
 * 1500-byte packets and 1,000 flows (about 83,000 packets a simulated second
 * leave each side's bottleneck, against 2,500 in the default).
 */
async function sixSideLink() {
  const core = await loadCore();
  const scenario = JSON.parse(core.defaultScenario());
  scenario.groups[0].count = heavy ? 1000 : 100;
  if (heavy) Object.assign(scenario.bottleneck, { capacity_mbps: 1000, packet_bytes: 1500 });
  scenario.sides = disciplines.map(([name, aqm]) => ({ name, aqm, params: {} }));
  scenario.events = (scenario.events ?? []).filter((e) => e.kind !== 'set_param');
  scenario.duration_s = 86400; // the most a scenario may run: at full speed an hour could end within the measurement
  const state = { scenario, layout: 'overlay' };
  return `/#v1.${deflateRawSync(Buffer.from(JSON.stringify(state), 'utf8')).toString('base64url')}`;
}

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// Runs in the page before its own scripts: counts animation frames, keeps
// long tasks, notes the last chart update (a canvas draw on the main thread,
// or a chart's data-window / data-samples changing, which every chart frame
// with new data does) and the last change of a side's shown state, and when a
// press on Pause began.
function instrument() {
  const bench = { frames: 0, longTasks: [], lastDraw: 0, lastState: 0, pressAt: 0, log: [], batches: [] };
  window.__bench = bench;
  // Every message between the page and a side (on the side's channels into
  // the simulation worker), timed where the main thread sends or handles it;
  // each side's batches also as [channel, simulated time at the batch's end].
  // The page calls the worker through comlink (a call: {id, type: 'APPLY',
  // path, argumentList}; its answer: {id, value}); older builds (--dist) sent
  // messages of their own ({type: 'run/pause', ...}). Both are logged under the
  // older names, so one log reads either build.
  const oldNames = {
    start: 'run/start', play: 'run/play', pause: 'run/pause', reset: 'run/reset', setSpeed: 'run/speed', step: 'run/step',
    runUntil: 'run/until', hold: 'run/hold', release: 'run/release', apply: 'sim/apply', check: 'scenario/check',
    summary: 'summary/get', ready: 'run/ready', state: 'run/state', batch: 'sim/batch', error: 'run/error',
  };
  const asked = new Map(); // a comlink call's id -> its name, to name its answer
  const named = (m) => {
    if (typeof m?.type === 'string' && m.type.includes('/')) return m;
    if (m?.type === 'APPLY' && Array.isArray(m.path)) {
      const type = oldNames[m.path.join('.')] ?? m.path.join('.');
      asked.set(m.id, type);
      return { type, ...(m.argumentList?.[0]?.value ?? {}) };
    }
    if (typeof m?.id === 'string' && asked.has(m.id) && !('path' in m)) {
      const call = asked.get(m.id);
      asked.delete(m.id);
      return { type: 'call/reply', call };
    }
    return null; // React's scheduler uses channels too
  };
  const NativeChannel = window.MessageChannel;
  let channels = 0;
  window.MessageChannel = class extends NativeChannel {
    constructor() {
      super();
      const id = `c${channels++}`;
      const post = this.port1.postMessage.bind(this.port1);
      this.port1.postMessage = (m, t) => {
        const message = named(m);
        if (message && message.type !== 'call/reply') bench.log.push([performance.now(), 'to', message.type, id]);
        return post(m, t);
      };
      this.port1.addEventListener('message', (e) => {
        const message = named(e.data);
        if (!message) return;
        bench.log.push([performance.now(), 'from', message.type, message.playing ?? message.call ?? message.now, id]);
        if (message.type === 'sim/batch') bench.batches.push([id, message.now]);
      });
    }
  };
  // The same for messages to and from the workers themselves.
  const NativeWorker = window.Worker;
  let workers = 0;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      const id = workers++;
      const post = this.postMessage.bind(this);
      this.postMessage = (m, t) => {
        bench.log.push([performance.now(), 'to', m?.type, id]);
        return post(m, t);
      };
      this.addEventListener('message', (e) => bench.log.push([performance.now(), 'from', e.data?.type, e.data?.playing ?? e.data?.call ?? e.data?.now, id]));
    }
  };
  const frame = () => {
    bench.frames++;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  for (const proto of [CanvasRenderingContext2D.prototype]) {
    for (const name of ['clearRect', 'fillRect', 'stroke']) {
      const original = proto[name];
      proto[name] = function (...args) {
        bench.lastDraw = performance.now();
        return original.apply(this, args);
      };
    }
  }
  document.addEventListener(
    'pointerdown',
    (e) => {
      bench.pressAt = e.timeStamp;
    },
    true,
  );
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.attributeName === 'data-state') bench.lastState = performance.now();
      else bench.lastDraw = performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state', 'data-window', 'data-samples'] });
}

/** Every side's row: its shown simulated time and state. */
function readSides(page) {
  return page.$$eval('[data-testid^="side-"][data-state]', (rows) =>
    rows.map((r) => ({ t: Number(r.getAttribute('data-sim-time')), state: r.getAttribute('data-state') })),
  );
}

/**
 * Of the simulated times at which any side's batch ended (within the span
 * every side's batches cover), the share at which every side's did: 1 when
 * the sides flush together at one time (one simulation worker), less when
 * each flushes at its own pace.
 */
function sharedBatchTimes(batches) {
  const bySide = new Map();
  for (const [channel, now] of batches) bySide.set(channel, [...(bySide.get(channel) ?? []), now]);
  const lists = [...bySide.values()];
  if (lists.length === 0) return NaN;
  const from = Math.max(...lists.map((l) => l[0]));
  const to = Math.min(...lists.map((l) => l[l.length - 1]));
  const sets = lists.map((l) => new Set(l.filter((t) => t >= from && t <= to)));
  const all = new Set(sets.flatMap((set) => [...set]));
  if (all.size === 0) return NaN;
  return [...all].filter((t) => sets.every((set) => set.has(t))).length / all.size;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function taskSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
}

/** Where a pause's time went: from the press to the first message out, the last hold answered, the last stop reported. */
function pauseStages(log, pressAt) {
  const after = log.filter(([at]) => at >= pressAt);
  const last = (pick) => {
    const times = after.filter(pick).map(([at]) => at - pressAt);
    return times.length > 0 ? Math.max(...times) : NaN;
  };
  const first = after.find(([, dir]) => dir === 'to');
  return {
    'first send': first ? first[0] - pressAt : NaN,
    'last hold': last(([, dir, type, call]) => dir === 'from' && type === 'call/reply' && call === 'run/hold'),
    'last stop': last(([, dir, type, playing]) => dir === 'from' && type === 'run/state' && playing === false),
  };
}

/** One speed: the frame and task figures over the window, then pause latencies. Pause and Play are
 * one toggle now, two buttons in older builds (measured with --dist for a before/after). */
async function measure(browser, page, cdp, speed) {
  await page.getByTestId('speed').selectOption(speed);
  await sleep(settleS * 1000);
  const load = loadavg();
  const before = await page.evaluate(() => ({ frames: window.__bench.frames, at: performance.now() }));
  const busyBefore = await taskSeconds(cdp);
  await page.evaluate(() => {
    window.__bench.batches.length = 0;
  });
  const samples = [];
  const started = Date.now();
  while (Date.now() - started < windowS * 1000) {
    samples.push({ wall: Date.now(), sides: await readSides(page) });
    await sleep(250);
  }
  const after = await page.evaluate(() => ({ frames: window.__bench.frames, at: performance.now() }));
  const busyAfter = await taskSeconds(cdp);
  const long = await page.evaluate((from) => window.__bench.longTasks.filter((t) => t.start >= from), before.at);
  const wallS = (after.at - before.at) / 1000;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const rates = last.sides.map((s, i) => (s.t - first.sides[i].t) / ((last.wall - first.wall) / 1000));
  const spreads = samples.map(({ sides }) => Math.max(...sides.map((s) => s.t)) - Math.min(...sides.map((s) => s.t)));
  const shared = sharedBatchTimes(await page.evaluate(() => window.__bench.batches));

  const threads = await threadBusy(browser, page, quick ? 1000 : 3000);
  const latencies = [];
  const stages = [];
  let pausedSpread = NaN;
  for (let i = 0; i < pauses; i++) {
    await page.evaluate(() => {
      window.__bench.log.length = 0;
    });
    await page.locator('[data-testid="play-pause"], [data-testid="pause"]').first().click();
    await sleep(watchMs);
    const { pressAt, lastDraw, lastState, log } = await page.evaluate(() => window.__bench);
    latencies.push(Math.max(lastDraw, lastState) - pressAt);
    stages.push(pauseStages(log, pressAt));
    if (process.env.BENCH_LOG) {
      const shown = log.filter(([at, , type]) => at >= pressAt - 5 && at < pressAt + 300 && type !== 'paint' && type !== 'summary/get');
      console.log(shown.map(([at, dir, type, x, id]) => `${Math.round(at - pressAt)} ${dir} ${id ?? x} ${type} ${id === undefined ? '' : x ?? ''}`).join('\n'));
    }
    const sides = await readSides(page);
    pausedSpread = Math.max(...sides.map((s) => s.t)) - Math.min(...sides.map((s) => s.t));
    await page.locator('[data-testid="play-pause"], [data-testid="play"]').first().click();
    await sleep(1000);
  }
  const controls = await measureControls(page, disciplines.length, pauses);
  return {
    speed,
    load,
    controls,
    threads,
    fps: (after.frames - before.frames) / wallS,
    longTasks: long.length,
    longestMs: Math.max(0, ...long.map((t) => t.duration)),
    busy: (busyAfter - busyBefore) / wallS,
    sharedBatches: shared,
    spreadMedianS: median(spreads),
    spreadMaxS: Math.max(...spreads),
    pausedSpreadS: pausedSpread,
    simPerWall: rates,
    pauseMs: latencies,
    pauseStages: stages,
  };
}

function print(r) {
  const fixed = (x, d) => (Number.isFinite(x) ? x.toFixed(d) : String(x));
  console.log(`speed ${r.speed} (load average ${r.load})`);
  console.log(`  frames per second        ${fixed(r.fps, 1)}`);
  console.log(`  long tasks               ${r.longTasks}, longest ${fixed(r.longestMs, 0)} ms`);
  console.log(`  main thread busy         ${fixed(100 * r.busy, 0)}%`);
  console.log(`  sides' time spread       median ${fixed(r.spreadMedianS, 2)} s, max ${fixed(r.spreadMaxS, 2)} s, paused ${fixed(r.pausedSpreadS, 3)} s`);
  console.log(`  batches at one time      ${fixed(100 * r.sharedBatches, 0)}% of the times a side's batch ended at, every side's batch ended there too`);
  console.log(`  simulated s per wall s   ${r.simPerWall.map((x) => fixed(x, 1)).join(' ')}`);
  const t = r.threads;
  console.log(`  thread CPU (trace)       main ${fixed(100 * t.main, 0)}%, drawing worker ${fixed(100 * t.plot, 0)}%, ` +
    `simulation workers ${t.sims.map((x) => `${fixed(100 * x, 0)}%`).join(' ')}`);
  console.log(`  pause latency            ${r.pauseMs.map((x) => `${fixed(x, 0)} ms`).join(', ')}`);
  const ms = (xs) => xs.map((x) => `${fixed(x, 0)}`).join(', ');
  console.log(`  slider step, ms          accepted on every side ${ms(r.controls.slider.map((x) => x.applied))}; drawn ${ms(r.controls.slider.map((x) => x.drawn))}`);
  console.log(`  discipline switch, ms    every side running again ${ms(r.controls.discipline.map((x) => x.running))}; new run drawn ${ms(r.controls.discipline.map((x) => x.drawn))}`);
  for (const s of r.pauseStages) {
    const stages = Object.entries(s).filter(([, v]) => Number.isFinite(v)); // no hold unless the pause fell back to one
    console.log(`    press -> ${stages.map(([k, v]) => `${k} ${fixed(v, 0)}`).join(', ')} ms`);
  }
}

const link = await sixSideLink();
const server = await startPreview(port, { dist });
let browser;
try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.addInitScript(instrument);
  await page.addInitScript(instrumentControls);
  await page.goto(baseURL + link.replace('/#', `/${search}#`));
  const rows = page.locator('[data-testid^="side-"][data-state]');
  for (let waited = 0; (await rows.count()) !== 6 || (await readSides(page)).some((s) => s.state !== 'running'); waited++) {
    if (waited > 600) throw new Error('the six sides did not start running within 60 s');
    await sleep(100);
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const what = heavy ? '1 Gb/s dumbbell, 1,000 flows, 1500-byte packets' : 'default scenario with 100 flows';
  console.log(`live bench: six sides (${disciplines.map(([, a]) => a).join(', ')}), ${what}, ` +
    `${windowS} s windows, Chromium at 1280x1000${quick ? ' (quick)' : ''}${search ? `, ${search}` : ''}`);
  const results = [];
  for (const speed of speeds) {
    const r = await measure(browser, page, cdp, speed);
    print(r);
    results.push(r);
  }
  // Smoke checks only (the figures themselves are not asserted): every side moved at both speeds.
  const stalled = results.filter((r) => r.simPerWall.some((x) => !(x > 0)));
  if (stalled.length > 0) throw new Error(`a side did not advance at speed ${stalled.map((r) => r.speed).join(', ')}`);
} finally {
  await browser?.close();
  server.kill();
}
