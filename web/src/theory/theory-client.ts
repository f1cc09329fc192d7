import type { Remote } from 'comlink';
import { messageOf } from '../lib/errors';
import { WorkerRpc, workerEnd, type WorkerEnd } from '../lib/worker-rpc';
import type { TheoryAnswer, TheoryApi } from './theory-runner';
import { readAnalysis, readLawSamples, readQueueModel, readResponseBounds, readSenderResponse, type Analysis, type LawSamples, type QueueModel, type Read, type ResponseBounds, type SenderResponse } from './theory-json';

// The page's side of the theory worker: each call answered with the core's
// text, read into typed values. The worker is made on the first call (only a
// page that shows theory pays for a second copy of the core).

export function spawnTheoryWorker(): WorkerEnd {
  const worker = new Worker(new URL('./theory.worker.ts', import.meta.url), { type: 'module', name: 'theory' });
  return workerEnd(worker, 'the theory worker failed to start (is the wasm module built?)');
}

/** senderResponse's request (wasm/API.md): a sender, its parameters, a round trip, a packet size and the p to evaluate at. */
export interface SenderResponseRequest {
  sender: string;
  params: Record<string, number>;
  rtt_s: number;
  segment_bytes: number;
  p: number[];
}

/** An answer with the core's own time for it (milliseconds inside the worker). */
export type Timed<T> = Read<T> & { ms?: number };

export class TheoryClient {
  private rpc: WorkerRpc<TheoryApi> | null = null;
  private stopped: string | null = null;

  constructor(private readonly spawn: () => WorkerEnd = spawnTheoryWorker) {}

  analyze(scenario: string, side: number): Promise<Timed<Analysis>> {
    return this.ask((w) => w.analyzeScenario(scenario, side), readAnalysis);
  }

  solveQueueModel(model: object): Promise<Timed<QueueModel>> {
    return this.ask((w) => w.solveQueueModel(JSON.stringify(model)), readQueueModel);
  }

  responseBounds(request: object): Promise<Timed<ResponseBounds>> {
    return this.ask((w) => w.responseBounds(JSON.stringify(request)), readResponseBounds);
  }

  /** A curve law's samples (wasm/API.md, lawCurve): the core's own law at queue lengths up to the buffer. */
  lawCurve(request: { aqm: string; params: Record<string, number>; buffer_pkts: number; points: number }): Promise<Timed<LawSamples>> {
    return this.ask((w) => w.lawCurve(JSON.stringify(request)), readLawSamples);
  }

  /** A sender's response function by the core's own law (wasm/API.md, senderResponse). */
  senderResponse(request: SenderResponseRequest): Promise<Timed<SenderResponse>> {
    return this.ask((w) => w.senderResponse(JSON.stringify(request)), readSenderResponse);
  }

  /** Stops the worker; every waiting and later call answers that it was stopped. */
  dispose(): void {
    this.stopped = 'the theory worker was stopped';
    this.rpc?.terminate(this.stopped);
  }

  /** The core's answer read; a worker that cannot run (or a core that cannot answer) gives why. */
  private async ask<T>(use: (api: Remote<TheoryApi>) => Promise<TheoryAnswer>, read: (text: string) => Read<T>): Promise<Timed<T>> {
    if (this.stopped !== null) return { ok: false, error: this.stopped };
    try {
      const answer = await this.connect().call(use);
      return { ...read(answer.text), ms: answer.ms };
    } catch (e) {
      return { ok: false, error: messageOf(e) };
    }
  }

  private connect(): WorkerRpc<TheoryApi> {
    this.rpc ??= new WorkerRpc<TheoryApi>(this.spawn());
    return this.rpc;
  }
}
