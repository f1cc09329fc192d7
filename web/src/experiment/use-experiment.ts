import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { readAqmTable, type AqmSpec } from '../aqm/aqm-table';
import { messageOf } from '../lib/errors';
import { isRecord, parseJson, type Fields } from '../lib/json';
import { ExperimentRunner } from './experiment-run';
import type { WorkerEnd } from '../lib/worker-rpc';

// The experiment view's runner (one per view, its workers ended with it) and
// the core's catalogue and default scenario, asked of the runner's worker.

export interface Catalogue {
  aqms: readonly AqmSpec[];
  defaults: Fields;
  /** What the core lacks to run sweeps (a build before its sweep functions), or null. */
  missing: string | null;
}

export function useExperimentRunner(spawn: () => WorkerEnd) {
  const runner = useMemo(() => new ExperimentRunner({ spawn }), [spawn]);
  useEffect(() => () => runner.dispose(), [runner]);
  const phase = useSyncExternalStore(
    (l) => runner.subscribe(l),
    () => runner.current,
  );
  const [catalogue, setCatalogue] = useState<Catalogue | string | null>(null);
  useEffect(() => {
    let live = true;
    runner
      .coreClient()
      .call((w) => w.describe())
      .then((text) => {
        const value = parseJson(text);
        const aqms = isRecord(value) ? readAqmTable(value.aqms) : 'no catalogue';
        if (!live) return;
        if (typeof aqms === 'string' || !isRecord(value) || !isRecord(value.scenario)) setCatalogue(`the core's catalogue could not be read: ${typeof aqms === 'string' ? aqms : 'no default scenario'}`);
        else setCatalogue({ aqms, defaults: value.scenario, missing: typeof value.missing === 'string' ? value.missing : null });
      })
      .catch((e: unknown) => live && setCatalogue(messageOf(e)));
    return () => {
      live = false;
    };
  }, [runner]);
  return { runner, phase, catalogue };
}

/** A value that follows `value` after it has stayed unchanged for `ms` (the plan preview waits for typing to pause). */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
