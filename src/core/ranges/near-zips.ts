/**
 * Whether a ZIP is near a decided locality: its centre lies within NEARBY_KM of the locality's
 * position, where the range layer also looks for a street (a wrong ZIP, a street running on).
 * A lookup by state tests the ZIP of every street of a name; each ZIP's answer is remembered per
 * position, for the last POSITIONS_KEPT positions of a store (a batch's addresses share their
 * ZIPs' and cities' centres), by the ZIP's number (zip-number.ts): asked again, it is one lookup,
 * not a distance.
 */
import type { Locality } from '../locality/locality.js';
import type { LocalityStore } from '../model/ports.js';
import { withinKm } from '../util/geo-distance.js';

/** A street in another ZIP than the one given counts when that ZIP's centre lies this close to the given locality. */
export const NEARBY_KM = 25;

const POSITIONS_KEPT = 2_048; // each with the answers of the ZIPs asked about (tens to a few hundred)

/** Whether a ZIP (as a five-digit string and its number) is near one position. */
export type NearTest = (zip5: string, zip: number) => boolean;

const NOWHERE: NearTest = () => false;
const kept = new WeakMap<LocalityStore, Map<string, NearTest>>();

/** The test of nearness to the locality's position (none is near without one). */
export function zipsNear(loc: Locality, locality: LocalityStore): NearTest {
  const at = loc.geocode;
  if (at === null) return NOWHERE;
  let byPosition = kept.get(locality);
  if (byPosition === undefined) kept.set(locality, (byPosition = new Map()));
  const id = `${at.lat},${at.lon}`;
  let near = byPosition.get(id);
  if (near === undefined) {
    const { lat, lon } = at;
    const answers = new Map<number, boolean>();
    near = (zip5, zip) => {
      if (zip < 0) return false; // no ZIP of the reference
      let yes = answers.get(zip);
      if (yes === undefined) {
        const z = locality.zip(zip5);
        yes = z !== null && z.lat !== null && z.lon !== null && withinKm(lat, lon, z.lat, z.lon, NEARBY_KM);
        answers.set(zip, yes);
      }
      return yes;
    };
    if (byPosition.size >= POSITIONS_KEPT) byPosition.delete(byPosition.keys().next().value as string);
    byPosition.set(id, near);
  }
  return near;
}
