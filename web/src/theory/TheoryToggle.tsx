import { useTheory } from './use-theory';
import './theory.css';
import type { TheoryState } from './theory-state';

// The queue chart's "theory" switch: each side's fluid-model queue drawn as a
// dotted line over its simulated queue, on the same time axis.

export function TheoryToggle({ theory }: { theory: TheoryState }) {
  const snapshot = useTheory(theory);
  const errors = snapshot.overlay ? snapshot.sides.filter((s) => s.error !== null).length : 0;
  return (
    <span className="theory-toggle">
      <label title="Draw each side's fluid-model queue (Misra, Gong & Towsley; Hollot et al.) over its simulated queue, recomputed after every live change">
        <input
          type="checkbox"
          data-testid="theory-toggle"
          checked={snapshot.overlay}
          onChange={(event) => theory.setOverlay(event.target.checked)}
        />
        Theory
      </label>
      {snapshot.overlay && (
        <span className="theory-state" role="status" data-testid="theory-status">
          {snapshot.computing ? 'computing…' : errors > 0 ? `${errors} side(s) without a model` : snapshot.sides.length > 0 ? 'dotted: fluid model' : ''}
        </span>
      )}
    </span>
  );
}
