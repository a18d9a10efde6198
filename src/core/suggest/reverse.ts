/**
 * Reverse geocoding: the address points nearest a position, each with its
 * distance in meters; where no point lies within the distance asked, the
 * addresses interpolated on the nearest street edges of the ranges
 * (`coverage: "address_ranges"`); with neither, the nearest ZIP of the locality layer with its city and its
 * distance, labelled as such (`coverage: "locality"`). Pure: reads the
 * PointStore and ZipLocator ports; validates its inputs with typed errors.
 */
import { mixedCase } from '../parse/display-address.js';
import { AddrError } from '../model/errors.js';
import { checkLimit } from '../model/option-bounds.js';
import { pointPlace } from '../views/place-record.js';
import type { PointPlace } from '../views/place-record.js';
import type { NearPoint, PointStore, ZipLocator } from '../model/ports.js';
import type { RangePlace } from '../ranges/reverse-range.js';
import { distinctPlaces } from '../points/same-place.js';

/** Bounds and defaults of the options (also what the CLI's help states). */
export const REVERSE_LIMITS = {
  defaultLimit: 1,
  maxLimit: 100,
  defaultMaxDistanceMeters: 1_000,
  maxMaxDistanceMeters: 100_000, // the point search scans a grid: beyond 100 km "nearest address" means nothing
  localityMaxMeters: 250_000, // how far the no-coverage answer looks for a ZIP centroid
} as const;

/** Options of a reverse lookup. */
export interface ReverseOptions {
  requestId?: string; // becomes the result's `id`
  startedAt?: number; // when the face received the request, on the `now` clock
  now?: () => number; // a millisecond clock (performance.now); without it latency_ms is 0
  limit?: number; // points wanted, 1..100 (default 1)
  maxDistanceMeters?: number; // how far a point may be, > 0 and <= 100,000 (default 1,000)
}

/** An address point with its distance from the position asked. */
export interface ReversePlace extends PointPlace {
  distance_meters: number; // great-circle distance, 0.1 m
}

/** The nearest ZIP of the locality layer, when no point lies within reach. */
export interface ReverseLocality {
  kind: 'zip'; // a ZIP area, located by its centroid
  zip5: string;
  city: string;
  state: string;
  county: string | null;
  county_fips: string | null;
  text: string; // "Sebastopol, CA 95472"
  geocode: { lat: number; lon: number; quality: 'ZIP_CENTROID' };
  distance_meters: number; // from the position to the ZIP centroid (not to the ZIP's edge)
}

/** What reverse geocoding returns. */
export interface ReverseResult {
  id: string;
  query: { lat: number; lon: number; limit: number; max_distance_meters: number };
  /**
   * address_points: `results` holds the nearest points (nearest first);
   * address_ranges: no point within reach, `results` holds addresses interpolated on the nearest street edges (TIGER/Line ranges);
   * locality: no point within max_distance_meters, `locality` is the nearest ZIP;
   * none: neither (the position is far from any U.S. ZIP).
   */
  coverage: 'address_points' | 'address_ranges' | 'locality' | 'none';
  results: (ReversePlace | RangePlace)[];
  locality: ReverseLocality | null;
  data_version: string;
  latency_ms: number;
}

/** The ports reverse geocoding reads. */
export interface ReversePorts {
  points: Pick<PointStore, 'nearest'> | null; // null: nothing imported (a PointSearch's in-memory index, else the store's grid)
  zips: ZipLocator | null; // null: the locality layer cannot locate ZIPs (then no fallback)
  ranges?: ((lat: number, lon: number, limit: number, maxMeters: number) => RangePlace[]) | null; // addresses interpolated on the nearest edges (ranges/reverse-range.ts)
  dataVersion: string; // locality (+ points) version label
}

function checkCoordinate(name: 'latitude' | 'longitude', value: number, bound: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < -bound || value > bound) {
    throw new AddrError('ADDR_ERR_COORDINATES_INVALID', [name, String(value), `-${bound}`, String(bound)]);
  }
}

const round1 = (m: number): number => Math.round(m * 10) / 10;

/**
 * The `limit` nearest points that are distinct places (same-place.ts: one address from two sources
 * is listed once), asking the index for more while duplicates fill the answer.
 */
function nearestPlaces(points: ReversePorts['points'], lat: number, lon: number, limit: number, maxDistance: number): NearPoint[] {
  if (points === null) return [];
  for (let asked = limit; ; asked *= 2) {
    const near = points.nearest(lat, lon, asked, maxDistance);
    const distinct = distinctPlaces(near, (n) => n.point, limit);
    if (distinct.length >= limit || near.length < asked) return distinct;
  }
}

/** The nearest address points to (lat, lon), or the nearest ZIP when none is within reach. */
export function reverseGeocode(lat: number, lon: number, options: ReverseOptions, ports: ReversePorts): ReverseResult {
  checkCoordinate('latitude', lat, 90);
  checkCoordinate('longitude', lon, 180);
  const limit = checkLimit('limit', options.limit ?? REVERSE_LIMITS.defaultLimit, REVERSE_LIMITS.maxLimit);
  const maxDistance = options.maxDistanceMeters ?? REVERSE_LIMITS.defaultMaxDistanceMeters;
  if (typeof maxDistance !== 'number' || !Number.isFinite(maxDistance) || maxDistance <= 0 || maxDistance > REVERSE_LIMITS.maxMaxDistanceMeters) {
    throw new AddrError('ADDR_ERR_INPUT_INVALID', [`max distance must be more than 0 and at most ${REVERSE_LIMITS.maxMaxDistanceMeters} meters, not ${String(maxDistance)}.`]);
  }
  const near = nearestPlaces(ports.points, lat, lon, limit, maxDistance);
  const points: ReversePlace[] = near.map((n) => ({ ...pointPlace(n.point), distance_meters: round1(n.meters) }));
  const results: (ReversePlace | RangePlace)[] = points.length > 0 ? points : (ports.ranges?.(lat, lon, limit, maxDistance) ?? []);
  let locality: ReverseLocality | null = null;
  if (results.length === 0 && ports.zips !== null) {
    const zip = ports.zips.nearestZip(lat, lon, null, REVERSE_LIMITS.localityMaxMeters);
    if (zip !== null) {
      const z = zip.zip;
      locality = {
        kind: 'zip',
        zip5: z.zip5,
        city: z.city,
        state: z.state,
        county: z.county,
        county_fips: z.county_fips,
        text: `${mixedCase(z.city)}, ${z.state} ${z.zip5}`,
        geocode: { lat: z.lat as number, lon: z.lon as number, quality: 'ZIP_CENTROID' },
        distance_meters: round1(zip.meters),
      };
    }
  }
  const t1 = options.now?.();
  const t0 = options.startedAt;
  return {
    id: options.requestId ?? '',
    query: { lat, lon, limit, max_distance_meters: maxDistance },
    coverage: points.length > 0 ? 'address_points' : results.length > 0 ? 'address_ranges' : locality !== null ? 'locality' : 'none',
    results,
    locality,
    data_version: ports.dataVersion,
    latency_ms: t0 !== undefined && t1 !== undefined ? Math.max(0, Math.round((t1 - t0) * 100) / 100) : 0,
  };
}
