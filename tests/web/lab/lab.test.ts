import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Lab } from '../../../web/src/lab/lab';
import { pauseTogether } from '../../../web/src/lab/side-sync';
import { createFakeCore, fakeScenario, type FakeCore } from '../support/fake-core';
import { ManualClock } from '../support/manual-clock';
import { oneWorker, type RunnerSide } from '../support/runner-port';

// The page's controller against real runners on the fake core: structural
// changes rewrite the scenario and restart every side on it, live changes act
// at one time on every side and are exported with it, run-to-time and step
// stop every side at the same time, and a failed side comes back.

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function sidesOf(json: string | null): unknown[] {
  const parsed: unknown = JSON.parse(json ?? 'null');
  if (typeof parsed !== 'object' || parsed === null || !('sides' in parsed) || !Array.isArray(parsed.sides)) {
    throw new Error('scenario without sides');
  }
  return parsed.sides;
}

describe('Lab', () => {
  let core: FakeCore;
  let clock: ManualClock;
  let ports: RunnerSide[];
  let lab: Lab;

  /** Moves the manual clock and lets the runners' and the lab's promises run, until `done` or 200 rounds. */
  async function drive(done: () => boolean = () => false, rounds = 200): Promise<void> {
    for (let i = 0; i < rounds && !done(); i++) {
      clock.advance(10);
      await settle();
    }
  }

  const live = () => ports.filter((p) => !p.terminated);
  const times = () => lab.sides.map((s) => s.now);
  const allPaused = () => lab.sides.every((s) => !s.status.playing && !s.status.restarting);

  /** Pauses the lab and drives the runners until every side has stopped. */
  async function pause(): Promise<void> {
    let stopped = false;
    void lab.pause().then(() => (stopped = true));
    await drive(() => stopped);
  }

  beforeEach(async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    core = createFakeCore();
    ports = [];
    clock = new ManualClock();
    lab = new Lab(oneWorker(core, clock, ports));
    lab.start();
    await settle();
  });

  afterEach(() => {
    lab.dispose();
    vi.unstubAllGlobals();
  });

  it('knows the catalogue and takes the first run as its scenario', () => {
    expect(lab.catalogue().map((a) => a.name)).toEqual(['droptail', 'red', 'gizmo']);
    expect(lab.sides.map((s) => s.status.info?.aqm)).toEqual(['droptail', 'red']);
    expect(lab.currentScenario).toBe(fakeScenario);
  });

  it('restarts every side on the same scenario, only the switched side changed', async () => {
    const before = lab.currentScenario ?? '';
    const [columns0, columns1] = lab.sides.map((s) => s.status.columns);
    expect(lab.edits.switchDiscipline(1, 'gizmo')).toBeNull();
    await settle();
    const [first, second] = ports.map((p) => p.lastStart());
    expect(first?.scenario).toBe(second?.scenario);
    expect(JSON.parse(first?.scenario ?? '')).toEqual({
      ...JSON.parse(before),
      sides: [JSON.parse(before).sides[0], { name: 'Gizmo', aqm: 'gizmo', params: {} }],
    });
    await settle();
    expect(lab.sides.map((s) => s.status.info?.aqm)).toEqual(['droptail', 'gizmo']);
    expect(lab.sides.map((s) => s.status.run)).toEqual([2, 2]);
    expect(lab.sides[1]?.status.columns).toContain('aqm.rate');
    // Side 0's columns did not change: the same array, so views memoised on it skip the restart.
    expect(lab.sides[0]?.status.columns).toBe(columns0);
    expect(lab.sides[1]?.status.columns).not.toEqual(columns1);
    // The second runs' readies carried no catalogue: each side kept its first.
    expect(lab.sides.map((s) => s.status.aqms.length)).toEqual([3, 3]);
    expect(lab.catalogue().map((a) => a.name)).toEqual(['droptail', 'red', 'gizmo']);
  });

  it('refuses a discipline the core does not list', () => {
    expect(lab.edits.switchDiscipline(1, 'nosuch')).toBe('nosuch: not a discipline the core knows');
    expect(ports.map((p) => p.starts().length)).toEqual([1, 1]);
  });

  it("sends a parameter to its side only, with the side's index, and counts it when accepted", async () => {
    await lab.setParam(1, 'red', 'max_p', 0.4);
    expect(ports[1]?.sent.find((m) => m.call === 'apply')).toMatchObject({
      event: { kind: 'set_param', side: 1, name: 'max_p', value: 0.4 },
    });
    expect(ports[0]?.sent.some((m) => m.call === 'apply')).toBe(false);
    expect(lab.sides[1]?.status.applied).toBe(1);
    await expect(lab.setParam(1, 'red', 'max_p', 3)).rejects.toThrow('event.max_p: must be in [0, 1], got 3');
    expect(lab.sides[1]?.status.error).toBeNull(); // the control shows it, not the side card
  });

  it('does not send a value meant for a discipline the side no longer runs', async () => {
    lab.edits.switchDiscipline(1, 'gizmo');
    await expect(lab.setParam(1, 'red', 'max_p', 0.4)).rejects.toThrow('not running red');
    await settle();
    await expect(lab.setParam(1, 'red', 'max_p', 0.4)).rejects.toThrow('not running red');
  });

  it('adds a side with its own worker, and every side restarts on the one new scenario', async () => {
    expect(lab.edits.addSide('gizmo')).toBeNull();
    await settle();
    expect(ports).toHaveLength(3);
    const starts = ports.map((p) => p.lastStart());
    expect(starts.map((s) => s.side)).toEqual([0, 1, 2]);
    expect(new Set(starts.map((s) => s.scenario)).size).toBe(1);
    expect(sidesOf(starts[0]?.scenario ?? null)).toEqual([
      { name: 'Drop-tail', aqm: 'droptail', params: {} },
      { name: 'RED', aqm: 'red', params: { max_p: 0.1 } },
      { name: 'Gizmo', aqm: 'gizmo', params: {} },
    ]);
    await settle();
    expect(lab.sides.map((s) => s.status.info?.aqm)).toEqual(['droptail', 'red', 'gizmo']);
    expect(lab.generation).toBe(1);
  });

  it('duplicates a side with its parameters, then the copy takes its own max_p', async () => {
    expect(lab.edits.duplicateSide(1)).toBeNull();
    await settle();
    await settle();
    expect(sidesOf(lab.currentScenario)[2]).toEqual({ name: 'RED (copy)', aqm: 'red', params: { max_p: 0.1 } });
    expect(lab.sides.map((s) => s.status.info?.sideName)).toEqual(['Drop-tail', 'RED', 'RED (copy)']);
    await lab.setParam(2, 'red', 'max_p', 0.3);
    expect(ports[2]?.sent.find((m) => m.call === 'apply')).toMatchObject({ event: { side: 2, name: 'max_p', value: 0.3 } });
    expect(ports[1]?.sent.some((m) => m.call === 'apply')).toBe(false);
  });

  it('renames a side in the scenario without restarting anything', async () => {
    expect(lab.edits.renameSide(1, '  RED, max_p 0.1  ')).toBeNull();
    expect(sidesOf(lab.currentScenario)[1]).toEqual({ name: 'RED, max_p 0.1', aqm: 'red', params: { max_p: 0.1 } });
    expect(lab.sides[1]?.status.info?.sideName).toBe('RED, max_p 0.1');
    expect(lab.edits.renameSide(1, 'x'.repeat(41))).toBe('sides[1].name: at most 40 characters');
    await settle();
    expect(ports.map((p) => p.starts().length)).toEqual([1, 1]);
  });

  it("removes a side: its worker stops, later sides move down, and the last side stays", async () => {
    lab.edits.addSide('gizmo');
    await settle();
    await settle();
    expect(lab.edits.removeSide(0)).toBeNull();
    await settle();
    expect(ports[0]?.terminated).toBe(true);
    expect(live().map((p) => p.lastStart().side)).toEqual([0, 1]);
    expect(sidesOf(lab.currentScenario).map((s) => (s as { aqm: string }).aqm)).toEqual(['red', 'gizmo']);
    await settle();
    expect(lab.sides.map((s) => [s.index, s.status.info?.aqm])).toEqual([
      [0, 'red'],
      [1, 'gizmo'],
    ]);
    expect(lab.edits.removeSide(1)).toBeNull();
    await settle();
    expect(lab.edits.removeSide(0)).toBe('sides: the last side cannot be removed');
    expect(live()).toHaveLength(1);
  });

  it('stops at six sides', async () => {
    for (let i = 0; i < 4; i++) expect(lab.edits.addSide('red')).toBeNull();
    expect(lab.edits.addSide('red')).toBe('sides: at most 6 sides');
    expect(lab.edits.duplicateSide(0)).toBe('sides: at most 6 sides');
    await settle();
    expect(live()).toHaveLength(6);
    expect(lab.canAddSide).toBe(false);
  });

  it('loads a scenario: checked by the core, sides rebuilt to match, every side from t = 0', async () => {
    const three = JSON.stringify({
      version: 1,
      duration_s: 2,
      sides: [
        { name: 'A', aqm: 'red', params: {} },
        { name: 'B', aqm: 'red', params: { max_p: 0.2 } },
        { name: 'C', aqm: 'gizmo', params: {} },
      ],
    });
    expect(await lab.load(three)).toBeNull();
    await settle();
    expect(live()).toHaveLength(3);
    expect(lab.sides.map((s) => s.status.info?.sideName)).toEqual(['A', 'B', 'C']);
    // Completed from the core's defaults, so the panel and later edits see every field.
    expect(JSON.parse(lab.currentScenario ?? '')).toMatchObject({ groups: [{ kind: 'tcp', count: 50 }], duration_s: 2 });
  });

  it("refuses a scenario the core refuses, naming the field, and keeps the current lab running", async () => {
    lab.play();
    await drive(() => lab.sides.every((s) => s.now > 0.2));
    const before = lab.currentScenario;
    const problem = await lab.load(JSON.stringify({ bottleneck: { capacity_mbps: 0 } }));
    expect(problem).toBe('bottleneck.capacity_mbps: must be in [0.01, 100000], got 0');
    expect(await lab.load('{oops')).toBe('scenario: not JSON');
    expect(await lab.load(JSON.stringify({ sides: [] }))).toBe('sides: must hold 1 to 6 sides');
    expect(lab.currentScenario).toBe(before);
    expect(ports.map((p) => p.starts().length)).toEqual([1, 1]);
    const t = times();
    await drive(undefined, 5);
    expect(times().every((now, i) => now > (t[i] ?? 0))).toBe(true);
  });

  it('applies a change for every side at one simulated time, even when the sides were apart', async () => {
    lab.play();
    await drive(() => (lab.sides[0]?.now ?? 0) > 0.3);
    lab.sides[0]?.worker.send((w) => w.pause()); // side 0 stands still while side 1 runs on
    await drive(() => (lab.sides[1]?.now ?? 0) > 0.6);
    await lab.setFlows(80);
    const applied = ports.map((p) => p.sent.find((m) => m.call === 'apply'));
    const at = applied.map((m) => (m?.call === 'apply' ? m.atS : null));
    expect(at[0]).toBe(at[1]);
    expect(at[0]).toBeGreaterThan(0.6);
    lab.endGesture(); // a slider let go (else the change shows once its gesture is idle)
    expect(lab.eventMarks()).toEqual([{ t: at[0], label: 'flows 50 -> 80', events: 1 }]);
    expect(lab.sides.map((s) => s.status.applied)).toEqual([1, 1]);
  });

  it('records a drag as one change, every step kept for the export; a release starts the next change', async () => {
    lab.play();
    await drive(() => lab.sides.every((s) => s.now > 0.2));
    // A slider drag: values every ~100 ms, applied live one by one.
    for (const count of [55, 70, 99]) await lab.setFlows(count);
    expect(lab.changes()).toEqual([]); // still being dragged: not a change yet
    lab.endGesture();
    expect(lab.changes()).toEqual([{ t: expect.any(Number), label: 'flows 50 -> 99', events: 3 }]);
    await lab.setFlows(40);
    await lab.setParam(1, 'red', 'max_p', 0.2);
    await lab.setParam(1, 'red', 'max_p', 0.3);
    lab.endGesture();
    expect(lab.changes().map((c) => c.label)).toEqual(['flows 50 -> 99', 'flows 99 -> 40', 'RED max_p 0.1 -> 0.3']);
    const exported = JSON.parse(await lab.exportScenario());
    expect(exported.events.map((e: { count?: number; value?: number }) => e.count ?? e.value)).toEqual([55, 70, 99, 40, 0.2, 0.3]);
  });

  it("rejects a change every core refuses with the core's message, and records nothing", async () => {
    await expect(lab.applyEverywhere({ kind: 'set_capacity', mbps: 0 })).rejects.toThrow(
      'event.mbps: must be in [0.01, 100000], got 0',
    );
    expect(lab.eventMarks()).toEqual([]);
  });

  it('exports the scenario with every live change at its time, set_param with its side', async () => {
    const withOwn = JSON.stringify({ ...JSON.parse(fakeScenario), events: [{ at_s: 0.5, kind: 'set_flows', group: 0, count: 20 }] });
    expect(await lab.load(withOwn)).toBeNull();
    lab.play();
    await drive(() => lab.sides.every((s) => s.now > 0.5));
    await lab.setFlows(80);
    await lab.setParam(1, 'red', 'max_p', 0.4);
    await lab.applyEverywhere({ kind: 'set_capacity', mbps: 12 });
    lab.endGesture();
    const records = ports.flatMap((p) => p.sent.flatMap((m) => (m.call === 'apply' ? [m] : [])));
    expect(records.length).toBe(5); // flows and capacity on both sides, max_p on side 1

    const exported = JSON.parse(await lab.exportScenario());
    const events: { at_s: number; kind: string }[] = exported.events;
    expect(events[0]).toEqual({ at_s: 0.5, kind: 'set_flows', group: 0, count: 20 });
    expect(events.slice(1).map((e) => e.kind)).toEqual(['set_flows', 'set_param', 'set_capacity']);
    expect(events[2]).toMatchObject({ kind: 'set_param', side: 1, name: 'max_p', value: 0.4 });
    for (let i = 1; i < events.length; i++) expect(events[i]!.at_s).toBeGreaterThanOrEqual(events[i - 1]!.at_s);
    expect(events[1]!.at_s).toBeGreaterThan(0.5);
    expect(exported.sides).toEqual(JSON.parse(fakeScenario).sides);
    expect(lab.eventMarks().map((m) => m.label)).toEqual([
      'flows 50 -> 20',
      'flows 20 -> 80',
      'RED max_p 0.1 -> 0.4',
      'capacity 12 Mb/s',
    ]);
  });

  it('keeps the sides in lockstep in one worker: whenever samples arrive both stand at one time, and Pause stops both there', async () => {
    const seen: number[][] = [];
    for (let i = 0; i < 60; i++) {
      clock.advance(10);
      await settle();
      seen.push(times());
    }
    expect(seen.at(-1)?.[0]).toBeGreaterThan(0.3);
    for (const [a, b] of seen) expect(a).toBe(b);
    await pause();
    const [a = 0, b = 0] = times();
    expect(a).toBe(b);
    expect(Math.round(a * 100) / 100).toBe(a); // a sample time
    expect(lab.shownTime()).toBe(a);
  });

  it('pauses with one message per side and no hold, each side at the sample time at or after the time they stand at', async () => {
    await drive(() => lab.sides.every((s) => s.now > 0.3), 100);
    const sentBefore = ports.map((p) => p.sent.length);
    await pause();
    const sent = ports.map((p, i) => p.sent.slice(sentBefore[i]).map((m) => m.call));
    expect(sent).toEqual([['pause'], ['pause']]);
    const [a = 0, b = 0] = times();
    expect(a).toBe(b);
    expect(Math.round(a * 100) / 100).toBe(a);
  });

  it('pauses sides that stood apart together all the same: they meet at the sample time at or after the latest', async () => {
    lab.sides[0]?.worker.send((w) => w.pause()); // apart: side 1 runs on alone
    await drive(() => (lab.sides[1]?.now ?? 0) > 0.5, 100);
    let stopped = false;
    void pauseTogether(lab.sides, 10).then(() => (stopped = true));
    await drive(() => stopped);
    const [a = 0, b = 0] = times();
    expect(a).toBe(b);
    expect(a).toBeGreaterThan(0.5);
    expect(Math.round(a * 100) / 100).toBe(a);
    expect(ports[0]?.sent.some((m) => m.call === 'runUntil')).toBe(true);
  });

  it('runs every side to a time and pauses them all exactly there', async () => {
    expect(await lab.runUntil(0.73)).toBeNull();
    await drive(() => allPaused() && lab.sides.every((s) => s.now >= 0.73));
    expect(times()).toEqual([0.73, 0.73]);
    expect(lab.sides.every((s) => !s.status.playing)).toBe(true);
    expect(lab.sides.map((s) => s.store.last(s.store.columnIndex('t')))).toEqual([0.73, 0.73]);
    expect(await lab.runUntil(0.5)).toBe('run to: the run is already at 0.73 s, past 0.5 s (reset first)');
    expect(await lab.runUntil(9)).toBe('run to: must be a time in (0, 2] s, got 9');
  });

  it('steps every side one sample interval, to the same time even when they were apart', async () => {
    await lab.runUntil(0.2);
    await drive(() => allPaused() && lab.sides.every((s) => s.now >= 0.2));
    await lab.step();
    await drive(() => allPaused() && lab.sides.every((s) => s.now > 0.2));
    expect(times()).toEqual([0.21, 0.21]);
    lab.sides[1]?.worker.send((w) => w.runUntil(0.35)); // apart: side 1 ahead
    await drive(() => allPaused() && (lab.sides[1]?.now ?? 0) >= 0.35);
    await lab.step();
    await drive(() => allPaused() && lab.sides.every((s) => s.now >= 0.36));
    expect(times()).toEqual([0.36, 0.36]);
  });

  it('restarts a crashed side in a fresh worker, replays the live changes and catches up, the others untouched', async () => {
    await lab.runUntil(0.4);
    await drive(() => allPaused() && lab.sides.every((s) => s.now >= 0.4));
    await lab.setFlows(70);
    ports[1]?.crash('Uncaught Error: boom');
    expect(lab.sides[1]?.status).toMatchObject({ failed: true, error: 'Uncaught Error: boom' });
    const survivor = ports[0];
    await lab.runUntil(0.6); // the failed side is left out; the other goes on
    await drive(() => (lab.sides[0]?.now ?? 0) >= 0.6 && allPaused());
    const restarted = lab.restartSide(1);
    await drive(() => (lab.sides[1]?.now ?? 0) >= 0.6 && allPaused());
    await restarted;
    expect(ports).toHaveLength(3);
    expect(ports[1]?.terminated).toBe(true);
    expect(survivor?.terminated).toBe(false);
    expect(survivor?.starts()).toHaveLength(1);
    const start = ports[2]?.lastStart();
    expect(start?.side).toBe(1);
    expect(JSON.parse(start?.scenario ?? '').events).toEqual([{ at_s: 0.4, kind: 'set_flows', group: 0, count: 70 }]);
    expect(times()).toEqual([0.6, 0.6]);
    expect(lab.sides[1]?.status).toMatchObject({ failed: false, error: null });
  });

  it('resets every side on the scenario, a failed one in a fresh worker, live changes dropped', async () => {
    await lab.setFlows(70);
    ports[0]?.crash('gone');
    lab.reset();
    await settle();
    await settle();
    expect(ports).toHaveLength(3);
    expect(lab.sides.map((s) => s.status.failed)).toEqual([false, false]);
    expect(lab.eventMarks()).toEqual([]);
    expect(JSON.parse(await lab.exportScenario()).events).toEqual([]);
  });
});
