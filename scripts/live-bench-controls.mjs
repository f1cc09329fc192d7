// The live page's control latency, for scripts/live-bench.mjs: from the
// browser's input event to the change shown on every side.
//
// - Slider: one step of the flows slider (a key press, so one change). The
//   change counts as shown once every side's core accepted it (each row's
//   `data-applied` rose; the page marks the change on the charts with that
//   acceptance) and the charts drew the frame after it.
// - Discipline: side 1's menu switched (every side restarts from t = 0). The
//   restart counts as drawn once the charts' first frame of the new run holds
//   samples (a chart's window starts at 0 again and `data-samples` > 0).

/** Runs in the page before its scripts: times input events and the attributes the controls change. */
export function instrumentControls() {
  const controls = { recording: false, inputs: [], attrs: [] };
  window.__controls = controls;
  for (const type of ['input', 'change']) {
    document.addEventListener(
      type,
      (e) => {
        if (controls.recording) controls.inputs.push([e.timeStamp, type, e.target?.dataset?.testid ?? '']);
      },
      true,
    );
  }
  const ids = new WeakMap(); // elements without a test id (the charts) get a number
  const idOf = (el) => {
    if (el.dataset?.testid) return el.dataset.testid;
    if (!ids.has(el)) ids.set(el, `element-${ids.size}`);
    return ids.get(el);
  };
  new MutationObserver((records) => {
    if (!controls.recording) return;
    const now = performance.now();
    for (const r of records) controls.attrs.push([now, r.attributeName, r.target.getAttribute(r.attributeName), idOf(r.target)]);
  }).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-applied', 'data-window', 'data-samples', 'data-state', 'data-aqm', 'data-run'],
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startRecording(page) {
  await page.evaluate(() => {
    window.__controls.inputs.length = 0;
    window.__controls.attrs.length = 0;
    window.__controls.recording = true;
  });
}

async function stopRecording(page) {
  return page.evaluate(() => {
    window.__controls.recording = false;
    return { inputs: window.__controls.inputs, attrs: window.__controls.attrs };
  });
}

/** The first input event on `testid`, or NaN. */
function inputAt(inputs, testid) {
  return inputs.find(([, , id]) => id === testid)?.[0] ?? Number.NaN;
}

/** One step of the flows slider: milliseconds to accepted on every side and to the next chart frame. */
async function sliderOnce(page, sides, key) {
  const slider = page.getByTestId('flows-slider');
  await slider.focus();
  await startRecording(page);
  await page.evaluate(() => {
    if (window.__bench) window.__bench.log.length = 0;
  });
  await slider.press(key);
  await sleep(1500);
  const { inputs, attrs } = await stopRecording(page);
  const t0 = inputAt(inputs, 'flows-slider');
  if (process.env.BENCH_LOG) await printMessages(page, t0, 'slider step');
  let applied = -Infinity;
  for (let i = 0; i < sides; i++) {
    const first = attrs.find(([at, name, , id]) => at >= t0 && name === 'data-applied' && id === `side-${i}`);
    applied = Math.max(applied, first ? first[0] : Number.NaN);
  }
  const drawn = attrs.find(([at, name]) => at > applied && name === 'data-window')?.[0] ?? Number.NaN;
  return { applied: applied - t0, drawn: drawn - t0 };
}

/** Side 1's discipline switched (RED <-> ARED): milliseconds to every side running the new run, and to its first samples drawn. */
async function disciplineOnce(page, sides) {
  const menu = page.getByTestId('aqm-select-1').first();
  const aqm = (await menu.inputValue()) === 'ared' ? 'red' : 'ared';
  await page.evaluate(() => {
    if (window.__bench) window.__bench.log.length = 0;
  });
  await startRecording(page);
  await menu.selectOption(aqm);
  await sleep(2500);
  const { inputs, attrs } = await stopRecording(page);
  const t0 = inputAt(inputs, 'aqm-select-1');
  if (process.env.BENCH_LOG) await printMessages(page, t0, 'discipline switch');
  const after = attrs.filter(([at]) => at >= t0);
  // Every side restarted (its row's run number moved on) and runs again: the
  // first moment after its new run appeared that its row says "running" (the
  // page may show the restart and the new run's start in one render).
  let running = -Infinity;
  for (let i = 0; i < sides; i++) {
    const row = after.filter(([, name, , id]) => (name === 'data-state' || name === 'data-run') && id === `side-${i}`);
    const fresh = row.findIndex(([, name]) => name === 'data-run');
    const state = await page.getByTestId(`side-${i}`).getAttribute('data-state'); // as it ended, if no change came after
    let back;
    if (fresh >= 0) {
      const later = row.slice(fresh).filter(([, name]) => name === 'data-state');
      back = later.find(([, , value]) => value === 'running')?.[0];
      // Still "running" from before: the new run shows as running from the render that brought it.
      if (back === undefined && later.length === 0 && state === 'running') back = row[fresh][0];
    }
    running = Math.max(running, back ?? Number.NaN);
  }
  // A chart whose window starts at 0 again, then its first frame with samples.
  const windows = new Map(); // chart -> its latest window
  let drawn = Number.NaN;
  for (const [at, name, value, id] of after) {
    if (name === 'data-window') windows.set(id, value);
    if (name === 'data-samples' && Number(value) > 0 && windows.get(id)?.startsWith('0,')) {
      drawn = at;
      break;
    }
  }
  return { running: running - t0, drawn: drawn - t0 };
}

/** BENCH_LOG=1: the page<->worker messages in the first 600 ms after `t0` (live-bench.mjs keeps them). */
async function printMessages(page, t0, what) {
  const log = await page.evaluate(() => window.__bench?.log ?? []);
  const shown = log.filter(([at, , type]) => at >= t0 - 5 && at < t0 + 600 && type !== 'summary/get' && type !== 'call/reply');
  console.log(`${what}, ms after the input event:`);
  console.log(shown.map(([at, dir, type, x, id]) => `${Math.round(at - t0)} ${dir} ${id ?? x} ${type} ${id === undefined ? '' : x ?? ''}`).join('\n'));
}

/**
 * Slider and discipline latency at the page's current speed: `rounds` slider
 * steps (alternately down and up: the heavy case starts at the slider's
 * top, where a step up changes nothing) and `rounds` switches of side 1
 * between RED and ARED.
 */
export async function measureControls(page, sides, rounds) {
  const slider = [];
  for (let i = 0; i < rounds; i++) slider.push(await sliderOnce(page, sides, i % 2 === 0 ? 'ArrowLeft' : 'ArrowRight'));
  const discipline = [];
  for (let i = 0; i < rounds; i++) discipline.push(await disciplineOnce(page, sides));
  return { slider, discipline };
}
