import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchPreset, fetchPresetIndex, formatDuration, readPresetIndex, type Fetcher } from '../../../web/src/scenario/presets';
import { coreError, nodeCore, nodeCoreBuilt, runSide } from '../support/node-core';
import { presetDir, presetText, readIndex, scenarioIds } from '../support/preset-files';

// Every preset the menu lists is a scenario the core accepts and runs, with
// at most the page's six sides; the index agrees with the files.

function scenarioOf(id: string, dir = presetDir): Record<string, unknown> {
  const value: unknown = JSON.parse(presetText(id, dir));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${id}: not an object`);
  return value as Record<string, unknown>;
}

describe('the preset index', () => {
  it('lists every scenario file in public/presets/ and nothing else', () => {
    const index = readIndex();
    expect(index.presets.map((p) => p.id).sort()).toEqual(scenarioIds(presetDir));
  });

  it("covers the papers' experiments of spec/scenarios.md and the teaching presets", () => {
    const ids = readIndex().presets.map((p) => p.id);
    for (const prefix of ['lred-exp1', 'lred-exp2', 'lred-exp3', 'lred-exp4', 'aopc-exp1', 'aopc-exp2', 'aopc-exp3', 'msc-exp1', 'msc-exp2', 'msc-exp3', 'msc-exp4', 'msc-exp5', 'autored-', 'aaqm-']) {
      expect(ids.some((id) => id.startsWith(prefix)), prefix).toBe(true);
    }
    expect(ids.filter((id) => id.startsWith('teach-')).length).toBeGreaterThanOrEqual(3);
  });

  it('agrees with each file on duration and number of sides', () => {
    for (const entry of readIndex().presets) {
      const scenario = scenarioOf(entry.id);
      expect(scenario.duration_s, entry.id).toBe(entry.duration_s);
      expect(Array.isArray(scenario.sides) && scenario.sides.length, entry.id).toBe(entry.sides);
      expect(entry.sides, entry.id).toBeLessThanOrEqual(6);
    }
  });

  it('rejects a malformed index, naming the field', () => {
    expect(readPresetIndex([])).toBe('presets index: must be a JSON object');
    expect(readPresetIndex({ version: 2, presets: [] })).toBe('presets index.version: must be 1');
    const entry = { id: 'a', group: 'paper', title: 't', source: 's', shows: 'x', assumes: 'y', duration_s: 10, sides: 2 };
    expect(readPresetIndex({ version: 1, presets: [{ ...entry, id: '../x' }] })).toBe(
      `presets[0].id: must be lower-case letters, digits and '-', got "../x"`,
    );
    expect(readPresetIndex({ version: 1, presets: [{ ...entry, sides: 7 }] })).toBe('presets[0].sides: must be a whole number in [1, 6]');
    expect(readPresetIndex({ version: 1, presets: [{ ...entry, group: 'misc' }] })).toBe('presets[0].group: must be "paper" or "teaching"');
    expect(readPresetIndex({ version: 1, presets: [entry, entry] })).toBe('presets index: id a appears twice');
    expect(readPresetIndex({ version: 1, presets: [{ ...entry, shows: '' }] })).toBe('presets[0].shows: must be a non-empty string');
  });
});

describe.skipIf(!nodeCoreBuilt)('every listed preset', () => {
  it('validates with the core and runs its first 5 simulated seconds on every side', async () => {
    const core = await nodeCore();
    for (const { id } of readIndex().presets) {
      const json = presetText(id);
      expect(coreError(core, json), id).toBe('');
      const scenario = scenarioOf(id);
      const sides = Array.isArray(scenario.sides) ? scenario.sides.length : 0;
      for (let side = 0; side < sides; side++) {
        const { samples } = runSide(core, json, side, 5);
        // 10 ms samples unless the preset says otherwise.
        expect(samples, `${id} side ${side}`).toBe(500);
      }
    }
  }, 120_000);
});

describe('fetching presets', () => {
  const files: Record<string, string> = {
    '/app/presets/index.json': JSON.stringify({
      version: 1,
      presets: [{ id: 'one', group: 'teaching', title: 'One', source: 'Teaching preset', shows: 'a', assumes: 'b', duration_s: 60, sides: 2 }],
    }),
    '/app/presets/one.json': '{"duration_s": 60}',
    '/app/presets/bad.json': '[1]',
  };
  const fetcher: Fetcher = async (url) => ({
    ok: url in files,
    status: url in files ? 200 : 404,
    text: async () => files[url] ?? '',
  });

  it('reads the index and a preset under the page base', async () => {
    expect((await fetchPresetIndex('/app/', fetcher)).presets[0]?.id).toBe('one');
    expect(await fetchPreset('/app', 'one', fetcher)).toBe('{"duration_s": 60}');
  });

  it('rejects with a message for a missing, malformed or foreign preset', async () => {
    await expect(fetchPreset('/app/', 'two', fetcher)).rejects.toThrow('/app/presets/two.json: HTTP 404');
    await expect(fetchPreset('/app/', 'bad', fetcher)).rejects.toThrow('preset bad: not a JSON object');
    await expect(fetchPreset('/app/', '../../etc/passwd', fetcher)).rejects.toThrow('not a preset id');
    await expect(fetchPresetIndex('/other/', fetcher)).rejects.toThrow('HTTP 404');
  });

  it('formats durations for the menu', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(225)).toBe('3 min 45 s');
  });
});
