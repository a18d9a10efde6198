/**
 * Search indexes over points.sqlite (the PointSearch port): the distinct
 * street keys, read once and kept sorted in memory (type-ahead finds the keys
 * a prefix begins by binary search); the streets of one key (streets_key, or
 * streets_state with a state, streets_key_predir with a predirectional) and
 * their points of one house number (points_street: street_id, number_int; only
 * on streets whose number range holds it); the nearest points
 * (point-near-index.ts). Statements are prepared on first use.
 */
import type Database from 'better-sqlite3';
import type { NearPoint, PointRecord, PointSearch, PointStore, StreetFilter, StreetRecord } from '../core/model/ports.js';
import { readInTurn } from './data-db-file.js';
import { PointNearIndex } from './point-near-index.js';

const STREET_COLUMNS = 's.id, src.name AS source, s.predir, s.street, s.suffix, s.postdir, s.city, s.state, s.zip5, s.points, s.lat, s.lon';
const POINT_COLUMNS = `p.id, p.place_id, p.street_id, p.number, p.number_int, p.number_fraction, s.predir, s.street, s.suffix, s.postdir,
  p.unit_type, p.unit_number, COALESCE(p.city, s.city) AS city, s.state, s.zip5, p.zip4, p.lat, p.lon, p.inferred, src.name AS source`;

/** A row of STREET_COLUMNS, in their order. */
type StreetRow = [number, string, string | null, string, string | null, string | null, string | null, string, string | null, number, number, number];

function streetRecord(r: StreetRow): StreetRecord {
  return { id: r[0], source: r[1], predir: r[2], street: r[3], suffix: r[4], postdir: r[5], city: r[6], state: r[7], zip5: r[8], points: r[9], lat: r[10], lon: r[11] };
}

/** A row of POINT_COLUMNS, in their order. */
type PointRow = [number, string, number, string, number | null, string | null, string | null, string, string | null, string | null,
  string | null, string | null, string | null, string, string | null, string | null, number, number, number, string];

function pointRecord(r: PointRow): PointRecord {
  return {
    id: r[0], place_id: r[1], street_id: r[2], number: r[3], number_int: r[4], number_fraction: r[5], predir: r[6], street: r[7], suffix: r[8], postdir: r[9],
    unit_type: r[10], unit_number: r[11], city: r[12], state: r[13], zip5: r[14], zip4: r[15], lat: r[16], lon: r[17], inferred: r[18], source: r[19],
  };
}

/** The WHERE clause (streets `s`) and its arguments for one street key, in a state, passing a filter. */
function keyFilter(key: string, state: string | null, filter: StreetFilter | undefined): [string, unknown[]] {
  const where = state === null ? ['s.street_key = ?'] : ['s.state = ? AND s.street_key = ?'];
  const args: unknown[] = state === null ? [key] : [state, key];
  const marks = (list: readonly string[]): string => list.map(() => '?').join(', ');
  if (filter?.predirs !== undefined) {
    where.push(`s.predir IN (${marks(filter.predirs)})`);
    args.push(...filter.predirs);
  }
  if (filter?.suffixes !== undefined) {
    where.push(`(s.suffix IN (${marks(filter.suffixes)}) OR s.suffix IS NULL)`);
    args.push(...filter.suffixes);
  }
  return [where.join(' AND '), args];
}

/** PointSearch over one connection to points.sqlite. */
export class SqlitePointSearch implements PointSearch {
  private readonly statements = new Map<string, Database.Statement>();
  private keys: readonly string[] | null = null;
  private readonly predirKeys = new Map<string, readonly string[]>();
  private readonly near: PointNearIndex;

  /** Over the connection of an open point store, whose grid answers the first nearest-point calls. */
  constructor(private readonly db: Database.Database, store: Pick<PointStore, 'nearest'>) {
    this.near = new PointNearIndex(db, store);
    // Reads of a large point file through memory mapping rather than a read() per page (this connection only).
    db.pragma('mmap_size = 1073741824');
  }

  private stmt(sql: string): Database.Statement {
    readInTurn(this.db); // every read goes through here: one read transaction per turn (data-db-file.ts)
    let s = this.statements.get(sql);
    if (s === undefined) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  streetsByKey(key: string, state: string | null, limit: number, filter?: StreetFilter): StreetRecord[] {
    // Rows as arrays, made into records here: a third less time per row than better-sqlite3's own row objects.
    const [where, args] = keyFilter(key, state, filter);
    const rows = this.stmt(`SELECT ${STREET_COLUMNS} FROM streets s JOIN sources src ON src.id = s.source_id WHERE ${where} LIMIT ?`)
      .raw(true).all(...args, limit) as StreetRow[];
    return rows.map(streetRecord);
  }

  pointsByKey(key: string, numberInt: number, state: string | null, limit: number, filter?: StreetFilter): PointRecord[] {
    const [where, args] = keyFilter(key, state, filter);
    // Rows as arrays, made into records here (as in streetsByKey).
    const rows = this.stmt(`SELECT ${POINT_COLUMNS} FROM streets s JOIN points p ON p.street_id = s.id JOIN sources src ON src.id = s.source_id
      WHERE ${where} AND s.min_number <= ? AND s.max_number >= ? AND p.number_int = ? LIMIT ?`).raw(true).all(...args, numberInt, numberInt, numberInt, limit) as PointRow[];
    return rows.map(pointRecord);
  }

  streetKeysWithPredir(predir: string): readonly string[] {
    let keys = this.predirKeys.get(predir);
    if (keys === undefined) {
      keys = Object.freeze((this.stmt('SELECT DISTINCT street_key FROM streets WHERE predir = ? ORDER BY street_key').raw(true).all(predir) as [string][]).map((r) => r[0]));
      this.predirKeys.set(predir, keys);
    }
    return keys;
  }

  nearest(lat: number, lon: number, limit: number, maxMeters: number): NearPoint[] {
    return this.near.nearest(lat, lon, limit, maxMeters);
  }

  streetKeys(): readonly string[] {
    this.keys ??= Object.freeze((this.stmt('SELECT DISTINCT street_key FROM streets ORDER BY street_key').raw(true).all() as [string][]).map((r) => r[0]));
    return this.keys;
  }

  streetByParts(source: string, state: string, zip5: string | null, predir: string | null, street: string, suffix: string | null, postdir: string | null): StreetRecord | null {
    const row = this.stmt(`SELECT ${STREET_COLUMNS} FROM streets s JOIN sources src ON src.id = s.source_id
      WHERE src.name = ? AND s.state = ? AND s.zip5 IS ? AND s.predir IS ? AND s.street = ? AND s.suffix IS ? AND s.postdir IS ? LIMIT 1`)
      .get(source, state, zip5, predir, street, suffix, postdir) as StreetRecord | undefined;
    return row ?? null;
  }
}
