import { useEffect, useState, useSyncExternalStore } from 'react';
import { SimHostPool } from '../worker/spawn-worker';
import { Lab } from '../lab/lab';
import type { SideStatus } from '../lab/side-session';

/**
 * Creates the lab (its workers) when the page mounts and stops them on unmount.
 * The first run is the caller's to start: `lab.start()` for the default
 * scenario or `lab.load(json)` for a link's.
 */
export function useLab(): Lab | null {
  const [lab, setLab] = useState<Lab | null>(null);
  useEffect(() => {
    const pool = new SimHostPool();
    const created = new Lab(pool);
    setLab(created);
    return () => {
      created.dispose();
      pool.dispose();
      setLab(null);
    };
  }, []);
  return lab;
}

export function useSideStatuses(lab: Lab): readonly SideStatus[] {
  return useSyncExternalStore(lab.subscribe, lab.getStatuses);
}

export { useTicker } from '../lib/use-ticker';
