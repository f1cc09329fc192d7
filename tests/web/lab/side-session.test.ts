import { describe, expect, it } from 'vitest';
import type { SideApi, SideEvents } from '../../../web/src/protocol/protocol';
import { WorkerRpc } from '../../../web/src/lib/worker-rpc';
import { SideSession } from '../../../web/src/lab/side-session';
import { FakeWorkerEnd } from '../support/fake-worker-end';

// One side on the page: what its run's events do to its store and status.
// The run is a stand-in that never answers; the test plays the worker's events.

const never = () => new Promise<never>(() => undefined);
const silent: SideApi = {
  start: never, play: never, pause: never, reset: never, step: never, runUntil: never,
  apply: never, check: never, summary: never,
};

function session(): { side: SideSession; events: SideEvents; end: FakeWorkerEnd } {
  let heard: SideEvents | null = null;
  const end = new FakeWorkerEnd(silent);
  const side = new SideSession(0, (events) => ((heard = events), new WorkerRpc<SideApi>(end)), {
    statusChanged: () => undefined,
    samplesArrived: () => undefined,
    runReady: () => undefined,
  });
  if (!heard) throw new Error('the side was not spawned');
  return { side, events: heard, end };
}

const info = { side: 0, sideName: 'RED', aqm: 'red', flows: 50, params: {} };
const batch = (seq: number, now: number) => ({ seq, length: 1, data: new Float64Array([now, 3]), now });

describe('SideSession', () => {
  it('reports a gap in batch sequence numbers but keeps the batch, and counts again from each new run', () => {
    const { side, events } = session();
    events.ready({ scenario: '{}', columns: ['t', 'queue_pkts'], info, aqms: [], senders: [] });
    events.batch(batch(0, 0.01));
    events.batch(batch(2, 0.02));
    expect(side.status.error).toBe('batch 2 arrived, expected 1');
    expect(side.status.failed).toBe(false);
    expect(side.store.length).toBe(2);
    expect(side.now).toBe(0.02);
    events.ready({ scenario: '{}', columns: ['t', 'queue_pkts'], info, aqms: null, senders: null });
    events.batch(batch(0, 0.01));
    expect(side.status.error).toBeNull();
    expect(side.status.aqms).toEqual([]); // a later ready keeps the catalogue it had
  });

  it('shows a fatal error as a failed side, a refusal as a message only', () => {
    const { side, events } = session();
    events.error({ message: 'name: no such parameter', fatal: false });
    expect(side.status).toMatchObject({ error: 'name: no such parameter', failed: false });
    events.error({ message: 'RuntimeError: unreachable', fatal: true });
    expect(side.status).toMatchObject({ error: 'RuntimeError: unreachable', failed: true, playing: false });
  });

  it('closed, it stops its run, fails what waits on it and hears nothing more', async () => {
    const { side, events, end } = session();
    const applying = side.applyAt({ kind: 'set_flows', group: 0, count: 9 }, null);
    side.terminate();
    expect(end.terminated).toBe(true);
    await expect(applying).rejects.toThrow('the side was closed');
    events.error({ message: 'late', fatal: true });
    expect(side.status.error).toBeNull();
  });
});
