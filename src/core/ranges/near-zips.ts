/**
 * The ZIPs near a decided locality: those whose centre lies within NEARBY_KM of its position,
 * where the range layer also looks for a street (a wrong ZIP, a street running on). Asked of the
 * locality store's index once per position and remembered, per store, for the last
 * POSITIONS_KEPT positions (a batch's addresses share their ZIPs' and cities' centres): a
 * street's ZIP is then tested by one set lookup of its number (zip-number.ts), not a distance.
 */
import type { Locality } from '../locality/locality.js';
import type { LocalityStore } from '../model/ports.js';
import { zipNumber } from '../util/zip-number.js';

/** A street in another ZIP than the one given counts when that ZIP's centre lies this close to the given locality. */
export const NEARBY_KM = 25;

const POSITIONS_KEPT = 2_048; // each a set of the ZIPs around (tens, a few hundred in a metropolis)
const NONE: ReadonlySet<number> = new Set();
const kept = new WeakMap<LocalityStore, Map<string, ReadonlySet<number>>>();

/** The numbers of the ZIPs whose centre lies within NEARBY_KM of the locality's position (none without one). */
export function zipsNear(loc: Locality, locality: LocalityStore): ReadonlySet<number> {
  const at = loc.geocode;
  if (at === null) return NONE;
  let byPosition = kept.get(locality);
  if (byPosition === undefined) kept.set(locality, (byPosition = new Map()));
  const id = `${at.lat},${at.lon}`;
  let near = byPosition.get(id);
  if (near === undefined) {
    near = new Set(locality.zipsWithinKm(at.lat, at.lon, NEARBY_KM).map(zipNumber).filter((z) => z >= 0));
    if (byPosition.size >= POSITIONS_KEPT) byPosition.delete(byPosition.keys().next().value as string);
    byPosition.set(id, near);
  }
  return near;
}
