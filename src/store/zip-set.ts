/**
 * A set of ZIP codes asked about once or more per address (which ZIPs the points or the ranges
 * cover). A five-digit string is looked up by its number in a table of 100,000 bits: the ZIP of
 * a parsed address is a fresh string, which a Set would hash first. Any other string is looked
 * for in a Set, so the answers are those of a Set of the same strings.
 */

/** The number of a five-digit string ("02108" -> 2108), or -1 for any other string. */
export function zipSlot(zip5: string): number {
  if (zip5.length !== 5) return -1;
  let n = 0;
  for (let i = 0; i < 5; i++) {
    const c = zip5.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    n = n * 10 + (c - 48);
  }
  return n;
}

/** ZIPs, five-digit ones by number. */
export class ZipSet {
  private readonly slots = new Uint8Array(100_000);
  private readonly others = new Set<string>();

  constructor(zips: Iterable<string> = []) {
    for (const z of zips) this.add(z);
  }

  add(zip: string): void {
    const slot = zipSlot(zip);
    if (slot >= 0) this.slots[slot] = 1;
    else this.others.add(zip);
  }

  has(zip: string): boolean {
    const slot = zipSlot(zip);
    return slot >= 0 ? this.slots[slot] === 1 : this.others.has(zip);
  }
}
