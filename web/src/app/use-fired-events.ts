import { useMemo, useSyncExternalStore } from 'react';
import type { TimelineEvent } from '../protocol/protocol';
import { scenarioEvents } from '../scenario/timeline';
import { firedEvents } from '../scenario/values-now';
import type { Lab } from '../lab/lab';

// The scenario's timed events that have acted by the time the page shows,
// for the controls to show the run's values as they are now. The time is
// looked at four times a second; a component re-renders only when one more
// event has acted (or the run went back, at a reset).

const pollMs = 250;
const subscribe = (changed: () => void) => {
  const id = window.setInterval(changed, pollMs);
  return () => window.clearInterval(id);
};

export function useFiredEvents(lab: Lab): readonly TimelineEvent[] {
  const scenario = lab.currentScenario;
  // In the order they act: by time, in file order at equal times (a stable sort).
  const events = useMemo(() => (scenario === null ? [] : scenarioEvents(scenario).sort((a, b) => a.atS - b.atS)), [scenario]);
  const count = useSyncExternalStore(subscribe, () => (events.length === 0 ? 0 : firedEvents(events, lab.shownTime()).length));
  return useMemo(() => events.slice(0, count).map((e) => e.event), [events, count]);
}
