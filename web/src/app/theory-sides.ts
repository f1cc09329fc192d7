import { findAqm } from '../aqm/aqm-table';
import { sideColour } from '../lib/colours';
import type { TheorySideView } from '../theory/TheorySection';
import type { Lab } from '../lab/lab';
import { sideName, type SideStatus } from '../lab/side-session';
import type { RunSummary } from '../summary/run-summary';

/** What the theory panel shows of each side, from the lab's sessions, their statuses and their latest run summaries. */
export function theorySides(lab: Lab, statuses: readonly SideStatus[], summaries: readonly (RunSummary | null)[]): TheorySideView[] {
  return lab.sides.map((session, i) => {
    const status = statuses[i];
    const aqm = status?.info?.aqm ?? '';
    const spec = status ? findAqm(status.aqms, aqm) : undefined;
    return {
      name: sideName(status, i),
      aqm,
      label: spec?.label ?? aqm,
      summary: spec?.summary ?? '',
      law: spec?.law ?? null,
      params: status?.info?.params ?? {},
      store: session.store,
      colour: sideColour(i),
      senders: status?.senders ?? [],
      run: summaries[i] ?? null,
    };
  });
}
