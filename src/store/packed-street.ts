/**
 * A street's points packed in one value: the `packed` column of street_points in points.sqlite
 * (points-migrations.ts), written by the import (street-packer.ts) and read by the point store
 * (points-db.ts) in one row, where reading the street's point rows costs ~2 µs a row. The value
 * holds HeldStreet's parts (held-street.ts, StreetParts), little-endian, ~30 bytes a point:
 *
 *   header, 16 bytes   format version (1, u8), FLAGS (u8), 0 (u16), the number of points n
 *                      (u32), the smallest point id (f64)
 *   n leading integers i32 (-2^31: none) with FLAGS.intNumbers, else f64 (NaN: none)
 *   n lats, n lons     i32 of the degrees * 10^7 with FLAGS.intDegrees, else f64
 *   n ids              u32: the id less the smallest
 *   n INFERRED bits    u8
 *   n place ids        12 bytes each (PLACE_ID_BYTES) with FLAGS.placeBytes
 *   the rest           UTF-8 JSON {"places"?: [texts] (without FLAGS.placeBytes), "extras"?:
 *                      [[point index, extra], ...]}, or nothing when neither is needed
 */
import type { PointExtra, StreetParts } from './held-street.js';
import { INFERRED_SPAN, PLACE_ID_BYTES, isPlaceId } from './held-street.js';

const VERSION = 1;
const HEADER = 16;
const FLAGS = { intNumbers: 1, intDegrees: 2, placeBytes: 4 } as const;
const INT_NONE = -0x80000000;
const INT_MAX = 0x7fffffff;
const DEGREE_SCALE = 1e7;

interface Tail {
  places?: string[];
  extras?: [number, PointExtra][];
}

const fitsInt = (v: number): boolean => Number.isInteger(v) && v > INT_NONE && v <= INT_MAX;
const fitsDegrees = (v: number): boolean => fitsInt(Math.round(v * DEGREE_SCALE)) && Math.round(v * DEGREE_SCALE) / DEGREE_SCALE === v;

/** The value of a street's parts; null when its ids lie too far apart to pack (never for one import's points). */
export function packStreet(parts: StreetParts): Buffer | null {
  const { nums, places, extras } = parts;
  const n = nums.length / 4;
  let intNumbers = true;
  let intDegrees = true;
  let base = Number.POSITIVE_INFINITY;
  let top = 0;
  for (let i = 0; i < n; i++) {
    const int = nums[i * 4] as number;
    if (!Number.isNaN(int) && !fitsInt(int)) intNumbers = false;
    if (intDegrees && !(fitsDegrees(nums[i * 4 + 1] as number) && fitsDegrees(nums[i * 4 + 2] as number))) intDegrees = false;
    const id = Math.floor((nums[i * 4 + 3] as number) / INFERRED_SPAN);
    base = Math.min(base, id);
    top = Math.max(top, id);
  }
  if (n > 0 && top - base > 0xffffffff) return null;
  // Place ids as their 12 bytes when every one is a `pt_` id (those the import gives), else as texts.
  const placeBytes = !Array.isArray(places) || places.every(isPlaceId);
  const tail: Tail = {};
  if (!placeBytes) tail.places = places as string[];
  const extraPairs: [number, PointExtra][] = [];
  if (extras !== null) extras.forEach((x, i) => { if (x !== null) extraPairs.push([i, x]); });
  if (extraPairs.length > 0) tail.extras = extraPairs;
  const tailBytes = tail.places !== undefined || tail.extras !== undefined ? Buffer.from(JSON.stringify(tail), 'utf8') : Buffer.alloc(0);

  const numberSize = intNumbers ? 4 : 8;
  const degreeSize = intDegrees ? 4 : 8;
  const out = Buffer.allocUnsafe(HEADER + n * (numberSize + 2 * degreeSize + 4 + 1 + (placeBytes ? PLACE_ID_BYTES : 0)) + tailBytes.length);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  out[0] = VERSION;
  out[1] = (intNumbers ? FLAGS.intNumbers : 0) | (intDegrees ? FLAGS.intDegrees : 0) | (placeBytes ? FLAGS.placeBytes : 0);
  out[2] = 0;
  out[3] = 0;
  view.setUint32(4, n, true);
  view.setFloat64(8, n > 0 ? base : 0, true);
  let at = HEADER;
  for (let i = 0; i < n; i++, at += numberSize) {
    const int = nums[i * 4] as number;
    if (intNumbers) view.setInt32(at, Number.isNaN(int) ? INT_NONE : int, true);
    else view.setFloat64(at, int, true);
  }
  for (const c of [1, 2]) {
    for (let i = 0; i < n; i++, at += degreeSize) {
      const v = nums[i * 4 + c] as number;
      if (intDegrees) view.setInt32(at, Math.round(v * DEGREE_SCALE), true);
      else view.setFloat64(at, v, true);
    }
  }
  for (let i = 0; i < n; i++, at += 4) view.setUint32(at, Math.floor((nums[i * 4 + 3] as number) / INFERRED_SPAN) - base, true);
  for (let i = 0; i < n; i++, at++) out[at] = (nums[i * 4 + 3] as number) % INFERRED_SPAN;
  if (placeBytes) {
    if (Array.isArray(places)) for (const id of places) at += out.write(id.slice(3), at, PLACE_ID_BYTES, 'base64url');
    else {
      out.set(places, at);
      at += places.length;
    }
  }
  tailBytes.copy(out, at);
  return out;
}

/** The parts of a packed value; null for a value of another format version or a damaged one. */
export function unpackStreet(value: Uint8Array): StreetParts | null {
  if (value.length < HEADER || value[0] !== VERSION) return null;
  const view = new DataView(value.buffer, value.byteOffset, value.byteLength);
  const flags = value[1] as number;
  const n = view.getUint32(4, true);
  const base = view.getFloat64(8, true);
  const numberSize = (flags & FLAGS.intNumbers) !== 0 ? 4 : 8;
  const degreeSize = (flags & FLAGS.intDegrees) !== 0 ? 4 : 8;
  const withPlaceBytes = (flags & FLAGS.placeBytes) !== 0;
  const tailAt = HEADER + n * (numberSize + 2 * degreeSize + 4 + 1 + (withPlaceBytes ? PLACE_ID_BYTES : 0));
  if (tailAt > value.length) return null;
  const nums = new Float64Array(n * 4);
  let at = HEADER;
  for (let i = 0; i < n; i++, at += numberSize) {
    if (numberSize === 4) {
      const int = view.getInt32(at, true);
      nums[i * 4] = int === INT_NONE ? Number.NaN : int;
    } else nums[i * 4] = view.getFloat64(at, true);
  }
  for (const c of [1, 2]) {
    for (let i = 0; i < n; i++, at += degreeSize) nums[i * 4 + c] = degreeSize === 4 ? view.getInt32(at, true) / DEGREE_SCALE : view.getFloat64(at, true);
  }
  for (let i = 0; i < n; i++, at += 4) nums[i * 4 + 3] = (base + view.getUint32(at, true)) * INFERRED_SPAN;
  for (let i = 0; i < n; i++, at++) nums[i * 4 + 3] = (nums[i * 4 + 3] as number) + (value[at] as number);
  let tail: Tail = {};
  if (tailAt < value.length) {
    try {
      tail = JSON.parse(Buffer.from(value.buffer, value.byteOffset + tailAt, value.length - tailAt).toString('utf8')) as Tail;
    } catch {
      return null;
    }
  }
  const places = withPlaceBytes ? value.slice(at, tailAt) : tail.places;
  if (places === undefined || places.length !== (withPlaceBytes ? n * PLACE_ID_BYTES : n)) return null;
  let extras: (PointExtra | null)[] | null = null;
  if (tail.extras !== undefined) {
    extras = new Array<PointExtra | null>(n).fill(null);
    for (const [i, x] of tail.extras) extras[i] = x;
  }
  return { nums, places, extras };
}
