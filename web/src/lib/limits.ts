// The core's limits on a scenario's sides (core-cpp/SCENARIO.md), which the
// page's menus, link checks and side edits enforce before the core sees them.

/** A lab runs 1 to 6 sides. */
export const maxSides = 6;

/** A side's name has at most 40 characters. */
export const maxNameLength = 40;
