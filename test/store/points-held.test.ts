// The point store answers pointsAt and pointsNear three ways: a street's packed value
// (street_points, written by the import) held from its first request; for a street without one
// (a source imported before them), SQL per number on the first request and the street's rows
// held afterwards. All must give the same records, for every kind of number the fixtures hold
// (leading zeros, fractions, letters, units, numbers not there).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlitePointStore } from '../../src/store/points-db.js';
import { importFixtures, pointStoreOf, tempDataDir } from './points-fixtures.js';

let dir: { dir: string; cleanup(): void };
let unpacked: string; // the same database without packed values
let streets: { id: number; numbers: string[]; ints: number[] }[];

beforeAll(async () => {
  dir = tempDataDir();
  await importFixtures(dir.dir, ['sebastopol.oa.csv', 'sebastopol-geom.oa.csv', 'sebastopol-graton-rd.oa.csv', 'graton.geojsonl', 'nad-recent.txt', 'nad-r4.csv']);
  unpacked = mkdtempSync(join(tmpdir(), 'addr-points-unpacked-'));
  copyFileSync(join(dir.dir, 'points.sqlite'), join(unpacked, 'points.sqlite'));
  const db = new Database(join(unpacked, 'points.sqlite'));
  db.exec('DELETE FROM street_points');
  db.close();
  const store = pointStoreOf(dir.dir);
  try {
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM street_points').get()).toEqual(store.db.prepare('SELECT COUNT(*) AS n FROM streets').get());
    const rows = store.db.prepare('SELECT street_id AS id, number, number_int FROM points ORDER BY street_id').all() as { id: number; number: string; number_int: number | null }[];
    const byStreet = new Map<number, { id: number; numbers: string[]; ints: number[] }>();
    for (const r of rows) {
      let s = byStreet.get(r.id);
      if (s === undefined) byStreet.set(r.id, (s = { id: r.id, numbers: [], ints: [] }));
      s.numbers.push(r.number);
      if (r.number_int !== null) s.ints.push(r.number_int);
    }
    streets = [...byStreet.values()];
  } finally {
    store.close();
  }
});

afterAll(() => {
  dir.cleanup();
  rmSync(unpacked, { recursive: true, force: true });
});

// Every number of the street, written with and without leading zeros, its neighbours, and a few not there.
function numbersToAsk(s: { numbers: string[]; ints: number[] }): string[] {
  const out = new Set<string>(['0', '1', 'A', '99999', '000']);
  for (const n of s.numbers) out.add(n).add(`0${n}`).add(n.replace(/^0+(?=\d)/, ''));
  for (const i of s.ints) for (const d of [-3, -2, -1, 1, 2, 3]) if (i + d >= 0) out.add(String(i + d));
  return [...out];
}

/** The answers of `ask` from a fresh store over the packed database, and over the unpacked one on its first and second request. */
function threeWays<T>(ask: (store: SqlitePointStore) => T): { packed: T; sql: T; held: T } {
  const packedStore = pointStoreOf(dir.dir);
  const rowsStore = pointStoreOf(unpacked);
  try {
    return { packed: ask(packedStore), sql: ask(rowsStore), held: ask(rowsStore) };
  } finally {
    packedStore.close();
    rowsStore.close();
  }
}

describe('held streets answer as SQLite does', () => {
  it('pointsAt and pointsNear: packed values, SQL per number, and rows held', () => {
    expect(streets.length).toBeGreaterThan(5);
    let asked = 0;
    for (const s of streets) {
      for (const number of numbersToAsk(s)) {
        const { packed, sql, held } = threeWays((store) => store.pointsAt(s.id, number));
        expect(held, `street ${s.id} number ${number}`).toEqual(sql);
        expect(packed, `street ${s.id} number ${number}`).toEqual(sql);
        if (sql.length > 0) asked++;
      }
      for (const n of [0, ...s.ints, ...s.ints.map((i) => i + 1), 1_000_000]) {
        for (const limit of [1, 3, 12]) {
          const { packed, sql, held } = threeWays((store) => store.pointsNear(s.id, n, limit));
          expect(held, `street ${s.id} near ${n} limit ${limit}`).toEqual(sql);
          expect(packed, `street ${s.id} near ${n} limit ${limit}`).toEqual(sql);
        }
      }
    }
    expect(asked).toBeGreaterThan(50);
  });
});
