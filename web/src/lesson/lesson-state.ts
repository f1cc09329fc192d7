import { isRecord, type Fields } from '../lib/json';
import { fetchPreset, fetchText, type Fetcher } from '../scenario/presets';
import { decodeLabState } from '../scenario/url-codec';
import type { StepState } from './lesson-format';

// Where a lesson step starts, as the scenario JSON the lab loads: a preset
// (with the step's JSON merge patch applied), a lab link's scenario, or the
// scenario the step writes out. The core validates it when the lab loads it.

/** RFC 7396: objects merge field by field, null removes a field, anything else (arrays too) replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return patch;
  const out: Fields = isRecord(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

/** The step's scenario JSON text; rejects with a message a teacher can act on. */
export async function stepScenario(state: StepState, base: string, fetcher: Fetcher = (u) => fetch(u)): Promise<string> {
  if ('preset' in state) {
    const text = await fetchPreset(base, state.preset, fetcher);
    return state.patch ? JSON.stringify(mergePatch(JSON.parse(text), state.patch)) : text;
  }
  if ('link' in state) {
    const decoded = await decodeLabState(state.link);
    if (!decoded.ok) throw new Error(decoded.error);
    return JSON.stringify(decoded.state.scenario);
  }
  return JSON.stringify(state.scenario);
}

export function lessonUrl(base: string, id: string): string {
  return `${base.endsWith('/') ? base : `${base}/`}lessons/${id}.json`;
}

/** A file's parsed JSON, or a rejection naming it. */
export async function fetchJson(fetcher: Fetcher, url: string): Promise<unknown> {
  const body = await fetchText(fetcher, url);
  try {
    return JSON.parse(body);
  } catch {
    throw new Error(`${url}: not valid JSON`);
  }
}
