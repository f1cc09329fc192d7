import { describe, expect, it } from 'vitest';
import { LiveValue, reasonOf } from '../../../web/src/lib/live-value-model';
import { ManualClock } from '../support/manual-clock';

// The page's one model of a live control (scenario values and discipline
// parameters alike): shown at once, sent throttled, the newest reply decides,
// a refusal rolls back in the person's words.

function pending() {
  const calls: { value: number; accept: () => void; refuse: (m: string) => void }[] = [];
  const send = (value: number) =>
    new Promise<void>((accept, reject) => calls.push({ value, accept, refuse: (m) => reject(new Error(m)) }));
  return { calls, send };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('LiveValue', () => {
  it('words a refusal with the label the person sees, not the core\'s path', async () => {
    const clock = new ManualClock();
    const { calls, send } = pending();
    const capacity = new LiveValue(10, send, {
      label: 'Capacity',
      name: 'mbps',
      intervalMs: 100,
      timers: { set: (fn, ms) => clock.schedule(fn, ms), clear: (h) => clock.cancel(h) },
    });
    capacity.set(-1);
    expect(capacity.state.value).toBe(-1); // shown at once
    calls[0]?.refuse('event.mbps: must be > 0, got -1');
    await settle();
    expect(capacity.state).toEqual({ value: 10, accepted: 10, error: 'Capacity = -1 refused: must be > 0, got -1' });
  });

  it('shows a new run\'s value and ignores replies from the run before', async () => {
    const { calls, send } = pending();
    const flows = new LiveValue(null, send, { label: 'Flows', name: 'count', intervalMs: 100 });
    expect(flows.state).toEqual({ value: null, accepted: null, error: null }); // the core's default
    flows.set(50);
    flows.restart(120); // a timed event acted, or the lab restarted
    calls[0]?.refuse('event.count: nope');
    await settle();
    expect(flows.state).toEqual({ value: 120, accepted: 120, error: null });
    flows.cancel();
  });

  it('names another field by its label, and leaves a message without a path alone', () => {
    const labelOf = (name: string) => (name === 'min_th' ? 'Minimum threshold' : null);
    expect(reasonOf(new Error('min_th: must be below max_th (5), got 10'), 'max_th', labelOf)).toBe('Minimum threshold: must be below max_th (5), got 10');
    expect(reasonOf(new Error('max_th: too big'), 'max_th', labelOf)).toBe('too big');
    expect(reasonOf(new Error('group: no such group'), 'count', labelOf)).toBe('group: no such group');
    expect(reasonOf('the side is not running', 'count')).toBe('the side is not running');
    // Stacked paths, as the core words a refused set_param event.
    expect(reasonOf(new Error('event.value: q0: must be in [1, 100000], got 1000001'), 'q0')).toBe('must be in [1, 100000], got 1000001');
  });
});
