/** The text of anything thrown or rejected: an Error's message, else the value as a string. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
