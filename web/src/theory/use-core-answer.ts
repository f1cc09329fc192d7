import { useEffect, useRef, useState } from 'react';
import { LatestAnswer } from './latest-answer';

// An answer the core computes asynchronously (in the theory worker) from
// inputs named by a key: asked again only when the key changes, one
// question at a time (LatestAnswer), and only the answer for the latest key
// is kept. While a new answer is on its way the last one stays shown, so
// figures that move once a second do not flicker.

export function useCoreAnswer<T>(key: string | null, compute: () => Promise<T>): T | null {
  const [held, setHeld] = useState<{ key: string; value: T } | null>(null);
  const latest = useRef(compute);
  const asker = useRef<LatestAnswer<T> | null>(null);
  useEffect(() => {
    latest.current = compute;
  });
  useEffect(() => {
    const a = new LatestAnswer<T>((k, value) => setHeld({ key: k, value }));
    asker.current = a;
    return () => a.close();
  }, []);
  useEffect(() => {
    asker.current?.ask(key, () => latest.current());
  }, [key]);
  return key === null ? null : (held?.value ?? null);
}
