/**
 * A set of ZIP codes asked about once or more per address (which ZIPs the points or the ranges
 * cover). A five-digit string is looked up by its number in a table of 100,000 bits: the ZIP of
 * a parsed address is a fresh string, which a Set would hash first. Any other string is looked
 * for in a Set, so the answers are those of a Set of the same strings.
 */
import { ZIP_NUMBERS, zipNumber } from '../core/util/zip-number.js';

/** ZIPs, five-digit ones by number. */
export class ZipSet {
  private readonly slots = new Uint8Array(ZIP_NUMBERS);
  private readonly others = new Set<string>();

  constructor(zips: Iterable<string> = []) {
    for (const z of zips) this.add(z);
  }

  add(zip: string): void {
    const slot = zipNumber(zip);
    if (slot >= 0) this.slots[slot] = 1;
    else this.others.add(zip);
  }

  has(zip: string): boolean {
    const slot = zipNumber(zip);
    return slot >= 0 ? this.slots[slot] === 1 : this.others.has(zip);
  }
}
