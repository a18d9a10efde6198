/**
 * The ZIP of an address point whose ZIP the importer inferred (from the nearest
 * ZIP centroid: a guess, src/core/points/point-locality.ts), taken from the TIGER/Line
 * ranges at query time: the ZIP of the side of the street edge the point lies
 * on. A side's ZIP is the Census Bureau's, edge by edge, so the point then
 * knows its ZIP (INFERRED.zipSure) and, when its city was inferred too, its
 * city is that ZIP's (INFERRED.citySure).
 *
 * The edge is the nearest within SIDE_REACH_M that carries the point's street
 * (by street key), else the nearest within CLOSE_REACH_M whatever its name (a
 * point set back on a corner lot); a side without a range says nothing. Done at
 * query time, so it is always the ranges loaded now (an import of ranges after
 * the points needs nothing redone); each point's answer is remembered (bounded),
 * and only points of a state the ranges cover are looked up. Pure over the ports.
 */
import { boundedMemo } from '../util/bounded-memo.js';
import { INFERRED } from '../model/ports.js';
import type { LocalityStore, NearPoint, PointRecord, PointSearch, PointStore } from '../model/ports.js';
import { streetKey } from '../parse/street-key.js';
import { projectOnto } from './edge-geometry.js';
import type { RangeStore } from './range-store.js';

/** How far from a point the edge of its own street may lie (a house set back from the road). */
export const SIDE_REACH_M = 150;
/** How far the nearest edge of another name may lie (a corner lot whose street edge is farther). */
export const CLOSE_REACH_M = 40;
const EDGES_READ = 4;
const REMEMBERED = 50_000; // points whose answer is kept (about 100 bytes each)

/** What the ranges say of a point's locality; null when they say nothing. */
interface Fix { zip5: string; city: string | null; inferred: number }

/** The point with the ZIP of the range side it lies on, where its ZIP was inferred; the point itself otherwise. */
export type PointZipFix = (p: PointRecord) => PointRecord;

/** The fix of points by the ranges (memoized by point id). */
export function pointZipFromRanges(ranges: RangeStore, locality: Pick<LocalityStore, 'zip'>): PointZipFix {
  let current: PointRecord | null = null; // the point the memoized function reads (ids are its key)
  const look = boundedMemo((_id: number): Fix | null => {
    const p = current as PointRecord;
    const key = streetKey(p.street);
    const near = ranges.nearestEdges(p.lat, p.lon, EDGES_READ, SIDE_REACH_M);
    const own = near.find((e) => e.streets.some((s) => streetKey(s.street) === key));
    const edge = own ?? near.find((e) => e.meters <= CLOSE_REACH_M);
    if (edge === undefined) return null;
    const side = edge.edge[projectOnto(edge.edge.coords, p.lat, p.lon).side];
    if (side === null) return null;
    const cityInferred = (p.inferred & INFERRED.city) !== 0;
    const city = cityInferred ? (locality.zip(side.zip5)?.city ?? p.city) : p.city;
    return { zip5: side.zip5, city, inferred: p.inferred | INFERRED.zipSure | (cityInferred ? INFERRED.citySure : 0) };
  }, REMEMBERED);
  return (p) => {
    if ((p.inferred & INFERRED.zip5) === 0 || !ranges.coversState(p.state)) return p;
    current = p;
    const fix = look(p.id);
    current = null;
    return fix === null || (fix.zip5 === p.zip5 && fix.city === p.city && fix.inferred === p.inferred) ? p : { ...p, ...fix };
  };
}

const near = (fix: PointZipFix) => (list: NearPoint[]): NearPoint[] => list.map((n) => ({ ...n, point: fix(n.point) }));

/** A PointStore whose points carry the ZIP of their range side (see the module comment). */
export function pointStoreWithRangeZips(points: PointStore, fix: PointZipFix): PointStore {
  return {
    coversZip: (z) => points.coversZip(z),
    coversState: (s) => points.coversState(s),
    completeZip: (z) => points.completeZip(z),
    streetsInZip: (z, s) => points.streetsInZip(z, s),
    streetsInState: (st, s) => points.streetsInState(st, s),
    streetNamesInZip: (z) => points.streetNamesInZip(z),
    pointsAt: (id, n) => points.pointsAt(id, n).map(fix),
    pointsNear: (id, n, limit) => points.pointsNear(id, n, limit).map(fix),
    byPlaceId: (id) => {
      const p = points.byPlaceId(id);
      return p === null ? null : fix(p);
    },
    nearest: (lat, lon, limit, max) => near(fix)(points.nearest(lat, lon, limit, max)),
    dataVersion: () => points.dataVersion(),
  };
}

/** A PointSearch whose points carry the ZIP of their range side. */
export function pointSearchWithRangeZips(search: PointSearch, fix: PointZipFix): PointSearch {
  return {
    streetKeys: () => search.streetKeys(),
    streetsByKey: (key, state, limit, filter) => search.streetsByKey(key, state, limit, filter),
    pointsByKey: (key, n, state, limit, filter) => search.pointsByKey(key, n, state, limit, filter).map(fix),
    streetKeysWithPredir: (d) => search.streetKeysWithPredir(d),
    streetByParts: (...args) => search.streetByParts(...args),
    nearest: (lat, lon, limit, max) => near(fix)(search.nearest(lat, lon, limit, max)),
  };
}
