/**
 * The IANA time zone of a decided locality, from the reference data: its ZIP's, else the zone
 * every ZIP of its city has.
 */
import { cityKey } from '../parse/city-key.js';
import { isZip5 } from '../locality/match-zip.js';
import type { Locality } from '../locality/locality.js';
import type { LocalityStore, PlaceRecord } from '../model/ports.js';

// The most ZIPs of a city read for its time zone (a city of more is read by its first ones).
const CITY_ZONE_ZIPS = 64;

/**
 * The IANA time zone of a decided locality: its ZIP's, else (a city without a ZIP) the one every
 * ZIP of the city has, else null (military ZIPs have none).
 */
export function zoneNameOf(loc: Locality, store: LocalityStore): string | null {
  if (!loc.confirmed) return null;
  if (loc.zip5 !== null) return isZip5(loc.zip5) ? (store.zip(loc.zip5)?.timezone ?? null) : null;
  if (loc.city === null || loc.state === null) return null;
  const places = store.placesByKey(cityKey(loc.city), loc.state);
  const known = zoneOfPlaces.get(places);
  if (known !== undefined) return known;
  const zone = zoneOfZips(places, store);
  zoneOfPlaces.set(places, zone);
  return zone;
}

// The zone every ZIP of a city's places has, per answer of placesByKey: the store keeps its
// answers (frozen), and a city named without a ZIP costs up to CITY_ZONE_ZIPS ZIP lookups a place.
const zoneOfPlaces = new WeakMap<readonly PlaceRecord[], string | null>();

function zoneOfZips(places: readonly PlaceRecord[], store: LocalityStore): string | null {
  let zone: string | null = null;
  for (const place of places) {
    for (let i = 0; i < place.zips.length && i < CITY_ZONE_ZIPS; i++) {
      const z = store.zip(place.zips[i] as string)?.timezone ?? null;
      if (z === null || (zone !== null && z !== zone)) return null;
      zone = z;
    }
  }
  return zone;
}
