// The core's limits on a scenario's sides (core-cpp/SCENARIO.md), which the
// page's menus, link checks and side edits enforce before the core sees them.

/** A lab runs 1 to 6 sides. */
export const maxSides = 6;

/** A side's name has at most 40 characters. */
export const maxNameLength = 40;

/** Characters as the core counts them in a name: Unicode code points (not UTF-16 units). */
export function characterCount(text: string): number {
  return [...text].length;
}

/** The first `count` characters of `text`, never half of a surrogate pair. */
export function firstCharacters(text: string, count: number): string {
  return [...text].slice(0, Math.max(0, count)).join('');
}
