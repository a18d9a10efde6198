/**
 * Positions on a street edge of the range layer: the house number's place in a
 * side's range (parity, interpolation by the number's share of the range along
 * the line, offset to its side), the nearest number a side holds, and the
 * distance from a position to the line (reverse geocoding). Pure; distances on a
 * local equirectangular plane (edges are short: metres of error over kilometres).
 */
import type { Geocode } from '../model/validation-result.js';
import type { Parity, RangeEdge, RangeSide } from './range-store.js';

const M_PER_DEG_LAT = 111_320;
/** How far from the centre line an interpolated position is put, toward its side (a front yard). */
export const SIDE_OFFSET_M = 10;

/** True when `n` has the side's parity. */
export function parityHolds(parity: Parity, n: number): boolean {
  return parity === 'B' || (parity === 'O') === (n % 2 === 1);
}

/** True when the side's range holds number `n` (within from..to, either way round, with its parity). */
export function sideHolds(side: RangeSide, n: number): boolean {
  const lo = Math.min(side.from, side.to);
  const hi = Math.max(side.from, side.to);
  return n >= lo && n <= hi && parityHolds(side.parity, n);
}

/** The number of the side's range nearest `n` (with the side's parity), ties to the lower. */
export function nearestOnSide(side: RangeSide, n: number): number {
  const lo = Math.min(side.from, side.to);
  const hi = Math.max(side.from, side.to);
  let m = Math.max(lo, Math.min(hi, n));
  if (parityHolds(side.parity, m)) return m;
  // One off in parity: the neighbour inside the range, toward n first.
  const toward = m < n ? m + 1 : m - 1;
  if (toward >= lo && toward <= hi && parityHolds(side.parity, toward)) return toward;
  m = m === lo ? m + 1 : m - 1;
  return m;
}

/** Metres per degree of longitude at a latitude. */
function mPerDegLon(lat: number): number {
  return M_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);
}

/** The length of the edge's line in metres. */
export function edgeLength(coords: Float64Array): number {
  let total = 0;
  for (let i = 2; i < coords.length; i += 2) {
    const kx = mPerDegLon(coords[i + 1] as number);
    total += Math.hypot(((coords[i] as number) - (coords[i - 2] as number)) * kx, ((coords[i + 1] as number) - (coords[i - 1] as number)) * M_PER_DEG_LAT);
  }
  return total;
}

/** Where house number `n` falls on a side: its share of the way from the first vertex (0) to the last (1). */
export function shareOf(side: RangeSide, n: number): number {
  if (side.to === side.from) return 0.5;
  return Math.max(0, Math.min(1, (n - side.from) / (side.to - side.from)));
}

/** The position at share `t` of the line's length (`total`, edgeLength's), moved `offset` metres to its left (negative: right). */
export function pointAlong(coords: Float64Array, t: number, offset: number, total = edgeLength(coords)): { lat: number; lon: number } {
  let goal = total * t;
  for (let i = 2; i < coords.length; i += 2) {
    const x0 = coords[i - 2] as number;
    const y0 = coords[i - 1] as number;
    const x1 = coords[i] as number;
    const y1 = coords[i + 1] as number;
    const kx = mPerDegLon((y0 + y1) / 2);
    const dx = (x1 - x0) * kx;
    const dy = (y1 - y0) * M_PER_DEG_LAT;
    const len = Math.hypot(dx, dy);
    if (goal <= len || i === coords.length - 2) {
      const s = len === 0 ? 0 : Math.min(1, goal / len);
      // The left normal of the direction (dx, dy) is (-dy, dx).
      const nx = len === 0 ? 0 : (-dy / len) * offset;
      const ny = len === 0 ? 0 : (dx / len) * offset;
      return { lon: x0 + (x1 - x0) * s + nx / kx, lat: y0 + (y1 - y0) * s + ny / M_PER_DEG_LAT };
    }
    goal -= len;
  }
  return { lon: coords[0] as number, lat: coords[1] as number };
}

/** The position of number `n` on one side of an edge: interpolated along the line (of length `total`, edgeLength's), offset to the side. */
export function interpolate(edge: RangeEdge, side: 'left' | 'right', n: number, total = edgeLength(edge.coords)): { lat: number; lon: number } {
  const s = edge[side] as RangeSide;
  return pointAlong(edge.coords, shareOf(s, n), side === 'left' ? SIDE_OFFSET_M : -SIDE_OFFSET_M, total);
}

/** The nearest place on the line to a position: metres away, share of the length (0..1), and the side it lies on. */
export function projectOnto(coords: Float64Array, lat: number, lon: number): { meters: number; share: number; side: 'left' | 'right' } {
  const kx = mPerDegLon(lat);
  let best = Infinity;
  let bestAlong = 0;
  let bestSide: 'left' | 'right' = 'left';
  let along = 0;
  for (let i = 2; i < coords.length; i += 2) {
    const ax = ((coords[i - 2] as number) - lon) * kx;
    const ay = ((coords[i - 1] as number) - lat) * M_PER_DEG_LAT;
    const bx = ((coords[i] as number) - lon) * kx;
    const by = ((coords[i + 1] as number) - lat) * M_PER_DEG_LAT;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const s = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
    const px = ax + dx * s;
    const py = ay + dy * s;
    const d = Math.hypot(px, py);
    const len = Math.sqrt(len2);
    if (d < best) {
      best = d;
      bestAlong = along + len * s;
      // The position (the origin) is left of the direction when the cross product of (d, origin - a) is positive.
      bestSide = dx * -ay - dy * -ax >= 0 ? 'left' : 'right';
    }
    along += len;
  }
  return { meters: best, share: along === 0 ? 0 : bestAlong / along, side: bestSide };
}

/** The house number at share `t` of a side's range, with the side's parity (reverse geocoding). */
export function numberAt(side: RangeSide, t: number): number {
  const raw = Math.round(side.from + (side.to - side.from) * t);
  return nearestOnSide(side, raw);
}

/** Bounds of accuracy_meters of an interpolated position (half the edge's length between them). */
const MIN_ACCURACY_M = 20;
const MAX_ACCURACY_M = 2000;

/**
 * The RANGE_INTERPOLATED geocode of number n on a side of an edge. Its accuracy is half the
 * edge's length (20 m to 2 km): TIGER ranges are potential ranges (101-199 where the houses are
 * 101-151), so a number may lie anywhere along its edge.
 */
export function rangeGeocode(edge: RangeEdge, side: 'left' | 'right', n: number): Geocode {
  const length = edgeLength(edge.coords); // measured once, for the position and its accuracy
  const at = interpolate(edge, side, n, length);
  const accuracy = Math.round(Math.min(MAX_ACCURACY_M, Math.max(MIN_ACCURACY_M, length / 2)));
  return { lat: Math.round(at.lat * 1e7) / 1e7, lon: Math.round(at.lon * 1e7) / 1e7, quality: 'RANGE_INTERPOLATED', accuracy_meters: accuracy };
}

/** The middle of a street's edges (the middle edge's midpoint) and how far the street reaches from it (half its extent, at least 20 m). */
export function streetCentre(edges: readonly RangeEdge[]): { lat: number; lon: number; accuracy_meters: number } | null {
  const mid = edges[Math.floor(edges.length / 2)];
  if (mid === undefined) return null;
  const at = pointAlong(mid.coords, 0.5, 0);
  let minLat = Infinity, maxLat = -Infinity, minLon = Infinity, maxLon = -Infinity;
  for (const e of edges) {
    for (let i = 0; i < e.coords.length; i += 2) {
      minLon = Math.min(minLon, e.coords[i] as number);
      maxLon = Math.max(maxLon, e.coords[i] as number);
      minLat = Math.min(minLat, e.coords[i + 1] as number);
      maxLat = Math.max(maxLat, e.coords[i + 1] as number);
    }
  }
  const extent = Math.hypot((maxLon - minLon) * mPerDegLon(at.lat), (maxLat - minLat) * M_PER_DEG_LAT);
  return { lat: Math.round(at.lat * 1e7) / 1e7, lon: Math.round(at.lon * 1e7) / 1e7, accuracy_meters: Math.max(MIN_ACCURACY_M, Math.round(extent / 2)) };
}
