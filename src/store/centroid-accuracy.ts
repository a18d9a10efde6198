/**
 * How far a ZIP's reference centroid may lie from the ZIP's addresses. The sources give many
 * ZIPs one shared point (all 35 of San Juan PR, 149 of Washington DC): such a point is the
 * city's, not the ZIP's, and claiming a ZIP's accuracy for it would be a lie. Pure: rows in,
 * rows with accuracy_m out (docs/validation.md, "Geocode").
 */
import { distanceKm } from '../core/util/geo-distance.js';
import { ZIP_CENTROID_ACCURACY_M } from '../core/locality/locality.js';
import type { ZipRecord as ZipRow } from '../core/model/ports.js';

const MILITARY: ReadonlySet<string> = new Set(['AA', 'AE', 'AP']);

/** Counts of what centroidAccuracy decided, for the build report. */
export interface CentroidAccuracyStats {
  sharedPoints: number; // points that stand for two ZIPs or more
  sharedZips: number; // ZIPs at such a point
}

/**
 * Each row with its accuracy_m: ZIP_CENTROID_ACCURACY_M for a point of its own; for a point
 * that n ZIPs share, the distance from it to the farthest point of another ZIP of the same city
 * (the city's extent) plus one ZIP's radius; where the city has no other point (or the ZIPs
 * are military, spread over continents), the radius of n ZIPs' area (√n ZIP radii). Rows
 * without a centroid get null.
 */
export function centroidAccuracy(rows: readonly ZipRow[], stats: CentroidAccuracyStats = { sharedPoints: 0, sharedZips: 0 }): ZipRow[] {
  const atPoint = new Map<string, ZipRow[]>();
  const ofCity = new Map<string, ZipRow[]>();
  for (const row of rows) {
    if (row.lat === null || row.lon === null) continue;
    push(atPoint, `${row.lat},${row.lon}`, row);
    push(ofCity, `${row.state}\t${row.city}`, row);
  }
  const accuracy = new Map<string, number>();
  for (const members of atPoint.values()) {
    if (members.length < 2) continue;
    stats.sharedPoints++;
    stats.sharedZips += members.length;
    const meters = sharedPointAccuracy(members, ofCity);
    for (const m of members) accuracy.set(m.zip5, meters);
  }
  return rows.map((row) => ({
    ...row,
    accuracy_m: row.lat === null || row.lon === null ? null : accuracy.get(row.zip5) ?? ZIP_CENTROID_ACCURACY_M,
  }));
}

function push(map: Map<string, ZipRow[]>, key: string, row: ZipRow): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [row]);
  else list.push(row);
}

// The accuracy of a point that `members` (two ZIPs or more) share, rounded up to 100 m.
function sharedPointAccuracy(members: readonly ZipRow[], ofCity: ReadonlyMap<string, readonly ZipRow[]>): number {
  const p = members[0] as ZipRow;
  const lat = p.lat as number;
  const lon = p.lon as number;
  let farthestKm = -1;
  if (!members.some((m) => MILITARY.has(m.state))) {
    const cities = new Set(members.map((m) => `${m.state}\t${m.city}`));
    for (const city of cities) {
      for (const other of ofCity.get(city) ?? []) {
        if (other.lat === lat && other.lon === lon) continue;
        farthestKm = Math.max(farthestKm, distanceKm(lat, lon, other.lat as number, other.lon as number));
      }
    }
  }
  const meters = farthestKm >= 0 ? farthestKm * 1000 + ZIP_CENTROID_ACCURACY_M : ZIP_CENTROID_ACCURACY_M * Math.sqrt(members.length);
  return Math.ceil(Math.max(meters, ZIP_CENTROID_ACCURACY_M) / 100) * 100;
}
