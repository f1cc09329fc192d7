import type { Lab } from '../lab/lab';
import type { SideStatus } from '../lab/side-session';
import { TheorySection } from '../theory/TheorySection';
import type { TheoryState } from '../theory/theory-state';
import { theorySides } from './theory-sides';
import { useRunSummaries, type SummaryPoller } from './summary/use-run-summaries';

// The theory panel with each side's latest run summary (its senders'
// measured figures): only this part re-renders when the summaries arrive,
// as the summary table and the scatter do.

export function TheoryPanel({ theory, lab, statuses, poller }: { theory: TheoryState; lab: Lab; statuses: readonly SideStatus[]; poller: SummaryPoller }) {
  const summaries = useRunSummaries(poller, lab, statuses);
  return <TheorySection theory={theory} sides={theorySides(lab, statuses, summaries)} />;
}
