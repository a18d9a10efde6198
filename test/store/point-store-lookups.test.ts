// The point store's lookups over imported fixtures (src/store/points-db.ts): nearest points of a
// position, points of a street and number, and the street names of a ZIP.
import { describe, expect, it } from 'vitest';
import { dataDirPerTest, importFixtures, pointStoreOf } from './points-fixtures.js';

const dataDir = dataDirPerTest();

describe('point store lookups', () => {
  it('finds the nearest points of a position, nearest first, within the distance asked', async () => {
    const dir = dataDir();
    await importFixtures(dir, ['sebastopol.oa.csv', 'graton.geojsonl']);
    const store = pointStoreOf(dir);
    try {
      const near = store.nearest(38.40205, -122.8287, 3, 1000);
      expect(near.map((n) => n.point.number)).toEqual(['102', '100', '104']);
      expect(near[0]?.meters).toBeLessThan(10);
      expect(near.every((n, i) => i === 0 || n.meters >= (near[i - 1]?.meters ?? 0))).toBe(true);
      expect(store.nearest(38.40205, -122.8287, 3, 1)).toEqual([]);
      const far = store.nearest(38.4362, -122.8682, 1, 100);
      expect(far[0]?.point).toMatchObject({ number: '9020', street: 'GRATON', zip5: '95444' });
      expect(store.byPlaceId(far[0]?.point.place_id ?? '')?.number).toBe('9020');
      expect(store.pointsNear(store.streetsInZip('95472', 'BODEGA')[0]?.id ?? 0, 110, 1).map((p) => p.number)).toEqual(['104', '115']);
    } finally {
      store.close();
    }
  });

  it('answers a street the same from the database (first request) and from memory (later ones)', async () => {
    const dir = dataDir();
    await importFixtures(dir, ['sebastopol.oa.csv', 'nad-recent.txt']);
    const fresh = (): ReturnType<typeof pointStoreOf> => pointStoreOf(dir);
    const asked = [
      (s: ReturnType<typeof pointStoreOf>, id: number) => s.pointsAt(id, '210'),
      (s: ReturnType<typeof pointStoreOf>, id: number) => s.pointsAt(id, '300'), // 00300: leading zeros aside
      (s: ReturnType<typeof pointStoreOf>, id: number) => s.pointsAt(id, '402'),
      (s: ReturnType<typeof pointStoreOf>, id: number) => s.pointsAt(id, '115'), // 115 1/2: the fraction is the caller's to compare
      (s: ReturnType<typeof pointStoreOf>, id: number) => s.pointsAt(id, '121A'),
      (s: ReturnType<typeof pointStoreOf>, id: number) => s.pointsAt(id, '121'), // not 121A
      (s: ReturnType<typeof pointStoreOf>, id: number) => s.pointsAt(id, '0'),
      (s: ReturnType<typeof pointStoreOf>, id: number) => s.pointsAt(id, '000'),
      (s: ReturnType<typeof pointStoreOf>, id: number) => s.pointsAt(id, 'A1'),
      (s: ReturnType<typeof pointStoreOf>, id: number) => s.pointsNear(id, 205, 2),
      (s: ReturnType<typeof pointStoreOf>, id: number) => s.pointsNear(id, 0, 2),
      (s: ReturnType<typeof pointStoreOf>, id: number) => s.pointsNear(id, 99_999, 2),
      (s: ReturnType<typeof pointStoreOf>, id: number) => s.pointsNear(id, 1, 3),
    ];
    const probe = fresh();
    const ids = ['MAIN', 'FLORENCE', 'PETALUMA', 'BODEGA'].flatMap((name) => probe.streetsInZip('95472', name)).map((s) => s.id);
    probe.close();
    for (const ask of asked) {
      for (const id of ids) {
        const store = fresh();
        try {
          const first = ask(store, id);
          const second = ask(store, id);
          expect(second).toEqual(first);
          expect(ask(store, id)).toEqual(first);
        } finally {
          store.close();
        }
      }
    }
    const store = fresh();
    try {
      const florence = store.streetsInZip('95472', 'FLORENCE')[0]?.id ?? 0;
      expect(store.pointsAt(florence, '300').map((p) => p.number)).toEqual(['00300']);
      expect(store.pointsAt(florence, '300').map((p) => p.number)).toEqual(['00300']);
      expect(store.pointsAt(florence, '0').map((p) => p.number)).toEqual(['0']);
      const bodega = store.streetsInZip('95472', 'BODEGA')[0]?.id ?? 0;
      for (let i = 0; i < 2; i++) {
        expect(store.pointsAt(bodega, '115')).toMatchObject([{ number: '115', number_fraction: '1/2', number_int: 115 }]);
        expect(store.pointsAt(bodega, '121A').map((p) => p.number)).toEqual(['121A']);
        expect(store.pointsNear(bodega, 110, 2).map((p) => p.number)).toEqual(['102', '104', '115', '121A']);
      }
      const petaluma = store.pointsAt(store.streetsInZip('95472', 'PETALUMA')[0]?.id ?? 0, '402')[0];
      expect(petaluma).toMatchObject({ street: 'PETALUMA', suffix: 'AVE', state: 'CA', zip5: '95472', city: 'SEBASTOPOL', unit_type: 'STE', unit_number: '5', source: 'nad-recent' });
    } finally {
      store.close();
    }
  });
});

describe('point store street names of a ZIP', () => {
  it('are the distinct street keys of the ZIP, first from the database and then from memory, ZIP by ZIP', async () => {
    const dir = dataDir();
    await importFixtures(dir, ['sebastopol.oa.csv', 'graton.geojsonl', 'nad-recent.txt']);
    const store = pointStoreOf(dir);
    try {
      const zips = (store.db.prepare('SELECT DISTINCT zip5 FROM streets ORDER BY zip5').all() as { zip5: string }[]).map((r) => r.zip5);
      expect(zips.length).toBeGreaterThan(1);
      const inDb = (zip: string): string[] => (store.db.prepare('SELECT DISTINCT street_key FROM streets WHERE zip5 = ?').all(zip) as { street_key: string }[]).map((r) => r.street_key).sort();
      for (const order of [zips, [...zips].reverse(), [...zips, ...zips]]) {
        for (const zip of order) {
          expect([...store.streetNamesInZip(zip)].sort()).toEqual(inDb(zip));
          expect(inDb(zip).length).toBeGreaterThan(0);
        }
      }
      expect(store.streetNamesInZip('00000')).toEqual([]);
      expect(store.streetNamesInZip('00000')).toEqual([]);
    } finally {
      store.close();
    }
  });
});
