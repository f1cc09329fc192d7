import { describe, expect, it } from 'vitest';
import { effectiveParams, findAqm, readAqmTable } from '../../../web/src/aqm/aqm-table';
import { buildParamControls } from '../../../web/src/aqm/param-controls';
import { ParamPanelModel, type ParamSender } from '../../../web/src/aqm/param-panel-model';
import { readResult } from '../../../web/src/worker/core-json';
import { createFakeCore, fakeScenario } from '../support/fake-core';
import { fakeDescribeAqms } from '../support/fake-aqms';
import { ManualClock } from '../support/manual-clock';

// The live side of a generated panel: moves are throttled per parameter, the
// core's answer decides, and a refused value puts the control back to the
// last accepted one with the core's reason, naming the field.

const intervalMs = 100;

function redControls() {
  const table = readAqmTable(JSON.parse(fakeDescribeAqms));
  if (typeof table === 'string') throw new Error(table);
  const red = findAqm(table, 'red');
  if (!red) throw new Error('no red');
  return buildParamControls(red, effectiveParams(red, 40, { max_p: 0.1 })); // min_th 10, max_th 30
}

function timersOn(clock: ManualClock) {
  return { set: (fn: () => void, ms: number) => clock.schedule(fn, ms), clear: (h: number) => clock.cancel(h) };
}

/** Runs queued promise callbacks (the sender's answers). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A panel wired to the fake core's RED side, recording what reached it. */
function panelOnFakeCore() {
  const clock = new ManualClock();
  const sim = new (createFakeCore().Simulation)(fakeScenario, 1);
  const sent: [string, number][] = [];
  const send: ParamSender = async (name, value) => {
    sent.push([name, value]);
    const result = readResult(sim.apply(JSON.stringify({ kind: 'set_param', side: 1, name, value })));
    if (!result.ok) throw new Error(result.error);
  };
  const model = new ParamPanelModel(redControls(), send, intervalMs, timersOn(clock));
  return { clock, sent, model };
}

/** A sender whose answers the test gives, one by one, in order. */
function manualSender() {
  const calls: { name: string; value: number; accept: () => void; refuse: (message: string) => void }[] = [];
  const send: ParamSender = (name, value) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ name, value, accept: resolve, refuse: (message) => reject(new Error(message)) });
    });
  return { calls, send };
}

describe('ParamPanelModel', () => {
  it('starts every field at its control value, accepted, without error', () => {
    const { model } = panelOnFakeCore();
    expect(model.state('min_th')).toEqual({ value: 10, accepted: 10, error: null });
    expect(model.state('gentle')).toEqual({ value: 1, accepted: 1, error: null });
  });

  it('shows a move at once and sends the first value at once, then the latest once per interval', async () => {
    const { clock, sent, model } = panelOnFakeCore();
    model.set('max_p', 0.2);
    model.set('max_p', 0.3);
    model.set('max_p', 0.4);
    expect(model.state('max_p')?.value).toBe(0.4);
    expect(sent).toEqual([['max_p', 0.2]]);
    clock.advance(intervalMs);
    expect(sent).toEqual([
      ['max_p', 0.2],
      ['max_p', 0.4],
    ]);
    await settle();
    expect(model.state('max_p')).toEqual({ value: 0.4, accepted: 0.4, error: null });
  });

  it('throttles each parameter on its own', () => {
    const { sent, model } = panelOnFakeCore();
    model.set('max_p', 0.2);
    model.set('max_p', 0.25);
    model.set('wq', 0.01);
    expect(sent).toEqual([
      ['max_p', 0.2],
      ['wq', 0.01],
    ]);
  });

  it('puts an out-of-range value back to the last accepted one and names the field', async () => {
    const { sent, clock, model } = panelOnFakeCore();
    model.set('max_p', 0.3);
    await settle();
    clock.advance(intervalMs);
    model.set('max_p', 2);
    expect(model.state('max_p')?.value).toBe(2);
    await settle();
    expect(sent.at(-1)).toEqual(['max_p', 2]);
    expect(model.state('max_p')).toEqual({
      value: 0.3,
      accepted: 0.3,
      error: 'Maximum probability = 2 refused: must be in [0, 1], got 2',
    });
  });

  it('refuses an inconsistent value on the control that caused it, and clears the error once a value is accepted', async () => {
    const { clock, model } = panelOnFakeCore();
    model.set('max_th', 5); // below min_th = 10
    await settle();
    expect(model.state('max_th')).toEqual({
      value: 30,
      accepted: 30,
      error: 'Maximum threshold = 5 refused: Minimum threshold: must be below max_th (5), got 10',
    });
    expect(model.state('min_th')?.error).toBeNull();
    clock.advance(intervalMs);
    model.set('max_th', 25);
    await settle();
    expect(model.state('max_th')).toEqual({ value: 25, accepted: 25, error: null });
  });

  it('leaves the control where the user put it while a newer value is on its way', async () => {
    const { calls, send } = manualSender();
    const clock = new ManualClock();
    const model = new ParamPanelModel(redControls(), send, intervalMs, timersOn(clock));
    model.set('max_p', 0.5); // sent at once
    model.set('max_p', 0.6); // waits in the throttle
    calls[0]?.refuse('event.max_p: no');
    await settle();
    expect(model.state('max_p')?.value).toBe(0.6);
    expect(model.state('max_p')?.error).toBe('Maximum probability = 0.5 refused: no');
    clock.advance(intervalMs);
    expect(calls.map((c) => c.value)).toEqual([0.5, 0.6]);
    calls[1]?.accept();
    await settle();
    expect(model.state('max_p')).toEqual({ value: 0.6, accepted: 0.6, error: null });
  });

  it('rolls back to a value accepted in between, not to the starting one', async () => {
    const { calls, send } = manualSender();
    const clock = new ManualClock();
    const model = new ParamPanelModel(redControls(), send, intervalMs, timersOn(clock));
    model.set('wq', 0.01);
    model.set('wq', 0.02);
    clock.advance(intervalMs);
    calls[0]?.accept();
    calls[1]?.refuse('wq: too big');
    await settle();
    expect(model.state('wq')).toEqual({ value: 0.01, accepted: 0.01, error: 'Averaging weight = 0.02 refused: too big' });
  });

  it('does not send what is not a number', () => {
    const { sent, model } = panelOnFakeCore();
    model.set('min_th', Number.NaN);
    expect(sent).toEqual([]);
    expect(model.state('min_th')).toEqual({ value: 10, accepted: 10, error: 'Minimum threshold: enter a number' });
  });

  it('sends toggles as 0 and 1', async () => {
    const { sent, model } = panelOnFakeCore();
    model.set('gentle', 0);
    await settle();
    expect(sent).toEqual([['gentle', 0]]);
    expect(model.state('gentle')).toEqual({ value: 0, accepted: 0, error: null });
  });

  it('drops values still waiting when cancelled', () => {
    const { clock, sent, model } = panelOnFakeCore();
    model.set('max_p', 0.2);
    model.set('max_p', 0.7);
    model.cancel();
    clock.advance(10 * intervalMs);
    expect(sent).toEqual([['max_p', 0.2]]);
  });

  it('publishes a new snapshot object at every change, for React', () => {
    const { model } = panelOnFakeCore();
    let changes = 0;
    const before = model.snapshot();
    model.subscribe(() => changes++);
    model.set('max_p', 0.2);
    expect(changes).toBe(1);
    expect(model.snapshot()).not.toBe(before);
    expect(model.snapshot().max_p?.value).toBe(0.2);
  });
});
