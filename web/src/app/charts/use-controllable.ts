import { useState } from 'react';

/**
 * A value the parent may own (pass `value` and `onChange`, e.g. to keep it in
 * the URL) or leave to the component, which then keeps it in its own state.
 */
export function useControllable<T>(value: T | undefined, onChange: ((next: T) => void) | undefined, initial: T): [T, (next: T) => void] {
  const [own, setOwn] = useState<T>(value ?? initial);
  const current = value ?? own;
  const set = (next: T) => {
    setOwn(next);
    onChange?.(next);
  };
  return [current, set];
}
