/**
 * The names nearest a key by edit distance (Damerau-Levenshtein, string-distance.ts), for the
 * misspelling searches of the range and point layers: every street name of a city's ZIPs is a
 * candidate, and most are far. A name is measured only when two cheap bounds let it be near:
 * its length, and the letters one has that the other lacks (each such letter costs an edit). The
 * length and letters of a list's names are worked out once per list, kept while the list is, side
 * by side in one array: the bounds are tested without reading the names themselves (each a string
 * somewhere else in memory), and only the few names that pass are read.
 */
import { damerauLevenshtein } from './string-distance.js';

// Per list: each name's letters (letters()) and length, at 2i and 2i + 1.
const boundsOfLists = new WeakMap<readonly string[], Uint32Array>();

/** The characters of a text as bits (a character's code modulo 32: a shared bit only lowers the bound). */
function letters(text: string): number {
  let bits = 0;
  for (let i = 0; i < text.length; i++) bits |= 1 << (text.charCodeAt(i) & 31);
  return bits >>> 0;
}

function bitCount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function boundsOf(names: readonly string[]): Uint32Array {
  let bounds = boundsOfLists.get(names);
  if (bounds === undefined) {
    bounds = new Uint32Array(names.length * 2);
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string;
      bounds[2 * i] = letters(name);
      bounds[2 * i + 1] = name.length;
    }
    boundsOfLists.set(names, bounds);
  }
  return bounds;
}

/**
 * The names of the lists at the smallest distance from `key`, if it is at most `max`: each name
 * once, in the order first seen; none when every name lies further.
 */
export function nearestNames(key: string, lists: Iterable<readonly string[]>, max: number): string[] {
  const own = letters(key);
  let best = max + 1;
  let nearest: string[] = [];
  for (const names of lists) {
    const bounds = boundsOf(names);
    for (let i = 0; i < names.length; i++) {
      const limit = best <= max ? best : max;
      if (Math.abs((bounds[2 * i + 1] as number) - key.length) > limit) continue;
      const b = bounds[2 * i] as number;
      if (bitCount((b & ~own) >>> 0) > limit || bitCount((own & ~b) >>> 0) > limit) continue;
      const name = names[i] as string;
      const d = damerauLevenshtein(key, name, limit);
      if (d < best) {
        best = d;
        nearest = [name];
      } else if (d === best && !nearest.includes(name)) nearest.push(name);
    }
  }
  return best <= max ? nearest : [];
}
