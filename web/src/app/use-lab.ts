import { useEffect, useState, useSyncExternalStore } from 'react';
import { SimHostPool, type WorkerPort } from '../worker/spawn-worker';
import { crashPlanFromUrl } from '../worker/test-crash';
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
    const created = new Lab(sideSpawner(pool, window.location.search));
    setLab(created);
    return () => {
      created.dispose();
      pool.dispose();
      setLab(null);
    };
  }, []);
  return lab;
}

/** Each side's channel into a simulation worker; the test-only crash flag (worker/test-crash.ts) reaches just the side it names. */
function sideSpawner(pool: SimHostPool, search: string): () => WorkerPort {
  const plan = crashPlanFromUrl(search);
  let spawned = 0;
  return () => pool.spawn(plan !== null && plan.worker === spawned++ ? plan.afterBatches : null);
}

export function useSideStatuses(lab: Lab): readonly SideStatus[] {
  return useSyncExternalStore(lab.subscribe, lab.getStatuses);
}

export { useTicker } from '../lib/use-ticker';
