import { describe, expect, it } from 'vitest';
import { TheoryClient } from '../../../web/src/theory/theory-client';
import { TheoryRunner, type TheoryAnswer, type TheoryApi } from '../../../web/src/theory/theory-runner';
import { FakeWorkerEnd } from '../support/fake-worker-end';
import { fluidStore, TheoryState, type TheorySource } from '../../../web/src/theory/theory-state';
import { fluidOverlay } from '../../../web/src/theory/fluid-overlay';
import { liveParams } from '../../../web/src/theory/live-params';
import { boundsRequest } from '../../../web/src/theory/bounds-request';
import { scenarioAt } from '../../../web/src/theory/scenario-now';
import { binDistribution, binWidth, distributionMean, simulatedHistogram } from '../../../web/src/theory/queue-histogram';
import { readAnalysis } from '../../../web/src/theory/theory-json';
import { SeriesStore } from '../../../web/src/charts/series-store';
import { cannedAnalysis, FakeTheoryCore } from '../support/fake-theory-core';

// The theory's state on the page: what is recomputed when, and the overlay
// and histogram it gives the charts.

/** A lab stand-in: a scenario that changes and listeners told of it. */
class FakeLab implements TheorySource {
  scenario: string | null = null;
  time = 0;
  shownTime(): number {
    return this.time;
  }
  private listeners = new Set<() => void>();
  exportScenario(): Promise<string> {
    return this.scenario === null ? Promise.reject(new Error('no scenario has run yet')) : Promise.resolve(this.scenario);
  }
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  change(scenario: string): void {
    this.scenario = scenario;
    for (const l of this.listeners) l();
  }
  get listening(): number {
    return this.listeners.size;
  }
}

/** A theory worker whose answers wait until the test releases them, as a busy worker's do. */
function heldPort(core: FakeTheoryCore) {
  const runner = new TheoryRunner(() => Promise.resolve(core), () => 0);
  const held: (() => Promise<void>)[] = [];
  const later =
    <A extends unknown[]>(ask: (...args: A) => Promise<TheoryAnswer>) =>
    (...args: A): Promise<TheoryAnswer> =>
      new Promise((resolve, reject) => held.push(() => ask(...args).then(resolve, reject)));
  const api: TheoryApi = {
    analyzeScenario: later((s: string, side: number) => runner.analyzeScenario(s, side)),
    solveQueueModel: later((m: string) => runner.solveQueueModel(m)),
    responseBounds: later((j: string) => runner.responseBounds(j)),
    lawCurve: later((j: string) => runner.lawCurve(j)),
    senderResponse: later((j: string) => runner.senderResponse(j)),
  };
  const port = new FakeWorkerEnd(api);
  const release = async () => {
    for (const answer of held.splice(0)) await answer();
  };
  /** Answers everything, including what the answers lead to, until the state asks nothing more. */
  const drain = async () => {
    for (;;) {
      await new Promise((r) => setTimeout(r, 0));
      if (held.length === 0) return;
      await release();
    }
  };
  return { port, held, release, drain };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const scenario = (flows: number) => JSON.stringify({ sides: [{ aqm: 'red' }, { aqm: 'pi' }], groups: [{ count: flows }] });

describe('TheoryState', () => {
  it('computes nothing until a view watches, then every side of the current scenario', async () => {
    const core = new FakeTheoryCore();
    const { port, release } = heldPort(core);
    const lab = new FakeLab();
    const theory = new TheoryState(lab, new TheoryClient(() => port));
    lab.change(scenario(50));
    await settle();
    expect(core.calls).toEqual([]);
    const stop = theory.watch();
    await settle();
    await release();
    await settle();
    await release(); // the response bounds, asked once the sides' mapping is known
    await settle();
    expect(core.calls).toEqual(['analyze 0', 'analyze 1', 'bounds']);
    const snap = theory.getSnapshot();
    expect(snap.bounds).toMatchObject({ ok: true, value: { flows: [100, 200] } });
    expect(snap.scenario).toBe(scenario(50));
    expect(snap.sides.map((s) => s.analysis?.stability.verdict)).toEqual(['stable', 'stable']);
    stop();
    expect(lab.listening).toBe(0);
  });

  it('recomputes after a live change, folding changes made meanwhile into one more run', async () => {
    const core = new FakeTheoryCore();
    core.verdictFor = (s) => (JSON.parse(s).groups[0].count < 62 ? 'unstable' : 'stable');
    const { port, release, held } = heldPort(core);
    const lab = new FakeLab();
    lab.scenario = scenario(100);
    const theory = new TheoryState(lab, new TheoryClient(() => port));
    theory.watch();
    await settle();
    expect(held).toHaveLength(2);
    // Three slider steps while the first analysis runs: one more analysis, of the last.
    lab.change(scenario(80));
    lab.change(scenario(60));
    lab.change(scenario(40));
    await release();
    await settle();
    await release(); // the first run's bounds
    await settle();
    expect(held).toHaveLength(2);
    await release();
    await settle();
    await release();
    await settle();
    expect(core.calls.filter((c) => c.startsWith('analyze'))).toHaveLength(4);
    expect(theory.getSnapshot().scenario).toBe(scenario(40));
    expect(theory.getSnapshot().sides[0]?.analysis?.stability.verdict).toBe('unstable');
  });

  it('does not ask again for a scenario it has already analysed', async () => {
    const core = new FakeTheoryCore();
    const { port, release } = heldPort(core);
    const lab = new FakeLab();
    lab.scenario = scenario(100);
    const theory = new TheoryState(lab, new TheoryClient(() => port));
    theory.watch();
    await settle();
    await release();
    await settle();
    await release();
    await settle();
    lab.change(scenario(100)); // a status change that is no scenario change (play, pause)
    await settle();
    await release();
    expect(core.calls).toEqual(['analyze 0', 'analyze 1', 'bounds']);
  });

  it("keeps a side's error beside the others' results", async () => {
    const core = new FakeTheoryCore();
    core.refuseSide = 1;
    const lab = new FakeLab();
    lab.scenario = scenario(100);
    const { port, drain } = heldPort(core);
    const theory = new TheoryState(lab, new TheoryClient(() => port));
    theory.watch();
    await drain();
    const [red, pi] = theory.getSnapshot().sides;
    expect(red?.analysis?.stability.verdict).toBe('stable');
    expect(pi).toMatchObject({ analysis: null, fluid: null, error: 'sides[1].aqm: no fluid model' });
  });

  it('asks the panel\'s analysis for the scenario as it stands now and the overlay\'s for the whole timeline', async () => {
    const core = new FakeTheoryCore();
    const seen: string[] = [];
    core.verdictFor = (s, side) => {
      if (side === 0) seen.push(s);
      return JSON.parse(s).groups[0].count < 62 ? 'unstable' : 'stable';
    };
    const lab = new FakeLab();
    const withEvent = JSON.stringify({ sides: [{ aqm: 'red' }], groups: [{ count: 100 }], events: [{ at_s: 5, kind: 'set_flows', group: 0, count: 40 }] });
    lab.scenario = withEvent;
    lab.time = 10;
    const { port, drain } = heldPort(core);
    const theory = new TheoryState(lab, new TheoryClient(() => port));
    theory.setOverlay(true);
    const stop = theory.watch();
    await drain();
    const folded = JSON.stringify({ sides: [{ aqm: 'red' }], groups: [{ count: 40 }], events: [] });
    expect(new Set(seen)).toEqual(new Set([folded, withEvent]));
    const snap = theory.getSnapshot();
    expect(snap.scenario).toBe(folded);
    expect(snap.sides[0]?.analysis?.stability.verdict).toBe('unstable');
    expect(theory.overlayOf(0)).not.toBeNull();
    stop();
    theory.setOverlay(false);
  });

  it('gives the queue chart a fluid series only while the overlay is on', async () => {
    const core = new FakeTheoryCore();
    const { port, drain } = heldPort(core);
    const lab = new FakeLab();
    lab.scenario = scenario(100);
    const theory = new TheoryState(lab, new TheoryClient(() => port));
    theory.setOverlay(true);
    await drain();
    const [series] = fluidOverlay(theory, 'queue', 1, 'PI');
    expect(series).toMatchObject({ column: 'queue_pkts', colour: 'var(--side-1)', label: 'PI fluid model', dash: [2, 3] });
    expect(fluidOverlay(theory, 'delay', 1, 'PI')).toEqual([]);
    theory.setOverlay(false);
    expect(fluidOverlay(theory, 'queue', 1, 'PI')).toEqual([]);
    expect(lab.listening).toBe(0);
  });
});

describe('the overlay, live parameters and the histogram', () => {
  it('holds the fluid trajectory as a series store', () => {
    const read = readAnalysis(JSON.stringify(cannedAnalysis));
    if (!read.ok) throw new Error(read.error);
    const store = fluidStore(read.value);
    if (!store) throw new Error('no fluid store');
    expect(store.columns).toEqual(['t', 'queue_pkts', 'window_pkts', 'p']);
    expect(store.length).toBe(3);
    expect(store.at(1, 2)).toBe(55);
    expect(store.at(3, 1)).toBe(0.01);
  });

  it("lays the side's live set_param changes over its start values, last one winning", () => {
    const s = JSON.stringify({
      sides: [{ aqm: 'red', params: { max_p: 0.2 } }, { aqm: 'red', params: { gentle: true } }],
      events: [
        { at_s: 3, kind: 'set_param', side: 0, name: 'wq', value: 0.01 },
        { at_s: 4, kind: 'set_param', side: 1, name: 'wq', value: 0.5 },
        { at_s: 5, kind: 'set_param', side: 0, name: 'wq', value: 0.02 },
        { at_s: 6, kind: 'set_flows', group: 0, count: 9 },
      ],
    });
    expect(liveParams(s, 0, { wq: 0.002, max_p: 0.1, min_th: 5 })).toEqual({ wq: 0.02, max_p: 0.2, min_th: 5 });
    expect(liveParams(s, 1, { wq: 0.002 })).toEqual({ wq: 0.5, gentle: 1 });
    expect(liveParams(null, 0, { wq: 0.002 })).toEqual({ wq: 0.002 });
  });

  it("asks for the bounds with the first PI and REM sides' live settings, at a quarter to four times the scenario's N", () => {
    const s = JSON.stringify({
      sides: [{ aqm: 'red' }, { aqm: 'pi', params: { qref: 80 } }, { aqm: 'rem', params: { gamma: 0.002, q0: 30 } }, { aqm: 'pi' }],
      events: [{ at_s: 2, kind: 'set_param', side: 1, name: 'a', value: 3e-5 }],
    });
    const mapping = { flows: 149.6, capacityPps: 2500, rttS: 0.12, bufferPkts: 300 };
    expect(boundsRequest(s, mapping)).toEqual({
      capacity_pps: 2500,
      rtt_s: 0.12,
      buffer_pkts: 300,
      flows: [37, 75, 112, 150, 224, 299, 449, 598],
      pi: { a: 3e-5 },
      q0: 80,
      rem: { gamma: 0.002 },
    });
    // Without PI or REM sides the core's defaults stand; a count that rounds alike is asked once.
    expect(boundsRequest(JSON.stringify({ sides: [{ aqm: 'red' }] }), { ...mapping, flows: 2 })).toEqual({
      capacity_pps: 2500,
      rtt_s: 0.12,
      buffer_pkts: 300,
      flows: [1, 2, 3, 4, 6, 8],
    });
  });

  it('folds the events that have acted into the scenario, keeping the rest in its timeline', () => {
    const s = {
      bottleneck: { capacity_mbps: 10, delay_ms: 10 },
      groups: [{ kind: 'tcp', count: 50 }],
      sides: [{ aqm: 'red', params: { wq: 0.002 } }, { aqm: 'pi' }],
      events: [
        { at_s: 1, kind: 'set_flows', group: 0, count: 80 },
        { at_s: 2, kind: 'set_capacity', mbps: 20 },
        { at_s: 2, kind: 'set_capacity', mbps: 5, hop: 2 },
        { at_s: 3, kind: 'set_param', side: 1, name: 'qref', value: 70 },
        { at_s: 3, kind: 'set_param', name: 'max_p', value: 0.2 },
        { at_s: 4, kind: 'set_flows', group: 0, count: 90 },
        { at_s: 9, kind: 'set_delay', delay_ms: 30 },
      ],
    };
    const at = JSON.parse(scenarioAt(JSON.stringify(s), 4));
    expect(at.groups[0].count).toBe(90);
    expect(at.bottleneck).toEqual({ capacity_mbps: 20, delay_ms: 10 });
    expect(at.sides[1].params).toEqual({ qref: 70 });
    expect(at.sides[0].params).toEqual({ wq: 0.002 });
    expect(at.events).toEqual([s.events[2], s.events[4], s.events[6]]);
    const none = JSON.stringify({ ...s, events: [s.events[6]] });
    expect(scenarioAt(none, 4)).toBe(none);
  });

  it('bins the samples after the warm-up into shares of time', () => {
    const store = new SeriesStore(['t', 'queue_pkts']);
    const t = [0, 1, 2, 3, 4, 5];
    const q = [100, 0, 1, 4, 5, 9];
    store.append(new Float64Array([...t, ...q]), t.length);
    const h = simulatedHistogram(store, 1, 9, 5); // from t = 1: 0, 1, 4 | 5, 9
    expect(h.samples).toBe(5);
    expect(h.share).toEqual([3 / 5, 2 / 5]);
    expect(h.mean).toBe((0 + 1 + 4 + 5 + 9) / 5); // of the samples, not of the bins
    expect(simulatedHistogram(store, 10, 9, 5).mean).toBeNaN();
    expect(distributionMean([0.5, 0.25, 0.25])).toBe(0.75);
    expect(binWidth(200)).toBe(5);
    expect(binWidth(20)).toBe(1);
    expect(binDistribution([0.1, 0.2, 0.3, 0.4], 2, 2)).toEqual([0.1 + 0.2, 0.3 + 0.4]);
  });
});
