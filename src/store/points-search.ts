/**
 * Search indexes over points.sqlite (the PointSearch port): the distinct
 * street keys, read once and kept sorted in memory (type-ahead finds the keys
 * a prefix begins by binary search); the streets of one key (streets_key, or
 * streets_state with a state) and their points of one house number
 * (points_street: street_id, number_int); the nearest points
 * (point-near-index.ts). Statements are prepared on first use.
 */
import type Database from 'better-sqlite3';
import type { NearPoint, PointRecord, PointSearch, PointStore, StreetRecord } from '../core/ports.js';
import { PointNearIndex } from './point-near-index.js';

const STREET_COLUMNS = 's.id, src.name AS source, s.predir, s.street, s.suffix, s.postdir, s.city, s.state, s.zip5, s.points, s.lat, s.lon';
const POINT_COLUMNS = `p.id, p.place_id, p.street_id, p.number, p.number_int, p.number_fraction, s.predir, s.street, s.suffix, s.postdir,
  p.unit_type, p.unit_number, COALESCE(p.city, s.city) AS city, s.state, s.zip5, p.zip4, p.lat, p.lon, p.inferred, src.name AS source`;

/** PointSearch over one connection to points.sqlite. */
export class SqlitePointSearch implements PointSearch {
  private readonly statements = new Map<string, Database.Statement>();
  private keys: readonly string[] | null = null;
  private readonly near: PointNearIndex;

  /** Over the connection of an open point store, whose grid answers the first nearest-point calls. */
  constructor(private readonly db: Database.Database, store: Pick<PointStore, 'nearest'>) {
    this.near = new PointNearIndex(db, store);
    // Reads of a large point file through memory mapping rather than a read() per page (this connection only).
    db.pragma('mmap_size = 1073741824');
  }

  private stmt(sql: string): Database.Statement {
    let s = this.statements.get(sql);
    if (s === undefined) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  streetsByKey(key: string, state: string | null, limit: number): StreetRecord[] {
    const where = state === null ? 's.street_key = ?' : 's.state = ? AND s.street_key = ?';
    const args = state === null ? [key, limit] : [state, key, limit];
    return this.stmt(`SELECT ${STREET_COLUMNS} FROM streets s JOIN sources src ON src.id = s.source_id WHERE ${where} LIMIT ?`)
      .all(...args) as StreetRecord[];
  }

  pointsByKey(key: string, numberInt: number, state: string | null, limit: number): PointRecord[] {
    const where = state === null ? 's.street_key = ?' : 's.state = ? AND s.street_key = ?';
    const args = state === null ? [key, numberInt, limit] : [state, key, numberInt, limit];
    return this.stmt(`SELECT ${POINT_COLUMNS} FROM streets s JOIN points p ON p.street_id = s.id JOIN sources src ON src.id = s.source_id
      WHERE ${where} AND p.number_int = ? LIMIT ?`).all(...args) as PointRecord[];
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
