import type { TheoryReply, TheoryRequest } from './theory-runner';
import { readAnalysis, readLawSamples, readQueueModel, readResponseBounds, type Analysis, type LawSamples, type QueueModel, type Read, type ResponseBounds } from './theory-json';

// The page's side of the theory worker: one call per request, answered in
// order of arrival, read into typed values. The worker is made on the first
// call (only a page that shows theory pays for a second copy of the core).

export interface TheoryPort {
  post(request: TheoryRequest): void;
  onMessage(listener: (data: unknown) => void): void;
  onError(listener: (message: string) => void): void;
  terminate(): void;
}

export function spawnTheoryWorker(): TheoryPort {
  const worker = new Worker(new URL('./theory.worker.ts', import.meta.url), { type: 'module', name: 'theory' });
  return {
    post: (request) => worker.postMessage(request),
    onMessage: (listener) => worker.addEventListener('message', (event: MessageEvent) => listener(event.data)),
    onError: (listener) =>
      worker.addEventListener('error', (event: ErrorEvent) => {
        event.preventDefault();
        listener(event.message || 'the theory worker failed to start (is the wasm module built?)');
      }),
    terminate: () => worker.terminate(),
  };
}

/** An answer with the core's own time for it (milliseconds inside the worker). */
export type Timed<T> = Read<T> & { ms?: number };

type Pending = (reply: TheoryReply) => void;

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export class TheoryClient {
  private port: TheoryPort | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private failure: string | null = null;

  constructor(private readonly spawn: () => TheoryPort = spawnTheoryWorker) {}

  analyze(scenario: string, side: number): Promise<Timed<Analysis>> {
    return this.call({ kind: 'analyze', scenario, side }, readAnalysis);
  }

  solveQueueModel(model: object): Promise<Timed<QueueModel>> {
    return this.call({ kind: 'queue', model: JSON.stringify(model) }, readQueueModel);
  }

  responseBounds(request: object): Promise<Timed<ResponseBounds>> {
    return this.call({ kind: 'bounds', json: JSON.stringify(request) }, readResponseBounds);
  }

  /** A curve law's samples (wasm/API.md, lawCurve): the core's own law at queue lengths up to the buffer. */
  lawCurve(request: { aqm: string; params: Record<string, number>; buffer_pkts: number; points: number }): Promise<Timed<LawSamples>> {
    return this.call({ kind: 'law', json: JSON.stringify(request) }, readLawSamples);
  }

  dispose(): void {
    this.port?.terminate();
    this.port = null;
    this.fail('the theory worker was stopped');
  }

  private call<T>(request: WithoutId<TheoryRequest>, read: (text: string) => Read<T>): Promise<Timed<T>> {
    if (this.failure !== null) return Promise.resolve({ ok: false, error: this.failure });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, (reply) => {
        if ('error' in reply) resolve({ ok: false, error: reply.error });
        else resolve({ ...read(reply.text), ms: reply.ms });
      });
      this.connect().post({ ...request, id } as TheoryRequest);
    });
  }

  private connect(): TheoryPort {
    if (this.port) return this.port;
    const port = this.spawn();
    port.onMessage((data) => this.receive(data));
    port.onError((message) => this.fail(message));
    this.port = port;
    return port;
  }

  private receive(data: unknown): void {
    const reply = data as TheoryReply;
    const done = typeof reply?.id === 'number' ? this.pending.get(reply.id) : undefined;
    if (done) {
      this.pending.delete(reply.id);
      done(reply);
    } else if (typeof reply?.id === 'number' && reply.id < 0 && 'error' in reply) {
      this.fail(reply.error);
    }
  }

  /** A worker that cannot run answers every waiting and later call with why. */
  private fail(message: string): void {
    this.failure = message;
    for (const [id, done] of this.pending) done({ id, error: message });
    this.pending.clear();
  }
}
