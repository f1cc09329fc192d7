// Where the live page's CPU time goes, thread by thread, for
// scripts/live-bench.mjs: a short Chromium trace, the CPU time of each
// thread's top-level tasks (`tdur`: not the wall time, which on a loaded
// machine counts the time a thread was descheduled, and in a simulation
// worker its sleeps in Atomics.wait) over the trace's span. It tells how busy the drawing worker (charts/plot.worker.ts,
// the OffscreenCanvas 2D path) is beside the main thread and the simulation
// workers: the most a faster drawing path (WebGL) could take off.

/** CPU fractions over `ms` of wall time: the main thread, the drawing worker, each simulation worker. */
export async function threadBusy(browser, page, ms) {
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
  await new Promise((r) => setTimeout(r, ms));
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const names = new Map(); // tid -> thread name
  const workerUrls = new Map(); // tid -> worker script
  let first = Infinity;
  let last = -Infinity;
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') names.set(e.tid, e.args.name);
    if (e.name === 'TracingSessionIdForWorker') workerUrls.set(e.args.data.workerThreadId, e.args.data.url);
    if (e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask') {
      first = Math.min(first, e.ts);
      last = Math.max(last, e.ts + e.dur);
    }
  }
  const busy = new Map(); // tid -> CPU microseconds in top-level tasks
  for (const e of events) {
    if (e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask') busy.set(e.tid, (busy.get(e.tid) ?? 0) + (e.tdur ?? e.dur));
  }
  const span = last - first;
  const fraction = (tid) => (busy.get(tid) ?? 0) / span;
  const main = [...names].find(([, name]) => name === 'CrRendererMain')?.[0];
  const workers = [...workerUrls];
  const plot = workers.filter(([, url]) => url.includes('plot.worker')).map(([tid]) => fraction(tid));
  const sims = workers.filter(([, url]) => url.includes('sim.worker')).map(([tid]) => fraction(tid));
  return { main: main === undefined ? NaN : fraction(main), plot: plot.reduce((a, b) => a + b, 0), sims };
}
