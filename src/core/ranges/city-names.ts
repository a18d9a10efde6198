/**
 * The street keys a misspelling is looked for among (match-range.ts): those of the decided ZIP
 * (when the ranges cover it) and of the city's covered ZIPs, as one list of each key once, in the
 * order first met ZIP by ZIP, with the ZIPs that hold each key. Made once per range store, city
 * and ZIP, and kept up to NAMES_KEPT keys in all (past that, all are let go): a batch's addresses
 * come back to their cities, and a big city's ZIPs were asked one by one for every address whose
 * street the ranges lack, each name of a ZIP measured again in the next.
 */
import type { RangeStore } from './range-store.js';

/** The keys searched for a misspelling, and the ZIPs of each (in the order searched). */
export interface SearchedNames {
  names: string[];
  zipsOf: Map<string, string[]>;
}

const NAMES_KEPT = 300_000; // ~10 MB of references (the keys' strings are the store's)

interface Kept {
  byCity: WeakMap<ReadonlySet<string>, Map<string, SearchedNames>>; // by the city's ZIPs, then the ZIP searched first ('' none)
  count: number; // keys held
}
const keptByStore = new WeakMap<RangeStore, Kept>();

/** The keys of `zip` (null: none) and of the covered ZIPs of `cityZips`, each once. */
export function searchedNames(zip: string | null, cityZips: ReadonlySet<string>, ranges: RangeStore): SearchedNames {
  let kept = keptByStore.get(ranges);
  if (kept === undefined) keptByStore.set(ranges, (kept = { byCity: new WeakMap(), count: 0 }));
  const id = zip ?? '';
  let byZip = kept.byCity.get(cityZips);
  const held = byZip?.get(id);
  if (held !== undefined) return held;
  const searched = new Set<string>(zip !== null ? [zip] : []);
  for (const z of cityZips) if (ranges.coversZip(z)) searched.add(z);
  const names: string[] = [];
  const zipsOf = new Map<string, string[]>();
  for (const z of searched) {
    for (const name of ranges.streetKeysInZip(z)) {
      // (A ZIP's keys are distinct: each ZIP comes once per name.)
      const zips = zipsOf.get(name);
      if (zips === undefined) {
        zipsOf.set(name, [z]);
        names.push(name);
      } else zips.push(z);
    }
  }
  const out = { names, zipsOf };
  if (kept.count + names.length > NAMES_KEPT) {
    kept.byCity = new WeakMap();
    kept.count = 0;
    byZip = undefined;
  }
  if (names.length <= NAMES_KEPT) {
    if (byZip === undefined) kept.byCity.set(cityZips, (byZip = new Map()));
    byZip.set(id, out);
    kept.count += names.length;
  }
  return out;
}
