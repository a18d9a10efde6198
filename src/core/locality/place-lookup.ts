/**
 * The parser's gazetteer over the locality layer: is this name a place (a
 * primary city of some ZIP, or a populated place), or a curated alias (NYC), in
 * a state or anywhere? Pure: it only asks the LocalityStore port, whose lookups
 * are cached.
 */
import { cityKey } from '../parse/city-key.js';
import { aliasPlaces } from './match-city.js';
import type { PlaceLookup } from '../parse/parse.js';
import type { LocalityStore } from '../model/ports.js';
import { AreaKeyCache } from '../util/area-key-cache.js';

// How many answers isPlace keeps, and the longest name it keeps one for (longer than any place name).
const KNOWN_LIMIT = 60_000;
const MAX_KEPT_NAME = 64;

/** A PlaceLookup answering from the locality layer's place names. */
export function placeLookup(store: LocalityStore): PlaceLookup {
  // The parser asks about the same words again and again (1.5 times a line over messy lines):
  // the answers of minZips 1, per state ('' for none) and name as asked, in one lookup instead of
  // the key's memo and the store's two maps.
  const known = new AreaKeyCache<boolean>(KNOWN_LIMIT);
  const anyZips = (name: string, state: string | null): boolean => {
    const key = cityKey(name);
    return key !== '' && store.placesByKey(key, state).length > 0;
  };
  return {
    isPlace(name: string, state: string | null, minZips = 1): boolean {
      if (minZips <= 1) return name.length > MAX_KEPT_NAME ? anyZips(name, state) : known.get(state ?? '', name, () => anyZips(name, state));
      const key = cityKey(name);
      if (key === '') return false;
      return store.placesByKey(key, state).some((p) => p.zips.length >= minZips);
    },
    stateOfZip(zip5: string): string | null {
      return store.zip(zip5)?.state ?? null;
    },
    isAlias(name: string, state: string | null): boolean {
      return aliasPlaces(store, name, state).length > 0;
    },
  };
}
