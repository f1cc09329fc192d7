import { describe, expect, it } from 'vitest';
import { nodeCore, nodeCoreBuilt } from '../support/node-core';
import { presetText } from '../support/preset-files';

// The papers' schedules in their presets: AutoRED's base period
// before the switch, and AAQM's parameter changes during 125-175 s.

interface Side {
  name: string;
  aqm: string;
  params: Record<string, number>;
  switch_to?: { at_s: number; aqm: string; params: Record<string, number> };
}
interface Event {
  at_s: number;
  kind: string;
  side?: number;
  name?: string;
  value?: number;
}
interface Preset {
  sides: Side[];
  events: Event[];
}

const preset = (id: string): Preset => JSON.parse(presetText(id)) as Preset;

describe('the AutoRED preset', () => {
  it('runs RED or ARED for 11 s and then AutoRED over it, with the base settings', () => {
    const { sides } = preset('autored-sudden-load');
    expect(sides.map((s) => s.aqm)).toEqual(['red', 'ared', 'red', 'ared']);
    for (const [i, base] of [[2, 0], [3, 1]] as const) {
      const side = sides[i]!;
      expect(side.params).toEqual(sides[i - 2]!.params);
      expect(side.switch_to).toEqual({ at_s: 11, aqm: 'autored', params: { base, ...side.params } });
    }
    expect(sides[0]!.switch_to).toBeUndefined();
    expect(sides[1]!.switch_to).toBeUndefined();
  });

  it.skipIf(!nodeCoreBuilt)("switches at 11 s: AutoRED's weight exists only from then", async () => {
    const core = await nodeCore();
    const sim = new core.Simulation(presetText('autored-sudden-load'), 2);
    try {
      expect(sim.error()).toBe('');
      const columns = JSON.parse(sim.columns()) as string[];
      const rows = sim.advance(13);
      const flat = sim.batch() as Float64Array;
      const at = (name: string, row: number) => flat[columns.indexOf(name) * rows + row]!;
      const times = Array.from({ length: rows }, (_, r) => at('t', r));
      const before = times.findIndex((t) => t >= 10.99);
      const after = times.findIndex((t) => t >= 11.5);
      expect(at('aqm.w', before)).toBeNaN();
      expect(at('aqm.avg', before)).not.toBeNaN(); // RED's average, RED running
      expect(at('aqm.w', after)).toBeGreaterThan(0);
    } finally {
      sim.delete();
    }
  });
});

describe('the AAQM preset', () => {
  it("changes PI's, AVQ's and self-configuring RED's settings during 125-175 s as the paper", () => {
    const { sides, events } = preset('aaqm-mixed');
    const changes = events
      .filter((e) => e.kind === 'set_param')
      .map((e) => [e.at_s, sides[e.side!]!.aqm, e.name, e.value]);
    expect(changes).toEqual([
      [125, 'sred', 'max_p', 0.5],
      [125, 'pi', 'qref', 75],
      [125, 'avq', 'alpha', 0.8],
      [175, 'pi', 'qref', 100],
      [175, 'avq', 'alpha', 0.5],
    ]);
    // Back at 175 s to what each side starts with.
    expect(sides.find((s) => s.aqm === 'pi')!.params.qref).toBe(100);
    expect(sides.find((s) => s.aqm === 'avq')!.params.alpha).toBe(0.5);
    // Half the UDP off over the same interval.
    expect(events.filter((e) => e.kind !== 'set_param').map((e) => [e.at_s, e.kind])).toEqual([
      [125, 'group_off'],
      [125, 'group_off'],
      [175, 'group_on'],
      [175, 'group_on'],
    ]);
  });

  it.skipIf(!nodeCoreBuilt)("names parameters each side's discipline has, within their ranges", async () => {
    // A set_param naming a parameter the side lacks is accepted and changes
    // nothing, so the core's validation alone would not catch a slip here.
    const core = await nodeCore();
    const catalog = JSON.parse(core.describeAqms()) as { name: string; params: { name: string; min: number; max: number }[] }[];
    const { sides, events } = preset('aaqm-mixed');
    for (const e of events.filter((x) => x.kind === 'set_param')) {
      const params = catalog.find((a) => a.name === sides[e.side!]!.aqm)!.params;
      const spec = params.find((p) => p.name === e.name);
      expect(spec, `${sides[e.side!]!.aqm}.${e.name}`).toBeDefined();
      expect(e.value).toBeGreaterThanOrEqual(spec!.min);
      expect(e.value).toBeLessThanOrEqual(spec!.max);
    }
  });
});
