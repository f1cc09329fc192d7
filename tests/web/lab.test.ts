import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Lab } from '../../web/src/app/lab';
import type { FromWorker, ToWorker } from '../../web/src/protocol/protocol';
import { SimRunner } from '../../web/src/worker/sim-runner';
import { createFakeCore, type FakeCore } from './fake-core';
import { FakePort } from './fake-port';
import { ManualClock } from './manual-clock';

// The page's controller against real runners on the fake core: a discipline
// switch restarts every side on the same scenario with one entry changed, and
// parameter changes go to one side with its index.

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A port whose worker end is a SimRunner, as in sim.worker.ts. */
class RunnerPort extends FakePort {
  constructor(core: FakeCore, clock: ManualClock) {
    super();
    const runner = new SimRunner({ loadModule: async () => core, post: (m: FromWorker) => this.reply(m), clock });
    const post = this.post.bind(this);
    this.post = (message: ToWorker) => {
      post(message);
      void runner.receive(message);
    };
  }
}

describe('Lab', () => {
  let core: FakeCore;
  let ports: RunnerPort[];
  let lab: Lab;

  beforeEach(async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    core = createFakeCore();
    ports = [];
    const clock = new ManualClock();
    lab = new Lab(() => {
      const port = new RunnerPort(core, clock);
      ports.push(port);
      return port;
    });
    lab.start();
    await settle();
  });

  afterEach(() => {
    lab.dispose();
    vi.unstubAllGlobals();
  });

  it('knows the catalogue once a side is ready', () => {
    expect(lab.catalogue().map((a) => a.name)).toEqual(['droptail', 'red', 'gizmo']);
    expect(lab.sides.map((s) => s.status.info?.aqm)).toEqual(['droptail', 'red']);
  });

  it('restarts every side on the same scenario, only the switched side changed', async () => {
    const before = lab.sides[0]?.status.scenario;
    expect(lab.switchDiscipline(1, 'gizmo')).toBeNull();
    const starts = ports.map((p) => p.lastSent());
    expect(starts.map((m) => m?.type)).toEqual(['run/start', 'run/start']);
    const [first, second] = starts;
    if (first?.type !== 'run/start' || second?.type !== 'run/start' || !before) throw new Error('no restart');
    expect(first.scenario).toBe(second.scenario);
    expect(JSON.parse(first.scenario ?? '')).toEqual({
      ...JSON.parse(before),
      sides: [JSON.parse(before).sides[0], { name: 'Gizmo', aqm: 'gizmo', params: {} }],
    });
    expect(lab.sides.every((s) => s.status.restarting)).toBe(true);
    await settle();
    expect(lab.sides.map((s) => s.status.info?.aqm)).toEqual(['droptail', 'gizmo']);
    expect(lab.sides.map((s) => s.status.run)).toEqual([2, 2]);
    expect(lab.sides[1]?.status.columns).toContain('aqm.rate');
  });

  it('refuses a discipline the core does not list', () => {
    expect(lab.switchDiscipline(1, 'nosuch')).toBe('nosuch: not a discipline the core knows');
    expect(ports.map((p) => p.sent.filter((m) => m.type === 'run/start'))).toEqual([[expect.anything()], [expect.anything()]]);
  });

  it("sends a parameter to its side only, with the side's index, and counts it when accepted", async () => {
    await lab.setParam(1, 'red', 'max_p', 0.4);
    expect(ports[1]?.sent.find((m) => m.type === 'sim/apply')).toMatchObject({
      event: { kind: 'set_param', side: 1, name: 'max_p', value: 0.4 },
    });
    expect(ports[0]?.sent.some((m) => m.type === 'sim/apply')).toBe(false);
    expect(lab.sides[1]?.status.applied).toBe(1);
    await expect(lab.setParam(1, 'red', 'max_p', 3)).rejects.toThrow('event.max_p: must be in [0, 1], got 3');
    expect(lab.sides[1]?.status.error).toBeNull(); // the control shows it, not the side card
  });

  it('does not send a value meant for a discipline the side no longer runs', async () => {
    lab.switchDiscipline(1, 'gizmo');
    await expect(lab.setParam(1, 'red', 'max_p', 0.4)).rejects.toThrow('not running red');
    await settle();
    await expect(lab.setParam(1, 'red', 'max_p', 0.4)).rejects.toThrow('not running red');
  });
});
