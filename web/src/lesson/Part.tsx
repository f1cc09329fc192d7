import { createContext, useContext, type ReactNode } from 'react';
import { controlState, openPolicy, type ViewPolicy } from '../scenario/view-policy';
import type { ChartPart } from '../scenario/page-parts';

// The page's parts under a lesson's or a teacher link's policy. A hidden part
// is not rendered; a locked control sits in a disabled fieldset, which
// disables every input, select and button inside it for mouse, keyboard and
// typing alike (HTML's "disabled fieldset" rule), while it stays visible and
// readable by a screen reader, with a note saying it is locked.

const PolicyContext = createContext<ViewPolicy>(openPolicy);

export function PolicyProvider({ policy, children }: { policy: ViewPolicy; children: ReactNode }) {
  return <PolicyContext.Provider value={policy}>{children}</PolicyContext.Provider>;
}

export function usePolicy(): ViewPolicy {
  return useContext(PolicyContext);
}

/** A control the policy may hide or lock; `id` is a name of page-parts.ts's controlParts or `param:<name>`. */
export function Part({ id, children }: { id: string; children: ReactNode }) {
  const state = controlState(usePolicy(), id);
  if (state === 'hidden') return null;
  if (state === 'shown') return <>{children}</>;
  return (
    <fieldset disabled className="part-locked" data-part={id} data-testid={`locked-${id}`} aria-describedby="part-locked-note">
      {children}
    </fieldset>
  );
}

/** A chart (or panel of charts) the policy may hide. */
export function ChartPartGate({ id, children }: { id: ChartPart; children: ReactNode }) {
  return usePolicy().hideCharts.includes(id) ? null : <>{children}</>;
}

/** The one description every locked control points at (rendered once by the page). */
export function LockedNote() {
  const policy = usePolicy();
  if (policy.lock.length === 0) return null;
  return (
    <p id="part-locked-note" className="part-locked-note">
      Controls in a dashed frame are locked for this activity (by the teacher link or the lesson step).
    </p>
  );
}
