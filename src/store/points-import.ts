/**
 * `addr data import`: reads an address-point source (points-readers.ts),
 * standardizes each row's address through the core parser
 * (core/point-address.ts), fills a missing city, state and ZIP from the
 * locality layer by position (nearest ZIP centroid, in the row's state when it
 * has one; flagged inferred), drops duplicates, and writes the source into
 * points.sqlite in ONE transaction: a source is replaced whole or not at all,
 * and an interrupted import (error, Ctrl-C, kill) leaves the database as it
 * was. Into an empty table the indexes are dropped and built after the load.
 *
 * Knobs: INFER_MAX_METERS (how far a ZIP centroid may be to fill a row's
 * locality), PLACE_ROUNDING (the point's share of the duplicate key).
 */
import { createHash, hash as digestOf } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type Database from 'better-sqlite3';
import { AddrError } from '../core/errors.js';
import { standardizePointAddress } from '../core/point-address.js';
import type { PointAddress } from '../core/point-address.js';
import { INFERRED } from '../core/ports.js';
import type { LocalityStore, ZipLocator } from '../core/ports.js';
import { cellOf, deleteSourceRows } from './points-db.js';
import { POINT_INDEXES } from './points-migrations.js';
import { peek, readPointRows } from './point-readers.js';
import type { PointFormat, ReadRow } from './point-readers.js';

/** A ZIP centroid farther than this from a point does not give it a locality: the row is skipped. */
export const INFER_MAX_METERS = 100_000;
// Points that agree on the address and on the position to 4 decimals (~11 m) are duplicates.
const PLACE_ROUNDING = 1e4;
const FIRST_LINES_KEPT = 5;
const POINT_VALUES = 14; // columns of one points row
const INSERT_BATCH = 64; // rows per multi-row INSERT (64 * 14 values, well under SQLite's 32,766 variables)
const IMPORT_CACHE_KIB = 256 * 1024; // page cache of the importing connection

/** Why rows were skipped. */
export const SKIP_REASONS = ['malformed', 'no_coordinates', 'no_number', 'no_street', 'unparseable', 'no_locality', 'duplicate'] as const;

/** One skip reason. */
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Where the rows come from. */
export type ImportInput =
  | { kind: 'file'; path: string }
  | { kind: 'stream'; stream: Readable; name: string | null }; // stdin

/** Options of an import. */
export interface ImportOptions {
  input: ImportInput;
  format: PointFormat | null; // null: by extension and header
  source: string | null; // the source name (default: the file name without extensions)
  locality: LocalityStore & ZipLocator;
  now: Date;
  onProgress?: (rowsRead: number) => void; // called after each batch
  signal?: AbortSignal; // aborting rolls the import back
}

/** What an import did. */
export interface ImportSummary {
  source: string;
  format: PointFormat;
  path: string | null;
  outcome: 'imported' | 'replaced' | 'unchanged' | 'already_imported'; // unchanged: same content as the source's; already_imported: same content as another source
  same_as: string | null; // the other source, for already_imported
  rows_read: number;
  rows_imported: number;
  rows_skipped: number;
  rows_inferred: number; // imported rows whose city, state or ZIP came from the locality layer
  number_zero: number; // imported rows whose house number is 0 (kept, as some sources use it; worth a look)
  skipped: Partial<Record<SkipReason, { count: number; lines: number[] }>>;
  states: string[];
  zip_count: number;
  streets: number;
}

/** The format a file name implies, or null. */
export function formatOfName(name: string): PointFormat | null {
  const n = name.toLowerCase().replace(/\.gz$/, '');
  if (/\.(geojsonl?|jsonl|ndjson|geojsonseq)$/.test(n)) return 'geojson';
  return null; // .csv and .txt: OpenAddresses or NAD, told apart by the header
}

/** The default source name of a file: its name without directory and extensions. */
export function sourceNameOf(path: string): string {
  return basename(path).replace(/\.gz$/i, '').replace(/\.(csv|txt|tsv|geojsonl?|jsonl|ndjson|geojsonseq)$/i, '') || 'stdin';
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The raw byte stream of the input, hashed as it passes, and gunzipped when it starts with the gzip magic. */
async function openBytes(input: ImportInput, hash: ReturnType<typeof createHash>): Promise<Readable> {
  const raw: Readable = input.kind === 'file' ? createReadStream(input.path) : input.stream;
  const hashing = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  raw.on('error', (err) => hashing.destroy(err));
  // Errors reach the import through the reader (the stream's iterator rethrows them); this
  // listener only keeps one that comes after the reader stopped from crashing the process.
  hashing.on('error', () => {});
  raw.pipe(hashing);
  const head = await peek(hashing);
  if (head !== null && head[0] === 0x1f && head[1] === 0x8b) {
    const gunzip = createGunzip();
    hashing.on('error', (err) => gunzip.destroy(err));
    const out = new PassThrough();
    out.on('error', () => {}); // as above
    gunzip.on('error', (err) => out.destroy(new AddrError('ADDR_ERR_IMPORT_READ', [`not a valid gzip file: ${err.message}`])));
    hashing.pipe(gunzip).pipe(out);
    return out;
  }
  return hashing;
}

interface StreetAcc {
  id: number;
  source_id: number;
  predir: string | null;
  street: string;
  street_key: string;
  suffix: string | null;
  postdir: string | null;
  city: string | null;
  state: string;
  zip5: string | null;
  points: number;
  sumLat: number;
  sumLon: number;
  min: number | null;
  max: number | null;
}

function coordinate(text: string | null, limit: number): number | null {
  if (text === null) return null;
  const n = Number(text);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** Imports one source; see the module comment for what is guaranteed. */
export async function importPoints(db: Database.Database, options: ImportOptions): Promise<ImportSummary> {
  const { input, locality } = options;
  const path = input.kind === 'file' ? input.path : null;
  const name = options.source ?? (input.kind === 'file' ? sourceNameOf(input.path) : input.name);
  if (name === null || name.trim() === '') throw new AddrError('ADDR_ERR_USAGE', ['Name the source with --source when reading stdin.']);
  let format: PointFormat | null = options.format ?? (path !== null ? formatOfName(path) : null);
  const existing = db.prepare<[string], { id: number; content_sha256: string; format: PointFormat }>('SELECT id, content_sha256, format FROM sources WHERE name = ?').get(name);

  const summary: ImportSummary = {
    source: name, format: format ?? 'openaddresses', path, outcome: existing ? 'replaced' : 'imported', same_as: null,
    rows_read: 0, rows_imported: 0, rows_skipped: 0, rows_inferred: 0, number_zero: 0, skipped: {}, states: [], zip_count: 0, streets: 0,
  };
  const sameContent = (sha: string): boolean => {
    if (existing?.content_sha256 === sha) {
      summary.outcome = 'unchanged';
      summary.format = existing.format;
      return true;
    }
    const other = db.prepare<[string], { name: string; format: PointFormat }>('SELECT name, format FROM sources WHERE content_sha256 = ?').get(sha);
    if (other !== undefined) {
      summary.outcome = 'already_imported';
      summary.same_as = other.name;
      summary.format = other.format;
      return true;
    }
    return false;
  };
  // A file is hashed first (cheap next to the import), so the same file twice costs no import.
  if (path !== null) {
    let sha: string;
    try {
      sha = await hashFile(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? `no file '${path}'` : code === 'EISDIR' ? `'${path}' is a directory` : err instanceof Error ? err.message : String(err);
      throw new AddrError('ADDR_ERR_IMPORT_READ', [why], { cause: err });
    }
    if (sameContent(sha)) return summary;
  }

  const hash = createHash('sha256');
  let bytes: Readable;
  try {
    bytes = await openBytes(input, hash);
  } catch (err) {
    throw new AddrError('ADDR_ERR_IMPORT_READ', [err instanceof Error ? err.message : String(err)], { cause: err });
  }

  if (format === null) {
    // A stream that opens with '{' is GeoJSON lines; anything else is CSV, told apart by its header.
    const head = await peek(bytes);
    if (head !== null && head.toString('utf8', 0, Math.min(head.length, 64)).trimStart().startsWith('{')) format = 'geojson';
  }

  const skip = (reason: SkipReason, line: number): void => {
    const entry = (summary.skipped[reason] ??= { count: 0, lines: [] });
    entry.count++;
    if (entry.lines.length < FIRST_LINES_KEPT) entry.lines.push(line);
    summary.rows_skipped++;
  };

  // Foreign keys are checked by the code's order of writes, not per row: with them on, every point
  // insert would look its street up, and building the indexes after the load would check them all.
  db.pragma('foreign_keys = OFF');
  // Relaxed for the load: a big page cache keeps the transaction's pages in memory until the
  // commit, and index sorts happen in memory. Durability is unchanged (the commit is one WAL write).
  db.pragma(`cache_size = -${IMPORT_CACHE_KIB}`);
  db.pragma('temp_store = MEMORY');
  db.exec('BEGIN IMMEDIATE');
  let committed = false;
  try {
    const emptyBefore = db.prepare('SELECT 1 FROM points LIMIT 1').get() === undefined;
    if (existing) deleteSourceRows(db, existing.id);
    if (emptyBefore) for (const ddl of POINT_INDEXES) db.exec(`DROP INDEX IF EXISTS ${ddl.split(' ')[ddl.startsWith('CREATE UNIQUE') ? 3 : 2] as string}`);
    // The source row first (its id is needed); counts are filled in at the end.
    const sourceId = existing?.id ?? Number(db.prepare(`INSERT INTO sources (name, path, format, content_sha256, imported_at, rows_read, rows_imported, rows_skipped, rows_inferred, skipped, states, zip_count)
      VALUES (?, ?, ?, '', ?, 0, 0, 0, 0, '{}', '', 0)`).run(name, path, format ?? 'openaddresses', options.now.toISOString()).lastInsertRowid);
    const firstStreetId = (db.prepare<[], { m: number | null }>('SELECT MAX(id) AS m FROM streets').get()?.m ?? 0) + 1;
    // Points go in INSERT_BATCH rows per statement: one native call per batch instead of per row.
    const pointSql = (rows: number): string => `INSERT INTO points (street_id, place_id, number, number_int, number_fraction, unit_type, unit_number, city, zip4, lat, lon, cell, inferred, source_ref)
      VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`;
    const insertPoint = db.prepare(pointSql(1));
    const insertPoints = db.prepare(pointSql(INSERT_BATCH));
    const pending: unknown[] = [];
    const flushPoints = (): void => {
      for (let at = 0; at < pending.length; at += POINT_VALUES) insertPoint.run(pending.slice(at, at + POINT_VALUES));
      pending.length = 0;
    };
    const streets = new Map<string, StreetAcc>();
    const seen = new Set<string>();
    const zips = new Set<string>();
    const states = new Set<string>();
    // Nearest-ZIP answers by ~1 km cell (per state given): neighbouring points share them.
    const nearCaches = new Map<string, Map<number, ReturnType<ZipLocator['nearestZip']>>>();

    const take = (row: ReadRow): void => {
      summary.rows_read++;
      if ('malformed' in row) return skip('malformed', row.line);
      const lon = coordinate(row.lon, 180);
      const lat = coordinate(row.lat, 90);
      if (lon === null || lat === null || (lon === 0 && lat === 0)) return skip('no_coordinates', row.line);
      const a = standardizePointAddress(row.address);
      if (typeof a === 'string') return skip(a, row.line);
      const filled = fillLocality(a, lat, lon);
      if (filled === null) return skip('no_locality', row.line);
      const place = placeId(name, a, lat, lon);
      if (seen.has(place)) return skip('duplicate', row.line);
      seen.add(place);
      const state = a.state as string;
      const key = `${a.zip5 ?? state}|${a.predir ?? ''}|${a.street}|${a.suffix ?? ''}|${a.postdir ?? ''}`;
      let s = streets.get(key);
      if (s === undefined) {
        s = {
          id: firstStreetId + streets.size, source_id: sourceId, predir: a.predir, street: a.street, street_key: a.street_key, suffix: a.suffix, postdir: a.postdir,
          city: a.city, state, zip5: a.zip5, points: 0, sumLat: 0, sumLon: 0, min: null, max: null,
        };
        streets.set(key, s);
      }
      s.points++;
      s.sumLat += lat;
      s.sumLon += lon;
      if (a.number_int !== null) {
        if (s.min === null || a.number_int < s.min) s.min = a.number_int;
        if (s.max === null || a.number_int > s.max) s.max = a.number_int;
      }
      if (a.number_int === 0) summary.number_zero++;
      pending.push(s.id, place, a.number, a.number_int, a.number_fraction, a.unit_type, a.unit_number, a.city === s.city ? null : a.city, a.zip4, lat, lon, cellOf(lat, lon), filled, row.ref);
      if (pending.length === POINT_VALUES * INSERT_BATCH) {
        insertPoints.run(pending);
        pending.length = 0;
      }
      summary.rows_imported++;
      if (filled !== 0) summary.rows_inferred++;
      if (a.zip5 !== null) zips.add(a.zip5);
      states.add(state);
    };

    // Fills city, state and ZIP; returns the INFERRED bits, or null when the locality cannot be had.
    const fillLocality = (a: PointAddress, lat: number, lon: number): number | null => {
      let bits = 0;
      const zipRec = a.zip5 !== null ? locality.zip(a.zip5) : null;
      if (zipRec !== null) {
        if (a.state === null) { a.state = zipRec.state; bits |= INFERRED.state; }
        if (a.city === null) { a.city = zipRec.city; bits |= INFERRED.city; }
        return bits;
      }
      if (a.zip5 !== null && a.state !== null && a.city !== null) return 0; // a ZIP the reference lacks, all else given
      let nearCache = nearCaches.get(a.state ?? '');
      if (nearCache === undefined) nearCaches.set(a.state ?? '', (nearCache = new Map()));
      const cacheKey = Math.round(lat * 100) * 100_000 + Math.round(lon * 100);
      let near = nearCache.get(cacheKey);
      if (near === undefined) {
        near = locality.nearestZip(lat, lon, a.state, INFER_MAX_METERS);
        nearCache.set(cacheKey, near);
      }
      if (near === null) return null;
      if (a.state === null) { a.state = near.zip.state; bits |= INFERRED.state; }
      if (a.zip5 === null) { a.zip5 = near.zip.zip5; a.zip4 = null; bits |= INFERRED.zip5; }
      if (a.city === null) { a.city = near.zip.city; bits |= INFERRED.city; }
      return bits;
    };

    for await (const batch of readPointRows(bytes, format, (f) => { format = f; summary.format = f; })) {
      if (options.signal?.aborted) throw new AddrError('ADDR_ERR_IMPORT_INTERRUPTED', [name]);
      for (const row of batch) take(row);
      options.onProgress?.(summary.rows_read);
    }
    if (options.signal?.aborted) throw new AddrError('ADDR_ERR_IMPORT_INTERRUPTED', [name]);

    flushPoints();
    const sha = hash.digest('hex');
    if (path === null && sameContent(sha)) {
      db.exec('ROLLBACK');
      committed = true; // nothing to roll back any more
      return summary;
    }
    const insertStreet = db.prepare(`INSERT INTO streets (id, source_id, predir, street, street_key, suffix, postdir, city, state, zip5, points, lat, lon, min_number, max_number)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const s of streets.values()) {
      insertStreet.run(s.id, s.source_id, s.predir, s.street, s.street_key, s.suffix, s.postdir, s.city, s.state, s.zip5, s.points, s.sumLat / s.points, s.sumLon / s.points, s.min, s.max);
    }
    const insertZip = db.prepare('INSERT INTO source_zips (source_id, zip5) VALUES (?, ?)');
    for (const z of zips) insertZip.run(sourceId, z);
    if (emptyBefore) for (const ddl of POINT_INDEXES) db.exec(ddl);
    summary.states = [...states].sort();
    summary.zip_count = zips.size;
    summary.streets = streets.size;
    const skippedCounts: Record<string, number> = {};
    for (const [reason, entry] of Object.entries(summary.skipped)) skippedCounts[reason] = entry.count;
    db.prepare(`UPDATE sources SET path = ?, format = ?, content_sha256 = ?, imported_at = ?, rows_read = ?, rows_imported = ?, rows_skipped = ?, rows_inferred = ?,
      skipped = ?, states = ?, zip_count = ? WHERE id = ?`).run(
      path, summary.format, sha, options.now.toISOString(), summary.rows_read, summary.rows_imported, summary.rows_skipped, summary.rows_inferred,
      JSON.stringify(skippedCounts), summary.states.join(' '), summary.zip_count, sourceId,
    );
    db.exec('COMMIT');
    committed = true;
    return summary;
  } finally {
    if (!committed && db.inTransaction) db.exec('ROLLBACK');
    bytes.destroy();
  }
}

/** The stable id of a point: its source and content (address, unit, ZIP, position to ~11 m). */
export function placeId(source: string, a: PointAddress, lat: number, lon: number): string {
  const text = [
    source, a.number, a.number_fraction ?? '', a.predir ?? '', a.street, a.suffix ?? '', a.postdir ?? '', a.unit_number ?? '', a.zip5 ?? '',
    Math.round(lat * PLACE_ROUNDING), Math.round(lon * PLACE_ROUNDING),
  ].join('|');
  return `pt_${digestOf('sha1', text, 'base64url').slice(0, 16)}`;
}
