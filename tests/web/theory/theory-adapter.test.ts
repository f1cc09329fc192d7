import { describe, expect, it } from 'vitest';
import { readAnalysis, readLawSamples, readQueueModel, readResponseBounds, waitingDistribution } from '../../../web/src/theory/theory-json';
import { TheoryRunner, type TheoryApi } from '../../../web/src/theory/theory-runner';
import { TheoryClient } from '../../../web/src/theory/theory-client';
import { FakeWorkerEnd } from '../support/fake-worker-end';
import { cannedAnalysis, FakeTheoryCore } from '../support/fake-theory-core';

// The page's adapter to the core's analysis functions: reading their JSON,
// the worker's runner, and the client that talks to it.

/** A worker running a TheoryRunner in the same thread; `asked` lists the calls it received. */
function inProcessWorker(core: object): FakeWorkerEnd & { asked: string[] } {
  const runner = new TheoryRunner(() => Promise.resolve(core), () => 0);
  const asked: string[] = [];
  const api: TheoryApi = {
    analyzeScenario: (scenario, side) => (asked.push(`analyze ${scenario} ${side}`), runner.analyzeScenario(scenario, side)),
    solveQueueModel: (model) => (asked.push(`queue ${model}`), runner.solveQueueModel(model)),
    responseBounds: (json) => (asked.push(`bounds ${json}`), runner.responseBounds(json)),
    lawCurve: (json) => (asked.push(`law ${json}`), runner.lawCurve(json)),
    senderResponse: (json) => (asked.push(`sender ${json}`), runner.senderResponse(json)),
  };
  return Object.assign(new FakeWorkerEnd(api), { asked });
}

describe('reading the core analysis answers', () => {
  it('reads a whole analysis with its fields renamed for the page', () => {
    const read = readAnalysis(JSON.stringify(cannedAnalysis));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.fluid?.queuePkts).toEqual([0, 40, 55]);
    expect(read.value.equilibrium).toEqual({ w0: 8, p0: 0.03, r0: 0.12, q0: 50 });
    expect(read.value.notes).toEqual(['RTTs averaged harmonically']);
    expect(read.value.stability.verdict).toBe('stable');
    expect(read.value.stability.margins).toEqual({ gainDb: 8, phaseDeg: 50, crossoverRadS: 0.8, phaseCrossoverRadS: 3 });
    expect(read.value.stability.numbers.lhs).toBe(0.39);
    expect(read.value.queueModel).toBeNull();
  });

  it("passes the core's own error through", () => {
    expect(readAnalysis('{"ok":false,"error":"side: 7 is not in 0..1"}')).toEqual({ ok: false, error: 'side: 7 is not in 0..1' });
  });

  it('names the field an answer lacks or gets wrong', () => {
    const noBode = { ...cannedAnalysis, stability: { ...cannedAnalysis.stability, bode: { w: [1, 2], mag_db: [0], phase_deg: [0, 0] } } };
    expect(readAnalysis(JSON.stringify(noBode))).toEqual({ ok: false, error: "the core's answer: stability.bode.mag_db: 1 values, 2 expected" });
    const badVerdict = { ...cannedAnalysis, stability: { ...cannedAnalysis.stability, verdict: 'fine' } };
    expect(readAnalysis(JSON.stringify(badVerdict))).toMatchObject({ ok: false, error: expect.stringContaining('stability.verdict') });
    const { stability: _, ...noStability } = cannedAnalysis;
    expect(readAnalysis(JSON.stringify(noStability))).toEqual({ ok: false, error: "the core's answer: stability: missing" });
    expect(readAnalysis('not json')).toMatchObject({ ok: false, error: expect.stringContaining('unreadable') });
  });

  it('reads a side without a fluid law, and margins that do not exist', () => {
    const none = { ...cannedAnalysis, fluid: null, stability: { ...cannedAnalysis.stability, margins: { gain_db: null, phase_deg: 40, crossover_rad_s: 2, phase_crossover_rad_s: null } } };
    const read = readAnalysis(JSON.stringify(none));
    expect(read).toMatchObject({ ok: true, value: { fluid: null, stability: { margins: { gainDb: null, phaseDeg: 40 } } } });
  });

  it("moves the chain's distribution from packets in the system to packets waiting", () => {
    expect(waitingDistribution([0.4, 0.3, 0.2, 0.1])).toEqual([0.7, 0.2, 0.1]);
  });

  it('reads the queue model and the response bounds', () => {
    const core = new FakeTheoryCore();
    const q = readQueueModel(core.solveQueueModel('{}'));
    expect(q).toMatchObject({ ok: true, value: { distribution: [0.5, 0.3, 0.2], meanQueue: 0.7, lossPerSource: [0.2], delayPerSourceS: [0.01], sourceLabels: [], phases: 1, states: 3 } });
    // Per-source figures come in step, labels (analyzeScenario's) too.
    const chain = { ok: true, distribution: [1], mean_queue: 0, mean_delay_s: 0, loss: 0, loss_per_source: [0, 0], delay_per_source_s: [0.1], phases: 4, states: 4 };
    expect(readQueueModel(JSON.stringify(chain))).toEqual({ ok: false, error: "the core's answer: delay_per_source_s: 1 values, 2 expected" });
    const labelled = { ...chain, delay_per_source_s: [0.1, 0.2], source_labels: ['www', 7] };
    expect(readQueueModel(JSON.stringify(labelled))).toEqual({ ok: false, error: "the core's answer: source_labels: not an array of strings" });
    expect(readQueueModel(JSON.stringify({ ...labelled, source_labels: ['www', 'ftp'] }))).toMatchObject({ ok: true, value: { sourceLabels: ['www', 'ftp'], phases: 4 } });
    const b = readResponseBounds(core.responseBounds('{}'));
    expect(b).toEqual({ ok: true, value: { flows: [100, 200], p0: [0.01, 0.04], piS: [10, null], remS: [5, 9] } });
  });
});

describe('the theory worker', () => {
  it('hands each call to its core function and answers with its text', async () => {
    const core = new FakeTheoryCore();
    const runner = new TheoryRunner(() => Promise.resolve(core), () => 0);
    const answer = await runner.analyzeScenario('{}', 1);
    expect(answer.ms).toBe(0);
    expect(readAnalysis(answer.text).ok).toBe(true);
    await runner.solveQueueModel('{}');
    await runner.responseBounds('{}');
    const law = await runner.lawCurve('{}');
    expect(core.calls).toEqual(['analyze 1', 'queue', 'bounds', 'law']);
    expect(readLawSamples(law.text)).toEqual({ ok: true, value: { queue: [0, 10, 20], p: [0, 0.1, 1] } });
  });

  it('refuses only the calls a core lacks, naming the function, and the others still answer', async () => {
    const runner = new TheoryRunner(() => Promise.resolve({ analyzeScenario: () => 'analysed' }), () => 0);
    await expect(runner.solveQueueModel('{}')).rejects.toThrow(
      'this build of the core has no solveQueueModel (rebuild it: bash scripts/build-wasm.sh)',
    );
    await expect(runner.lawCurve('{}')).rejects.toThrow('this build of the core has no lawCurve');
    expect(await runner.analyzeScenario('{}', 0)).toEqual({ text: 'analysed', ms: 0 });
  });

  it('tries loading the core again after a load failed', async () => {
    let loads = 0;
    const runner = new TheoryRunner(() => {
      loads++;
      return loads === 1 ? Promise.reject(new Error('the wasm file is missing')) : Promise.resolve({ analyzeScenario: () => 'analysed' });
    }, () => 0);
    await expect(runner.analyzeScenario('{}', 0)).rejects.toThrow('the wasm file is missing');
    expect(await runner.analyzeScenario('{}', 0)).toEqual({ text: 'analysed', ms: 0 });
    expect(loads).toBe(2);
  });
});

describe('the theory client', () => {
  it('matches answers to calls and reads them', async () => {
    const worker = inProcessWorker(new FakeTheoryCore());
    const client = new TheoryClient(() => worker);
    const [a, q] = await Promise.all([client.analyze('{"sides":[{}]}', 0), client.solveQueueModel({ L: 2 })]);
    expect(a).toMatchObject({ ok: true, ms: 0, value: { stability: { verdict: 'stable' } } });
    expect(q).toMatchObject({ ok: true, value: { meanQueue: 0.7 } });
    expect(worker.asked).toEqual(['analyze {"sides":[{}]} 0', 'queue {"L":2}']);
  });

  it("answers a core that cannot be asked with the worker's reason", async () => {
    const client = new TheoryClient(() => inProcessWorker({ analyzeScenario: () => '' }));
    expect(await client.responseBounds({})).toEqual({
      ok: false,
      error: 'this build of the core has no responseBounds (rebuild it: bash scripts/build-wasm.sh)',
    });
  });

  it('spawns the worker only on the first call', async () => {
    let spawned = 0;
    const client = new TheoryClient(() => {
      spawned++;
      return inProcessWorker(new FakeTheoryCore());
    });
    expect(spawned).toBe(0);
    await client.analyze('{}', 0);
    await client.analyze('{}', 1);
    expect(spawned).toBe(1);
  });

  it('answers every waiting and later call with the reason once the worker fails', async () => {
    const worker = new FakeWorkerEnd({ analyzeScenario: () => new Promise(() => undefined) });
    const client = new TheoryClient(() => worker);
    const waiting = client.analyze('{}', 0);
    worker.crash('the theory worker failed to start');
    expect(await waiting).toEqual({ ok: false, error: 'the theory worker failed to start' });
    expect(await client.responseBounds({})).toEqual({ ok: false, error: 'the theory worker failed to start' });
  });

  it('stops its worker on dispose, and answers later calls that it was stopped', async () => {
    const worker = inProcessWorker(new FakeTheoryCore());
    const client = new TheoryClient(() => worker);
    await client.analyze('{}', 0);
    client.dispose();
    expect(worker.terminated).toBe(true);
    expect(await client.analyze('{}', 0)).toEqual({ ok: false, error: 'the theory worker was stopped' });
  });
});
