import { useSyncExternalStore } from 'react';
import type { UpdateSignal } from '../lib/update-signal';

// Says when a newer version of the lab is waiting, and reloads into it on
// request (never by itself: a class mid-run keeps its page).

export function UpdateNotice({ updates }: { updates: UpdateSignal }) {
  const state = useSyncExternalStore(updates.subscribe, updates.snapshot);
  if (!state.waiting) return null;
  return (
    <div className="link-banner" role="status" data-testid="update-notice">
      <p>A new version of AQM Lab is available.</p>
      <button type="button" onClick={state.apply}>
        Reload to update
      </button>
    </div>
  );
}
