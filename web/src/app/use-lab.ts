import { useEffect, useState, useSyncExternalStore } from 'react';
import { spawnSimWorker, type WorkerPort } from '../worker/spawn-worker';
import { crashPlanFromUrl } from '../worker/test-crash';
import { Lab } from './lab';
import type { SideStatus } from './side-session';

/**
 * Creates the lab (its workers) when the page mounts and stops them on unmount.
 * The first run is the caller's to start: `lab.start()` for the default
 * scenario or `lab.load(json)` for a link's.
 */
export function useLab(): Lab | null {
  const [lab, setLab] = useState<Lab | null>(null);
  useEffect(() => {
    const created = new Lab(workerSpawner(window.location.search));
    setLab(created);
    return () => {
      created.dispose();
      setLab(null);
    };
  }, []);
  return lab;
}

/** Spawns workers; the test-only crash flag (worker/test-crash.ts) reaches just the worker it names. */
function workerSpawner(search: string): () => WorkerPort {
  const plan = crashPlanFromUrl(search);
  let spawned = 0;
  return () => spawnSimWorker(plan !== null && plan.worker === spawned++ ? plan.afterBatches : null);
}

export function useSideStatuses(lab: Lab): readonly SideStatus[] {
  return useSyncExternalStore(lab.subscribe, lab.getStatuses);
}

export { useTicker } from '../lib/use-ticker';
