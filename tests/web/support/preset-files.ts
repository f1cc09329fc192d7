import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPresetIndex, type PresetIndex } from '../../../web/src/scenario/presets';
import { repoRoot } from './node-core';

// The preset files as they ship in public/presets/, read from disk.

export const presetDir = join(repoRoot, 'public/presets');

export function readIndex(dir = presetDir): PresetIndex {
  const index = readPresetIndex(JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')));
  if (typeof index === 'string') throw new Error(index);
  return index;
}

export function presetText(id: string, dir = presetDir): string {
  return readFileSync(join(dir, `${id}.json`), 'utf8');
}

/** Scenario files in a folder (index.json excluded), by id. */
export function scenarioIds(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'index.json')
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}
