import { isRecord } from '../lib/json';
// The preset menu's data: public/presets/index.json lists the presets, each
// an ordinary scenario file public/presets/<id>.json. Both are fetched at run
// time and checked here; the scenario itself is validated by the core when
// the page loads it (Lab.load).

export type PresetGroup = 'paper' | 'teaching';

export interface PresetEntry {
  /** Lower-case letters, digits and '-'; the file is `<id>.json`. */
  id: string;
  group: PresetGroup;
  title: string;
  /** The paper and experiment, or "Teaching preset". */
  source: string;
  /** First line of the description: what the preset shows. */
  shows: string;
  /** Second line: what it assumed where the paper is silent. */
  assumes: string;
  /** Simulated seconds (the scenario's duration_s). */
  duration_s: number;
  sides: number;
}

export interface PresetIndex {
  version: 1;
  presets: PresetEntry[];
}

export const presetGroupLabels: Record<PresetGroup, string> = {
  paper: "The papers' experiments",
  teaching: 'Teaching presets',
};

export const maxPresetBytes = 2 * 1024 * 1024;

/** A preset's id (scenario or experiment preset): its file is `<id>.json`. */
export const presetIdPattern = /^[a-z0-9][a-z0-9-]{0,63}$/;


function text(entry: Record<string, unknown>, field: string, where: string): string {
  const value = entry[field];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${where}.${field}: must be a non-empty string`);
  return value;
}

function positive(entry: Record<string, unknown>, field: string, where: string): number {
  const value = entry[field];
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new Error(`${where}.${field}: must be a positive number`);
  return value;
}

function readEntry(value: unknown, where: string): PresetEntry {
  if (!isRecord(value)) throw new Error(`${where}: must be an object`);
  const id = text(value, 'id', where);
  if (!presetIdPattern.test(id)) throw new Error(`${where}.id: must be lower-case letters, digits and '-', got ${JSON.stringify(id)}`);
  const group = value.group;
  if (group !== 'paper' && group !== 'teaching') throw new Error(`${where}.group: must be "paper" or "teaching"`);
  const sides = positive(value, 'sides', where);
  if (!Number.isInteger(sides) || sides > 6) throw new Error(`${where}.sides: must be a whole number in [1, 6]`);
  return {
    id,
    group,
    title: text(value, 'title', where),
    source: text(value, 'source', where),
    shows: text(value, 'shows', where),
    assumes: text(value, 'assumes', where),
    duration_s: positive(value, 'duration_s', where),
    sides,
  };
}

/** The index, or a message naming the faulty field. */
export function readPresetIndex(value: unknown): PresetIndex | string {
  try {
    if (!isRecord(value)) throw new Error('presets index: must be a JSON object');
    if (value.version !== 1) throw new Error('presets index.version: must be 1');
    if (!Array.isArray(value.presets)) throw new Error('presets index.presets: must be an array');
    const presets = value.presets.map((p: unknown, i) => readEntry(p, `presets[${i}]`));
    const seen = new Set<string>();
    for (const p of presets) {
      if (seen.has(p.id)) throw new Error(`presets index: id ${p.id} appears twice`);
      seen.add(p.id);
    }
    return { version: 1, presets };
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

export function presetUrl(base: string, id: string): string {
  return `${base.endsWith('/') ? base : `${base}/`}presets/${id}.json`;
}

export type Fetcher = (url: string) => Promise<Pick<Response, 'ok' | 'status' | 'text'>>;

/** The body of `url` (at most maxPresetBytes); rejects with a message naming the URL. */
export async function fetchText(fetcher: Fetcher, url: string): Promise<string> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = await response.text();
  if (body.length > maxPresetBytes) throw new Error(`${url}: larger than ${maxPresetBytes} bytes`);
  return body;
}

/** The index from `<base>presets/index.json`; rejects with a message. */
export async function fetchPresetIndex(base: string, fetcher: Fetcher = (u) => fetch(u)): Promise<PresetIndex> {
  let parsed: unknown;
  const body = await fetchText(fetcher, presetUrl(base, 'index'));
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error('presets index: not valid JSON');
  }
  const index = readPresetIndex(parsed);
  if (typeof index === 'string') throw new Error(index);
  return index;
}

/** A preset's scenario JSON text (the core validates it when loaded); rejects with a message. */
export async function fetchPreset(base: string, id: string, fetcher: Fetcher = (u) => fetch(u)): Promise<string> {
  if (!presetIdPattern.test(id)) throw new Error(`preset ${JSON.stringify(id)}: not a preset id`);
  const body = await fetchText(fetcher, presetUrl(base, id));
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error(`preset ${id}: not valid JSON`);
  }
  if (!isRecord(parsed)) throw new Error(`preset ${id}: not a JSON object`);
  return body;
}

/** "3 min 20 s" for the menu's notes. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
