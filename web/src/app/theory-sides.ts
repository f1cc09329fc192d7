import { findAqm } from '../aqm/aqm-table';
import { sideColour } from '../lib/colours';
import type { TheorySideView } from '../theory/TheorySection';
import type { Lab } from '../lab/lab';
import { sideName, type SideStatus } from '../lab/side-session';

/** What the theory panel shows of each side, from the lab's sessions and their statuses. */
export function theorySides(lab: Lab, statuses: readonly SideStatus[]): TheorySideView[] {
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
    };
  });
}
