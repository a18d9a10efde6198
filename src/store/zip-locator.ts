/**
 * The nearest ZIP centroid to a position (ZipLocator port), over the locality
 * database: every centroid is read once, on first use, into a KDBush index
 * (~42k points, a few milliseconds), so opening the locality store stays cheap
 * for commands that never ask. Used by the point importer to infer a missing
 * city, state and ZIP, and by reverse geocoding without point coverage.
 */
import KDBush from 'kdbush';
import { distanceKm } from '../core/util/geo-distance.js';
import type { NearZip, ZipLocator, ZipRecord } from '../core/model/ports.js';

/** Every ZIP whose centroid lies within `maxMeters` of a position (in `state` when given), nearest first. */
export interface ZipsWithin {
  zipsWithin(lat: number, lon: number, state: string | null, maxMeters: number): NearZip[];
}

/** What the locator needs of a ZIP: its code, state and centroid. */
export type ZipPosition = Pick<ZipRecord, 'zip5' | 'state' | 'lat' | 'lon'>;

const METERS_PER_DEGREE = 111_320;
// APO/FPO/DPO ZIPs have centroids (bases abroad, ships' home ports) but are no place to locate a point in.
const MILITARY: ReadonlySet<string> = new Set(['AA', 'AE', 'AP']);

/**
 * A ZipLocator over the given ZIPs (those without a centroid are left out); `recordOf` gives the
 * whole record of the one found (so a caller can index a few columns and read the record once).
 */
export function zipLocator<Z extends ZipPosition>(records: readonly Z[], recordOf: (zip: Z) => ZipRecord): ZipLocator & ZipsWithin {
  const zips = records.filter((z) => z.lat !== null && z.lon !== null);
  const index = new KDBush(Math.max(1, zips.length));
  for (const z of zips) index.add(z.lon as number, z.lat as number);
  if (zips.length === 0) index.add(0, 0); // KDBush needs one item; never returned (ids checked below)
  index.finish();
  return {
    nearestZip(lat, lon, state, maxMeters) {
      // Boxes that grow until one holds a candidate; the box's half-width in meters bounds the
      // search, so the nearest found is the nearest overall once its distance fits in the box.
      for (let half = Math.min(5_000, maxMeters); ; half = Math.min(half * 3, maxMeters)) {
        const dLat = half / METERS_PER_DEGREE;
        const dLon = dLat / Math.max(0.05, Math.cos((lat * Math.PI) / 180));
        let best: { zip: Z; meters: number } | null = null;
        for (const id of index.range(lon - dLon, lat - dLat, lon + dLon, lat + dLat)) {
          const zip = zips[id];
          if (zip === undefined || (state !== null ? zip.state !== state : MILITARY.has(zip.state))) continue;
          const meters = distanceKm(lat, lon, zip.lat as number, zip.lon as number) * 1000;
          if (meters <= maxMeters && (best === null || meters < best.meters)) best = { zip, meters };
        }
        if (best !== null && (best.meters <= half || half >= maxMeters)) return { zip: recordOf(best.zip), meters: best.meters } satisfies NearZip;
        if (half >= maxMeters) return null;
      }
    },
    zipsWithin(lat, lon, state, maxMeters) {
      const dLat = maxMeters / METERS_PER_DEGREE;
      const dLon = dLat / Math.max(0.05, Math.cos((lat * Math.PI) / 180));
      const out: NearZip[] = [];
      for (const id of index.range(lon - dLon, lat - dLat, lon + dLon, lat + dLat)) {
        const zip = zips[id];
        if (zip === undefined || (state !== null ? zip.state !== state : MILITARY.has(zip.state))) continue;
        const meters = distanceKm(lat, lon, zip.lat as number, zip.lon as number) * 1000;
        if (meters <= maxMeters) out.push({ zip: recordOf(zip), meters });
      }
      return out.sort((a, b) => a.meters - b.meters);
    },
  };
}
