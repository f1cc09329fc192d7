import { lazy, Suspense, useEffect, useState } from 'react';
import type { TheorySideView } from './TheoryCards';
import type { TheoryState } from './theory-state';

export type { TheorySideView } from './TheoryCards';

// The theory panel: closed, it computes and loads nothing; opened, it loads
// its content (and KaTeX with it) and the theory worker recomputes every side
// after each live change until it is closed again.

const TheoryCards = lazy(() => import('./TheoryCards').then((m) => ({ default: m.TheoryCards })));

export function TheorySection({ theory, sides }: { theory: TheoryState; sides: readonly TheorySideView[] }) {
  const [open, setOpen] = useState(false);
  useEffect(() => (open ? theory.watch() : undefined), [open, theory]);
  return (
    <details className="chart-panel theory-section" data-testid="theory-section" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <h2>Theory: the papers' models beside the packets</h2>
      </summary>
      {open && (
        <Suspense fallback={<p className="theory-note">Loading the theory panel…</p>}>
          <TheoryCards theory={theory} sides={sides} />
        </Suspense>
      )}
    </details>
  );
}

