/**
 * The parser's gazetteer over the locality layer: is this name a place (a
 * primary city of some ZIP), in a state or anywhere? Pure: it only asks the
 * LocalityStore port, whose lookups are cached.
 */
import { cityKey } from './city-key.js';
import type { PlaceLookup } from './parse-address.js';
import type { LocalityStore } from './ports.js';

/** A PlaceLookup answering from the locality layer's place names. */
export function placeLookup(store: LocalityStore): PlaceLookup {
  return {
    isPlace(name: string, state: string | null): boolean {
      const key = cityKey(name);
      return key !== '' && store.placesByKey(key, state).length > 0;
    },
  };
}
