/**
 * The street keys a word still being typed may stand for, beyond its own
 * letters: an ordinal half typed ("12T", "5" + "TH" to come) is the key 12,
 * and a spelled word of the key table half typed ("SEC" of SECOND, "SAI" of
 * SAINT) is that word's key (2, ST). Autocomplete looks these keys up as
 * whole words, since the street key writes SECOND as 2 (core/parse/street-key.ts).
 */
import table from '../data/street-key-words.json' with { type: 'json' };

const SPELLED: readonly [string, string][] = Object.entries(table.words);
const MIN_SPELLED_PREFIX = 2; // "FI" may be FIRST or FIFTH; one letter would be every ordinal

const remembered = new Map<string, readonly string[]>(); // the same few words are asked again for every candidate street
const REMEMBERED = 4096;

/** Whole-word keys the partly typed word (upper case, no punctuation) may stand for, besides its own prefix. */
export function partialWordKeys(text: string): readonly string[] {
  let keys = remembered.get(text);
  if (keys === undefined) {
    keys = Object.freeze(keysOf(text));
    if (remembered.size >= REMEMBERED) remembered.delete(remembered.keys().next().value as string);
    remembered.set(text, keys);
  }
  return keys;
}

function keysOf(text: string): string[] {
  const ordinal = /^(\d+)(S|ST|N|ND|R|RD|T|TH)$/.exec(text);
  if (ordinal !== null) return [String(Number(ordinal[1]))];
  if (text.length < MIN_SPELLED_PREFIX || !/^[A-Z]+$/.test(text)) return [];
  const out: string[] = [];
  for (const [word, key] of SPELLED) if (word.startsWith(text) && !out.includes(key)) out.push(key);
  return out;
}
