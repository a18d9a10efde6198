// The importer of TIGER/Line ADDRFEAT address ranges over the Meagher County, MT sample
// (fixtures/tiger, public domain): the zip as shipped, the .shp/.dbf pair and a folder,
// alternate names of one edge, skip reasons, idempotent re-import, a changed file
// replacing its source, an interrupted import leaving nothing, and removal.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import { openRangesDatabase, SqliteRangeStore } from '../../src/store/ranges-db.js';
import { importRanges } from '../../src/store/ranges-import.js';
import type { RangeImportSummary } from '../../src/store/ranges-import.js';
import { openLocalityStore } from '../../src/store/sqlite-locality-store.js';
import type { SqliteLocalityStore } from '../../src/store/sqlite-locality-store.js';
import { addrfeatFiles } from '../../src/store/tiger-reader.js';
import { MEAGHER_ZIP } from './ranges-fixtures.js';


const made: string[] = [];
let locality: SqliteLocalityStore;
let unzipped: string; // the .shp, .dbf and .cpg of the sample, unzipped

function temp(): string {
  const d = mkdtempSync(join(tmpdir(), 'addr-ranges-'));
  made.push(d);
  return d;
}

/** Unzips the sample's shapefile parts into a folder. */
async function unzip(into: string): Promise<void> {
  await new Promise<void>((res, rej) => {
    yauzl.open(MEAGHER_ZIP, { lazyEntries: true }, (err, zip) => {
      if (err !== null) return rej(err);
      zip.on('entry', (e: yauzl.Entry) => {
        if (!/\.(shp|dbf|cpg|shx)$/.test(e.fileName)) return zip.readEntry();
        zip.openReadStream(e, (err2, s) => {
          if (err2 !== null) return rej(err2);
          const parts: Buffer[] = [];
          s.on('data', (b: Buffer) => parts.push(b));
          s.on('end', () => {
            writeFileSync(join(into, e.fileName), Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => res());
      zip.readEntry();
    });
  });
}

async function importInto(dir: string, path: string, signal?: AbortSignal): Promise<RangeImportSummary> {
  const db = openRangesDatabase(dir, true)!;
  try {
    const [file] = await addrfeatFiles([path]);
    return await importRanges(db, { file: file!, locality, now: new Date('2026-03-01T00:00:00Z'), ...(signal ? { signal } : {}) });
  } finally {
    db.close();
  }
}

function storeOf(dir: string): SqliteRangeStore {
  return new SqliteRangeStore(openRangesDatabase(dir, false)!);
}

beforeAll(async () => {
  locality = openLocalityStore(defaultLocalityDbPath());
  unzipped = temp();
  await unzip(unzipped);
});
afterAll(() => {
  locality.close();
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('addr data import: TIGER/Line ADDRFEAT', () => {
  it('imports the county zip as shipped: edges, alternate names, streets by ZIP, skip reasons, coverage', async () => {
    const dir = temp();
    const s = await importInto(dir, MEAGHER_ZIP);
    expect(s).toMatchObject({
      source: 'tl_2021_30059_addrfeat', format: 'tiger-addrfeat', outcome: 'imported',
      rows_read: 677, rows_imported: 675, rows_skipped: 2, edges: 591, alternate_names: 43, states: ['MT'], zip_count: 5,
    });
    // Two records have a range but no ZIP on it; one side with ZIP 99999 (unknown) is left out, its other side kept.
    expect(s.skipped).toEqual({ no_zip: { count: 2, lines: [56, 317] } });
    const store = storeOf(dir);
    try {
      // FULLNAME through the parser and Pub 28: Hwy 360 and State Hwy 360 name one edge (TLID 166706795).
      const hwy = store.streetsInZip('59645', 'STATE HIGHWAY 360');
      expect(hwy).toHaveLength(1);
      const edges = store.edgesOf(hwy[0]!);
      const alt = edges.find((e) => e.tlid === 166706795);
      expect(alt?.left).toEqual({ from: 1101, to: 1199, parity: 'O', zip5: '59645' });
      expect(alt?.right).toBeNull();
      const names = store.db.prepare('SELECT COUNT(*) AS n FROM street_edges WHERE edge_id = ?').get(alt!.id) as { n: number };
      expect(names.n).toBe(2);
      expect(store.streetsInZip('59645', 'MAIN').map((m) => [m.predir, m.street, m.suffix, m.postdir])).toEqual(
        expect.arrayContaining([['E', 'MAIN', 'ST', null], ['W', 'MAIN', 'ST', null], [null, 'MAIN', 'ST', 'W']]),
      );
      // The side in ZIP 99999 is dropped, its other side (59086) kept.
      const smith = store.streetsInZip('59086', 'SMITH CREEK');
      expect(smith.flatMap((st) => store.edgesOf(st)).find((e) => e.tlid === 641198378)).toMatchObject({ left: null, right: { from: 400, to: 498, parity: 'E', zip5: '59086' } });
      expect(store.coversZip('59645')).toBe(true);
      expect(store.coversZip('99999')).toBe(false);
      expect(store.coversState('MT')).toBe(true);
      expect(store.dataVersion()).toBe('ranges:tl_2021_30059_addrfeat');
    } finally {
      store.close();
    }
  });

  it('is idempotent, reads the unzipped pair as the same content, and a changed file replaces its source', async () => {
    const dir = temp();
    await importInto(dir, MEAGHER_ZIP);
    expect((await importInto(dir, MEAGHER_ZIP)).outcome).toBe('unchanged');
    // The same .shp and .dbf outside the zip: the hash is of the decoded parts, not of the zip.
    expect((await importInto(dir, join(unzipped, 'tl_2021_30059_addrfeat.shp'))).outcome).toBe('unchanged');
    // A changed .dbf (Ryan St renamed): the source is replaced whole.
    const changed = temp();
    for (const ext of ['shp', 'shx', 'cpg']) copyFileSync(join(unzipped, `tl_2021_30059_addrfeat.${ext}`), join(changed, `tl_2021_30059_addrfeat.${ext}`));
    const dbf = readFileSync(join(unzipped, 'tl_2021_30059_addrfeat.dbf'));
    writeFileSync(join(changed, 'tl_2021_30059_addrfeat.dbf'), Buffer.from(dbf.toString('latin1').replaceAll('Ryan St', 'Ryon St'), 'latin1'));
    const s = await importInto(dir, changed);
    expect(s).toMatchObject({ outcome: 'replaced', rows_imported: 675 });
    const store = storeOf(dir);
    try {
      expect(store.streetsInZip('59642', 'RYAN').filter((st) => st.suffix === 'ST')).toEqual([]);
      expect(store.streetsInZip('59642', 'RYON').filter((st) => st.suffix === 'ST')).toHaveLength(1);
      expect((store.db.prepare('SELECT COUNT(*) AS n FROM edges').get() as { n: number }).n).toBe(s.rows_imported - s.alternate_names);
      expect(store.listSources()).toHaveLength(1);
    } finally {
      store.close();
    }
  });

  it('an interrupted import keeps nothing of it; remove takes a source away whole', async () => {
    const dir = temp();
    const controller = new AbortController();
    controller.abort();
    await expect(importInto(dir, MEAGHER_ZIP, controller.signal)).rejects.toThrow(/interrupted/);
    let store = storeOf(dir);
    expect(store.listSources()).toEqual([]);
    expect((store.db.prepare('SELECT COUNT(*) AS n FROM edges').get() as { n: number }).n).toBe(0);
    store.close();
    await importInto(dir, MEAGHER_ZIP);
    store = storeOf(dir);
    try {
      expect(store.removeSource('tl_2021_30059_addrfeat')).toBe(true);
      expect(store.removeSource('tl_2021_30059_addrfeat')).toBe(false);
      for (const table of ['edges', 'edges_rtree', 'range_streets', 'street_edges', 'range_zips']) {
        expect((store.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n, table).toBe(0);
      }
    } finally {
      store.close();
    }
  });

  it('names what is wrong with a file that is not an ADDRFEAT shapefile', async () => {
    const dir = temp();
    const notZip = join(dir, 'x.zip');
    writeFileSync(notZip, 'not a zip');
    await expect(addrfeatFiles([notZip])).rejects.toThrow(/not a readable zip file/);
    await expect(addrfeatFiles([join(dir, 'missing.zip')])).rejects.toThrow(/no file/);
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    await expect(addrfeatFiles([empty])).rejects.toThrow(/holds no \.zip or \.shp/);
  });

  it("keeps each street's span of numbers, on import and when a database of the first schema is migrated", async () => {
    // What the span must be: the lowest and highest number of any side of the street's edges.
    const expected = (db: SqliteRangeStore['db']): { id: number; lo: number; hi: number }[] => db.prepare(`
      SELECT se.street_id AS id, MIN(MIN(COALESCE(e.lfrom, e.rfrom), COALESCE(e.lto, e.rto), COALESCE(e.rfrom, e.lfrom), COALESCE(e.rto, e.lto))) AS lo,
        MAX(MAX(COALESCE(e.lfrom, e.rfrom), COALESCE(e.lto, e.rto), COALESCE(e.rfrom, e.lfrom), COALESCE(e.rto, e.lto))) AS hi
      FROM street_edges se JOIN edges e ON e.id = se.edge_id GROUP BY se.street_id ORDER BY se.street_id`).all() as { id: number; lo: number; hi: number }[];
    const spans = (db: SqliteRangeStore['db']): { id: number; lo: number; hi: number }[] =>
      db.prepare('SELECT id, min_n AS lo, max_n AS hi FROM range_streets ORDER BY id').all() as { id: number; lo: number; hi: number }[];
    const dir = temp();
    await importInto(dir, MEAGHER_ZIP);
    let store = storeOf(dir);
    try {
      expect(spans(store.db)).toEqual(expected(store.db));
      expect(spans(store.db).length).toBeGreaterThan(200);
      // E MAIN ST in 59645 spans 100-199 on one edge (and more on others): 150 is among its numbers, 100000 is not.
      expect(store.streetsInStateWithin('MT', 'MAIN', 105, () => true).some((st) => st.predir === 'E' && st.zip5 === '59645')).toBe(true);
      expect(store.streetsInStateWithin('MT', 'MAIN', 100_000, () => true)).toEqual([]);
      // A database of the first schema: the spans dropped and migrations 2 and 3 undone, then applied on open.
      store.db.exec(`DROP TRIGGER street_edges_span; DROP INDEX range_streets_span; ALTER TABLE range_streets DROP COLUMN min_n; ALTER TABLE range_streets DROP COLUMN max_n;
        ALTER TABLE range_streets DROP COLUMN spans; DELETE FROM schema_migrations WHERE version IN (2, 3)`);
    } finally {
      store.close();
    }
    store = storeOf(dir);
    try {
      expect(spans(store.db)).toEqual(expected(store.db));
      expect(store.db.prepare('SELECT COUNT(*) FROM range_streets WHERE spans IS NULL').pluck().get()).toBe(0);
    } finally {
      store.close();
    }
  });
});
