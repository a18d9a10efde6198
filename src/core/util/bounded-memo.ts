/**
 * A bounded memo for pure functions of a string or number on the hot path of
 * validation (city keys, mixed-case city names, the texts of coordinates). Inputs are arbitrary, so the memo keeps
 * at most `limit` entries and forgets the oldest first; the function must be
 * pure, so a remembered result is always the one a fresh call would return.
 * Long arguments are computed every time, never kept: the memo stays small.
 */

// Longer than any place name: such an argument is not worth keeping.
const MAX_KEPT_LENGTH = 64;

/**
 * `fn` remembered for up to `limit` distinct arguments (oldest forgotten first); string
 * arguments longer than 64 characters are computed every time. `fn` never returns undefined.
 */
export function boundedMemo<A extends string | number, R>(fn: (arg: A) => R, limit: number): (arg: A) => R {
  const memo = new Map<A, R>();
  // The last answer, kept apart: the layers of one validation ask about the same string (the
  // decided city, say) several times in a row, and comparing it is cheaper than hashing it.
  let lastArg: A | undefined;
  let lastValue: R | undefined;
  return (arg: A): R => {
    if (arg === lastArg) return lastValue as R;
    const hit = memo.get(arg);
    if (hit !== undefined) {
      lastArg = arg;
      lastValue = hit;
      return hit;
    }
    const value = fn(arg);
    if (typeof arg === 'string' && arg.length > MAX_KEPT_LENGTH) return value;
    lastArg = arg;
    lastValue = value;
    // Map keeps insertion order, so the first key is the oldest: O(1) eviction.
    if (memo.size >= limit) memo.delete(memo.keys().next().value as A);
    memo.set(arg, value);
    return value;
  };
}
