import type { SideSession } from './side-session';

/**
 * The sessions for a restart on a scenario of `count` sides, from the ones
 * running: `removed` (a side the user removed) and any beyond the count are
 * terminated, a failed one is replaced by a fresh session, and missing ones
 * are created. Indices are the sides' places in the new scenario.
 */
export function rosterFor(
  sessions: readonly SideSession[],
  count: number,
  removed: number | null,
  create: (index: number) => SideSession,
): SideSession[] {
  let kept = [...sessions];
  if (removed !== null && kept.length > count) {
    kept[removed]?.terminate();
    kept = kept.filter((_, i) => i !== removed);
  }
  for (const extra of kept.slice(count)) extra.terminate();
  const roster = kept.slice(0, count).map((s, i) => {
    if (!s.status.failed) return s;
    s.terminate();
    return create(i);
  });
  while (roster.length < count) roster.push(create(roster.length));
  return roster;
}
