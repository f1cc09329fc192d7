import { useEffect, useState } from 'react';

/** Re-renders every `ms` milliseconds: the summary polls the stores instead of receiving samples. */
export function useTicker(ms: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = window.setInterval(() => setTick((n) => n + 1), ms);
    return () => window.clearInterval(id);
  }, [ms]);
  return tick;
}
