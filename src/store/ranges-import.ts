/**
 * `addr data import` of TIGER/Line ADDRFEAT files (the Census Bureau's address
 * ranges, one zip per county) into ranges.sqlite. Each file is one source,
 * imported in ONE transaction: replaced whole or not at all, and an interrupted
 * import leaves the database as it was. The same content again (hashed on the
 * decoded .shp and .dbf) is not imported twice; a changed file replaces its source.
 *
 * Each record is an edge (TLID) under one name: FULLNAME goes through the
 * address parser and the Pub 28 tables as point streets do (parseStreet); an
 * edge listed under several names is one edge carrying each name as a street.
 * A street is one name in one ZIP: an edge whose sides lie in two ZIPs carries
 * it in both.
 */
import type Database from 'better-sqlite3';
import { AddrError } from '../core/model/errors.js';
import { parseStreet } from '../core/points/point-address.js';
import type { LocalityStore } from '../core/model/ports.js';
import { fillSpansSql } from './range-spans.js';
import { encodeCoords } from './range-edges.js';
import { deleteRangeSourceRows } from './ranges-db.js';
import { hashAddrfeat, readAddrfeat } from './tiger-reader.js';
import type { AddrfeatFile, AddrfeatRecord } from './tiger-reader.js';

/** Why a record was not imported. */
export const RANGE_SKIP_REASONS = ['no_name', 'unparseable_name', 'no_range', 'non_numeric_range', 'no_zip', 'unknown_zip', 'no_geometry'] as const;
export type RangeSkipReason = (typeof RANGE_SKIP_REASONS)[number];

const LINES_KEPT = 5; // record numbers listed per skip reason
const PROGRESS_EVERY = 5_000;

/** Options of a range import. */
export interface RangeImportOptions {
  file: AddrfeatFile;
  locality: Pick<LocalityStore, 'zip'>; // the state of each side's ZIP
  now: Date;
  onProgress?: (rowsRead: number) => void;
  signal?: AbortSignal;
}

/** What a range import did. */
export interface RangeImportSummary {
  source: string;
  format: 'tiger-addrfeat';
  path: string;
  outcome: 'imported' | 'replaced' | 'unchanged' | 'already_imported';
  same_as: string | null;
  rows_read: number; // records (edge and name)
  rows_imported: number;
  rows_skipped: number;
  skipped: Partial<Record<RangeSkipReason, { count: number; lines: number[] }>>;
  edges: number; // distinct edges (TLID and ranges)
  alternate_names: number; // names of an edge beyond its first
  streets: number; // distinct (name, ZIP)
  states: string[];
  zip_count: number;
}

type Side = { from: number; to: number; parity: string; zip: string } | null;

const numeric = (s: string | null): number | null | undefined => {
  if (s === null || s.trim() === '') return null;
  return /^\d+$/.test(s.trim()) ? Number(s.trim()) : undefined; // undefined: not a plain number
};

/** One side of a record; null without a range; a reason when it cannot be used. */
function sideOf(from: string | null, to: string | null, parity: string | null, zip: string | null): Side | RangeSkipReason {
  const f = numeric(from);
  const t = numeric(to);
  if (f === undefined || t === undefined) return 'non_numeric_range';
  if (f === null && t === null) return null;
  const lo = f ?? (t as number);
  const hi = t ?? lo;
  if (zip === null || !/^\d{5}$/.test(zip.trim())) return 'no_zip';
  const p = parity !== null && /^[OEB]$/.test(parity.trim()) ? parity.trim() : lo % 2 === hi % 2 ? (lo % 2 === 1 ? 'O' : 'E') : 'B';
  return { from: lo, to: hi, parity: p, zip: zip.trim() };
}

/** Imports one ADDRFEAT file; see the module comment for what is guaranteed. */
export async function importRanges(db: Database.Database, options: RangeImportOptions): Promise<RangeImportSummary> {
  const { file } = options;
  const sha = await hashAddrfeat(file);
  const existing = db.prepare<[string], { id: number; content_sha256: string }>('SELECT id, content_sha256 FROM range_sources WHERE name = ?').get(file.name);
  const summary: RangeImportSummary = {
    source: file.name, format: 'tiger-addrfeat', path: file.path, outcome: existing ? 'replaced' : 'imported', same_as: null,
    rows_read: 0, rows_imported: 0, rows_skipped: 0, skipped: {}, edges: 0, alternate_names: 0, streets: 0, states: [], zip_count: 0,
  };
  if (existing?.content_sha256 === sha) return { ...summary, outcome: 'unchanged' };
  const other = db.prepare<[string], { name: string }>('SELECT name FROM range_sources WHERE content_sha256 = ?').get(sha);
  if (other !== undefined) return { ...summary, outcome: 'already_imported', same_as: other.name };

  const skip = (reason: RangeSkipReason, line: number): void => {
    const entry = summary.skipped[reason] ?? { count: 0, lines: [] };
    entry.count++;
    if (entry.lines.length < LINES_KEPT) entry.lines.push(line);
    summary.skipped[reason] = entry;
    summary.rows_skipped++;
  };
  const stateOf = new Map<string, string | null>();
  const zipState = (zip: string): string | null => {
    if (!stateOf.has(zip)) stateOf.set(zip, options.locality.zip(zip)?.state ?? null);
    return stateOf.get(zip) as string | null;
  };

  db.exec('BEGIN IMMEDIATE');
  try {
    if (existing) deleteRangeSourceRows(db, existing.id);
    const sourceId = existing?.id ?? Number(db.prepare(`INSERT INTO range_sources (name, path, format, content_sha256, imported_at, rows_read, rows_imported, rows_skipped, edges, streets, skipped, states, zip_count)
      VALUES (?, ?, 'tiger-addrfeat', '', ?, 0, 0, 0, 0, 0, '{}', '', 0)`).run(file.name, file.path, options.now.toISOString()).lastInsertRowid);
    const insertEdge = db.prepare('INSERT INTO edges (id, source_id, tlid, lfrom, lto, lparity, lzip, rfrom, rto, rparity, rzip, coords) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const insertBox = db.prepare('INSERT INTO edges_rtree (id, min_lon, max_lon, min_lat, max_lat) VALUES (?, ?, ?, ?, ?)');
    const insertStreet = db.prepare('INSERT INTO range_streets (id, source_id, predir, street, street_key, suffix, postdir, state, zip5) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const insertLink = db.prepare('INSERT OR IGNORE INTO street_edges (street_id, edge_id, name_rank) VALUES (?, ?, ?)');
    let nextEdge = (db.prepare<[], { m: number | null }>('SELECT MAX(id) AS m FROM edges').get()?.m ?? 0) + 1;
    let nextStreet = (db.prepare<[], { m: number | null }>('SELECT MAX(id) AS m FROM range_streets').get()?.m ?? 0) + 1;
    const edges = new Map<string, { id: number; names: number }>(); // by TLID and ranges
    const streets = new Map<string, number>(); // by ZIP and standardized name
    const tlids = new Set<number>();
    const zips = new Map<string, string>(); // ZIP -> state

    const onRecord = (r: AddrfeatRecord, coords: number[]): void => {
      const line = ++summary.rows_read;
      if (line % PROGRESS_EVERY === 0) {
        if (options.signal?.aborted) throw new AddrError('ADDR_ERR_IMPORT_INTERRUPTED', [file.name]);
        options.onProgress?.(line);
      }
      const name = r.FULLNAME?.trim() ?? '';
      if (name === '') return skip('no_name', line);
      // A side that cannot be used (no ZIP, a ZIP the reference does not know: 99999) is left out;
      // the record is skipped when neither side is left.
      const usable = (side: Side | RangeSkipReason): Side | RangeSkipReason => (side !== null && typeof side !== 'string' && zipState(side.zip) === null ? 'unknown_zip' : side);
      const left = usable(sideOf(r.LFROMHN, r.LTOHN, r.PARITYL, r.ZIPL));
      const right = usable(sideOf(r.RFROMHN, r.RTOHN, r.PARITYR, r.ZIPR));
      const l = typeof left === 'string' ? null : left;
      const rt = typeof right === 'string' ? null : right;
      const sides = [l, rt].filter((s): s is NonNullable<Side> => s !== null);
      if (sides.length === 0) {
        const why = [left, right].find((s): s is RangeSkipReason => typeof s === 'string');
        return skip(why ?? 'no_range', line);
      }
      if (coords.length < 4) return skip('no_geometry', line);
      const parts = parseStreet(name.toUpperCase());
      if (parts === null) return skip('unparseable_name', line);
      const tlid = r.TLID ?? 0;
      // Keys joined, not written as templates: a template's pieces stay linked strings, ~4 times
      // the memory of one flat string, for every edge and street of the file.
      const key = [tlid, l?.from, l?.to, l?.parity, l?.zip, rt?.from, rt?.to, rt?.parity, rt?.zip].join('|');
      let edge = edges.get(key);
      if (edge === undefined) {
        edge = { id: nextEdge++, names: 0 };
        edges.set(key, edge);
        tlids.add(tlid);
        insertEdge.run(edge.id, sourceId, tlid, l?.from ?? null, l?.to ?? null, l?.parity ?? null, l?.zip ?? null, rt?.from ?? null, rt?.to ?? null, rt?.parity ?? null, rt?.zip ?? null, encodeCoords(coords));
        let minLon = Infinity, maxLon = -Infinity, minLat = Infinity, maxLat = -Infinity;
        for (let i = 0; i < coords.length; i += 2) {
          minLon = Math.min(minLon, coords[i] as number);
          maxLon = Math.max(maxLon, coords[i] as number);
          minLat = Math.min(minLat, coords[i + 1] as number);
          maxLat = Math.max(maxLat, coords[i + 1] as number);
        }
        insertBox.run(edge.id, minLon, maxLon, minLat, maxLat);
      } else summary.alternate_names++;
      const rank = edge.names++;
      for (const s of sides) {
        const state = zipState(s.zip) as string;
        zips.set(s.zip, state);
        const sk = [s.zip, parts.predir, parts.street, parts.suffix, parts.postdir].join('|');
        let sid = streets.get(sk);
        if (sid === undefined) {
          sid = nextStreet++;
          streets.set(sk, sid);
          insertStreet.run(sid, sourceId, parts.predir, parts.street, parts.street_key, parts.suffix, parts.postdir, state, s.zip);
        }
        insertLink.run(sid, edge.id, rank);
      }
      summary.rows_imported++;
    };
    await readAddrfeat(file, onRecord);
    if (options.signal?.aborted) throw new AddrError('ADDR_ERR_IMPORT_INTERRUPTED', [file.name]);
    options.onProgress?.(summary.rows_read);

    // Each street's spans (range-spans.ts), now that its edges are linked: one pass over the source's streets.
    db.prepare(fillSpansSql('source_id = ?')).run(sourceId);
    const insertZip = db.prepare('INSERT INTO range_zips (source_id, zip5, state) VALUES (?, ?, ?)');
    for (const [zip, state] of zips) insertZip.run(sourceId, zip, state);
    summary.edges = tlids.size;
    summary.streets = streets.size;
    summary.states = [...new Set(zips.values())].sort();
    summary.zip_count = zips.size;
    db.prepare(`UPDATE range_sources SET path = @path, content_sha256 = @sha, imported_at = @at, rows_read = @read, rows_imported = @imported,
      rows_skipped = @skipped, edges = @edges, streets = @streets, skipped = @reasons, states = @states, zip_count = @zips WHERE id = @id`).run({
      path: file.path, sha, at: options.now.toISOString(), read: summary.rows_read, imported: summary.rows_imported, skipped: summary.rows_skipped,
      edges: summary.edges, streets: summary.streets, states: summary.states.join(' '), zips: summary.zip_count, id: sourceId,
      reasons: JSON.stringify(Object.fromEntries(Object.entries(summary.skipped).map(([reason, entry]) => [reason, entry.count]))),
    });
    db.exec('COMMIT');
    return summary;
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw err;
  }
}
