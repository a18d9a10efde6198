/**
 * The match key of a street name (the name alone, without directionals and
 * type), shared by the point importer and the point matcher so both sides
 * always agree: upper case, punctuation dropped, ordinals as digits
 * (26TH, TWENTY-SIXTH is left alone, FIRST -> 1), SAINT/MOUNT/FORT abbreviated
 * (src/core/data/street-key-words.json).
 */
import table from '../data/street-key-words.json' with { type: 'json' };
import { boundedMemo } from '../util/bounded-memo.js';
import { allDigits } from './chars.js';

const WORDS: ReadonlyMap<string, string> = new Map(Object.entries(table.words));

/** The match key of a street name: "W 26TH" style names compare equal to "26". */
export function streetKey(name: string): string {
  const words = name.toUpperCase().replace(/['.]/g, '').replace(/[^A-Z0-9]+/g, ' ').trim().split(' ');
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const ordinal = /^(\d+)(ST|ND|RD|TH)$/.exec(w);
    if (ordinal !== null) words[i] = String(Number(ordinal[1]));
    else if (allDigits(w)) words[i] = String(Number(w));
    else words[i] = WORDS.get(w) ?? w;
  }
  return words.join(' ');
}

/**
 * streetKey remembered for the last 20,000 names: street names repeat across a batch, and the
 * lookups keyed by the same key string do not hash it again.
 */
export const rememberedStreetKey = boundedMemo(streetKey, 20_000);
