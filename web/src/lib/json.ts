// JSON read without trusting its shape: the core answers in JSON strings, and
// files and links come from outside. The one object guard every layer uses.

export type Fields = Record<string, unknown>;

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parsed value, or undefined for text that is not JSON (never throws). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
