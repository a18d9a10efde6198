/**
 * The range database, `ranges.sqlite` in the data directory (WAL, migrations
 * in ranges-migrations.ts): opening it, the RangeStore port the engine reads
 * (src/core/ranges/range-store.ts), and what `addr data status` and
 * `addr data remove` need. Imports are in ranges-import.ts, the edges it hands out in
 * range-edges.ts.
 *
 * Memory: only the covered ZIPs and states are held (at most the ~42,000 ZIPs of
 * the country); streets, edges and the R*Tree are read from disk per lookup,
 * with bounded caches of recent answers (RECENT_STREETS streets' edges, RECENT_LOOKUPS
 * street lookups, RECENT_ZIP_KEY_NAMES of ZIPs' street names, RECENT_LINES edges' lines, RECENT_STATE_KEY_ENTRIES
 * keys' index entries in a state, RECENT_ROWS streets read by id; a street's spans,
 * range-spans.ts, are kept with the street object and go with it): the memory does
 * not grow with the data (docs/data.md, "Memory at national scale").
 *
 * A lookup of a number reads the street's row with its spans (one index search), decides
 * from the spans which edges hold the number, and reads an edge's row only for the line
 * of the edge an answer uses (docs/performance.md, "The range layer at national scale").
 */
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { projectOnto } from '../core/ranges/edge-geometry.js';
import type { KeyScope, NearEdge, RangeEdge, RangeSide, RangeStore, RangeStreet } from '../core/ranges/range-store.js';
import { AreaKeyCache } from '../core/util/area-key-cache.js';
import { endReadTurn, openDataDb, readInTurn } from './data-db-file.js';
import { decodeCoords, edgeOf, SpanEdge } from './range-edges.js';
import type { EdgeRow } from './range-edges.js';
import { decodeSpans, spansExact } from './range-spans.js';
import { RANGE_MIGRATIONS } from './ranges-migrations.js';
import { ZipSet } from './zip-set.js';
import { zipNumber } from '../core/util/zip-number.js';
import { intern, internOrNull } from '../core/util/intern.js';

/** The file name of the range database in the data directory. */
export const RANGES_DB_FILE = 'ranges.sqlite';

const METERS_PER_DEGREE = 111_320;
const RECENT_STREETS = 2_000; // streets whose edges are kept (a batch asks the same streets again and again)
const RECENT_LOOKUPS = 20_000; // answers of streetsInZip, and as many of streetsInState, kept (each a short list)
// The street keys of the ZIPs a misspelling was looked for in, kept up to this many keys in all
// (~10 MB; a ZIP has a few to a few hundred): a batch's addresses come back to their cities' ZIPs,
// and a big city's are many to read again for every misspelled or unknown street.
const RECENT_ZIP_KEY_NAMES = 200_000;
// Edges whose TLID and line are kept (a few vertices each, ~200 bytes): the addresses of a block share
// its edge, and a lookup makes its edges anew from the street's spans.
const RECENT_LINES = 20_000;
// The index entries (lowest and highest number, id, ZIP) of a street key in a state, kept for keys
// of at most STATE_KEY_ENTRIES streets, RECENT_STATE_KEY_ENTRIES entries in all (~40 bytes each,
// ~8 MB): a lookup by state of a number then filters them in memory instead of asking the index
// again. A key of more streets is asked per number, as the index narrows it to the streets that
// span it. At national scale common names have hundreds of streets in a state: kept up to 512,
// validation with 5,000,000 edges and 10,000,000 points cost ~5% less than up to 16
// (docs/performance.md, "The range layer at national scale").
const RECENT_STATE_KEY_ENTRIES = 200_000;
const STATE_KEY_ENTRIES = 512;
// Streets a lookup by state read, by id (their rows, ~100 bytes; the spans of those whose edges were
// asked, a few hundred more): the streets of a common name around a city, for a number none of them
// holds, are many, and at national scale a batch's cities ask tens of thousands (10,000 kept made
// addresses on streets the ranges lack cost ~1.5x as much with 5,000,000 edges).
const RECENT_ROWS = 50_000;
/** The heap an open range store may keep, in MB (its bounded caches above, and a street's spans): see open-engine.ts engineHeapMb. */
export const RANGE_STORE_HEAP_MB = 96;
const NEAR_CANDIDATES = 256; // edges whose boxes touch a search window, read for their exact distance
const NEAR_FIRST_M = 60; // half-width of the first search window (reverse geocoding)

/** One imported range source as `addr data status` lists it. */
export interface RangeSourceInfo {
  name: string; path: string | null; format: string; content_sha256: string; imported_at: string;
  rows_read: number; rows_imported: number; rows_skipped: number; edges: number; streets: number;
  skipped: Record<string, number>; states: string[]; zip_count: number;
}

/** The path of the range database in a data directory. */
export function rangesDbPath(dataDir: string): string {
  return join(dataDir, RANGES_DB_FILE);
}

/** Opens (creating and migrating when `create`) the range database of `dataDir`; null when it does not exist and `create` is false. */
export function openRangesDatabase(dataDir: string, create: boolean): Database.Database | null {
  return openDataDb(dataDir, rangesDbPath(dataDir), create, RANGE_MIGRATIONS, 'ADDR_ERR_RANGES_DB');
}

/** Deletes every row of a source but its range_sources row (a replace or a remove, inside the caller's transaction). */
export function deleteRangeSourceRows(db: Database.Database, sourceId: number): void {
  db.prepare('DELETE FROM edges_rtree WHERE id IN (SELECT id FROM edges WHERE source_id = ?)').run(sourceId);
  db.prepare('DELETE FROM street_edges WHERE edge_id IN (SELECT id FROM edges WHERE source_id = ?)').run(sourceId);
  db.prepare('DELETE FROM edges WHERE source_id = ?').run(sourceId);
  db.prepare('DELETE FROM range_streets WHERE source_id = ?').run(sourceId);
  db.prepare('DELETE FROM range_zips WHERE source_id = ?').run(sourceId);
}

/** An entry of range_streets_span: id, ZIP, lowest and highest number of a street. */
type StateKeyEntry = [number, string, number | null, number | null];
/**
 * The index entries of a key in a state, scanned for every lookup of a number: per entry, its
 * lowest and highest number, id and ZIP as a number (zip-number.ts), side by side in one array
 * (ENTRY_FIELDS numbers an entry), and the ZIPs as text beside. The entries of a batch's keys are
 * many and seldom in the CPU's caches: one array read in order, not one per field, is what a
 * lookup waits for (docs/performance.md, "The range layer at national scale").
 */
interface KeyEntries { nums: Float64Array; zips: string[] }
const ENTRY_FIELDS = 4;

const STREET_COLUMNS = 'id, predir, street, suffix, postdir, state, zip5';

/** A row of STREET_COLUMNS and the street's spans, in their order. */
type StreetRow = [number, string | null, string, string | null, string | null, string, string, Buffer | null];
// A street's row without its spans (read when its edges are: spansOf).
type BareStreetRow = [number, string | null, string, string | null, string | null, string, string];
const EDGE_COLUMNS = 'e.id, e.tlid, e.lfrom, e.lto, e.lparity, e.lzip, e.rfrom, e.rto, e.rparity, e.rzip, e.coords';

/** The range layer over ranges.sqlite. */
export class SqliteRangeStore implements RangeStore {
  private readonly zips = new ZipSet(); // asked for every address: by number (zip-set.ts)
  private readonly states = new Set<string>();
  private readonly version: string;
  private readonly recent = new Map<number, RangeEdge[]>();
  private readonly inZip = new AreaKeyCache<RangeStreet[]>(RECENT_LOOKUPS);
  private readonly inState = new AreaKeyCache<RangeStreet[]>(RECENT_LOOKUPS);
  private readonly zipKeys = new AreaKeyCache<string[]>(RECENT_ZIP_KEY_NAMES, (keys) => keys.length + 1);
  private readonly lines = new Map<number, { tlid: number; line: Float64Array }>();
  // entriesOf answers; null: too many entries, or some not a safe integer (asked per number).
  private readonly stateKeys = new AreaKeyCache<KeyEntries | null>(RECENT_STATE_KEY_ENTRIES, (entries) => (entries?.zips.length ?? 0) + 1);
  private readonly byId = new Map<number, RangeStreet>(); // streetById
  // The spans (range-spans.ts) of the streets this store returned, kept as long as the street is (by
  // a caller, or in `inZip` and `inState`); null: inexact, the edges' rows are read.
  private readonly spans = new WeakMap<RangeStreet, Buffer | null>();
  private readonly stmts;

  /** `stateKeyEntries`: the most entries of a key in a state kept (STATE_KEY_ENTRIES; tests ask fewer). */
  constructor(readonly db: Database.Database, private readonly stateKeyEntries = STATE_KEY_ENTRIES) {
    for (const r of db.prepare<[], { zip5: string; state: string }>('SELECT DISTINCT zip5, state FROM range_zips').all()) {
      this.zips.add(r.zip5);
      this.states.add(r.state);
    }
    const names = db.prepare<[], { name: string }>('SELECT name FROM range_sources ORDER BY name').all().map((r) => r.name);
    this.version = `ranges:${names.join(',')}`;
    this.stmts = {
      // The streets with their spans: the edges holding a number are then found without another read.
      inZip: db.prepare<[string, string], StreetRow>(`SELECT ${STREET_COLUMNS}, spans FROM range_streets WHERE zip5 = ? AND street_key = ?`).raw(true),
      inState: db.prepare<[string, string], StreetRow>(`SELECT ${STREET_COLUMNS}, spans FROM range_streets INDEXED BY range_streets_span
        WHERE state = ? AND street_key = ? ORDER BY min_n, max_n, id, zip5`).raw(true),
      // From the index alone (range_streets_span covers id and zip5, ranges-migrations.ts): the rows of a
      // common name in a large state are read only for the ZIPs asked about.
      holdingIds: db.prepare<[string, string, number, number], [number, string]>(`SELECT id, zip5 FROM range_streets INDEXED BY range_streets_span
        WHERE state = ? AND street_key = ? AND min_n <= ? AND max_n >= ?`).raw(true),
      // The same entries for every number, in the same (index) order, at most STATE_KEY_ENTRIES + 1.
      stateKey: db.prepare<[string, string, number], StateKeyEntry>(`SELECT id, zip5, min_n, max_n FROM range_streets INDEXED BY range_streets_span
        WHERE state = ? AND street_key = ? ORDER BY min_n, max_n, id, zip5 LIMIT ?`).raw(true),
      byId: db.prepare<[number], BareStreetRow>(`SELECT ${STREET_COLUMNS} FROM range_streets WHERE id = ?`).raw(true),
      keysInZip: db.prepare<[string], string>('SELECT DISTINCT street_key FROM range_streets WHERE zip5 = ?').pluck(true),
      spans: db.prepare<[number], Buffer | null>('SELECT spans FROM range_streets WHERE id = ?').pluck(true), // a street another query returned
      line: db.prepare<[number], [number, Buffer]>('SELECT tlid, coords FROM edges WHERE id = ?').raw(true),
      edges: db.prepare<[number], EdgeRow>(`SELECT ${EDGE_COLUMNS} FROM street_edges se JOIN edges e ON e.id = se.edge_id WHERE se.street_id = ?`).raw(true),
      // The number tested in SQL: the edges of a long street are not made into objects to be let go.
      holding: db.prepare<[{ s: number; n: number }], EdgeRow>(`SELECT ${EDGE_COLUMNS} FROM street_edges se JOIN edges e ON e.id = se.edge_id WHERE se.street_id = @s
        AND (@n BETWEEN min(e.lfrom, e.lto) AND max(e.lfrom, e.lto) OR @n BETWEEN min(e.rfrom, e.rto) AND max(e.rfrom, e.rto))`).raw(true),
      boxes: db.prepare<[number, number, number, number, number], EdgeRow>(`SELECT ${EDGE_COLUMNS} FROM edges_rtree t JOIN edges e ON e.id = t.id
        WHERE t.max_lon >= ? AND t.min_lon <= ? AND t.max_lat >= ? AND t.min_lat <= ? LIMIT ?`).raw(true),
      namesOf: db.prepare<[number], RangeStreet>(`SELECT s.id, s.predir, s.street, s.suffix, s.postdir, s.state, s.zip5 FROM street_edges se JOIN range_streets s ON s.id = se.street_id
        WHERE se.edge_id = ? ORDER BY se.name_rank, s.id`),
      // Type-ahead, each by its index (range_streets_key, _state, _zip) in key order: a keystroke reads at most `limit` rows.
      keyRange: db.prepare<[string, string, number], RangeStreet>(`SELECT ${STREET_COLUMNS} FROM range_streets WHERE street_key >= ? AND street_key < ? ORDER BY street_key LIMIT ?`),
      keyRangeState: db.prepare<[string, string, string, number], RangeStreet>(`SELECT ${STREET_COLUMNS} FROM range_streets WHERE state = ? AND street_key >= ? AND street_key < ? ORDER BY street_key LIMIT ?`),
      keyRangeZip: db.prepare<[string, string, string, number], RangeStreet>(`SELECT ${STREET_COLUMNS} FROM range_streets WHERE zip5 = ? AND street_key >= ? AND street_key < ? ORDER BY street_key LIMIT ?`),
    };
  }

  coversZip(zip5: string): boolean {
    return this.zips.has(zip5);
  }

  coversState(state: string): boolean {
    return this.states.has(state);
  }

  /** The streets of rows, each with its spans (when read with it) kept for the edgesHolding or edgesOf that follows. */
  private streetsOf(rows: readonly (StreetRow | BareStreetRow)[]): RangeStreet[] {
    return rows.map((r) => {
      // The short fields interned (core/util/intern.ts): compared with the parser's for every street weighed.
      const street: RangeStreet = { id: r[0], predir: internOrNull(r[1]), street: r[2], suffix: internOrNull(r[3]), postdir: internOrNull(r[4]), state: intern(r[5]), zip5: intern(r[6]) };
      if (r.length > 7) {
        const b = (r as StreetRow)[7];
        this.spans.set(street, b !== null && spansExact(b) ? b : null);
      }
      return street;
    });
  }

  streetsInZip(zip5: string, key: string): RangeStreet[] {
    if (!this.zips.has(zip5)) return [];
    return this.inZip.get(zip5, key, () => {
      readInTurn(this.db);
      return this.streetsOf(this.stmts.inZip.all(zip5, key));
    });
  }

  /** Every street of a key in a state (in the order of streetsInStateWithin), remembered. */
  private streetsInState(state: string, key: string): RangeStreet[] {
    return this.inState.get(state, key, () => {
      readInTurn(this.db);
      return this.streetsOf(this.stmts.inState.all(state, key));
    });
  }

  /** The index entries of a key in a state when there are at most stateKeyEntries, all safe integers; else null. */
  private entriesOf(state: string, key: string): KeyEntries | null {
    return this.stateKeys.get(state, key, () => {
      readInTurn(this.db);
      const rows = this.stmts.stateKey.all(state, key, this.stateKeyEntries + 1);
      if (rows.length > this.stateKeyEntries || !rows.every((r) => Number.isSafeInteger(r[2]) && Number.isSafeInteger(r[3]))) return null;
      const nums = new Float64Array(rows.length * ENTRY_FIELDS);
      rows.forEach(([id, zip5, low, high], i) => nums.set([low as number, high as number, id, zipNumber(zip5)], i * ENTRY_FIELDS));
      return { nums, zips: rows.map((r) => r[1]) };
    });
  }

  streetsInStateWithin(state: string, key: string, n: number | null, within: (zip5: string, zip: number) => boolean): RangeStreet[] {
    if (!this.states.has(state)) return [];
    const entries = this.entriesOf(state, key);
    // A key of too many streets in the state: those holding the number from the index, else all of them.
    if (entries === null && n === null) return this.streetsInState(state, key).filter((s) => within(s.zip5, zipNumber(s.zip5)));
    readInTurn(this.db);
    const streets: RangeStreet[] = [];
    const keep = (id: number, zip5: string, zip: number): void => {
      if (!within(zip5, zip)) return;
      const street = this.streetById(id);
      if (street !== undefined) streets.push(street);
    };
    if (entries === null) {
      for (const [id, zip5] of this.stmts.holdingIds.all(state, key, n as number, n as number)) keep(id, zip5, zipNumber(zip5));
      return streets;
    }
    const { nums, zips } = entries;
    for (let at = 0, i = 0; at < nums.length; at += ENTRY_FIELDS, i++) {
      if (n !== null) {
        if ((nums[at] as number) > n) break; // by lowest number: none after spans n
        if ((nums[at + 1] as number) < n) continue;
      }
      keep(nums[at + 2] as number, zips[i] as string, nums[at + 3] as number);
    }
    return streets;
  }

  /** A street by id (its spans read when its edges are), remembered (the oldest forgotten first past RECENT_ROWS). */
  private streetById(id: number): RangeStreet | undefined {
    const held = this.byId.get(id);
    if (held !== undefined) return held;
    const row = this.stmts.byId.get(id);
    if (row === undefined) return undefined;
    const [street] = this.streetsOf([row]) as [RangeStreet];
    if (this.byId.size >= RECENT_ROWS) this.byId.delete(this.byId.keys().next().value as number);
    this.byId.set(id, street);
    return street;
  }

  streetKeysInZip(zip5: string): string[] {
    if (!this.zips.has(zip5)) return [];
    return this.zipKeys.get(zip5, '', () => {
      readInTurn(this.db);
      return this.stmts.keysInZip.all(zip5);
    });
  }

  /** The TLID and line of an edge (a SpanEdge's, when first asked for). */
  lineOf(edgeId: number): { tlid: number; line: Float64Array } {
    const held = this.lines.get(edgeId);
    if (held !== undefined) return held;
    readInTurn(this.db);
    const row = this.stmts.line.get(edgeId);
    if (row === undefined) throw new Error(`ranges.sqlite: edge ${edgeId} of a street's spans is missing`);
    const read = { tlid: row[0], line: decodeCoords(row[1]) };
    if (this.lines.size >= RECENT_LINES) this.lines.delete(this.lines.keys().next().value as number);
    this.lines.set(edgeId, read);
    return read;
  }

  /** The street's spans when they can be read (range-spans.ts), else null: its edges' rows are read instead. */
  private spansOf(street: RangeStreet): Buffer | null {
    const kept = this.spans.get(street);
    if (kept !== undefined) return kept;
    readInTurn(this.db);
    const b = this.stmts.spans.get(street.id) ?? null;
    const exact = b !== null && spansExact(b) ? b : null;
    this.spans.set(street, exact);
    return exact;
  }

  edgesOf(street: RangeStreet): RangeEdge[] {
    const streetId = street.id;
    const held = this.recent.get(streetId);
    if (held !== undefined) return held;
    const spans = this.spansOf(street);
    readInTurn(this.db);
    const edges = spans !== null ? decodeSpans(spans, null).map((e) => new SpanEdge(e, this)) : this.stmts.edges.all(streetId).map(edgeOf);
    if (this.recent.size >= RECENT_STREETS) this.recent.delete(this.recent.keys().next().value as number);
    this.recent.set(streetId, edges);
    return edges;
  }

  edgesHolding(street: RangeStreet, n: number): RangeEdge[] {
    const streetId = street.id;
    const held = this.recent.get(streetId);
    const spans = (side: RangeSide | null): boolean => side !== null && n >= Math.min(side.from, side.to) && n <= Math.max(side.from, side.to);
    if (held !== undefined) return held.filter((e) => spans(e.left) || spans(e.right));
    const b = this.spansOf(street);
    if (b !== null) return decodeSpans(b, n).map((e) => new SpanEdge(e, this));
    readInTurn(this.db);
    return this.stmts.holding.all({ s: streetId, n }).map(edgeOf);
  }

  nearestEdges(lat: number, lon: number, limit: number, maxMeters: number): NearEdge[] {
    // Windows that grow (NEAR_FIRST_M, x4 ...) until `limit` edges lie within the window's
    // half-width (an edge passing nearer crosses the window, so its box is among those read).
    readInTurn(this.db);
    const kLon = METERS_PER_DEGREE * Math.max(0.01, Math.cos((lat * Math.PI) / 180));
    for (let half = Math.min(NEAR_FIRST_M, maxMeters); ; half = Math.min(half * 4, maxMeters)) {
      const dLat = half / METERS_PER_DEGREE;
      const dLon = half / kLon;
      const hits: { edge: RangeEdge; meters: number }[] = [];
      const rows = this.stmts.boxes.all(lon - dLon, lon + dLon, lat - dLat, lat + dLat, NEAR_CANDIDATES);
      for (const r of rows) {
        const edge = edgeOf(r);
        const meters = projectOnto(edge.coords, lat, lon).meters;
        if (meters <= maxMeters) hits.push({ edge, meters });
      }
      hits.sort((a, b) => a.meters - b.meters);
      const sure = hits.length >= limit && (hits[limit - 1] as { meters: number }).meters <= half;
      // A window holding more boxes than are read is answered from those read (a dense block; the
      // smallest window is a few lots wide, so this is rare and the answer still near).
      if (sure || half >= maxMeters || rows.length >= NEAR_CANDIDATES) {
        return hits.slice(0, limit).map((h) => ({ ...h, streets: this.stmts.namesOf.all(h.edge.id) }));
      }
    }
  }

  streetsByKeyRange(from: string, to: string, scope: KeyScope, limit: number): RangeStreet[] {
    if (from >= to || limit <= 0) return [];
    if (scope.zip5 !== null && !this.zips.has(scope.zip5)) return [];
    if (scope.zip5 === null && scope.state !== null && !this.states.has(scope.state)) return [];
    readInTurn(this.db);
    if (scope.zip5 !== null) return this.stmts.keyRangeZip.all(scope.zip5, from, to, limit);
    if (scope.state !== null) return this.stmts.keyRangeState.all(scope.state, from, to, limit);
    return this.stmts.keyRange.all(from, to, limit);
  }

  dataVersion(): string {
    return this.version;
  }

  /** Every imported source, by name. */
  listSources(): RangeSourceInfo[] {
    type Row = Omit<RangeSourceInfo, 'skipped' | 'states'> & { skipped: string; states: string };
    return this.db.prepare<[], Row>('SELECT name, path, format, content_sha256, imported_at, rows_read, rows_imported, rows_skipped, edges, streets, skipped, states, zip_count FROM range_sources ORDER BY name').all()
      .map((r) => ({ ...r, skipped: JSON.parse(r.skipped) as Record<string, number>, states: r.states === '' ? [] : r.states.split(' ') }));
  }

  /** Removes a source in one transaction; false when there is none of that name. */
  removeSource(name: string): boolean {
    const row = this.db.prepare<[string], { id: number }>('SELECT id FROM range_sources WHERE name = ?').get(name);
    if (row === undefined) return false;
    endReadTurn(this.db);
    this.db.transaction(() => {
      deleteRangeSourceRows(this.db, row.id);
      this.db.prepare('DELETE FROM range_sources WHERE id = ?').run(row.id);
    })();
    return true;
  }

  close(): void {
    endReadTurn(this.db);
    this.db.close();
  }
}

/** The range store of a data directory, or null when nothing was imported there. */
export function openRangeStore(dataDir: string): SqliteRangeStore | null {
  const db = openRangesDatabase(dataDir, false);
  return db === null ? null : new SqliteRangeStore(db);
}
