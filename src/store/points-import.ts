/**
 * `addr data import`: reads an address-point source and writes it into
 * points.sqlite in ONE transaction: a source is replaced whole or not at all,
 * and an interrupted import (error, Ctrl-C, kill) leaves the database as it
 * was. Into an empty table the indexes are dropped and built after the load.
 *
 * Two threads share the work: this one reads the bytes (gunzipping a .gz,
 * and hashing the decoded bytes: the content hash is that of the rows,
 * compressed or not) and writes SQLite; a worker (points-import-worker.ts)
 * parses the rows (point-readers.ts), standardizes each address through the
 * core parser, fills a missing city, state and ZIP from the locality layer by
 * position (flagged inferred), gives each point its place id, drops duplicates
 * and gathers the streets. Whatever fails on either side (a read error, a
 * broken gzip, a bad header, Ctrl-C) rolls the transaction back and stops the
 * worker.
 */
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { basename } from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type Database from 'better-sqlite3';
import { AddrError } from '../core/model/errors.js';
import type { ZipTable } from '../core/model/ports.js';
import { deleteSourceRows } from './points-db.js';
import { extraOf } from './held-street.js';
import { packMissingStreets } from './pack-streets.js';
import { StreetPacker } from './street-packer.js';
import { POINT_INDEXES } from './points-migrations.js';
import { peek } from './point-readers.js';
import type { PointFormat } from './point-readers.js';
import { INSERT_BATCH, zipColumns, POINT_COLUMN as COL, POINT_COLUMNS, POINT_NUMBERS, POINT_TEXTS, POINT_VALUES, STREET_COLUMNS, STREET_VALUES } from './points-import-protocol.js';
import type { FromImportWorker, PointBatch, SkipReason } from './points-import-protocol.js';
import { ImportWorker } from './points-import-thread.js';

export { SKIP_REASONS } from './points-import-protocol.js';
export type { SkipReason } from './points-import-protocol.js';

const IMPORT_CACHE_KIB = 256 * 1024; // page cache of the importing connection

/** Where the rows come from. */
export type ImportInput =
  | { kind: 'file'; path: string }
  | { kind: 'stream'; stream: Readable; name: string | null }; // stdin

/** Options of an import. */
export interface ImportOptions {
  input: ImportInput;
  format: PointFormat | null; // null: by extension and header
  source: string | null; // the source name (default: the file name without extensions)
  complete?: boolean; // the source holds every address of the ZIPs it has points in (default false: partial)
  locality: ZipTable; // the worker answers zip() and nearestZip() from a copy of these
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
  complete: boolean; // recorded as complete (a re-import of the same content records what it says)
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

const isGzip = (head: Buffer | null): boolean => head !== null && head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;

const badGzip = (err: Error): AddrError => new AddrError('ADDR_ERR_IMPORT_READ', [`not a valid gzip file: ${err.message}`]);

/**
 * The bytes of a stream as decoded: gunzipped when it starts with the gzip magic, else as they come.
 * Errors of the source and of the gunzip (as ADDR_ERR_IMPORT_READ) reach the reader of the result.
 */
async function decoded(raw: Readable): Promise<Readable> {
  const src = new PassThrough();
  raw.on('error', (err) => src.destroy(err));
  // Errors reach the import through the reader (the stream's iterator rethrows them); these
  // listeners only keep one that comes after the reader stopped from crashing the process.
  src.on('error', () => {});
  raw.pipe(src);
  if (!isGzip(await peek(src))) return src;
  const gunzip = createGunzip();
  const out = new PassThrough();
  out.on('error', () => {});
  src.on('error', (err) => gunzip.destroy(err));
  gunzip.on('error', (err) => out.destroy(err instanceof AddrError ? err : badGzip(err)));
  src.pipe(gunzip).pipe(out);
  return out;
}

/**
 * The content hash of a file: SHA-256 of its decoded bytes (gunzipped when gzip), so that the same
 * rows compressed or not are the same source.
 */
async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await decoded(createReadStream(path))) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The decoded byte stream of the input (gunzipped when gzip), hashed as it passes. */
async function openBytes(input: ImportInput, hash: ReturnType<typeof createHash>): Promise<Readable> {
  const bytes = await decoded(input.kind === 'file' ? createReadStream(input.path) : input.stream);
  const hashing = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  bytes.on('error', (err) => hashing.destroy(err));
  hashing.on('error', () => {}); // as in decoded()
  bytes.pipe(hashing);
  return hashing;
}


/** Imports one source; see the module comment for what is guaranteed. */
export async function importPoints(db: Database.Database, options: ImportOptions): Promise<ImportSummary> {
  const { input } = options;
  const name = options.source ?? (input.kind === 'file' ? sourceNameOf(input.path) : input.name);
  if (name === null || name.trim() === '') throw new AddrError('ADDR_ERR_USAGE', ['Name the source with --source when reading stdin.']);
  // The worker loads its modules while the file is hashed; it stops however the import ends.
  const worker = new ImportWorker();
  let summary: ImportSummary;
  try {
    summary = await importSource(db, options, name, worker);
  } finally {
    await worker.close();
  }
  // The same file again: its streets imported before packed values existed are packed now.
  if (summary.outcome === 'unchanged') {
    const source = db.prepare<[string], { id: number }>('SELECT id FROM sources WHERE name = ?').get(name);
    if (source !== undefined) packMissingStreets(db, source.id);
  }
  return summary;
}

async function importSource(db: Database.Database, options: ImportOptions, name: string, worker: ImportWorker): Promise<ImportSummary> {
  const { input, locality } = options;
  const path = input.kind === 'file' ? input.path : null;
  let format: PointFormat | null = options.format ?? (path !== null ? formatOfName(path) : null);
  const existing = db.prepare<[string], { id: number; content_sha256: string; format: PointFormat }>('SELECT id, content_sha256, format FROM sources WHERE name = ?').get(name);
  const complete = options.complete === true;

  const summary: ImportSummary = {
    source: name, format: format ?? 'openaddresses', path, outcome: existing ? 'replaced' : 'imported', same_as: null,
    rows_read: 0, rows_imported: 0, rows_skipped: 0, rows_inferred: 0, number_zero: 0, skipped: {}, states: [], zip_count: 0, streets: 0, complete,
  };
  const sameContent = (sha: string): boolean => {
    if (existing?.content_sha256 === sha) {
      summary.outcome = 'unchanged';
      summary.format = existing.format;
      // The same content said complete or not: the claim is the latest one.
      db.prepare('UPDATE sources SET complete = ? WHERE id = ?').run(complete ? 1 : 0, existing.id);
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
    // A file is read twice (hashed, then imported): a pipe or a device by its path would be read
    // empty the second time and import nothing. Such a source is a stream (commands/data.ts).
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat !== undefined && !stat.isFile() && !stat.isDirectory()) {
      throw new AddrError('ADDR_ERR_IMPORT_READ', [`'${path}' is not a regular file: a pipe or a device is read once, as a stream (as stdin is, with --source)`]);
    }
    let sha: string;
    try {
      sha = await hashFile(path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (err instanceof AddrError) throw err; // a broken gzip
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
    // SQLite numbers the new points from one above the largest id, in the order they are written.
    const firstPointId = (db.prepare<[], { m: number | null }>('SELECT MAX(id) AS m FROM points').get()?.m ?? 0) + 1;

    worker.start({ format, source: name, sourceId, firstStreetId, zips: zipColumns(locality.allZips()) });
    const interrupted = (): void => worker.fail(new AddrError('ADDR_ERR_IMPORT_INTERRUPTED', [name]));
    if (options.signal?.aborted) interrupted();
    options.signal?.addEventListener('abort', interrupted, { once: true });
    void worker.feed(bytes);
    // Points go in INSERT_BATCH rows per statement: one native call per batch instead of per row.
    const pointSql = (rows: number): string => `INSERT INTO points (${POINT_COLUMNS}) VALUES ${Array.from({ length: rows }, () => `(${Array(POINT_VALUES).fill('?').join(', ')})`).join(', ')}`;
    const insertPoint = db.prepare(pointSql(1));
    const insertPoints = db.prepare(pointSql(INSERT_BATCH));
    // Rows are bound INSERT_BATCH at a time; the rest waits for the next batch, and the last rows go one by one.
    const bound: unknown[] = new Array(POINT_VALUES * INSERT_BATCH);
    let filled = 0;
    // What each street's packed value needs of the rows, gathered here as they are written (this
    // thread waits on the worker's parsing most of the load); the worker packs them after.
    const packer = new StreetPacker();
    let pointId = firstPointId; // as SQLite numbers the rows: checked before the packed values are written
    const textAt = (i: number): string | null => bound[i] as string | null;
    const bind = (batch: PointBatch): void => {
      const { numbers, lengths, text } = batch;
      let n = 0;
      let k = 0;
      let at = 0;
      for (let row = 0; row < batch.rows; row++) {
        const r = filled;
        for (let i = 0; i < POINT_NUMBERS; i++, n++) bound[filled++] = Number.isNaN(numbers[n]) ? null : numbers[n];
        for (let i = 0; i < POINT_TEXTS; i++, k++) {
          const length = lengths[k] as number;
          bound[filled++] = length < 0 ? null : text.slice(at, (at += length));
        }
        const int = bound[r + COL.number_int] as number | null;
        packer.add((bound[r + COL.street_id] as number) - firstStreetId, int, bound[r + COL.lat] as number, bound[r + COL.lon] as number, pointId++,
          bound[r + COL.inferred] as number, textAt(r + COL.place_id) as string, extraOf(int, textAt(r + COL.number) as string, textAt(r + COL.number_fraction),
            textAt(r + COL.unit_type), textAt(r + COL.unit_number), textAt(r + COL.city), textAt(r + COL.zip4)));
        if (filled === bound.length) {
          insertPoints.run(bound);
          filled = 0;
        }
      }
    };
    let done: Extract<FromImportWorker, { kind: 'done' }> | null = null;
    try {
      while (done === null) {
        const msg = await worker.next();
        if (msg.kind === 'done') {
          done = msg;
          worker.pack(packer);
        } else if (msg.kind === 'points') {
          bind(msg.batch);
          worker.written();
          options.onProgress?.(msg.rowsRead);
        }
      }
    } finally {
      options.signal?.removeEventListener('abort', interrupted);
    }
    for (let at = 0; at < filled; at += POINT_VALUES) insertPoint.run(bound.slice(at, at + POINT_VALUES));
    if (options.signal?.aborted) throw new AddrError('ADDR_ERR_IMPORT_INTERRUPTED', [name]);
    if (done.format !== null) summary.format = done.format;
    Object.assign(summary, done.tallies);

    const sha = hash.digest('hex');
    if (path === null && sameContent(sha)) {
      db.exec('ROLLBACK');
      committed = true; // nothing to roll back any more
      return summary;
    }
    const insertStreet = db.prepare(`INSERT INTO streets (${STREET_COLUMNS}) VALUES (${Array(STREET_VALUES).fill('?').join(', ')})`);
    for (let at = 0; at < done.streets.length; at += STREET_VALUES) insertStreet.run(done.streets.slice(at, at + STREET_VALUES));
    const insertZip = db.prepare('INSERT INTO source_zips (source_id, zip5) VALUES (?, ?)');
    for (const z of done.zips) insertZip.run(sourceId, z);
    // The streets' packed values (street-packer.ts), which the worker makes meanwhile: written
    // as they come, between the indexes' builds, then the rest.
    const insertPacked = db.prepare('INSERT INTO street_points (street_id, packed) VALUES (?, ?)');
    // The packer numbered the points as SQLite did (pointId in bind): checked.
    const lastId = db.prepare<[], { m: number | null }>('SELECT MAX(id) AS m FROM points').get()?.m ?? 0;
    const numbered = summary.rows_imported === 0 || lastId === firstPointId + summary.rows_imported - 1;
    let packedEnd = false;
    const writePacked = (msgs: readonly FromImportWorker[]): void => {
      for (const msg of msgs) {
        if (msg.kind === 'packed-end') packedEnd = true;
        if (msg.kind !== 'packed') continue;
        worker.written();
        if (!numbered) continue; // never seen: its streets are read from their rows
        const { streets, ends, bytes } = msg;
        for (let i = 0, at = 0; i < streets.length; at = ends[i++] as number) insertPacked.run(streets[i], Buffer.from(bytes.buffer, bytes.byteOffset + at, (ends[i] as number) - at));
      }
    };
    if (emptyBefore) {
      for (const ddl of POINT_INDEXES) {
        db.exec(ddl);
        writePacked(await worker.arrived());
      }
    }
    while (!packedEnd) writePacked([await worker.next()]);
    if (options.signal?.aborted) throw new AddrError('ADDR_ERR_IMPORT_INTERRUPTED', [name]);
    summary.states = [...done.states].sort();
    summary.zip_count = done.zips.length;
    summary.streets = done.streets.length / STREET_VALUES;
    const skippedCounts: Record<string, number> = {};
    for (const [reason, entry] of Object.entries(summary.skipped)) skippedCounts[reason] = entry.count;
    db.prepare(`UPDATE sources SET path = ?, format = ?, content_sha256 = ?, imported_at = ?, rows_read = ?, rows_imported = ?, rows_skipped = ?, rows_inferred = ?,
      skipped = ?, states = ?, zip_count = ?, complete = ? WHERE id = ?`).run(
      path, summary.format, sha, options.now.toISOString(), summary.rows_read, summary.rows_imported, summary.rows_skipped, summary.rows_inferred,
      JSON.stringify(skippedCounts), summary.states.join(' '), summary.zip_count, complete ? 1 : 0, sourceId,
    );
    db.exec('COMMIT');
    committed = true;
    return summary;
  } finally {
    if (!committed && db.inTransaction) db.exec('ROLLBACK');
    bytes.destroy();
  }
}
