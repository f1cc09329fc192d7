import { parseJson } from '../lib/json';

// The core answers in JSON strings and never throws; these readers turn its
// answers into typed values without trusting their shape.

export type CoreResult = { ok: true } | { ok: false; error: string };

export function readResult(text: string): CoreResult {
  const value = parseJson(text);
  if (typeof value === 'object' && value !== null && 'ok' in value) {
    if (value.ok === true) return { ok: true };
    const error = 'error' in value && typeof value.error === 'string' ? value.error : 'unknown error';
    return { ok: false, error };
  }
  return { ok: false, error: `unreadable answer from the core: ${text.slice(0, 120)}` };
}

export function readColumns(text: string): string[] | null {
  const value = parseJson(text);
  if (!Array.isArray(value)) return null;
  const names: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') return null;
    names.push(item);
  }
  return names;
}
