/**
 * What an import (points-import-worker.ts) keeps of each point, in file order, to write each
 * street's packed value (packed-street.ts) once the file is read: the streets' points arrive in
 * any order, and the packed value must order them as the point store reads a street's rows
 * (orderUnitsWithinNumbers in held-street.ts).
 *
 * Memory: ~56 bytes a point (five doubles and two references), for at most PACKED_POINTS_LIMIT
 * points of one file (~340 MB); past that the source's streets are not packed, and the point
 * store reads them row by row as it does for a source imported before packed values existed.
 */
import { packedId } from './held-street.js';
import type { PointExtra, StreetParts } from './held-street.js';
import { packStreet } from './packed-street.js';

/** The most points of one file whose streets are packed. */
export const PACKED_POINTS_LIMIT = 6_000_000;
const NUMS = 5; // per point: street index, leading integer (NaN: none), lat, lon, packed id

/** The points of one import, gathered for packing. */
export class StreetPacker {
  private nums: number[] = [];
  private strs: (string | PointExtra | null)[] = []; // per point: place id, extra
  private readonly unpackable = new Set<number>(); // streets with a point whose id does not pack
  private over = false;

  /** Adds the next point (in the order of its id) of the street of index `street`. */
  add(street: number, int: number | null, lat: number, lon: number, id: number, inferred: number, place: string, extra: PointExtra | null): void {
    if (this.over) return;
    if (this.strs.length / 2 >= PACKED_POINTS_LIMIT) {
      this.over = true;
      this.nums = [];
      this.strs = [];
      return;
    }
    const packed = packedId(id, inferred);
    if (packed === null) this.unpackable.add(street);
    this.nums.push(street, int ?? Number.NaN, lat, lon, packed ?? 0);
    this.strs.push(place, extra);
  }

  /**
   * The packed value of each street of index below `streets` holding at most `maxPoints`
   * points, street by street; nothing past PACKED_POINTS_LIMIT. Frees the points as it ends.
   */
  *packed(streets: number, maxPoints: number): Generator<[number, Buffer]> {
    if (this.over) return;
    const { nums, strs } = this;
    const n = strs.length / 2;
    // The points street by street (a counting sort: file order kept within each street).
    const start = new Int32Array(streets + 1);
    for (let i = 0; i < n; i++) (start[(nums[i * NUMS] as number) + 1] as number)++;
    for (let s = 0; s < streets; s++) start[s + 1] = (start[s + 1] as number) + (start[s] as number);
    const next = start.slice(0, streets);
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[(next[nums[i * NUMS] as number] as number)++] = i;
    const unit = (i: number): string | null => (strs[i * 2 + 1] as PointExtra | null)?.unit_number ?? null;
    // As the store reads a street: leading integer (none first), then unit (none first, then by
    // code units), then id.
    const byNumber = (a: number, b: number): number => {
      const ia = nums[a * NUMS + 1] as number;
      const ib = nums[b * NUMS + 1] as number;
      const noneA = Number.isNaN(ia);
      if (noneA !== Number.isNaN(ib)) return noneA ? -1 : 1;
      if (!noneA && ia !== ib) return ia - ib;
      const ua = unit(a);
      const ub = unit(b);
      if (ua !== ub) return ua === null ? -1 : ub === null ? 1 : ua < ub ? -1 : 1;
      return a - b;
    };
    for (let s = 0; s < streets; s++) {
      const from = start[s] as number;
      const count = (start[s + 1] as number) - from;
      if (count === 0 || count > maxPoints || this.unpackable.has(s)) continue;
      const points = Array.from(order.subarray(from, from + count)).sort(byNumber);
      const parts: StreetParts = { nums: new Float64Array(count * 4), places: new Array<string>(count), extras: null };
      for (let k = 0; k < count; k++) {
        const i = points[k] as number;
        for (let c = 0; c < 4; c++) parts.nums[k * 4 + c] = nums[i * NUMS + 1 + c] as number;
        (parts.places as string[])[k] = strs[i * 2] as string;
        const extra = strs[i * 2 + 1] as PointExtra | null;
        if (extra !== null) (parts.extras ??= new Array<PointExtra | null>(count).fill(null))[k] = extra;
      }
      const value = packStreet(parts);
      if (value !== null) yield [s, value];
    }
    this.nums = [];
    this.strs = [];
  }
}
