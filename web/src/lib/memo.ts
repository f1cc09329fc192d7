/** `f` remembering its last argument and result: for a value derived from state that rarely changes but is asked for often. */
export function memoLast<A, R>(f: (a: A) => R): (a: A) => R {
  let last: { arg: A; result: R } | null = null;
  return (arg: A) => {
    if (last === null || last.arg !== arg) last = { arg, result: f(arg) };
    return last.result;
  };
}

/** The same elements in the same order, compared by identity (a fresh array of unchanged items counts as the same). */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
