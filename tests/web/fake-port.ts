import type { ToWorker } from '../../web/src/protocol/protocol';
import type { WorkerPort } from '../../web/src/worker/spawn-worker';

/** A WorkerPort whose other end is the test: it records what the client sent and lets the test reply. */
export class FakePort<Out = ToWorker> implements WorkerPort<Out> {
  readonly sent: Out[] = [];
  terminated = false;
  private messageListeners: ((data: unknown) => void)[] = [];
  private errorListeners: ((message: string) => void)[] = [];

  post(message: Out): void {
    this.sent.push(message);
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

  /** Delivers a message as if the worker had posted it. */
  reply(data: unknown): void {
    for (const listener of this.messageListeners) listener(data);
  }

  crash(message: string): void {
    for (const listener of this.errorListeners) listener(message);
  }

  lastSent(): Out | undefined {
    return this.sent[this.sent.length - 1];
  }
}
