import { useEffect, useState, useSyncExternalStore } from 'react';
import { TheoryState, type TheorySnapshot, type TheorySource } from './theory-state';

export function useTheory(theory: TheoryState): TheorySnapshot {
  return useSyncExternalStore(theory.subscribe, theory.getSnapshot);
}

/**
 * The page's theory state for a lab, made when the page mounts and stopped on
 * unmount (its worker with it); `repaint` is called when results change, so
 * the charts redraw the overlay.
 */
export function useTheoryState(source: TheorySource, repaint: () => void): TheoryState | null {
  const [theory, setTheory] = useState<TheoryState | null>(null);
  useEffect(() => {
    const created = new TheoryState(source);
    setTheory(created);
    const off = created.subscribe(repaint);
    return () => {
      off();
      created.dispose();
      setTheory(null);
    };
  }, [source, repaint]);
  return theory;
}
