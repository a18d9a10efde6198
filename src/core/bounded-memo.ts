/**
 * A bounded memo for pure string functions on the hot path of validation
 * (city keys, mixed-case city names). Inputs are arbitrary, so the memo keeps
 * at most `limit` entries and forgets the oldest first; the function must be
 * pure, so a remembered result is always the one a fresh call would return.
 * Long arguments are computed every time, never kept: the memo stays small.
 */

// Longer than any place name: such an argument is not worth keeping.
const MAX_KEPT_LENGTH = 64;

/** `fn` remembered for up to `limit` distinct arguments of up to 64 characters (oldest forgotten first). */
export function boundedMemo(fn: (arg: string) => string, limit: number): (arg: string) => string {
  const memo = new Map<string, string>();
  return (arg: string): string => {
    const hit = memo.get(arg);
    if (hit !== undefined) return hit;
    const value = fn(arg);
    if (arg.length > MAX_KEPT_LENGTH) return value;
    // Map keeps insertion order, so the first key is the oldest: O(1) eviction.
    if (memo.size >= limit) memo.delete(memo.keys().next().value as string);
    memo.set(arg, value);
    return value;
  };
}
