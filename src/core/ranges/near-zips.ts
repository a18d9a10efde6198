/**
 * Whether a ZIP is near a decided locality: its centre lies within NEARBY_KM of the locality's
 * position, where the range layer also looks for a street (a wrong ZIP, a street running on).
 * A lookup by state tests the ZIP of every street of a name that holds the number. The centres
 * are kept per locality store in one table by the ZIP's number (zip-number.ts), each read from
 * the store when first asked: a test is two numbers read from a table the CPU's caches keep
 * (1.6 MB for every ZIP there can be) and a distance, mostly ruled out by the latitudes alone.
 * Neither the positions asked about nor their answers are kept.
 */
import type { Locality } from '../locality/locality.js';
import type { LocalityStore } from '../model/ports.js';
import { withinKm } from '../util/geo-distance.js';
import { NEARBY_KM } from '../points/nearby-streets.js';
import { ZIP_NUMBERS } from '../util/zip-number.js';

/** Whether a ZIP (as a five-digit string and its number) is near one position. */
export type NearTest = (zip5: string, zip: number) => boolean;

const NOWHERE: NearTest = () => false;

/**
 * The centres of the ZIPs asked about, per locality store: latitude and longitude of ZIP number
 * k at 2k and 2k + 1; NaN where not read yet, Infinity where the ZIP has none (never near).
 */
const centres = new WeakMap<LocalityStore, Float64Array>();

function centresOf(locality: LocalityStore): Float64Array {
  let table = centres.get(locality);
  if (table === undefined) centres.set(locality, (table = new Float64Array(2 * ZIP_NUMBERS).fill(Number.NaN)));
  return table;
}

/** The test of nearness to the locality's position (none is near without one). */
export function zipsNear(loc: Locality, locality: LocalityStore): NearTest {
  const at = loc.geocode;
  if (at === null) return NOWHERE;
  const { lat, lon } = at;
  const table = centresOf(locality);
  return (zip5, zip) => {
    if (zip < 0 || zip >= ZIP_NUMBERS) return false; // no ZIP of the reference
    let zLat = table[2 * zip] as number;
    if (Number.isNaN(zLat)) {
      const z = locality.zip(zip5);
      const known = z !== null && z.lat !== null && z.lon !== null;
      zLat = known ? (z.lat as number) : Infinity;
      table[2 * zip] = zLat;
      table[2 * zip + 1] = known ? (z.lon as number) : Infinity;
    }
    return withinKm(lat, lon, zLat, table[2 * zip + 1] as number, NEARBY_KM);
  };
}
