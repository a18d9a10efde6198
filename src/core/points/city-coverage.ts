/**
 * Which ZIPs of a city the address points cover: the ZIPs a misspelled street is looked for in
 * (match-point.ts), and whether the points may answer for a city at all (the street layers'
 * order, validate/street-layers.ts). The stores' data does not change while they are open, so
 * a remembered answer is the one a fresh lookup would give.
 */
import { cityKey } from '../parse/city-key.js';
import type { Locality } from '../locality/locality.js';
import type { LocalityStore, PlaceRecord, PointStore } from '../model/ports.js';
import { zipNumber, zipTable } from '../util/zip-number.js';

/** At most this many ZIPs of a city are searched for a misspelled street name. */
export const FUZZY_ZIPS = 12;

// The covered ZIPs of a list of places (in order, each once, at most FUZZY_ZIPS), per point
// store and list: the locality store hands back the same (frozen) list of a city while it holds
// it, and a big city's ZIPs are many to ask about one by one for every address.
const coveredOfPlaces = new WeakMap<PointStore, WeakMap<readonly PlaceRecord[], readonly string[]>>();

/** The ZIPs of the places that the points cover (at most FUZZY_ZIPS). */
export function coveredZips(places: readonly PlaceRecord[], points: PointStore): readonly string[] {
  let byPlaces = coveredOfPlaces.get(points);
  if (byPlaces === undefined) coveredOfPlaces.set(points, (byPlaces = new WeakMap()));
  let out = byPlaces.get(places);
  if (out === undefined) {
    const zips: string[] = [];
    for (const place of places) {
      if (zips.length >= FUZZY_ZIPS) break;
      for (const z of place.zips) if (zips.length < FUZZY_ZIPS && !zips.includes(z) && points.coversZip(z)) zips.push(z);
    }
    byPlaces.set(places, (out = zips));
  }
  return out;
}

/** An answer of coversCity, for the city and state it was asked about. */
interface CityCover { city: string; state: string; covers: boolean }

/** Answers of coversCity by the decided ZIP's number, per pair of stores (let go with either). */
type ByZip = (CityCover | undefined)[];
const coversOfStores = new WeakMap<PointStore, WeakMap<LocalityStore, ByZip>>();

function byZipOf(points: PointStore, locality: LocalityStore): ByZip {
  let byLocality = coversOfStores.get(points);
  if (byLocality === undefined) coversOfStores.set(points, (byLocality = new WeakMap()));
  let byZip = byLocality.get(locality);
  if (byZip === undefined) byLocality.set(locality, (byZip = zipTable<CityCover>()));
  return byZip;
}

/**
 * Whether the points cover a ZIP of the decided city (its places of that name in the state).
 * Asked for most addresses of a batch when points and ranges are both loaded: remembered by the
 * decided ZIP, one answer per ZIP (for the city and state it was asked with), instead of the
 * city's key and places looked up each time.
 */
export function coversCity(loc: Locality, points: PointStore, locality: LocalityStore): boolean {
  const { city, state } = loc;
  if (city === null || state === null) return false;
  const z = loc.zip5 !== null ? zipNumber(loc.zip5) : -1;
  const byZip = z >= 0 ? byZipOf(points, locality) : null;
  const held = byZip?.[z];
  if (held !== undefined && held.city === city && held.state === state) return held.covers;
  const covers = coveredZips(locality.placesByKey(cityKey(city), state), points).length > 0;
  if (byZip !== null) byZip[z] = { city, state, covers };
  return covers;
}
