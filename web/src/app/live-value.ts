import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { LiveValue as LiveModel } from '../lib/live-value-model';
import { sliderIntervalMs } from '../lib/throttle-latest';

// A live scenario control's value, on the page's one live-value model
// (lib/live-value-model.ts, which the parameter panels use too).

export interface LiveValue {
  value: number | null;
  error: string | null;
  set(value: number): void;
  /** The control was let go: the last value goes out now, and `end` is told (one gesture, one change). */
  release(): void;
}

/**
 * `initial` is the run's value: when it changes (a new run, or a timed event
 * that acted) or `runKey` does, the control shows it again.
 */
export function useLiveValue(
  initial: number | null,
  runKey: unknown,
  /** The label the person sees and the core's name of the event's field (`mbps`), for messages. */
  { label, name }: { label: string; name: string },
  send: (value: number) => Promise<void>,
  end: () => void = () => {},
): LiveValue {
  const latestSend = useRef(send);
  latestSend.current = send;
  const model = useMemo(() => new LiveModel(initial, (v) => latestSend.current(v), { label, name, intervalMs: sliderIntervalMs }), [label, name]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else model.restart(initial);
  }, [model, runKey, initial]);
  useEffect(() => () => model.cancel(), [model]);
  const state = useSyncExternalStore(model.subscribe, model.getState);
  return {
    value: state.value,
    error: state.error,
    set: (v) => model.set(v),
    release: () => {
      model.release();
      end();
    },
  };
}
