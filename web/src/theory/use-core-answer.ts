import { useEffect, useRef, useState } from 'react';

// An answer the core computes asynchronously (in the theory worker) from
// inputs named by a key: asked again only when the key changes, and only the
// answer for the latest key is kept. While a new answer is on its way the
// last one stays shown, so figures that move once a second do not flicker.

export function useCoreAnswer<T>(key: string | null, compute: () => Promise<T>): T | null {
  const [held, setHeld] = useState<{ key: string; value: T } | null>(null);
  const latest = useRef(compute);
  useEffect(() => {
    latest.current = compute;
  });
  useEffect(() => {
    if (key === null) return undefined;
    let live = true;
    void latest.current().then((value) => {
      if (live) setHeld({ key, value });
    });
    return () => {
      live = false;
    };
  }, [key]);
  return key === null ? null : (held?.value ?? null);
}
