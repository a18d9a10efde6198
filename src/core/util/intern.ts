/**
 * One string object per distinct text, internalized as V8 keeps its property names and literals.
 * Strings read from a database are new objects, one per row: comparing such a string with the
 * parser's (a literal, internalized) reads both strings' text, a cache miss per field of each
 * record compared at national scale. Two internalized strings compare by identity alone. The
 * stores intern the short, repeated fields of the records they hand out (directionals, suffixes,
 * states, ZIPs): a few tens of thousands of distinct texts in all.
 */

const INTERNED_KEPT = 200_000; // distinct texts; past it, texts are handed back as they are

const interned = new Map<string, string>();

/** The internalized string of `s` (the same object for the same text). */
export function intern(s: string): string {
  const held = interned.get(s);
  if (held !== undefined) return held;
  if (interned.size >= INTERNED_KEPT) return s;
  // V8's JSON parser internalizes the short strings it reads (a computed property name would be
  // too, at the cost of a hidden class per text).
  const key = JSON.parse(JSON.stringify(s)) as string;
  interned.set(key, key);
  return key;
}

/** `s` interned, null as null. */
export function internOrNull(s: string | null): string | null {
  return s === null ? null : intern(s);
}
