// Reverse geocoding over the points of fixtures/points/suggest.oa.csv (imported with the real
// importer into a temporary points.sqlite): nearest, limit, max distance, the no-coverage
// fallback to the nearest ZIP, and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/core/engine.js';
import type { Engine } from '../../src/core/engine.js';
import { isAddrError } from '../../src/core/model/errors.js';
import type { SqlitePointStore } from '../../src/store/points-db.js';
import { fakeLocality, importFixtures, pointStoreOf, tempDataDir } from '../store/points-fixtures.js';

const data = tempDataDir();
let store: SqlitePointStore;
let engine: Engine;
const locality = fakeLocality();

beforeAll(async () => {
  const [summary] = await importFixtures(data.dir, ['suggest.oa.csv'], locality);
  expect(summary?.rows_imported).toBe(26); // 28 rows, the two PO-box rows skipped
  store = pointStoreOf(data.dir);
  engine = createEngine({ locality, zips: locality, points: store });
});

afterAll(() => {
  store.close();
  data.cleanup();
});

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return isAddrError(err) ? err.code : `not an AddrError: ${String(err)}`;
  }
  return 'no error';
}

describe('reverse', () => {
  it.each([
    // [lat, lon, limit, expected line1s nearest first]
    [61.13, -146.3498, 1, ['1402 ABERCROMBIE DR']], // on the point
    [61.13001, -146.34961, 1, ['1404 ABERCROMBIE DR']], // ~1.3 m off 1404
    [61.13, -146.3497, 2, ['1402 ABERCROMBIE DR', '1404 ABERCROMBIE DR']], // halfway: both at ~5.4 m, 1402 first by its id
    [38.396, -122.8378, 1, ['202 MAIN ST']],
  ])('(%s, %s) limit %s -> %j', (lat, lon, limit, lines) => {
    const r = engine.reverse(lat, lon, { limit });
    expect(r.coverage).toBe('address_points');
    expect(r.locality).toBeNull();
    expect(r.results.map((p) => p.standardized.line1)).toEqual(lines);
  });

  it('gives a full record: standardized address, components, place_id, rooftop geocode, distance', () => {
    const [p] = engine.reverse(61.13001, -146.3498).results;
    expect(p).toMatchObject({
      kind: 'address',
      text: '1402 Abercrombie Dr, Valdez, AK 99686',
      standardized: { line1: '1402 ABERCROMBIE DR', city: 'VALDEZ', state: 'AK', zip5: '99686' },
      components: { number: '1402', street: 'ABERCROMBIE', suffix: 'DR', unit_type: null, city: 'VALDEZ', state: 'AK', zip5: '99686' },
      geocode: { lat: 61.13, lon: -146.3498, quality: 'ROOFTOP' },
      source: 'suggest.oa',
    });
    expect(p?.place_id).toMatch(/^pt_/);
    expect(p?.distance_meters).toBeCloseTo(1.1, 1);
  });

  it('lists up to `limit` points, nearest first, units of a building included', () => {
    const r = engine.reverse(61.13, -146.35, { limit: 5 });
    expect(r.results).toHaveLength(5);
    const distances = r.results.map((p) => p.distance_meters);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(r.results.slice(0, 3).map((p) => p.standardized.line1).sort()).toEqual(['1400 ABERCROMBIE DR', '1400 ABERCROMBIE DR APT 1', '1400 ABERCROMBIE DR APT 2']);
    expect(r.results[3]?.standardized.line1).toBe('1402 ABERCROMBIE DR');
    expect(r.results[3]?.distance_meters).toBeGreaterThan(10);
    expect(r.results[3]?.distance_meters).toBeLessThan(11.5);
  });

  it('stops at the max distance; past it the nearest ZIP answers, labelled locality', () => {
    // ~330 m north of the nearest point (61.1300 -> 61.1330 at lon -146.35).
    const within = engine.reverse(61.133, -146.35, { maxDistanceMeters: 1000 });
    expect(within.coverage).toBe('address_points');
    const beyond = engine.reverse(61.133, -146.35, { maxDistanceMeters: 100 });
    expect(beyond.coverage).toBe('locality');
    expect(beyond.results).toEqual([]);
    expect(beyond.locality).toMatchObject({ kind: 'zip', zip5: '99686', city: 'VALDEZ', state: 'AK', text: 'Valdez, AK 99686', geocode: { quality: 'ZIP_CENTROID' } });
    expect(beyond.locality?.distance_meters).toBeGreaterThan(0);
  });

  it('without coverage (Los Angeles has no points here) answers with the nearest ZIP and its distance', () => {
    const r = engine.reverse(34.1005, -118.3254, { limit: 3 });
    expect(r.coverage).toBe('locality');
    expect(r.locality?.zip5).toBe('90028');
    expect(r.locality?.distance_meters).toBe(0);
  });

  it('without any point store, the locality answers; far from every ZIP, coverage is none', () => {
    const bare = createEngine({ locality, zips: locality });
    expect(bare.reverse(61.13, -146.35).coverage).toBe('locality');
    const ocean = engine.reverse(0, -160);
    expect(ocean).toMatchObject({ coverage: 'none', results: [], locality: null });
  });

  it('echoes the query with its defaults and carries the request id', () => {
    const r = engine.reverse(61.13, -146.35, { requestId: 'req-1' });
    expect(r.id).toBe('req-1');
    expect(r.query).toEqual({ lat: 61.13, lon: -146.35, limit: 1, max_distance_meters: 1000 });
  });

  it.each([
    [Number.NaN, 0, {}, 'ADDR_ERR_COORDINATES_INVALID'],
    [91, 0, {}, 'ADDR_ERR_COORDINATES_INVALID'],
    [-90.0001, 0, {}, 'ADDR_ERR_COORDINATES_INVALID'],
    [0, 180.5, {}, 'ADDR_ERR_COORDINATES_INVALID'],
    [0, Number.NEGATIVE_INFINITY, {}, 'ADDR_ERR_COORDINATES_INVALID'],
    [0, '12' as unknown as number, {}, 'ADDR_ERR_COORDINATES_INVALID'], // a string from an untyped caller
    [61.13, -146.35, { limit: 0 }, 'ADDR_ERR_INPUT_INVALID'],
    [61.13, -146.35, { limit: 101 }, 'ADDR_ERR_INPUT_INVALID'],
    [61.13, -146.35, { limit: 1.5 }, 'ADDR_ERR_INPUT_INVALID'],
    [61.13, -146.35, { maxDistanceMeters: 0 }, 'ADDR_ERR_INPUT_INVALID'],
    [61.13, -146.35, { maxDistanceMeters: -5 }, 'ADDR_ERR_INPUT_INVALID'],
    [61.13, -146.35, { maxDistanceMeters: 100_001 }, 'ADDR_ERR_INPUT_INVALID'],
  ])('reverse(%s, %s, %j) throws %s', (lat, lon, options, code) => {
    expect(codeOf(() => engine.reverse(lat, lon, options))).toBe(code);
  });

  it('accepts the bounds themselves', () => {
    expect(engine.reverse(90, 180, { limit: 100, maxDistanceMeters: 100_000 }).coverage).toBe('none');
    expect(engine.reverse(-90, -180).coverage).toBe('none');
  });
});

describe('reverse through the in-memory index (PointSearch)', () => {
  it('answers as the store grid does, before and after the index is built', async () => {
    const { SqlitePointSearch } = await import('../../src/store/points-search.js');
    const { GRID_CALLS } = await import('../../src/store/point-near-index.js');
    const indexed = createEngine({ locality, zips: locality, points: store, pointSearch: new SqlitePointSearch(store.db, store) });
    const positions: [number, number][] = [[61.13, -146.3498], [61.13001, -146.34961], [61.13, -146.35], [38.396, -122.8378], [61.133, -146.35], [38.3965, -122.8375]];
    const answer = (e: Engine, lat: number, lon: number): unknown => e.reverse(lat, lon, { limit: 5 }).results.map((p) => [p.place_id, p.distance_meters]);
    for (let round = 0; round < Math.ceil((GRID_CALLS + 1) / positions.length) + 1; round++) {
      for (const [lat, lon] of positions) expect(answer(indexed, lat, lon)).toEqual(answer(engine, lat, lon));
    }
    expect(indexed.reverse(61.133, -146.35, { maxDistanceMeters: 100 }).coverage).toBe('locality');
  });

  it('is never built for more points than its bound: the grid answers every call then', async () => {
    const { GRID_CALLS, PointNearIndex } = await import('../../src/store/point-near-index.js');
    let gridCalls = 0;
    const grid = { nearest: (lat: number, lon: number, limit: number, max: number) => { gridCalls++; return store.nearest(lat, lon, limit, max); } };
    const bounded = new PointNearIndex(store.db, grid, 5); // 26 points, more than 5
    for (let i = 0; i < GRID_CALLS + 10; i++) expect(bounded.nearest(61.13, -146.3498, 1, 1000)[0]?.point.number).toBe('1402');
    expect(gridCalls).toBe(GRID_CALLS + 10);
    const unbounded = new PointNearIndex(store.db, grid);
    gridCalls = 0;
    for (let i = 0; i < GRID_CALLS + 10; i++) unbounded.nearest(61.13, -146.3498, 1, 1000);
    expect(gridCalls).toBe(GRID_CALLS);
  });
});
