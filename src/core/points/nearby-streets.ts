/**
 * The point layer's streets of a name in other ZIPs of the state: those of the same city, or
 * whose position lies within a distance of the locality (a wrong ZIP, a street running on into
 * the next ZIP). A common name has hundreds of streets in a large state at national scale, and
 * most addresses ask: each list of streets the store hands back is summarized once (kept while
 * the store holds the list), with its streets by city and by latitude, so a lookup measures
 * only the streets of the latitude band the distance allows, not every street.
 */
import { cityKey } from '../parse/city-key.js';
import type { Locality } from '../locality/locality.js';
import type { PointStore, StreetRecord } from '../model/ports.js';
import { latitudeSpan, withinKm } from '../util/geo-distance.js';

/**
 * A street in another ZIP than the one given counts when it lies this close to the given locality
 * (the points layer, match-point.ts; the range layer measures a ZIP's centre, ranges/near-zips.ts).
 */
export const NEARBY_KM = 25;

/** What nearbyStreets reads of a list of streets, laid out compactly (one object, a few arrays, not one record per street). */
interface StreetListSummary {
  zipIds: Int32Array; // each street's ZIP as an index into zipIndex's values (-1: none)
  zipIndex: Map<string, number>;
  coords: Float64Array; // lat, lon of each street
  byCity: Map<string, number[]>; // the streets of each city key, in list order
  byLatitude: Int32Array; // the streets with a position, by latitude
  latitudes: Float64Array; // their latitudes, ascending
}

// The summaries of lists of streets from the store, made once per list: the store hands back the
// same (unchanging) array while it holds a lookup, and a batch asks it again and again.
const summaries = new WeakMap<readonly StreetRecord[], StreetListSummary>();

function summaryOf(streets: readonly StreetRecord[]): StreetListSummary {
  let sum = summaries.get(streets);
  if (sum === undefined || sum.zipIds.length !== streets.length) {
    const n = streets.length;
    const zipIds = new Int32Array(n);
    const zipIndex = new Map<string, number>();
    const coords = new Float64Array(n * 2);
    const byCity = new Map<string, number[]>();
    const placed: number[] = [];
    for (let i = 0; i < n; i++) {
      const st = streets[i] as StreetRecord;
      if (st.city !== null) {
        const key = cityKey(st.city);
        const list = byCity.get(key);
        if (list === undefined) byCity.set(key, [i]);
        else list.push(i);
      }
      let id = -1;
      if (st.zip5 !== null) {
        id = zipIndex.get(st.zip5) ?? zipIndex.size;
        zipIndex.set(st.zip5, id);
      }
      zipIds[i] = id;
      coords[i * 2] = st.lat;
      coords[i * 2 + 1] = st.lon;
      if (Number.isFinite(st.lat) && Number.isFinite(st.lon)) placed.push(i);
    }
    placed.sort((a, b) => (coords[a * 2] as number) - (coords[b * 2] as number));
    const byLatitude = Int32Array.from(placed);
    const latitudes = Float64Array.from(placed, (i) => coords[i * 2] as number);
    sum = { zipIds, zipIndex, coords, byCity, byLatitude, latitudes };
    summaries.set(streets, sum);
  }
  return sum;
}

/** The first index of an ascending array whose value is at least `value`. */
function firstAtLeast(values: Float64Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Streets of this key in other ZIPs of the state than the decided one: the same city, or within
 * `km` of where the locality is (its ZIP's or city's centroid); in the store's order.
 */
export function nearbyStreets(key: string, loc: Locality, points: PointStore, km: number): StreetRecord[] {
  if (loc.state === null || !points.coversState(loc.state)) return [];
  const all = points.streetsInState(loc.state, key);
  if (all.length === 0) return [];
  const sum = summaryOf(all);
  const picked: number[] = [];
  if (loc.city !== null) {
    const same = sum.byCity.get(cityKey(loc.city));
    if (same !== undefined) picked.push(...same);
  }
  const at = loc.geocode;
  if (at !== null) {
    const span = latitudeSpan(km);
    const { latitudes, byLatitude, coords } = sum;
    for (let k = firstAtLeast(latitudes, at.lat - span); k < latitudes.length && (latitudes[k] as number) <= at.lat + span; k++) {
      const i = byLatitude[k] as number;
      if (withinKm(at.lat, at.lon, coords[i * 2] as number, coords[i * 2 + 1] as number, km)) picked.push(i);
    }
  }
  picked.sort((a, b) => a - b);
  // A street whose ZIP is the decided one is not "another ZIP"; a street without ZIP never is.
  const zipId = loc.zip5 !== null ? (sum.zipIndex.get(loc.zip5) ?? -2) : -1;
  const out: StreetRecord[] = [];
  for (let k = 0; k < picked.length; k++) {
    const i = picked[k] as number;
    if (i !== picked[k - 1] && sum.zipIds[i] !== zipId) out.push(all[i] as StreetRecord);
  }
  return out;
}
