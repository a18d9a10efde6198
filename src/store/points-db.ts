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
import { AreaKeyCache } from '../core/util/area-key-cache.js';
import { endReadTurn, openDataDb, readInTurn } from './data-db-file.js';
import { ZipSet } from './zip-set.js';
import { HeldStreet, MAX_HELD_STREET_POINTS, POINT_ROW_COLUMNS, heldParts, pointOf } from './held-street.js';
import { unpackStreet } from './packed-street.js';
import type { PointRow } from './held-street.js';
import { POINT_MIGRATIONS } from './points-migrations.js';
import { intern, internOrNull } from '../core/util/intern.js';

/** The file name of the point database in the data directory. */
export const POINTS_DB_FILE = 'points.sqlite';


/** Grid of the spatial index: cells of 0.001 degree (~110 m of latitude). */
export const CELLS_PER_DEGREE = 1000;
const LON_CELLS = 360 * CELLS_PER_DEGREE;
const METERS_PER_DEGREE = 111_320;
const STREET_CACHE_LIMIT = 20_000; // entries of (ZIP or state, street key)
const STREET_POINTS_HELD = 1_500_000; // points of recently asked streets kept in memory (~100 bytes each: ~150 MB at most)
/**
 * The heap an open point store may keep, in MB: the held streets (~100 bytes a point), the street
 * caches and the in-memory index of positions (point-near-index.ts, up to 2,000,000 points, ~90 MB).
 * A worker thread's heap cap makes room for it (open-engine.ts engineHeapMb).
 */
export const POINT_STORE_HEAP_MB = 288;
const ASKED_ONCE_LIMIT = 100_000; // street ids remembered as asked once
const ZIP_NAMES_HELD = 200_000; // street keys of recently asked ZIPs kept (a misspelling is looked for among them): ~10 MB

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

/**
 * A street's short, repeated fields interned (core/util/intern.ts): the point layer compares them
 * with the parser's for every street of a name it weighs.
 */
function internFields(r: StreetRecord): StreetRecord {
  r.predir = internOrNull(r.predir);
  r.suffix = internOrNull(r.suffix);
  r.postdir = internOrNull(r.postdir);
  r.state = intern(r.state);
  r.zip5 = internOrNull(r.zip5);
  return r;
}

/** The PointStore port over one SQLite connection, plus the administration of sources. */
export class SqlitePointStore implements PointStore {
  readonly db: Database.Database;
  private readonly zips: ZipSet; // asked for every address: by number (zip-set.ts)
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
  // A street's points in one value (packed-street.ts); null when no street has one (sources imported before them).
  private readonly packedStmt: Database.Statement<[number], Buffer> | null;
  private readonly streetsById = new Map<number, StreetRecord>();
  // The points of the streets asked about, by street, ordered by number: validation asks a street
  // several times per address and a batch asks the same streets again. Bounded by points held.
  private readonly streetPoints = new Map<number, HeldStreet>();
  private streetPointsHeld = 0;
  // Street lookups repeat across a batch (every address of a street asks the same): bounded
  // caches by ZIP or state, then street key (core/util/area-key-cache.ts), STREET_CACHE_LIMIT entries in all.
  private readonly streetsByZip = new AreaKeyCache<StreetRecord[]>(STREET_CACHE_LIMIT / 2);
  private readonly streetsByState = new AreaKeyCache<StreetRecord[]>(STREET_CACHE_LIMIT / 2);
  // The street keys of the ZIPs recently asked (streetNamesInZip), oldest forgotten first past
  // ZIP_NAMES_HELD keys in all: a street the points lack makes the covered ZIPs of its city be read
  // for a misspelling, and the next address of the city does too.
  private readonly zipNames = new Map<string, string[]>();
  private zipNamesHeld = 0; // keys in zipNames
  private readonly belowStmt: Database.Statement<[number, number, number], PointRow>;
  private readonly aboveStmt: Database.Statement<[number, number, number], PointRow>;
  // Streets without a packed value asked about once: their points are held from the second
  // request on, so a batch that meets each street once pays a few indexed queries, not the
  // whole street's rows (a packed street is held from the first: one row).
  private readonly askedOnce = new Set<number>();
  private readonly placeStmt: Database.Statement<[string], PointRecord>;
  private readonly cellStmt: Database.Statement<[number, number], [number, number, number]>;
  private readonly byIdStmt: Database.Statement<[number], PointRecord>;

  constructor(db: Database.Database) {
    this.db = db;
    this.zips = new ZipSet(db.prepare<[], { zip5: string }>('SELECT DISTINCT zip5 FROM source_zips').all().map((r) => r.zip5));
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
    this.streetPointsStmt = db.prepare<[number], PointRow>(`SELECT ${POINT_ROW_COLUMNS} FROM points WHERE street_id = ? ORDER BY number_int`).raw(true); // units ordered in JS (held-street.ts)
    this.streetStmt = db.prepare(`SELECT ${STREET_COLUMNS} FROM ${STREET_FROM} WHERE s.id = ?`);
    this.packedStmt = db.prepare('SELECT 1 FROM street_points LIMIT 1').get() === undefined ? null
      : db.prepare<[number], Buffer>('SELECT packed FROM street_points WHERE street_id = ?').pluck();
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
    if (row !== null) this.rememberStreet(internFields(row));
    return row;
  }

  private rememberStreet(s: StreetRecord): void {
    if (this.streetsById.size >= STREET_CACHE_LIMIT) this.streetsById.delete(this.streetsById.keys().next().value as number);
    this.streetsById.set(s.id, s);
  }

  // The streets read for a lookup, each remembered by id too.
  private readStreets(rows: StreetRecord[]): StreetRecord[] {
    for (const r of rows) this.rememberStreet(internFields(r));
    return rows;
  }

  streetsInZip(zip5: string, street: string): StreetRecord[] {
    readInTurn(this.db); // one read transaction per turn (data-db-file.ts)
    return this.streetsByZip.get(zip5, street, () => this.readStreets(this.byZipStmt.all(zip5, street)));
  }

  streetsInState(state: string, street: string): StreetRecord[] {
    readInTurn(this.db); // one read transaction per turn (data-db-file.ts)
    return this.streetsByState.get(state, street, () => this.readStreets(this.byStateStmt.all(state, street)));
  }

  streetNamesInZip(zip5: string): string[] {
    const held = this.zipNames.get(zip5);
    if (held !== undefined) return held;
    readInTurn(this.db); // one read transaction per turn (data-db-file.ts)
    const names = this.namesStmt.all(zip5).map((r) => r.street);
    for (const [zip, held] of this.zipNames) {
      if (this.zipNamesHeld + names.length <= ZIP_NAMES_HELD) break;
      this.zipNames.delete(zip);
      this.zipNamesHeld -= held.length;
    }
    if (names.length <= ZIP_NAMES_HELD) {
      this.zipNames.set(zip5, names);
      this.zipNamesHeld += names.length;
    }
    return names;
  }

  /**
   * The points of a street held in memory (up to STREET_POINTS_HELD points; a street not asked
   * again since it was held is dropped first); null for a long street, or for a first request on
   * a street without a packed value.
   */
  private pointsOfStreet(streetId: number): HeldStreet | null {
    const hit = this.streetPoints.get(streetId);
    if (hit !== undefined) {
      hit.used = true;
      return hit;
    }
    const street = this.streetById(streetId);
    if (street === null || street.points > MAX_HELD_STREET_POINTS) return null; // a huge "street" (a whole county's rural route): ask per number
    const value = this.packedStmt?.get(streetId);
    const packed = value !== undefined ? unpackStreet(value) : null;
    let held: HeldStreet;
    if (packed !== null) held = new HeldStreet(street, packed);
    else {
      if (!this.askedOnce.has(streetId)) {
        if (this.askedOnce.size >= ASKED_ONCE_LIMIT) this.askedOnce.delete(this.askedOnce.values().next().value as number);
        this.askedOnce.add(streetId);
        return null;
      }
      this.askedOnce.delete(streetId);
      const parts = heldParts(this.streetPointsStmt.all(streetId));
      if (parts === null) return null; // never in practice (ids below 2^48, five INFERRED bits): asked per number
      held = new HeldStreet(street, parts);
    }
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
  db.prepare('DELETE FROM street_points WHERE street_id IN (SELECT id FROM streets WHERE source_id = ?)').run(sourceId);
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
