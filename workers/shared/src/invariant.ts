// Values the code's own logic guarantees (an index inside an array built alongside, a key it has just
// stored, a regex group its alternative always captures) but the types cannot see: `undefined` there
// is a bug, so it fails loudly here instead of flowing on.

/** `value`, or an Error naming `what` was missing when it is `undefined`. */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Invariant broken: no ${what}`);
  return value;
}
