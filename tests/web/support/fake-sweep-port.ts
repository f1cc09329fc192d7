import type { SweepApi } from '../../../web/src/experiment/sweep-api';
import type { WorkerEnd } from '../../../web/src/lib/worker-rpc';
import { FakeWorkerEnd } from './fake-worker-end';

/** A call to a sweep worker, as the tests' stand-in sees it. */
export type SweepRequest =
  | { type: 'plan'; sweep: string; brief: boolean }
  | { type: 'run'; sweep: string; index: number }
  | { type: 'report'; jsonl: string }
  | { type: 'describe' };

/** What a stand-in sweep worker does with a call: answer the core's text, refuse, die, or never answer. */
export type FakeAnswer = { text: string } | { error: string } | { crash: string } | 'hang';

/**
 * Sweep workers for tests: each call is answered on a later macrotask by
 * `answer`, as a real worker would after running. Counts how many calls are
 * in flight across every worker of one `FakeSweepWorkers`.
 */
export class FakeSweepWorkers {
  readonly ports: FakeSweepWorker[] = [];
  inFlight = 0;
  maxInFlight = 0;

  constructor(private readonly answer: (request: SweepRequest, port: FakeSweepWorker) => FakeAnswer) {}

  spawn = (): WorkerEnd => {
    const port = new FakeSweepWorker(this);
    this.ports.push(port);
    return port;
  };

  respond(request: SweepRequest, port: FakeSweepWorker): FakeAnswer {
    return this.answer(request, port);
  }
}

export class FakeSweepWorker extends FakeWorkerEnd {
  readonly sent: SweepRequest[] = [];

  constructor(owner: FakeSweepWorkers) {
    const api: SweepApi = {
      plan: (sweep, brief) => this.ask(owner, { type: 'plan', sweep, brief }),
      run: (sweep, index) => this.ask(owner, { type: 'run', sweep, index }),
      report: (jsonl) => this.ask(owner, { type: 'report', jsonl }),
      describe: () => this.ask(owner, { type: 'describe' }),
    };
    super(api);
  }

  private ask(owner: FakeSweepWorkers, request: SweepRequest): Promise<string> {
    this.sent.push(request);
    owner.inFlight++;
    owner.maxInFlight = Math.max(owner.maxInFlight, owner.inFlight);
    return new Promise((resolve, reject) =>
      setTimeout(() => {
        if (this.terminated) return;
        const answer = owner.respond(request, this);
        if (answer === 'hang') return;
        owner.inFlight--;
        if ('crash' in answer) this.crash(answer.crash);
        else if ('error' in answer) reject(new Error(answer.error));
        else resolve(answer.text);
      }, 1),
    );
  }
}

/** The core's answer to a run: one JSON line per side, as sweepRunLines gives it. */
export function fakeRunAnswer(index: number, sides = ['A', 'B']): { text: string } {
  const lines = sides.map((side) => JSON.stringify({ index, side, summary: { mean_queue_pkts: index } })).join('\n');
  return { text: JSON.stringify({ ok: true, lines: `${lines}\n` }) };
}
