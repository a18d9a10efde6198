/**
 * What an import keeps of each point, in file order, to write each street's packed value
 * (packed-street.ts) once the file is read: gathered by the main thread as it writes the rows
 * (points-import.ts, which has time to spare while the worker parses), packed by the worker
 * (points-import-worker.ts) while the main thread builds the indexes. At the end, because a
 * street's points arrive in any order, and the packed value must order them as the point store
 * reads a street's rows (orderUnitsWithinNumbers in held-street.ts).
 *
 * Memory: ~52 bytes a point, in typed arrays outside the JavaScript heap (five doubles and the
 * place id's 12 bytes; the rare extras and place ids of another shape in maps), so that the
 * collector never scans them; for at most PACKED_POINTS_LIMIT points of one file (~310 MB). Past
 * that the source's streets are not packed, and the point store reads them row by row as it
 * does for a source imported before packed values existed.
 */
import { PLACE_ID_BYTES, compareUnits, isPlaceId, packedId } from './held-street.js';
import type { PointExtra } from './held-street.js';
import { packStreet } from './packed-street.js';

/** The most points of one file whose streets are packed. */
export const PACKED_POINTS_LIMIT = 6_000_000;
const NUMS = 5; // per point: street index, leading integer (NaN: none), lat, lon, packed id
const CHUNK = 65_536; // points a chunk

/** What a packer holds, as it moves to another thread (its chunks' buffers transferred). */
export interface PackerState {
  size: number;
  nums: Float64Array[];
  places: Uint8Array[];
  extras: Map<number, PointExtra>;
  otherPlaces: Map<number, string>;
  unpackable: Set<number>;
  over: boolean;
}

/** The points of one import, gathered for packing. */
export class StreetPacker {
  private nums: Float64Array[] = [];
  private places: Buffer[] = []; // per point PLACE_ID_BYTES
  private size = 0;
  private extras = new Map<number, PointExtra>(); // by point index
  private otherPlaces = new Map<number, string>(); // place ids not of PLACE_ID_BYTES, by point index
  private unpackable = new Set<number>(); // streets with a point whose id does not pack
  private over = false;

  /** The packer's points, and the buffers to transfer with them; this packer is left empty. */
  handOver(): { state: PackerState; transfer: ArrayBuffer[] } {
    const state: PackerState = { size: this.size, nums: this.nums, places: this.places, extras: this.extras, otherPlaces: this.otherPlaces, unpackable: this.unpackable, over: this.over };
    const transfer = [...this.nums, ...this.places].map((a) => a.buffer as ArrayBuffer);
    this.nums = [];
    this.places = [];
    this.size = 0;
    this.extras = new Map();
    this.otherPlaces = new Map();
    this.unpackable = new Set();
    return { state, transfer };
  }

  /** A packer over points handed over by another (handOver). */
  static from(state: PackerState): StreetPacker {
    const packer = new StreetPacker();
    packer.size = state.size;
    packer.nums = state.nums;
    packer.places = state.places.map((u) => Buffer.from(u.buffer, u.byteOffset, u.byteLength));
    packer.extras = state.extras;
    packer.otherPlaces = state.otherPlaces;
    packer.unpackable = state.unpackable;
    packer.over = state.over;
    return packer;
  }

  /** Adds the next point (in the order of its id) of the street of index `street`. */
  add(street: number, int: number | null, lat: number, lon: number, id: number, inferred: number, place: string, extra: PointExtra | null): void {
    if (this.over) return;
    const i = this.size;
    if (i >= PACKED_POINTS_LIMIT) {
      this.over = true;
      this.nums = [];
      this.places = [];
      this.extras.clear();
      this.otherPlaces.clear();
      return;
    }
    const k = i % CHUNK;
    if (k === 0) {
      this.nums.push(new Float64Array(CHUNK * NUMS));
      this.places.push(Buffer.alloc(CHUNK * PLACE_ID_BYTES)); // its own memory (not the pool's): transferable
    }
    const nums = this.nums[this.nums.length - 1] as Float64Array;
    const packed = packedId(id, inferred);
    if (packed === null) this.unpackable.add(street);
    nums[k * NUMS] = street;
    nums[k * NUMS + 1] = int ?? Number.NaN;
    nums[k * NUMS + 2] = lat;
    nums[k * NUMS + 3] = lon;
    nums[k * NUMS + 4] = packed ?? 0;
    if (isPlaceId(place)) (this.places[this.places.length - 1] as Buffer).write(place.slice(3), k * PLACE_ID_BYTES, PLACE_ID_BYTES, 'base64url');
    else this.otherPlaces.set(i, place);
    if (extra !== null) this.extras.set(i, extra);
    this.size = i + 1;
  }

  private num(i: number, c: number): number {
    return (this.nums[Math.floor(i / CHUNK)] as Float64Array)[(i % CHUNK) * NUMS + c] as number;
  }

  private placeBytes(i: number): Buffer {
    return (this.places[Math.floor(i / CHUNK)] as Buffer).subarray((i % CHUNK) * PLACE_ID_BYTES, (i % CHUNK + 1) * PLACE_ID_BYTES);
  }

  /**
   * The packed value of each street of index below `streets` holding at most `maxPoints`
   * points, street by street; nothing past PACKED_POINTS_LIMIT. Frees the points as it ends.
   */
  *packed(streets: number, maxPoints: number): Generator<[number, Buffer]> {
    if (this.over) return;
    const n = this.size;
    // The points street by street (a counting sort: file order kept within each street).
    const start = new Int32Array(streets + 1);
    for (let i = 0; i < n; i++) (start[this.num(i, 0) + 1] as number)++;
    for (let s = 0; s < streets; s++) start[s + 1] = (start[s + 1] as number) + (start[s] as number);
    const next = start.slice(0, streets);
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[(next[this.num(i, 0)] as number)++] = i;
    const unit = (i: number): string | null => this.extras.get(i)?.unit_number ?? null;
    for (let s = 0; s < streets; s++) {
      const from = start[s] as number;
      const count = (start[s + 1] as number) - from;
      if (count === 0 || count > maxPoints || this.unpackable.has(s)) continue;
      const ids = order.subarray(from, from + count); // the street's points, in file order
      const ints = new Float64Array(count);
      for (let k = 0; k < count; k++) ints[k] = this.num(ids[k] as number, 1);
      // As the store reads a street: leading integer (none first), then unit (none first, then by
      // code units), then id (file order).
      const rank = Array.from({ length: count }, (_, k) => k).sort((a, b) => {
        const ia = ints[a] as number;
        const ib = ints[b] as number;
        const noneA = Number.isNaN(ia);
        if (noneA !== Number.isNaN(ib)) return noneA ? -1 : 1;
        if (!noneA && ia !== ib) return ia - ib;
        return compareUnits(unit(ids[a] as number), unit(ids[b] as number)) || a - b;
      });
      const nums = new Float64Array(count * 4);
      let extras: (PointExtra | null)[] | null = null;
      const textPlaces = this.otherPlaces.size > 0 && rank.some((k) => this.otherPlaces.has(ids[k] as number));
      const places: string[] | Uint8Array = textPlaces ? new Array<string>(count) : new Uint8Array(count * PLACE_ID_BYTES);
      for (let k = 0; k < count; k++) {
        const i = ids[rank[k] as number] as number;
        const chunk = this.nums[Math.floor(i / CHUNK)] as Float64Array;
        const at = (i % CHUNK) * NUMS;
        nums[k * 4] = chunk[at + 1] as number;
        nums[k * 4 + 1] = chunk[at + 2] as number;
        nums[k * 4 + 2] = chunk[at + 3] as number;
        nums[k * 4 + 3] = chunk[at + 4] as number;
        if (Array.isArray(places)) places[k] = this.otherPlaces.get(i) ?? `pt_${this.placeBytes(i).toString('base64url')}`;
        else places.set(this.placeBytes(i), k * PLACE_ID_BYTES);
        const extra = this.extras.size > 0 ? this.extras.get(i) : undefined;
        if (extra !== undefined) (extras ??= new Array<PointExtra | null>(count).fill(null))[k] = extra;
      }
      const value = packStreet({ nums, places, extras });
      if (value !== null) yield [s, value];
    }
    this.nums = [];
    this.places = [];
    this.extras.clear();
    this.otherPlaces.clear();
  }
}
