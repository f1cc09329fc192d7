import { describe, expect, it } from 'vitest';
import { ExperimentRunner, joinedLines, maxPageRuns, type ExperimentPhase } from '../../../web/src/experiment/experiment-run';
import { planText } from '../../../web/src/experiment/sweep-api';
import { FakeSweepWorkers, fakeRunAnswer, type FakeAnswer, type SweepRequest } from '../support/fake-sweep-port';

const planAnswer = (count: number) => ({
  text: JSON.stringify({
    ok: true,
    count,
    axes: [{ path: 'groups[0].count', values: Array.from({ length: count }, (_, i) => i + 1) }],
    sides: ['A'],
    metrics: ['mean_queue_pkts'],
    runs: Array.from({ length: count }, (_, i) => ({ index: i, point: { 'groups[0].count': i + 1 }, seed: 1 })),
  }),
});

/** A stand-in core: plans `count` runs, runs them (run `crash` kills its worker), and reports how many lines it was given. */
function fakeCore(count: number, reports: string[], crash = -1) {
  return (m: SweepRequest): FakeAnswer => {
    if (m.type === 'plan') {
      if (m.sweep === 'bad') return { text: '{"ok":false,"error":"seeds: must be in [1, 1000], got 0"}' };
      const answer = planAnswer(count);
      return { ...answer, text: planText(answer.text, m.brief) };
    }
    if (m.type === 'run') return m.index === crash ? { crash: 'worker died' } : fakeRunAnswer(m.index, ['A']);
    if (m.type === 'report') {
      reports.push(m.jsonl);
      const n = m.jsonl.split('\n').filter((l) => l !== '').length;
      return { text: JSON.stringify({ ok: true, rows: [{ point: { 'groups[0].count': 1 }, side: 'A', runs: n, failed: 0, metrics: { lines: { n, mean: n, sd: 0, ci_low: n, ci_high: n } } }] }) };
    }
    return 'hang';
  };
}

describe('an experiment run', () => {
  it('plans, runs every run and reports on every line, in run order', async () => {
    const reports: string[] = [];
    const workers = new FakeSweepWorkers(fakeCore(5, reports));
    const runner = new ExperimentRunner({ spawn: workers.spawn, reportEveryMs: 1e9 });
    const seen: ExperimentPhase['kind'][] = [];
    runner.subscribe(() => seen.push(runner.current.kind));
    await runner.run('{}', 2);
    const phase = runner.current;
    if (phase.kind !== 'finished') throw new Error(phase.kind);
    expect(seen[0]).toBe('planning');
    expect(seen).toContain('running');
    expect(phase.cancelled).toBe(false);
    expect(phase.failed).toEqual([]);
    expect(phase.rows[0]?.metrics.lines?.mean).toBe(5);
    const indices = phase.jsonl.trim().split('\n').map((l) => (JSON.parse(l) as { index: number }).index);
    expect(indices).toEqual([0, 1, 2, 3, 4]);
    expect(reports[reports.length - 1]).toBe(phase.jsonl);
    expect(phase.progress).toMatchObject({ total: 5, done: 5, failed: 0, workers: 2 });
  });

  it("shows the core's refusal of a sweep and runs nothing", async () => {
    const workers = new FakeSweepWorkers(fakeCore(5, []));
    const runner = new ExperimentRunner({ spawn: workers.spawn });
    await runner.run('bad', 2);
    expect(runner.current).toEqual({ kind: 'refused', error: 'seeds: must be in [1, 1000], got 0' });
    expect(workers.ports).toHaveLength(1); // the planning worker only
  });

  it('refuses a sweep of more runs than the page takes, with the count, before listing them', async () => {
    const workers = new FakeSweepWorkers(fakeCore(maxPageRuns + 1, []));
    const runner = new ExperimentRunner({ spawn: workers.spawn });
    await runner.run('{}', 2);
    expect(runner.current).toEqual({
      kind: 'refused',
      error: `sweep: ${maxPageRuns + 1} runs, more than the ${maxPageRuns} the page runs (fewer values or seeds; aqmlab sweep runs it on every core or as shards)`,
    });
    expect(workers.ports[0]?.sent.map((m) => m.type === 'plan' && m.brief)).toEqual([true]);
  });

  it('lists a run whose worker died as failed and reports the others', async () => {
    const workers = new FakeSweepWorkers(fakeCore(4, [], 2));
    const runner = new ExperimentRunner({ spawn: workers.spawn });
    await runner.run('{}', 1);
    const phase = runner.current;
    if (phase.kind !== 'finished') throw new Error(phase.kind);
    expect(phase.failed).toEqual([{ index: 2, error: 'the worker running it stopped: worker died' }]);
    expect(phase.rows[0]?.metrics.lines?.n).toBe(3);
  });

  it('keeps what finished when cancelled', async () => {
    const reports: string[] = [];
    const answer = fakeCore(6, reports);
    const workers = new FakeSweepWorkers((m) => (m.type === 'run' && m.index > 1 ? 'hang' : answer(m)));
    const runner = new ExperimentRunner({ spawn: workers.spawn });
    runner.subscribe(() => {
      const p = runner.current;
      if (p.kind === 'running' && p.progress.done === 2) runner.cancel();
    });
    await runner.run('{}', 1);
    const phase = runner.current;
    if (phase.kind !== 'finished') throw new Error(phase.kind);
    expect(phase.cancelled).toBe(true);
    expect(phase.progress.done).toBe(2);
    expect(phase.rows[0]?.metrics.lines?.n).toBe(2);
  });

  it('joins lines by run index, whatever order they finished in', () => {
    expect(joinedLines(new Map([[2, 'c\n'], [0, 'a\n'], [1, 'b\n']]))).toBe('a\nb\nc\n');
  });
});
