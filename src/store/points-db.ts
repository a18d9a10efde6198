/**
 * The address-point database, `points.sqlite` in the data directory (WAL,
 * versioned migrations in points-migrations.ts): opening it, the PointStore
 * port the engine reads, and the administration `addr data status` and
 * `addr data remove` need. Imports are in points-import.ts.
 */
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { AddrError } from '../core/model/errors.js';
import { distanceKm } from '../core/util/geo-distance.js';
import { houseNumberKey } from '../core/points/point-address.js';
import type { NearPoint, PointRecord, PointStore, StreetRecord } from '../core/model/ports.js';
import { leadingNumber } from '../core/parse/vocabulary.js';
import { endReadTurn, openDataDb, readInTurn } from './data-db-file.js';
import { POINT_MIGRATIONS } from './points-migrations.js';

/** The file name of the point database in the data directory. */
export const POINTS_DB_FILE = 'points.sqlite';


/** Grid of the spatial index: cells of 0.001 degree (~110 m of latitude). */
export const CELLS_PER_DEGREE = 1000;
const LON_CELLS = 360 * CELLS_PER_DEGREE;
const METERS_PER_DEGREE = 111_320;
const STREET_CACHE_LIMIT = 20_000; // entries of (ZIP or state, street key)
const STREET_POINTS_HELD = 1_500_000; // points of recently asked streets kept in memory (~100 bytes each: ~150 MB at most)
const ASKED_ONCE_LIMIT = 100_000; // street ids remembered as asked once

/** The grid cell of a position (points.cell). */
export function cellOf(lat: number, lon: number): number {
  return Math.floor((lat + 90) * CELLS_PER_DEGREE) * LON_CELLS + Math.floor((lon + 180) * CELLS_PER_DEGREE);
}

/** One imported source as `addr data status` lists it. */
export interface SourceInfo {
  name: string;
  path: string | null;
  format: string;
  content_sha256: string;
  imported_at: string;
  rows_read: number;
  rows_imported: number;
  rows_skipped: number;
  rows_inferred: number;
  skipped: Record<string, number>;
  states: string[];
  zip_count: number;
  complete: boolean; // imported as complete: a street or number it lacks in its ZIPs does not exist
}

interface SourceRow extends Omit<SourceInfo, 'skipped' | 'states' | 'complete'> { id: number; skipped: string; states: string; complete: number }

const toSource = (r: SourceRow): SourceInfo => ({
  name: r.name,
  path: r.path,
  format: r.format,
  content_sha256: r.content_sha256,
  imported_at: r.imported_at,
  rows_read: r.rows_read,
  rows_imported: r.rows_imported,
  rows_skipped: r.rows_skipped,
  rows_inferred: r.rows_inferred,
  skipped: JSON.parse(r.skipped) as Record<string, number>,
  states: r.states === '' ? [] : r.states.split(' '),
  zip_count: r.zip_count,
  complete: r.complete === 1,
});

/** The path of the point database in a data directory. */
export function pointsDbPath(dataDir: string): string {
  return join(dataDir, POINTS_DB_FILE);
}

/** Opens (creating and migrating when `create`) the point database of `dataDir`; null when it does not exist and `create` is false. */
export function openPointsDatabase(dataDir: string, create: boolean): Database.Database | null {
  return openDataDb(dataDir, pointsDbPath(dataDir), create, POINT_MIGRATIONS, 'ADDR_ERR_POINTS_DB');
}

const STREET_COLUMNS = 's.id, src.name AS source, s.predir, s.street, s.suffix, s.postdir, s.city, s.state, s.zip5, s.points, s.lat, s.lon, s.min_number, s.max_number';
const POINT_COLUMNS = `p.id, p.place_id, p.street_id, p.number, p.number_int, p.number_fraction, s.predir, s.street, s.suffix, s.postdir,
  p.unit_type, p.unit_number, COALESCE(p.city, s.city) AS city, s.state, s.zip5, p.zip4, p.lat, p.lon, p.inferred, src.name AS source`;
const POINT_FROM = 'points p JOIN streets s ON s.id = p.street_id JOIN sources src ON src.id = s.source_id';
const STREET_FROM = 'streets s JOIN sources src ON src.id = s.source_id';

// The point columns of one street's rows, in this order (streetPointsStmt, pointOf).
const POINT_ROW_COLUMNS = 'id, place_id, number, number_int, number_fraction, unit_type, unit_number, city, zip4, lat, lon, inferred';
type PointRow = [number, string, string, number | null, string | null, string | null, string | null, string | null, string | null, number, number, number];

/** A point of `street` from its row (POINT_ROW_COLUMNS): the same record POINT_COLUMNS gives. */
function pointOf(street: StreetRecord, r: PointRow): PointRecord {
  return {
    id: r[0], place_id: r[1], street_id: street.id, number: r[2], number_int: r[3], number_fraction: r[4],
    predir: street.predir, street: street.street, suffix: street.suffix, postdir: street.postdir,
    unit_type: r[5], unit_number: r[6], city: r[7] ?? street.city, state: street.state, zip5: street.zip5, zip4: r[8],
    lat: r[9], lon: r[10], inferred: r[11], source: street.source,
  };
}

/** The rarely set columns of a held point (most points have none of them), and its number when not the plain integer. */
interface PointExtra { number: string | null; fraction: string | null; unit_type: string | null; unit_number: string | null; city: string | null; zip4: string | null }

// A held point's id and its INFERRED bits share one float: id * INFERRED_SPAN + inferred.
const INFERRED_SPAN = 32;
const MAX_PACKED_ID = Math.floor(Number.MAX_SAFE_INTEGER / INFERRED_SPAN) - 1;

/** True when the rows of a street can be held (ids and INFERRED bits fit in the packing). */
function holdable(rows: readonly PointRow[]): boolean {
  for (const r of rows) if (r[0] > MAX_PACKED_ID || r[0] < 0 || r[11] < 0 || r[11] >= INFERRED_SPAN) return false;
  return true;
}

/**
 * The points of one street held in memory (~90 bytes a point, against ~400 as records): a
 * PointRecord is built only for the points a lookup returns. Rows come ordered by number_int
 * (points without a leading integer first, as SQL orders NULLs), then unit. The numbers of a
 * point lie side by side in one array (leading integer, lat, lon, id and INFERRED bits), its
 * strings side by side in another: a lookup on a street not read lately misses the cache on a
 * few lines, not on one per column.
 */
class HeldStreet {
  readonly size: number;
  used = false; // asked since it was held or last given a second chance (eviction)
  private readonly nums: Float64Array; // per point: leading integer (NaN: none), lat, lon, id * INFERRED_SPAN + inferred
  private readonly strs: (string | PointExtra | null)[]; // per point: place_id, extra (null: none)
  private readonly firstNumbered: number;
  private readonly minInt: number; // the leading integers of the first and last numbered points,
  private readonly maxInt: number; // kept here so a search reads the points' array once

  constructor(private readonly street: StreetRecord, rows: readonly PointRow[]) {
    const n = rows.length;
    this.size = n;
    const nums = new Float64Array(n * 4);
    const strs = new Array<string | PointExtra | null>(n * 2);
    let firstNumbered = n;
    for (let i = 0; i < n; i++) {
      const r = rows[i] as PointRow;
      const int = r[3];
      if (int !== null && firstNumbered === n) firstNumbered = i;
      const number = int !== null && r[2] === String(int) ? null : r[2];
      nums[i * 4] = int ?? Number.NaN;
      nums[i * 4 + 1] = r[9];
      nums[i * 4 + 2] = r[10];
      nums[i * 4 + 3] = r[0] * INFERRED_SPAN + r[11];
      strs[i * 2] = r[1];
      strs[i * 2 + 1] = number !== null || r[4] !== null || r[5] !== null || r[6] !== null || r[7] !== null || r[8] !== null
        ? { number, fraction: r[4], unit_type: r[5], unit_number: r[6], city: r[7], zip4: r[8] } : null;
    }
    this.nums = nums;
    this.strs = strs;
    this.firstNumbered = firstNumbered;
    this.minInt = firstNumbered < n ? (nums[firstNumbered * 4] as number) : Number.NaN;
    this.maxInt = firstNumbered < n ? (nums[(n - 1) * 4] as number) : Number.NaN;
  }

  private extra(i: number): PointExtra | null {
    return this.strs[i * 2 + 1] as PointExtra | null;
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
      id: (packed - inferred) / INFERRED_SPAN, place_id: this.strs[i * 2] as string, street_id: s.id, number: x?.number ?? String(int), number_int: Number.isNaN(int) ? null : int,
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

/** The PointStore port over one SQLite connection, plus the administration of sources. */
export class SqlitePointStore implements PointStore {
  readonly db: Database.Database;
  private readonly zips: Set<string>;
  private readonly completeZips: Set<string>;
  private readonly states: Set<string>;
  private readonly version: string;
  private readonly byZipStmt: Database.Statement<[string, string], StreetRecord>;
  private readonly byStateStmt: Database.Statement<[string, string], StreetRecord>;
  private readonly namesStmt: Database.Statement<[string], { street: string }>;
  private readonly atStmt: Database.Statement<[number, string], PointRow>;
  private readonly atIntStmt: Database.Statement<[number, number], PointRow>;
  // A street's own point columns, as arrays (raw): its points are built in JS from them and the
  // street record, several times faster than joined rows as objects.
  private readonly streetPointsStmt: Database.Statement<[number], PointRow>;
  private readonly streetStmt: Database.Statement<[number], StreetRecord>;
  private readonly streetsById = new Map<number, StreetRecord>();
  // The points of the streets asked about, by street, ordered by number: validation asks a street
  // several times per address and a batch asks the same streets again. Bounded by points held.
  private readonly streetPoints = new Map<number, HeldStreet>();
  private streetPointsHeld = 0;
  // Street lookups repeat across a batch (every address of a street asks the same): a bounded
  // cache, emptied whole when full (STREET_CACHE_LIMIT entries).
  private readonly streetsByZip = new Map<string, Map<string, StreetRecord[]>>();
  private readonly streetsByState = new Map<string, Map<string, StreetRecord[]>>();
  private streetsCached = 0;
  private readonly belowStmt: Database.Statement<[number, number, number], PointRow>;
  private readonly aboveStmt: Database.Statement<[number, number, number], PointRow>;
  // Streets asked about once: a street's points are held from its second request on, so a
  // batch that meets each street once pays a few indexed queries, not the whole street.
  private readonly askedOnce = new Set<number>();
  private readonly placeStmt: Database.Statement<[string], PointRecord>;
  private readonly cellStmt: Database.Statement<[number, number], [number, number, number]>;
  private readonly byIdStmt: Database.Statement<[number], PointRecord>;

  constructor(db: Database.Database) {
    this.db = db;
    this.zips = new Set(db.prepare<[], { zip5: string }>('SELECT DISTINCT zip5 FROM source_zips').all().map((r) => r.zip5));
    this.completeZips = new Set(db.prepare<[], { zip5: string }>('SELECT DISTINCT z.zip5 FROM source_zips z JOIN sources s ON s.id = z.source_id WHERE s.complete = 1').all().map((r) => r.zip5));
    // A source that gave no points (every row skipped) answers nothing: it is not in the version.
    const sources = db.prepare<[], { name: string; states: string; imported_at: string }>('SELECT name, states, imported_at FROM sources WHERE rows_imported > 0 ORDER BY name').all();
    this.states = new Set(sources.flatMap((s) => (s.states === '' ? [] : s.states.split(' '))));
    this.version = sources.length === 0 ? 'points:none' : `points:${sources.map((s) => `${s.name}@${s.imported_at.slice(0, 10)}`).join('+')}`;
    this.byZipStmt = db.prepare(`SELECT ${STREET_COLUMNS} FROM ${STREET_FROM} WHERE s.zip5 = ? AND s.street_key = ?`);
    this.byStateStmt = db.prepare(`SELECT ${STREET_COLUMNS} FROM ${STREET_FROM} WHERE s.state = ? AND s.street_key = ?`);
    this.namesStmt = db.prepare('SELECT DISTINCT street_key AS street FROM streets WHERE zip5 = ?');
    this.atStmt = db.prepare<[number, string], PointRow>(`SELECT ${POINT_ROW_COLUMNS} FROM points WHERE street_id = ? AND number = ? ORDER BY unit_number`).raw(true);
    this.atIntStmt = db.prepare<[number, number], PointRow>(`SELECT ${POINT_ROW_COLUMNS} FROM points WHERE street_id = ? AND number_int = ? ORDER BY unit_number`).raw(true);
    this.streetPointsStmt = db.prepare<[number], PointRow>(`SELECT ${POINT_ROW_COLUMNS} FROM points WHERE street_id = ? ORDER BY number_int, unit_number`).raw(true);
    this.streetStmt = db.prepare(`SELECT ${STREET_COLUMNS} FROM ${STREET_FROM} WHERE s.id = ?`);
    this.belowStmt = db.prepare<[number, number, number], PointRow>(`SELECT ${POINT_ROW_COLUMNS} FROM points WHERE street_id = ? AND number_int <= ? ORDER BY number_int DESC LIMIT ?`).raw(true);
    this.aboveStmt = db.prepare<[number, number, number], PointRow>(`SELECT ${POINT_ROW_COLUMNS} FROM points WHERE street_id = ? AND number_int > ? ORDER BY number_int LIMIT ?`).raw(true);
    this.placeStmt = db.prepare(`SELECT ${POINT_COLUMNS} FROM ${POINT_FROM} WHERE p.place_id = ?`);
    this.byIdStmt = db.prepare(`SELECT ${POINT_COLUMNS} FROM ${POINT_FROM} WHERE p.id = ?`);
    this.cellStmt = db.prepare<[number, number], [number, number, number]>('SELECT id, lat, lon FROM points WHERE cell BETWEEN ? AND ?').raw(true);
  }

  coversZip(zip5: string): boolean {
    return this.zips.has(zip5);
  }

  coversState(state: string): boolean {
    return this.states.has(state);
  }

  completeZip(zip5: string): boolean {
    return this.completeZips.has(zip5);
  }

  // The street of an id: from the streets already returned, else the database.
  private streetById(id: number): StreetRecord | null {
    const hit = this.streetsById.get(id);
    if (hit !== undefined) return hit;
    const row = this.streetStmt.get(id) ?? null;
    if (row !== null) this.rememberStreet(row);
    return row;
  }

  private rememberStreet(s: StreetRecord): void {
    if (this.streetsById.size >= STREET_CACHE_LIMIT) this.streetsById.delete(this.streetsById.keys().next().value as number);
    this.streetsById.set(s.id, s);
  }

  // Two levels (ZIP or state, then street key): no key string is built per lookup.
  private cachedStreets(cache: Map<string, Map<string, StreetRecord[]>>, area: string, street: string, load: () => StreetRecord[]): StreetRecord[] {
    let byStreet = cache.get(area);
    const hit = byStreet?.get(street);
    if (hit !== undefined) return hit;
    const rows = load();
    for (const r of rows) this.rememberStreet(r);
    if (this.streetsCached >= STREET_CACHE_LIMIT) {
      this.streetsByZip.clear();
      this.streetsByState.clear();
      this.streetsCached = 0;
      byStreet = undefined;
    }
    if (byStreet === undefined) cache.set(area, (byStreet = new Map()));
    byStreet.set(street, rows);
    this.streetsCached++;
    return rows;
  }

  streetsInZip(zip5: string, street: string): StreetRecord[] {
    readInTurn(this.db); // one read transaction per turn (data-db-file.ts)
    return this.cachedStreets(this.streetsByZip, zip5, street, () => this.byZipStmt.all(zip5, street));
  }

  streetsInState(state: string, street: string): StreetRecord[] {
    readInTurn(this.db); // one read transaction per turn (data-db-file.ts)
    return this.cachedStreets(this.streetsByState, state, street, () => this.byStateStmt.all(state, street));
  }

  streetNamesInZip(zip5: string): string[] {
    readInTurn(this.db); // one read transaction per turn (data-db-file.ts)
    return this.namesStmt.all(zip5).map((r) => r.street);
  }

  /** The points of a street held in memory (up to STREET_POINTS_HELD points; a street not asked again since it was held is dropped first); null for a long street or a first request. */
  private pointsOfStreet(streetId: number): HeldStreet | null {
    const hit = this.streetPoints.get(streetId);
    if (hit !== undefined) {
      hit.used = true;
      return hit;
    }
    const street = this.streetById(streetId);
    if (street === null || street.points > STREET_POINTS_HELD / 10) return null; // a huge "street" (a whole county's rural route): ask per number
    if (!this.askedOnce.has(streetId)) {
      if (this.askedOnce.size >= ASKED_ONCE_LIMIT) this.askedOnce.delete(this.askedOnce.values().next().value as number);
      this.askedOnce.add(streetId);
      return null;
    }
    this.askedOnce.delete(streetId);
    const rows = this.streetPointsStmt.all(streetId);
    if (!holdable(rows)) return null; // never in practice (ids below 2^48, five INFERRED bits): asked per number
    const held = new HeldStreet(street, rows);
    // Second chance: the oldest street asked again since it was held goes to the back once.
    while (this.streetPointsHeld + held.size > STREET_POINTS_HELD && this.streetPoints.size > 0) {
      const [oldest, old] = this.streetPoints.entries().next().value as [number, HeldStreet];
      this.streetPoints.delete(oldest);
      if (old.used) {
        old.used = false;
        this.streetPoints.set(oldest, old);
      } else this.streetPointsHeld -= old.size;
    }
    this.streetPoints.set(streetId, held);
    this.streetPointsHeld += held.size;
    return held;
  }

  pointsAt(streetId: number, number: string): PointRecord[] {
    readInTurn(this.db); // one read transaction per turn (data-db-file.ts)
    const held = this.pointsOfStreet(streetId);
    if (held !== null) return held.at(number);
    const street = this.streetById(streetId);
    if (street === null) return [];
    // By the indexed leading integer, then the text (123 and 123A share 123; 00300 is 300).
    const key = houseNumberKey(number);
    const lead = leadingNumber(number);
    if (lead === null) return this.atStmt.all(streetId, number).map((r) => pointOf(street, r));
    const out: PointRecord[] = [];
    for (const r of this.atIntStmt.all(streetId, lead)) if (houseNumberKey(r[2]) === key) out.push(pointOf(street, r));
    return out;
  }

  pointsNear(streetId: number, numberInt: number, limit: number): PointRecord[] {
    readInTurn(this.db); // one read transaction per turn (data-db-file.ts)
    const held = this.pointsOfStreet(streetId);
    if (held !== null) return held.near(numberInt, limit);
    const street = this.streetById(streetId);
    if (street === null) return [];
    const rows = this.belowStmt.all(streetId, numberInt, limit).reverse().concat(this.aboveStmt.all(streetId, numberInt, limit));
    return rows.map((r) => pointOf(street, r));
  }

  byPlaceId(placeId: string): PointRecord | null {
    readInTurn(this.db); // one read transaction per turn (data-db-file.ts)
    return this.placeStmt.get(placeId) ?? null;
  }

  nearest(lat: number, lon: number, limit: number, maxMeters: number): NearPoint[] {
    readInTurn(this.db); // one read transaction per turn (data-db-file.ts)
    if (limit <= 0 || !Number.isFinite(lat) || !Number.isFinite(lon)) return [];
    const cellMeters = METERS_PER_DEGREE / CELLS_PER_DEGREE;
    const cosLat = Math.max(0.05, Math.cos((lat * Math.PI) / 180));
    const row = Math.floor((lat + 90) * CELLS_PER_DEGREE);
    const col = Math.floor((lon + 180) * CELLS_PER_DEGREE);
    const maxRing = Math.ceil(maxMeters / (cellMeters * cosLat)) + 1;
    // Rings of cells that grow (1, 3, 9 ... cells out) until `limit` points lie within the
    // distance every cell of the ring is sure to cover.
    for (let ring = 1; ; ring = Math.min(ring * 3, maxRing)) {
      const rows = Math.ceil(ring * cosLat);
      const found: { id: number; meters: number }[] = [];
      for (let r = row - rows; r <= row + rows; r++) {
        const base = r * LON_CELLS;
        for (const [id, plat, plon] of this.cellStmt.iterate(base + col - ring, base + col + ring)) {
          const meters = distanceKm(lat, lon, plat, plon) * 1000;
          if (meters <= maxMeters) found.push({ id, meters });
        }
      }
      found.sort((a, b) => a.meters - b.meters);
      const sure = Math.min(rows, ring * cosLat) * cellMeters; // every point within this distance was scanned
      if ((found.length >= limit && (found[limit - 1] as { meters: number }).meters <= sure) || ring >= maxRing) {
        return found.slice(0, limit).map((f) => ({ point: this.byIdStmt.get(f.id) as PointRecord, meters: Math.round(f.meters * 10) / 10 }));
      }
    }
  }

  dataVersion(): string {
    return this.version;
  }

  /** Every imported source, by name. */
  listSources(): SourceInfo[] {
    return this.db.prepare<[], SourceRow>('SELECT * FROM sources ORDER BY name').all().map(toSource);
  }

  /** Removes a source and its points and streets in one transaction; false when there is no such source. */
  removeSource(name: string): boolean {
    endReadTurn(this.db);
    return this.db.transaction((): boolean => {
      const row = this.db.prepare<[string], { id: number }>('SELECT id FROM sources WHERE name = ?').get(name);
      if (row === undefined) return false;
      deleteSourceRows(this.db, row.id);
      this.db.prepare('DELETE FROM sources WHERE id = ?').run(row.id);
      return true;
    }).immediate();
  }

  close(): void {
    endReadTurn(this.db);
    if (this.db.open) this.db.close();
  }
}

/** Deletes the points, streets and ZIP coverage of a source (inside the caller's transaction). */
export function deleteSourceRows(db: Database.Database, sourceId: number): void {
  db.prepare('DELETE FROM points WHERE street_id IN (SELECT id FROM streets WHERE source_id = ?)').run(sourceId); // by points_street
  db.prepare('DELETE FROM streets WHERE source_id = ?').run(sourceId);
  db.prepare('DELETE FROM source_zips WHERE source_id = ?').run(sourceId);
}

/** The point store of a data directory, or null when nothing was ever imported there. */
export function openPointStore(dataDir: string): SqlitePointStore | null {
  const db = openPointsDatabase(dataDir, false);
  if (db === null) return null;
  try {
    return new SqlitePointStore(db);
  } catch (err) {
    db.close();
    throw new AddrError('ADDR_ERR_POINTS_DB', [pointsDbPath(dataDir), err instanceof Error ? err.message : String(err)], { cause: err });
  }
}
