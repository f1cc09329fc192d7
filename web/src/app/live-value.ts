import { useEffect, useMemo, useRef, useState } from 'react';
import { sliderIntervalMs, throttleLatest } from '../lib/throttle-latest';

// A value a control sends to the core: shown at once while moving, sent
// throttled (latest wins), and put back to the last accepted value, with the
// core's message, when a send is refused.

export interface LiveValue {
  value: number | null;
  error: string | null;
  set(value: number): void;
  /** The control was let go: the last value goes out now, and `end` is told (one gesture, one change). */
  release(): void;
}

/** `initial` is re-read whenever `runKey` changes (a new run starts from the scenario's values). */
export function useLiveValue(
  initial: number | null,
  runKey: unknown,
  send: (value: number) => Promise<void>,
  end: () => void = () => {},
): LiveValue {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const accepted = useRef(initial);
  const latestSend = useRef(send);
  latestSend.current = send;

  useEffect(() => {
    accepted.current = initial;
    setValue(initial);
    setError(null);
  }, [runKey, initial]);

  const sender = useMemo(
    () =>
      throttleLatest((v: number) => {
        latestSend.current(v).then(
          () => {
            accepted.current = v;
            setError(null);
          },
          (e: unknown) => {
            setError(e instanceof Error ? e.message : String(e));
            setValue(accepted.current);
          },
        );
      }, sliderIntervalMs),
    [],
  );
  useEffect(() => () => sender.cancel(), [sender]);

  return {
    value,
    error,
    set: (v) => {
      setValue(v);
      sender.push(v);
    },
    release: () => {
      sender.flush();
      end();
    },
  };
}
