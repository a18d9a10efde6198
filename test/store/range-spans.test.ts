// The spans of a street's edges kept in its row (src/store/range-spans.ts, migration 3 of
// ranges-migrations.ts) over the Meagher County, MT sample (fixtures/tiger): the edges the store
// gives from them are those the edges' rows give, an import and the migration of an older
// database write the same spans, a value that does not fit the fields falls back to
// the rows, and a state lookup filtered by ZIP keeps the unfiltered order.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RangeEdge, RangeSide, RangeStreet } from '../../src/core/ranges/range-store.js';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import { decodeSpans, fillSpansSql } from '../../src/store/range-spans.js';
import { decodeCoords } from '../../src/store/range-edges.js';
import { openRangesDatabase, SqliteRangeStore } from '../../src/store/ranges-db.js';
import { importRanges } from '../../src/store/ranges-import.js';
import { openLocalityStore } from '../../src/store/sqlite-locality-store.js';
import { addrfeatFiles } from '../../src/store/tiger-reader.js';
import { MEAGHER_ZIP } from './ranges-fixtures.js';

type Db = SqliteRangeStore['db'];
interface Row { id: number; tlid: number; lfrom: number | null; lto: number | null; lparity: string | null; lzip: string | null; rfrom: number | null; rto: number | null; rparity: string | null; rzip: string | null; coords: Buffer }

let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'addr-range-spans-'));
  const db = openRangesDatabase(dir, true)!;
  const locality = openLocalityStore(defaultLocalityDbPath());
  try {
    const [file] = await addrfeatFiles([MEAGHER_ZIP]);
    await importRanges(db, { file: file!, locality, now: new Date('2026-03-01T00:00:00Z') });
  } finally {
    db.close();
    locality.close();
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function storeOf(): SqliteRangeStore {
  return new SqliteRangeStore(openRangesDatabase(dir, false)!);
}

const side = (from: number | null, to: number | null, parity: string | null, zip: string | null): RangeSide | null =>
  from === null || to === null || zip === null ? null : { from, to, parity: (parity ?? 'B') as RangeSide['parity'], zip5: zip };

/** A street's edges as the rows of its links give them, by edge id (what the store read before the spans). */
function rowsOf(db: Db, streetId: number, n: number | null): { id: number; tlid: number; left: RangeSide | null; right: RangeSide | null; coords: number[] }[] {
  const holding = n === null ? '' : 'AND (@n BETWEEN min(e.lfrom, e.lto) AND max(e.lfrom, e.lto) OR @n BETWEEN min(e.rfrom, e.rto) AND max(e.rfrom, e.rto))';
  const rows = db.prepare(`SELECT e.* FROM street_edges se JOIN edges e ON e.id = se.edge_id WHERE se.street_id = @s ${holding} ORDER BY se.edge_id`).all({ s: streetId, ...(n === null ? {} : { n }) }) as Row[];
  return rows.map((r) => ({ id: r.id, tlid: r.tlid, left: side(r.lfrom, r.lto, r.lparity, r.lzip), right: side(r.rfrom, r.rto, r.rparity, r.rzip), coords: [...decodeCoords(r.coords)] }));
}

const plain = (edges: readonly RangeEdge[]): ReturnType<typeof rowsOf> => edges.map((e) => ({ id: e.id, tlid: e.tlid, left: e.left, right: e.right, coords: [...e.coords] }));

/** Numbers around each end of each side of a street's edges, and one far outside. */
function numbersOf(edges: ReturnType<typeof rowsOf>): number[] {
  const out = new Set<number>([0, 999_999]);
  for (const e of edges) for (const s of [e.left, e.right]) if (s !== null) for (const v of [s.from, s.to, Math.floor((s.from + s.to) / 2)]) for (const d of [-1, 0, 1]) out.add(v + d);
  return [...out];
}

const allStreets = (db: Db): RangeStreet[] => db.prepare('SELECT id, predir, street, suffix, postdir, state, zip5 FROM range_streets ORDER BY id').all() as RangeStreet[];

describe('the spans of a street in its row', () => {
  it("give every street's edges, and those holding each number, as the edges' rows do", () => {
    const store = storeOf();
    try {
      const streets = allStreets(store.db);
      expect(streets.length).toBeGreaterThan(200);
      let compared = 0;
      for (const s of streets) {
        const rows = rowsOf(store.db, s.id, null);
        expect(rows.length).toBeGreaterThan(0);
        expect(plain(store.edgesOf(s))).toEqual(rows);
        for (const n of numbersOf(rows)) {
          expect(plain(store.edgesHolding(s, n))).toEqual(rowsOf(store.db, s.id, n));
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(2_000);
      // The same through the store's own lookup (the spans read with the street, not again by id).
      const main = store.streetsInZip('59645', 'MAIN').find((st) => st.predir === 'E')!;
      expect(plain(store.edgesHolding(main, 105))).toEqual(rowsOf(store.db, main.id, 105));
      expect(store.edgesHolding(main, 105).length).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  });

  it("give each edge's own TLID and line when asked again, in any order (the store keeps recent lines)", () => {
    const store = storeOf();
    try {
      const rows = store.db.prepare('SELECT id, tlid, coords FROM edges ORDER BY id').all() as Pick<Row, 'id' | 'tlid' | 'coords'>[];
      expect(rows.length).toBeGreaterThan(200);
      const want = (r: Pick<Row, 'tlid' | 'coords'>): { tlid: number; line: number[] } => ({ tlid: r.tlid, line: [...decodeCoords(r.coords)] });
      const got = (id: number): { tlid: number; line: number[] } => {
        const { tlid, line } = store.lineOf(id);
        return { tlid, line: [...line] };
      };
      for (const r of rows) expect(got(r.id)).toEqual(want(r));
      for (const r of [...rows].reverse()) expect(got(r.id)).toEqual(want(r));
      for (let i = 0; i < rows.length; i += 7) expect(got(rows[i]!.id)).toEqual(want(rows[i]!));
      // The edges a street's lookup makes anew carry the same lines.
      const main = store.streetsInZip('59645', 'MAIN').find((st) => st.predir === 'E')!;
      for (let round = 0; round < 2; round++) expect(plain(store.edgesHolding(main, 105))).toEqual(rowsOf(store.db, main.id, 105));
      expect(() => store.lineOf(rows[rows.length - 1]!.id + 1_000)).toThrow(/missing/);
    } finally {
      store.close();
    }
  });

  it('decode every field at its extremes: ids past 32 bits, numbers up to the largest kept, ZIPs with leading zeros', () => {
    const edge = (id: number, lf: number, lt: number, rf: number, rt: number, lz: number, rz: number, lp: string | null, rp: string | null): Buffer => {
      const b = Buffer.alloc(34);
      b.writeUInt32BE(Math.floor(id / 0x1_0000_0000), 0);
      b.writeUInt32BE(id % 0x1_0000_0000, 4);
      [lf, lt, rf, rt, lz, rz].forEach((v, i) => b.writeUInt32BE(v, 8 + 4 * i));
      b[32] = lp === null ? 0 : lp.charCodeAt(0);
      b[33] = rp === null ? 0 : rp.charCodeAt(0);
      return b;
    };
    const big = 2_147_483_646;
    const spans = Buffer.concat([edge(2 ** 40 + 7, big, 1, 0, 255, 501, 99_950, 'O', 'B'), edge(3, 16_777_216, 16_777_215, 65_536, 256, 2108, 0, 'E', null)]);
    expect(decodeSpans(spans, null)).toEqual([
      { id: 3, left: { from: 16_777_216, to: 16_777_215, parity: 'E', zip5: '02108' }, right: null },
      { id: 2 ** 40 + 7, left: { from: big, to: 1, parity: 'O', zip5: '00501' }, right: { from: 0, to: 255, parity: 'B', zip5: '99950' } },
    ]);
    expect(decodeSpans(spans, big).map((e) => e.id)).toEqual([2 ** 40 + 7]);
    expect(decodeSpans(spans, 16_777_215).map((e) => e.id)).toEqual([3, 2 ** 40 + 7]);
    expect(decodeSpans(spans, 300).map((e) => e.id)).toEqual([2 ** 40 + 7]);
    expect(decodeSpans(spans, big + 1)).toEqual([]);
  });

  it('are written the same by an import and by the migration of an older database', () => {
    const decoded = (db: Db): [number, ReturnType<typeof decodeSpans>][] =>
      (db.prepare('SELECT id, spans FROM range_streets ORDER BY id').raw(true).all() as [number, Buffer][]).map(([id, b]) => [id, decodeSpans(b, null)]);
    let store = storeOf();
    let imported: ReturnType<typeof decoded>;
    try {
      imported = decoded(store.db);
      expect(imported.every(([, edges]) => edges.length > 0)).toBe(true);
      // A database of the second schema: the spans dropped, migration 3 undone, then applied on open.
      store.db.exec(`DROP INDEX range_streets_span; ALTER TABLE range_streets DROP COLUMN spans;
        CREATE INDEX range_streets_span ON range_streets (state, street_key, min_n, max_n);
        DELETE FROM schema_migrations WHERE version = 3`);
    } finally {
      store.close();
    }
    store = storeOf();
    try {
      expect(decoded(store.db)).toEqual(imported);
    } finally {
      store.close();
    }
  });

  it('that do not fit their fields leave the street to its rows, with the same answers', () => {
    const db = openRangesDatabase(dir, false)!;
    const rebuild = db.prepare(fillSpansSql('id = ?'));
    const street = (db.prepare("SELECT id FROM range_streets WHERE zip5 = '59645' AND street_key = 'MAIN' AND predir = 'E'").get() as { id: number }).id;
    const [first] = rowsOf(db, street, null);
    const end = first!.left !== null ? 'lto' : 'rto';
    const was = first!.left !== null ? first!.left.to : first!.right!.to;
    // A range whose end is past the 32-bit fields: the street's spans are marked inexact.
    db.prepare(`UPDATE edges SET ${end} = 3000000000 WHERE id = ?`).run(first!.id);
    rebuild.run(street);
    db.close();
    const store = storeOf();
    try {
      const fresh = store.streetsInZip('59645', 'MAIN').find((st) => st.id === street)!;
      for (const n of [2_999_999_999, 150, 105]) expect(plain(store.edgesHolding(fresh, n))).toEqual(rowsOf(store.db, street, n));
      expect(store.edgesHolding(fresh, 2_999_999_999).map((e) => e.id)).toEqual([first!.id]);
      expect(plain(store.edgesOf(fresh))).toEqual(rowsOf(store.db, street, null));
    } finally {
      store.close();
    }
    const restore = openRangesDatabase(dir, false)!;
    restore.prepare(`UPDATE edges SET ${end} = ? WHERE id = ?`).run(was, first!.id);
    restore.prepare(fillSpansSql('id = ?')).run(street);
    restore.close();
  });

  it('answer a state lookup of a number as its index query does, from the entries of the key kept or per number', () => {
    // What the store asked before it kept a key's entries: the index narrowed to the number.
    const want = (db: Db, state: string, key: string, n: number | null): RangeStreet[] =>
      db.prepare(`SELECT id, predir, street, suffix, postdir, state, zip5 FROM range_streets INDEXED BY range_streets_span
        WHERE state = ? AND street_key = ? AND (? IS NULL OR min_n <= ? AND max_n >= ?) ORDER BY min_n, max_n, id`).all(state, key, n, n, n) as RangeStreet[];
    const keysOf = (db: Db): { state: string; street_key: string; count: number }[] =>
      db.prepare('SELECT state, street_key, count(*) AS count FROM range_streets GROUP BY state, street_key ORDER BY count DESC, street_key').all() as { state: string; street_key: string; count: number }[];
    const numbers = (db: Db, state: string, key: string): number[] => {
      const spans = db.prepare('SELECT min_n, max_n FROM range_streets WHERE state = ? AND street_key = ?').raw(true).all(state, key) as [number, number][];
      return [...new Set(spans.flatMap(([lo, hi]) => [lo - 1, lo, lo + 1, Math.floor((lo + hi) / 2), hi - 1, hi, hi + 1]))];
    };
    const check = (store: SqliteRangeStore, keys: readonly { state: string; street_key: string }[]): number => {
      let asked = 0;
      for (let round = 0; round < 2; round++) {
        for (const { state, street_key: key } of keys) {
          for (const n of [null, ...numbers(store.db, state, key)]) {
            const all = want(store.db, state, key, n);
            expect(store.streetsInStateWithin(state, key, n, () => true)).toEqual(all);
            const zip = all[0]?.zip5;
            expect(store.streetsInStateWithin(state, key, n, (z) => z === zip)).toEqual(all.filter((s) => s.zip5 === zip));
            asked += all.length;
          }
        }
      }
      return asked;
    };
    let store = storeOf();
    const keys = keysOf(store.db);
    expect(keys[0]!.count).toBeGreaterThan(2);
    try {
      expect(check(store, keys.slice(0, 60))).toBeGreaterThan(100);
    } finally {
      store.close();
    }
    // Keys of more entries than kept are asked per number; so is a key with a bound that is not a safe integer.
    store = new SqliteRangeStore(openRangesDatabase(dir, false)!, 2);
    try {
      expect(check(store, keys.filter((k) => k.count > 2).slice(0, 10))).toBeGreaterThan(20);
    } finally {
      store.close();
    }
    const db = openRangesDatabase(dir, false)!;
    const { state, street_key: key } = keys[0]!;
    const odd = db.prepare('SELECT id, min_n, max_n FROM range_streets WHERE state = ? AND street_key = ? ORDER BY id LIMIT 2').raw(true).all(state, key) as [number, number, number][];
    db.prepare('UPDATE range_streets SET max_n = ? WHERE id = ?').run(String(odd[0]![2]), odd[0]![0]); // text sorts above every number
    db.prepare('UPDATE range_streets SET min_n = ? WHERE id = ?').run(odd[1]![1] + 0.5, odd[1]![0]);
    db.close();
    store = storeOf();
    try {
      expect(check(store, [keys[0]!])).toBeGreaterThan(0);
    } finally {
      store.db.prepare('UPDATE range_streets SET max_n = ? WHERE id = ?').run(odd[0]![2], odd[0]![0]);
      store.db.prepare('UPDATE range_streets SET min_n = ? WHERE id = ?').run(odd[1]![1], odd[1]![0]);
      store.close();
    }
  });

  it('let a state lookup keep only the ZIPs asked about, in the order of the whole answer', () => {
    const store = storeOf();
    try {
      const all = store.streetsInStateWithin('MT', 'MAIN', 105, () => true);
      expect(new Set(all.map((s) => s.zip5)).size).toBeGreaterThan(1);
      const zip = all[all.length - 1]!.zip5;
      expect(store.streetsInStateWithin('MT', 'MAIN', 105, (z) => z === zip)).toEqual(all.filter((s) => s.zip5 === zip));
      expect(store.streetsInStateWithin('MT', 'MAIN', 105, () => false)).toEqual([]);
    } finally {
      store.close();
    }
  });
});
