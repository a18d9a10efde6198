/** zipsWithinKm of the fake locality stores of the tests: every record checked, as withinKm decides. */
import type { LocalityStore, ZipRecord } from '../../src/core/model/ports.js';
import { withinKm } from '../../src/core/util/geo-distance.js';

export function zipsWithinKmOf(records: Iterable<ZipRecord>): LocalityStore['zipsWithinKm'] {
  const all = [...records];
  return (lat, lon, km) => all.filter((z) => z.lat !== null && z.lon !== null && withinKm(lat, lon, z.lat, z.lon, km)).map((z) => z.zip5);
}
