// Autocomplete from the TIGER/Line ranges (suggest/suggest-range.ts) and the ZIP of a point taken
// from the range side it lies on (ranges/point-range-zip.ts), over the Meagher County, MT sample
// (fixtures/tiger) with and without the points of fixtures/points/meagher.oa.csv.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import { readPlaceId } from '../../src/core/model/place-id.js';
import { openEngine } from '../../src/store/open-engine.js';
import type { OpenedEngine } from '../../src/store/open-engine.js';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import { importFixtures, tempDataDir } from '../store/points-fixtures.js';
import { openLocalityStore } from '../../src/store/sqlite-locality-store.js';
import { engineWithMeagher } from '../store/ranges-fixtures.js';

let ranges: OpenedEngine; // the ranges alone
let both: OpenedEngine; // the ranges and the points
const pointsOnly = tempDataDir();
let alone: OpenedEngine; // the points alone
let cranford: OpenedEngine; // the ranges and points of E Cranford Street, one letter from the ranges' E Crawford St
let engine: Engine;

beforeAll(async () => {
  ranges = await engineWithMeagher();
  both = await engineWithMeagher(['meagher.oa.csv']);
  cranford = await engineWithMeagher(['meagher-cranford.oa.csv']);
  const locality = openLocalityStore(defaultLocalityDbPath());
  try {
    await importFixtures(pointsOnly.dir, ['meagher.oa.csv'], locality);
  } finally {
    locality.close();
  }
  alone = openEngine({ referenceDbPath: defaultLocalityDbPath(), dataDir: pointsOnly.dir });
  engine = ranges.engine;
}, 60_000);

afterAll(() => {
  ranges.close();
  both.close();
  alone.close();
  cranford.close();
  pointsOnly.cleanup();
});

const texts = (e: Engine, q: string): string[] => e.suggest(q, { limit: 10 }).suggestions.map((s) => `${s.kind} ${s.coverage} ${s.text}`);

describe('autocomplete from the ranges', () => {
  it('offers a number typed on each street whose range holds it with its parity, in the ZIP of that side', () => {
    const r = engine.suggest('105 e main st');
    expect(r.source).toBe('address_ranges');
    expect(r.suggestions.map((s) => s.text)).toEqual(['105 E Main St, White Sulphur Springs, MT 59645']);
    expect(r.suggestions[0]).toMatchObject({ kind: 'interpolated', coverage: 'address_ranges', highlight: '105 E Main St' });
    // E Main St holds 101-199 odd on one side, 100-198 even on the other: 105 and 106 are there, 1005 is not.
    expect(texts(engine, '106 e main st')).toEqual(['interpolated address_ranges 106 E Main St, White Sulphur Springs, MT 59645']);
    expect(texts(engine, '100005 e main st')).toEqual([]);
  });

  it('offers the streets a typed prefix begins, one per ZIP, and narrows to a ZIP or city typed after the street', () => {
    expect(texts(engine, 'crawf')).toEqual([
      'street address_ranges Crawford St W, White Sulphur Springs, MT 59645',
      'street address_ranges E Crawford St, White Sulphur Springs, MT 59645',
      'street address_ranges SW Crawford St, White Sulphur Springs, MT 59645',
    ]);
    const main = texts(engine, '12 main st');
    expect(main).toContain('interpolated address_ranges 12 Main St, Ringling, MT 59642');
    expect(main).toContain('interpolated address_ranges 12 Main St, Martinsdale, MT 59053');
    expect(texts(engine, '12 main st 59642')[0]).toBe('interpolated address_ranges 12 Main St, Ringling, MT 59642');
    expect(texts(engine, '12 main st martinsd')[0]).toBe('interpolated address_ranges 12 Main St, Martinsdale, MT 59053');
  });

  it('gives each suggestion a place_id whose details interpolate the number, or centre the street', () => {
    const [number] = engine.suggest('105 e main st').suggestions;
    expect(readPlaceId(number!.place_id)?.kind).toBe('range_address');
    const d = engine.details(number!.place_id);
    expect(d).toMatchObject({ kind: 'interpolated', standardized: { line1: '105 E MAIN ST', city: 'WHITE SULPHUR SPRINGS', zip5: '59645' }, geocode: { quality: 'RANGE_INTERPOLATED' } });
    const v = engine.validate('105 E Main St, White Sulphur Springs, MT 59645');
    expect(d.geocode).toMatchObject({ lat: v.geocode!.lat, lon: v.geocode!.lon });
    const [street] = engine.suggest('crawf').suggestions;
    const s = engine.details(street!.place_id);
    expect(s).toMatchObject({ kind: 'street', standardized: { line1: 'CRAWFORD ST W', zip5: '59645' }, geocode: { quality: 'STREET' } });
    expect(() => engine.details(street!.place_id.replace(/.$/, 'x'))).toThrow();
  });

  it('lists a place a point names once, as the point; the ranges fill in the rest', () => {
    const r = both.engine.suggest('105 e main st', { limit: 10 });
    expect(r.suggestions.map((s) => `${s.coverage} ${s.text}`)).toEqual(['address_points 105 E Main St, White Sulphur Springs, MT 59645']);
    expect(r.source).toBe('address_points');
    expect(texts(both.engine, '107 e main st')).toEqual(['interpolated address_ranges 107 E Main St, White Sulphur Springs, MT 59645']);
    // Streets: the points' E Main St and the ranges' other Main streets, E Main St once.
    const streets = texts(both.engine, 'e main');
    expect(streets.filter((t) => t.endsWith('E Main St, White Sulphur Springs, MT 59645'))).toHaveLength(1);
  });

  it('says which layer answered in reverse geocoding too', () => {
    const r = engine.reverse(46.5482538, -110.901946);
    expect(r.coverage).toBe('address_ranges');
    expect(r.results[0]).toMatchObject({ kind: 'interpolated', source: 'ranges:tl_2021_30059_addrfeat' });
    expect(both.engine.reverse(46.5482538, -110.901946).coverage).toBe('address_points');
  });
});

describe("a point's inferred ZIP from the range side it lies on", () => {
  it('replaces the nearest-centroid guess: reverse and details say the side\'s ZIP and its city', () => {
    // 5 1st St S: Ringling's centroid is nearest, the point lies on a side in Wilsall 59086.
    const guess = alone.engine.reverse(46.2167493, -110.532929).results[0];
    expect(guess).toMatchObject({ standardized: { zip5: '59642' }, inferred: expect.arrayContaining(['zip5']) });
    const fixed = both.engine.reverse(46.2167493, -110.532929).results[0];
    expect(fixed).toMatchObject({ kind: 'address', standardized: { line1: '5 1ST ST S', city: 'WILSALL', zip5: '59086' } });
    const moose = both.engine.reverse(46.8151914, -110.8953265).results[0];
    expect(moose).toMatchObject({ standardized: { line1: '150 MOOSE CREEK RD', city: 'WHITE SULPHUR SPRINGS', zip5: '59645' } });
  });

  it('in validation, the point then knows its ZIP: confirms or corrects it instead of leaving it unconfirmed', () => {
    // The guess (Neihart's centroid) is not sure: the ZIP given stands, unconfirmed, not D.
    const without = alone.engine.validate('150 Moose Creek Rd, White Sulphur Springs, MT 59645');
    expect(without.reason_codes).toContain('ZIP_NOT_CONFIRMED');
    expect(without.standardized.deliverability).toBe('N');
    const r = both.engine.validate('150 Moose Creek Rd, White Sulphur Springs, MT 59645');
    expect(r).toMatchObject({ status: 'VALIDATED', match_code: 'POINTS_ENGINE', standardized: { zip5: '59645', deliverability: 'D' } });
    expect(r.reason_codes).not.toContain('ZIP_NOT_CONFIRMED');
    const wrong = both.engine.validate('150 Moose Creek Rd, Neihart, MT 59465');
    expect(wrong.status).toBe('CORRECTED');
    expect(wrong.standardized).toMatchObject({ city: 'WHITE SULPHUR SPRINGS', zip5: '59645' });
    expect(wrong.change_codes).toContain('ZIP_CORRECTED');
  });
});

describe('a street the ranges know, missing from the points', () => {
  it('is not taken for a misspelling of a street the points have', () => {
    // The points of 59645 have E Cranford Street, not E Crawford St, which the ranges hold: the
    // name given is a street's, confirmed at the range level, not "corrected" into another.
    const r = cranford.engine.validate('105 E Crawford St, White Sulphur Springs, MT 59645');
    expect(r).toMatchObject({ status: 'VALIDATED', quality: { level: 'range' }, standardized: { line1: '105 E CRAWFORD ST', zip5: '59645' } });
    expect(r.reason_codes).not.toContain('STREET_FUZZY_MATCH');
  });

  it('leaves the points their own misspellings and streets', () => {
    const own = cranford.engine.validate('105 E Cranford St, White Sulphur Springs, MT 59645');
    expect(own).toMatchObject({ status: 'VALIDATED', quality: { level: 'delivery_point' }, standardized: { line1: '105 E CRANFORD ST' } });
    const misspelt = cranford.engine.validate('105 E Cranferd St, White Sulphur Springs, MT 59645');
    expect(misspelt).toMatchObject({ status: 'CORRECTED', quality: { level: 'delivery_point' }, standardized: { line1: '105 E CRANFORD ST' } });
    expect(misspelt.change_codes).toContain('STREET_CORRECTED');
    // A misspelling of the ranges' street (two letters from the points' name): the ranges correct it.
    const ranged = cranford.engine.validate('105 E Crawfrd St, White Sulphur Springs, MT 59645');
    expect(ranged).toMatchObject({ status: 'CORRECTED', quality: { level: 'range' }, standardized: { line1: '105 E CRAWFORD ST' } });
  });
});
