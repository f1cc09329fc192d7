import type { SweepPort } from '../../web/src/experiment/spawn-sweep-worker';
import type { FromSweepWorker, ToSweepWorker } from '../../web/src/experiment/sweep-protocol';

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

export class FakeSweepPort implements SweepPort {
  readonly sent: ToSweepWorker[] = [];
  terminated = false;
  private messageListeners: ((data: unknown) => void)[] = [];
  private errorListeners: ((message: string) => void)[] = [];

  constructor(private readonly owner: FakeSweepWorkers) {}

  post(message: ToSweepWorker): void {
    this.sent.push(message);
    this.owner.inFlight++;
    this.owner.maxInFlight = Math.max(this.owner.maxInFlight, this.owner.inFlight);
    setTimeout(() => {
      if (this.terminated) return;
      const answer = this.owner.respond(message, this);
      if (answer === 'hang') return;
      this.owner.inFlight--;
      if ('crash' in answer) for (const l of this.errorListeners) l(answer.crash);
      else for (const l of this.messageListeners) l(answer);
    }, 1);
  }

  onMessage(listener: (data: unknown) => void): void {
    this.messageListeners.push(listener);
  }

  onError(listener: (message: string) => void): void {
    this.errorListeners.push(listener);
  }

  terminate(): void {
    this.terminated = true;
  }
}

/** The core's answer to a run: one JSON line per side, as sweepRunLines gives it. */
export function fakeRunAnswer(id: number, index: number, sides = ['A', 'B']): FromSweepWorker {
  const lines = sides.map((side) => JSON.stringify({ index, side, summary: { mean_queue_pkts: index } })).join('\n');
  return { type: 'sweep/reply', id, text: JSON.stringify({ ok: true, lines: `${lines}\n` }) };
}
