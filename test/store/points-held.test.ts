// The point store answers pointsAt and pointsNear from SQLite for a street's first request and
// from the street's points held in memory afterwards: both must give the same records, for every
// kind of number the fixtures hold (leading zeros, fractions, letters, units, numbers not there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlitePointStore } from '../../src/store/points-db.js';
import { importFixtures, pointStoreOf, tempDataDir } from './points-fixtures.js';

let dir: { dir: string; cleanup(): void };
let streets: { id: number; numbers: string[]; ints: number[] }[];

beforeAll(async () => {
  dir = tempDataDir();
  await importFixtures(dir.dir, ['sebastopol.oa.csv', 'sebastopol-geom.oa.csv', 'sebastopol-graton-rd.oa.csv', 'graton.geojsonl', 'nad-recent.txt', 'nad-r4.csv']);
  const store = pointStoreOf(dir.dir);
  try {
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

afterAll(() => dir.cleanup());

// Every number of the street, written with and without leading zeros, its neighbours, and a few not there.
function numbersToAsk(s: { numbers: string[]; ints: number[] }): string[] {
  const out = new Set<string>(['0', '1', 'A', '99999', '000']);
  for (const n of s.numbers) out.add(n).add(`0${n}`).add(n.replace(/^0+(?=\d)/, ''));
  for (const i of s.ints) for (const d of [-3, -2, -1, 1, 2, 3]) if (i + d >= 0) out.add(String(i + d));
  return [...out];
}

describe('held streets answer as SQLite does', () => {
  it('pointsAt and pointsNear, first request (SQL) against later ones (held)', () => {
    expect(streets.length).toBeGreaterThan(5);
    let asked = 0;
    for (const s of streets) {
      for (const number of numbersToAsk(s)) {
        // A fresh store per question: its first request is answered from SQL, the next from memory.
        const fresh: SqlitePointStore = pointStoreOf(dir.dir);
        try {
          const fromSql = fresh.pointsAt(s.id, number);
          fresh.pointsAt(s.id, number);
          expect(fresh.pointsAt(s.id, number), `street ${s.id} number ${number}`).toEqual(fromSql);
          asked++;
        } finally {
          fresh.close();
        }
      }
      for (const n of [0, ...s.ints, ...s.ints.map((i) => i + 1), 1_000_000]) {
        for (const limit of [1, 3, 12]) {
          const fresh: SqlitePointStore = pointStoreOf(dir.dir);
          try {
            const fromSql = fresh.pointsNear(s.id, n, limit);
            fresh.pointsNear(s.id, n, limit);
            expect(fresh.pointsNear(s.id, n, limit), `street ${s.id} near ${n} limit ${limit}`).toEqual(fromSql);
          } finally {
            fresh.close();
          }
        }
      }
    }
    expect(asked).toBeGreaterThan(100);
  });
});
