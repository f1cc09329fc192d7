import type { SweepPort } from '../../web/src/experiment/spawn-sweep-worker';
import type { FromSweepWorker, ToSweepWorker } from '../../web/src/experiment/sweep-protocol';
import { FakePort } from './fake-port';

/** What a stand-in sweep worker does with a request: answer it, die, or never answer. */
export type FakeAnswer = FromSweepWorker | { crash: string } | 'hang';

/**
 * A sweep worker for tests: each request is answered on a later macrotask by
 * `answer`, as a real worker would after running. Counts how many requests
 * are in flight across every port of one `FakeSweepWorkers`.
 */
export class FakeSweepWorkers {
  readonly ports: FakeSweepPort[] = [];
  inFlight = 0;
  maxInFlight = 0;

  constructor(private readonly answer: (message: ToSweepWorker, port: FakeSweepPort) => FakeAnswer) {}

  spawn = (): SweepPort => {
    const port = new FakeSweepPort(this);
    this.ports.push(port);
    return port;
  };

  respond(message: ToSweepWorker, port: FakeSweepPort): FakeAnswer {
    return this.answer(message, port);
  }
}

export class FakeSweepPort extends FakePort<ToSweepWorker> implements SweepPort {
  constructor(private readonly owner: FakeSweepWorkers) {
    super();
  }

  override post(message: ToSweepWorker): void {
    super.post(message);
    this.owner.inFlight++;
    this.owner.maxInFlight = Math.max(this.owner.maxInFlight, this.owner.inFlight);
    setTimeout(() => {
      if (this.terminated) return;
      const answer = this.owner.respond(message, this);
      if (answer === 'hang') return;
      this.owner.inFlight--;
      if ('crash' in answer) this.crash(answer.crash);
      else this.reply(answer);
    }, 1);
  }
}

/** The core's answer to a run: one JSON line per side, as sweepRunLines gives it. */
export function fakeRunAnswer(id: number, index: number, sides = ['A', 'B']): FromSweepWorker {
  const lines = sides.map((side) => JSON.stringify({ index, side, summary: { mean_queue_pkts: index } })).join('\n');
  return { type: 'sweep/reply', id, text: JSON.stringify({ ok: true, lines: `${lines}\n` }) };
}
