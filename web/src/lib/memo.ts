/** `f` remembering its last argument and result: for a value derived from state that rarely changes but is asked for often. */
export function memoLast<A, R>(f: (a: A) => R): (a: A) => R {
  let last: { arg: A; result: R } | null = null;
  return (arg: A) => {
    if (last === null || last.arg !== arg) last = { arg, result: f(arg) };
    return last.result;
  };
}
