import { useEffect, useState, useSyncExternalStore } from 'react';
import { spawnSimWorker } from '../worker/spawn-worker';
import { Lab } from './lab';
import type { SideStatus } from './side-session';

/** Creates the lab and starts the default run when the page mounts; stops its workers on unmount. */
export function useLab(): Lab | null {
  const [lab, setLab] = useState<Lab | null>(null);
  useEffect(() => {
    const created = new Lab(spawnSimWorker);
    created.start();
    setLab(created);
    return () => {
      created.dispose();
      setLab(null);
    };
  }, []);
  return lab;
}

export function useSideStatuses(lab: Lab): readonly SideStatus[] {
  return useSyncExternalStore(lab.subscribe, lab.getStatuses);
}

/** Re-renders every `ms` milliseconds: the summary polls the stores instead of receiving samples. */
export function useTicker(ms: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = window.setInterval(() => setTick((n) => n + 1), ms);
    return () => window.clearInterval(id);
  }, [ms]);
  return tick;
}
