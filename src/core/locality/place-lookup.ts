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

/** A PlaceLookup answering from the locality layer's place names. */
export function placeLookup(store: LocalityStore): PlaceLookup {
  return {
    isPlace(name: string, state: string | null, minZips = 1): boolean {
      const key = cityKey(name);
      if (key === '') return false;
      const places = store.placesByKey(key, state);
      if (minZips <= 1) return places.length > 0;
      return places.some((p) => p.zips.length >= minZips);
    },
    stateOfZip(zip5: string): string | null {
      return store.zip(zip5)?.state ?? null;
    },
    isAlias(name: string, state: string | null): boolean {
      return aliasPlaces(store, name, state).length > 0;
    },
  };
}
