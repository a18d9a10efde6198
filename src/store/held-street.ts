/**
 * The points of one street of points.sqlite as points-db.ts reads them: their row
 * (POINT_ROW_COLUMNS) made a PointRecord, and a street's points held in memory in a packed form
 * (HeldStreet), so that repeated lookups on a street read no database.
 */
import type { PointRecord, StreetRecord } from '../core/model/ports.js';
import { leadingNumber } from '../core/parse/vocabulary.js';
import { houseNumberKey } from '../core/points/point-address.js';

// The point columns of one street's rows, in this order (streetPointsStmt, pointOf).
export const POINT_ROW_COLUMNS = 'id, place_id, number, number_int, number_fraction, unit_type, unit_number, city, zip4, lat, lon, inferred';
export type PointRow = [number, string, string, number | null, string | null, string | null, string | null, string | null, string | null, number, number, number];

/** A point of `street` from its row (POINT_ROW_COLUMNS): the same record POINT_COLUMNS gives. */
export function pointOf(street: StreetRecord, r: PointRow): PointRecord {
  return {
    id: r[0], place_id: r[1], street_id: street.id, number: r[2], number_int: r[3], number_fraction: r[4],
    predir: street.predir, street: street.street, suffix: street.suffix, postdir: street.postdir,
    unit_type: r[5], unit_number: r[6], city: r[7] ?? street.city, state: street.state, zip5: street.zip5, zip4: r[8],
    lat: r[9], lon: r[10], inferred: r[11], source: street.source,
  };
}

/** The rarely set columns of a held point (most points have none of them), and its number when not the plain integer. */
export interface PointExtra { number: string | null; fraction: string | null; unit_type: string | null; unit_number: string | null; city: string | null; zip4: string | null }

/** A held point's id and its INFERRED bits share one float: id * INFERRED_SPAN + inferred. */
export const INFERRED_SPAN = 32;
const MAX_PACKED_ID = Math.floor(Number.MAX_SAFE_INTEGER / INFERRED_SPAN) - 1;
/** The most points of a street held (or packed): a longer "street" (a whole county's rural route) is asked per number. */
export const MAX_HELD_STREET_POINTS = 150_000;

/** The order of two unit numbers within a house number, as ORDER BY unit_number: NULL first, then by code units. */
export function compareUnits(a: string | null, b: string | null): number {
  return a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
}

/**
 * Rows ordered by number_int (as the index reads them: NULLs first) put in unit order within each
 * number, as ORDER BY number_int, unit_number would (NULL first, then by the text's code units):
 * SQLite sorts a street's rows in a temporary B-tree for the second key, the costlier part of
 * reading a street, while most numbers have one row. In place; the order of ties is kept.
 */
export function orderUnitsWithinNumbers(rows: PointRow[]): PointRow[] {
  for (let a = 0; a < rows.length;) {
    let b = a + 1;
    const int = (rows[a] as PointRow)[3];
    while (b < rows.length && (rows[b] as PointRow)[3] === int) b++;
    if (b - a > 1) {
      const run = rows.slice(a, b).sort((x, y) => compareUnits(x[6], y[6]));
      for (let k = 0; k < run.length; k++) rows[a + k] = run[k] as PointRow;
    }
    a = b;
  }
  return rows;
}

/** True when the rows of a street can be held (ids and INFERRED bits fit in the packing). */
function holdable(rows: readonly PointRow[]): boolean {
  for (const r of rows) if (packedId(r[0], r[11]) === null) return false;
  return true;
}

/** The extra of a point (null when it has none): its number unless the plain integer, and its rare columns. */
export function extraOf(int: number | null, number: string, fraction: string | null, unitType: string | null, unitNumber: string | null, city: string | null, zip4: string | null): PointExtra | null {
  const text = int !== null && number === String(int) ? null : number;
  return text !== null || fraction !== null || unitType !== null || unitNumber !== null || city !== null || zip4 !== null
    ? { number: text, fraction, unit_type: unitType, unit_number: unitNumber, city, zip4 } : null;
}

/**
 * A street's points as HeldStreet keeps them, in the order of orderUnitsWithinNumbers: per point,
 * in `nums`, its leading integer (NaN: none), lat, lon, and id * INFERRED_SPAN + INFERRED bits;
 * its place id, as text or as the 12 bytes of a `pt_` id (PLACE_ID_BYTES); its extra (`extras`
 * null: none has one). packed-street.ts stores them as one value.
 */
export interface StreetParts {
  nums: Float64Array;
  places: string[] | Uint8Array;
  extras: (PointExtra | null)[] | null;
}

/** The bytes of a place id `pt_` + 16 base64url characters (placeId in points-import-worker.ts). */
export const PLACE_ID_BYTES = 12;
const PLACE_ID_CHARS = 16;

/** True for a place id of PLACE_ID_BYTES (`pt_` + 16 base64url characters). */
export function isPlaceId(id: string): boolean {
  if (id.length !== 19 || id.charCodeAt(0) !== 112 || id.charCodeAt(1) !== 116 || id.charCodeAt(2) !== 95) return false; // pt_
  for (let i = 3; i < 19; i++) {
    const c = id.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 95)) return false; // A-Z a-z 0-9 - _
  }
  return true;
}

/** The packed id and INFERRED bits of a point, or null when they do not fit (see holdable). */
export function packedId(id: number, inferred: number): number | null {
  return id > MAX_PACKED_ID || id < 0 || inferred < 0 || inferred >= INFERRED_SPAN ? null : id * INFERRED_SPAN + inferred;
}

/** The parts of a street from its rows (ordered as orderUnitsWithinNumbers leaves them; holdable). */
export function streetParts(rows: readonly PointRow[]): StreetParts {
  const n = rows.length;
  const nums = new Float64Array(n * 4);
  const places = new Array<string>(n);
  let extras: (PointExtra | null)[] | null = null;
  for (let i = 0; i < n; i++) {
    const r = rows[i] as PointRow;
    nums[i * 4] = r[3] ?? Number.NaN;
    nums[i * 4 + 1] = r[9];
    nums[i * 4 + 2] = r[10];
    nums[i * 4 + 3] = r[0] * INFERRED_SPAN + r[11];
    places[i] = r[1];
    const extra = extraOf(r[3], r[2], r[4], r[5], r[6], r[7], r[8]);
    if (extra !== null) (extras ??= new Array<PointExtra | null>(n).fill(null))[i] = extra;
  }
  return { nums, places, extras };
}

/** The parts of a street from its rows as read (ordered by number_int); null when they cannot be held (see holdable). */
export function heldParts(rows: PointRow[]): StreetParts | null {
  const ordered = orderUnitsWithinNumbers(rows);
  return holdable(ordered) ? streetParts(ordered) : null;
}

/**
 * The points of one street held in memory (~50 bytes a point from a packed value, ~90 from rows,
 * against ~400 as records): a
 * PointRecord is built only for the points a lookup returns. Rows come ordered by number_int
 * (points without a leading integer first, as SQL orders NULLs), then unit. The numbers of a
 * point lie side by side in one array (leading integer, lat, lon, id and INFERRED bits), its
 * strings side by side in another: a lookup on a street not read lately misses the cache on a
 * few lines, not on one per column.
 */
export class HeldStreet {
  readonly size: number;
  used = false; // asked since it was held or last given a second chance (eviction)
  private readonly nums: Float64Array; // per point: leading integer (NaN: none), lat, lon, id * INFERRED_SPAN + inferred
  private readonly places: string[] | Uint8Array; // per point: its place id, or its PLACE_ID_BYTES
  private readonly extras: (PointExtra | null)[] | null; // per point: its extra (null: none)
  private placeText: string | null = null; // the place ids' bytes in base64url, once a record needed one
  private readonly firstNumbered: number;
  private readonly minInt: number; // the leading integers of the first and last numbered points,
  private readonly maxInt: number; // kept here so a search reads the points' array once

  constructor(private readonly street: StreetRecord, parts: StreetParts) {
    const { nums } = parts;
    const n = nums.length / 4;
    this.size = n;
    let firstNumbered = 0;
    while (firstNumbered < n && Number.isNaN(nums[firstNumbered * 4] as number)) firstNumbered++;
    this.nums = nums;
    this.places = parts.places;
    this.extras = parts.extras;
    this.firstNumbered = firstNumbered;
    this.minInt = firstNumbered < n ? (nums[firstNumbered * 4] as number) : Number.NaN;
    this.maxInt = firstNumbered < n ? (nums[(n - 1) * 4] as number) : Number.NaN;
  }

  private extra(i: number): PointExtra | null {
    return this.extras?.[i] ?? null;
  }

  private placeId(i: number): string {
    const places = this.places;
    if (Array.isArray(places)) return places[i] as string;
    // Every point's 12 bytes are 16 base64url characters: the street's ids are decoded in one call,
    // on its first record, and each id is its slice.
    this.placeText ??= Buffer.from(places.buffer, places.byteOffset, places.byteLength).toString('base64url');
    return `pt_${this.placeText.slice(i * PLACE_ID_CHARS, (i + 1) * PLACE_ID_CHARS)}`;
  }

  private int(i: number): number {
    return this.nums[i * 4] as number;
  }

  private numberOf(i: number): string {
    return this.extra(i)?.number ?? String(this.int(i));
  }

  private record(i: number): PointRecord {
    const s = this.street;
    const x = this.extra(i);
    const nums = this.nums;
    const int = nums[i * 4] as number;
    const packed = nums[i * 4 + 3] as number;
    const inferred = packed % INFERRED_SPAN;
    return {
      id: (packed - inferred) / INFERRED_SPAN, place_id: this.placeId(i), street_id: s.id, number: x?.number ?? String(int), number_int: Number.isNaN(int) ? null : int,
      number_fraction: x?.fraction ?? null, predir: s.predir, street: s.street, suffix: s.suffix, postdir: s.postdir,
      unit_type: x?.unit_type ?? null, unit_number: x?.unit_number ?? null, city: x?.city ?? s.city, state: s.state, zip5: s.zip5, zip4: x?.zip4 ?? null,
      lat: nums[i * 4 + 1] as number, lon: nums[i * 4 + 2] as number, inferred, source: s.source,
    };
  }

  // The first numbered index whose integer is above n (above) or at least n (not above).
  // Numbers grow about evenly along a street: the search starts where n would lie if they did,
  // then gallops to the bound, reading a few neighbours (one or two cache lines) rather than the
  // ~log2(size) scattered entries of a plain binary search (each a miss on a street not just read).
  private bound(n: number, above: boolean): number {
    const nums = this.nums;
    const first = this.firstNumbered;
    const size = this.size;
    if (first >= size) return size;
    const min = this.minInt;
    const max = this.maxInt;
    const goesRight = (i: number): boolean => {
      const v = nums[i * 4] as number;
      return v < n || (above && v === n);
    };
    let guess = first;
    if (max > min) guess = first + Math.floor(((Math.min(Math.max(n, min), max) - min) / (max - min)) * (size - 1 - first));
    let lo: number;
    let hi: number;
    if (goesRight(guess)) {
      // The bound is past guess: gallop right.
      let step = 1;
      lo = guess + 1;
      while (lo + step - 1 < size && goesRight(lo + step - 1)) {
        lo += step;
        step *= 2;
      }
      hi = Math.min(size, lo + step - 1);
    } else {
      // The bound is at or before guess: gallop left.
      let step = 1;
      hi = guess;
      while (hi - step >= first && !goesRight(hi - step)) {
        hi -= step;
        step *= 2;
      }
      lo = Math.max(first, hi - step + 1);
    }
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (goesRight(mid)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The points with this number, leading zeros aside (as pointsAt). */
  at(number: string): PointRecord[] {
    const key = houseNumberKey(number);
    const lead = leadingNumber(number);
    const out: PointRecord[] = [];
    if (lead === null) {
      for (let i = 0; i < this.firstNumbered; i++) if (houseNumberKey(this.numberOf(i)) === key) out.push(this.record(i));
      return out;
    }
    // A number held as its plain integer (no extra number) is written String(lead).
    let plain: boolean | null = null;
    for (let i = this.bound(lead, false); i < this.size && this.int(i) === lead; i++) {
      const text = this.extra(i)?.number ?? null;
      if (text === null ? (plain ??= String(lead) === key) : houseNumberKey(text) === key) out.push(this.record(i));
    }
    return out;
  }

  /** Up to `limit` numbered points at or below n and `limit` above it, in order (as pointsNear). */
  near(n: number, limit: number): PointRecord[] {
    const at = this.bound(n, true);
    const out: PointRecord[] = [];
    for (let i = Math.max(this.firstNumbered, at - limit); i < Math.min(this.size, at + limit); i++) out.push(this.record(i));
    return out;
  }
}
