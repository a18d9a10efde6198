// Validation and geocoding with address points (docs/validation.md, docs/validation.md "How the
// points layer decides"): the fixtures of fixtures/points imported into a temporary
// points.sqlite, the fake locality layer, the engine every face uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/core/engine.js';
import type { Engine } from '../../src/core/engine.js';
import type { SqlitePointStore } from '../../src/store/points-db.js';
import { fakeLocality, importFixtures, pointStoreOf, tempDataDir } from '../store/points-fixtures.js';

let dir: { dir: string; cleanup(): void };
let points: SqlitePointStore;
let engine: Engine;
let localityOnly: Engine;

beforeAll(async () => {
  dir = tempDataDir();
  // Known complete: a street or number they lack is not found (see 'partial sources' below for the rest).
  await importFixtures(dir.dir, ['sebastopol.oa.csv', 'sebastopol-geom.oa.csv', 'sebastopol-graton-rd.oa.csv', 'graton.geojsonl', 'nad-recent.txt', 'nad-r4.csv'], fakeLocality(), true);
  points = pointStoreOf(dir.dir);
  engine = createEngine({ locality: fakeLocality(), points });
  localityOnly = createEngine({ locality: fakeLocality() });
});

afterAll(() => {
  points.close();
  dir.cleanup();
});

interface Row {
  name: string;
  input: string;
  status: string;
  line1: string;
  zip5?: string;
  city?: string;
  deliverability: string;
  reasons?: string[];
  changes?: string[];
  level?: string;
  geocode?: string;
}

const TABLE: Row[] = [
  { name: 'exact', input: '100 Bodega Ave, Sebastopol, CA 95472', status: 'VALIDATED', line1: '100 BODEGA AVE', deliverability: 'D', reasons: [], changes: [], level: 'delivery_point', geocode: 'ROOFTOP' },
  { name: 'type spelled out, no ZIP', input: '100 Bodega Avenue Sebastopol CA', status: 'CORRECTED', line1: '100 BODEGA AVE', zip5: '95472', deliverability: 'D', changes: ['ZIP_ADDED', 'SUFFIX_STANDARDIZED'], geocode: 'ROOFTOP' },
  { name: 'misspelled street', input: '100 Bodga Ave, Sebastopol, CA 95472', status: 'CORRECTED', line1: '100 BODEGA AVE', deliverability: 'D', reasons: ['STREET_FUZZY_MATCH'], changes: ['STREET_CORRECTED'] },
  { name: 'misspelled street, given with the city\'s PO-box ZIP', input: '100 Bodga Ave, Sebastopol, CA 95473', status: 'CORRECTED', line1: '100 BODEGA AVE', zip5: '95472', deliverability: 'D', reasons: ['STREET_FUZZY_MATCH'], changes: ['STREET_CORRECTED', 'ZIP_CORRECTED'] },
  { name: 'missing suffix', input: '100 Bodega, Sebastopol, CA 95472', status: 'CORRECTED', line1: '100 BODEGA AVE', deliverability: 'D', changes: ['SUFFIX_ADDED'] },
  { name: 'wrong suffix', input: '400 Petaluma St, Sebastopol, CA 95472', status: 'CORRECTED', line1: '400 PETALUMA AVE', deliverability: 'D', changes: ['SUFFIX_CORRECTED', 'ZIP4_ADDED'] },
  { name: 'missing directional, one street has the number', input: '220 Main St, Sebastopol, CA 95472', status: 'CORRECTED', line1: '220 N MAIN ST', deliverability: 'D', changes: ['DIRECTIONAL_ADDED'] },
  { name: 'wrong directional', input: '220 S Main St, Sebastopol, CA 95472', status: 'CORRECTED', line1: '220 N MAIN ST', deliverability: 'D', changes: ['DIRECTIONAL_CORRECTED'] },
  { name: 'extra directional, before the street', input: '100 E Bodega Ave, Sebastopol, CA 95472', status: 'CORRECTED', line1: '100 BODEGA AVE', deliverability: 'D', reasons: [], changes: ['DIRECTIONAL_REMOVED'] },
  { name: 'extra directional, after the street', input: '102 Bodega Ave W, Sebastopol, CA 95472', status: 'CORRECTED', line1: '102 BODEGA AVE', deliverability: 'D', reasons: [], changes: ['DIRECTIONAL_REMOVED'] },
  { name: 'extra suffix: the points write the street without one', input: '502B N High St, Sebastopol, CA 95472', status: 'CORRECTED', line1: '502B N HIGH', deliverability: 'D', reasons: [], changes: ['SUFFIX_REMOVED'] },
  { name: 'ambiguous directional', input: '200 Main St, Sebastopol, CA 95472', status: 'PARTIAL', line1: '200 MAIN ST', deliverability: 'N', reasons: ['AMBIGUOUS_MATCH'], changes: [], level: 'locality', geocode: 'ZIP_CENTROID' },
  { name: 'the directional tells the two streets apart', input: '200 S Main St, Sebastopol, CA 95472', status: 'VALIDATED', line1: '200 S MAIN ST', deliverability: 'D', reasons: [], changes: [], level: 'delivery_point', geocode: 'ROOFTOP' },
  { name: 'ambiguous directional, the number on neither street', input: '250 Main St, Sebastopol, CA 95472', status: 'PARTIAL', line1: '250 MAIN ST', deliverability: 'U', reasons: ['HOUSE_NUMBER_NOT_FOUND', 'AMBIGUOUS_MATCH'], changes: [], level: 'locality', geocode: 'ZIP_CENTROID' },
  { name: 'leading zeros in the data (00300)', input: '300 Florence Ave, Sebastopol, CA 95472', status: 'VALIDATED', line1: '300 FLORENCE AVE', deliverability: 'D', reasons: [], level: 'delivery_point', geocode: 'ROOFTOP' },
  { name: 'wrong ZIP (PO box ZIP of the same city)', input: '400 Petaluma Ave, Sebastopol, CA 95473', status: 'CORRECTED', line1: '400 PETALUMA AVE', zip5: '95472', deliverability: 'D', changes: ['ZIP_CORRECTED', 'ZIP4_ADDED'] },
  { name: 'missing ZIP', input: '300 Healdsburg Ave, Sebastopol, CA', status: 'CORRECTED', line1: '300 HEALDSBURG AVE', zip5: '95472', deliverability: 'D', changes: ['ZIP_ADDED', 'ZIP4_ADDED'] },
  { name: 'street only in another ZIP', input: '300 Healdsburg Ave, Graton, CA 95444', status: 'CORRECTED', line1: '300 HEALDSBURG AVE', zip5: '95472', city: 'SEBASTOPOL', deliverability: 'D', changes: ['ZIP_CORRECTED', 'CITY_CORRECTED', 'ZIP4_ADDED'] },
  { name: 'street in both ZIPs, the number on the other ZIP\'s part', input: '9020 Graton Rd, Sebastopol, CA 95472', status: 'CORRECTED', line1: '9020 GRATON RD', zip5: '95444', city: 'GRATON', deliverability: 'D', changes: ['ZIP_CORRECTED', 'CITY_CORRECTED'] },
  { name: 'street in both ZIPs, the other way round', input: '102 Graton Rd, Graton, CA 95444', status: 'CORRECTED', line1: '102 GRATON RD', zip5: '95472', city: 'SEBASTOPOL', deliverability: 'D', changes: ['ZIP_CORRECTED', 'CITY_CORRECTED'] },
  { name: 'street in both ZIPs, the number on neither', input: '500 Graton Rd, Sebastopol, CA 95472', status: 'PARTIAL', line1: '500 GRATON RD', zip5: '95472', deliverability: 'U', reasons: ['HOUSE_NUMBER_NOT_FOUND'], level: 'street', geocode: 'STREET' },
  { name: 'unit missing where only units are listed', input: '210 N Main St, Sebastopol, CA 95472', status: 'PARTIAL', line1: '210 N MAIN ST', deliverability: 'U', reasons: ['UNIT_MISSING'], level: 'delivery_point' },
  { name: 'listed unit', input: '210 N Main St Apt 4, Sebastopol, CA 95472', status: 'VALIDATED', line1: '210 N MAIN ST APT 4', deliverability: 'D', reasons: [] },
  { name: 'listed unit, other designator and leading zero', input: '210 N Main St # 04, Sebastopol, CA 95472', status: 'VALIDATED', line1: '210 N MAIN ST # 04', deliverability: 'D', reasons: [] },
  { name: 'unknown unit', input: '210 N Main St Apt 9, Sebastopol, CA 95472', status: 'PARTIAL', line1: '210 N MAIN ST APT 9', deliverability: 'U', reasons: ['UNIT_NOT_FOUND'] },
  { name: 'unit where none are listed', input: '100 Bodega Ave Apt 3, Sebastopol, CA 95472', status: 'VALIDATED', line1: '100 BODEGA AVE APT 3', deliverability: 'D', reasons: [] },
  { name: 'number off the street', input: '108 Bodega Ave, Sebastopol, CA 95472', status: 'PARTIAL', line1: '108 BODEGA AVE', deliverability: 'U', reasons: ['HOUSE_NUMBER_NOT_FOUND'], level: 'street', geocode: 'STREET' },
  { name: 'number off a street whose ZIPs were inferred at import: the ZIP given stays', input: '13 Oak Cir, Sebastopol, CA 95473', status: 'PARTIAL', line1: '13 OAK CIR', zip5: '95473', deliverability: 'U', reasons: ['HOUSE_NUMBER_NOT_FOUND', 'ZIP_NOT_CONFIRMED'], changes: [], level: 'street' },
  { name: 'fraction and leading zeros', input: '115 1/2 Bodega Ave, Sebastopol, CA 95472', status: 'VALIDATED', line1: '115 1/2 BODEGA AVE', deliverability: 'D' },
  { name: 'street the points do not have in a covered ZIP', input: '12 Nowhere Ln, Sebastopol, CA 95472', status: 'PARTIAL', line1: '12 NOWHERE LN', deliverability: 'N', reasons: ['STREET_NOT_FOUND'], level: 'locality' },
  { name: 'no coverage: the locality layer alone', input: '1600 Pennsylvania Ave NW, Washington, DC 20500', status: 'VALIDATED', line1: '1600 PENNSYLVANIA AVE NW', deliverability: 'N', reasons: ['NO_STREET_COVERAGE'], level: 'locality', geocode: 'ZIP_CENTROID' },
];

describe('validation with address points', () => {
  it.each(TABLE)('$name: $input', (row) => {
    const r = engine.validate(row.input);
    // What a spreadsheet row carries is the same decision, without the result's views.
    const { status, confidence, standardized, geocode, timezone, match_code, reason_codes, changes } = r;
    expect(engine.assess(row.input)).toEqual({ status, confidence, standardized, geocode, timezone, match_code, reason_codes, changes });
    expect(r.status).toBe(row.status);
    expect(r.standardized.line1).toBe(row.line1);
    expect(r.standardized.deliverability).toBe(row.deliverability);
    if (row.zip5 !== undefined) expect(r.standardized.zip5).toBe(row.zip5);
    if (row.city !== undefined) expect(r.standardized.city).toBe(row.city);
    if (row.reasons !== undefined) expect(r.reason_codes).toEqual(row.reasons);
    if (row.changes !== undefined) expect(r.change_codes).toEqual(row.changes);
    if (row.level !== undefined) expect(r.quality.level).toBe(row.level);
    if (row.geocode !== undefined) expect(r.geocode?.quality).toBe(row.geocode);
    expect(r.match_source).toBe(row.reasons?.includes('NO_STREET_COVERAGE') ? 'LOCALITY_ENGINE' : 'POINTS_ENGINE');
  });

  it('offers the nearest numbers of a number not on the street, and candidates when asked', () => {
    const r = engine.validate('108 Bodega Ave, Sebastopol, CA 95472', { candidates: 2 });
    expect(r.suggested_address).toBe('104 Bodega Ave, Sebastopol, CA 95472');
    expect(r.candidates?.map((c) => c.line1)).toEqual(['104 BODEGA AVE', '102 BODEGA AVE']);
    expect(r.candidates?.[0]).toMatchObject({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472', source: 'sebastopol.oa', place_id: expect.stringMatching(/^pt_/) });
    expect(engine.validate('210 N Main St Apt 9, Sebastopol, CA 95472', { candidates: 5 }).candidates?.map((c) => c.line1)).toEqual(['210 N MAIN ST # 101', '210 N MAIN ST APT 4']);
    expect(engine.validate('108 Bodega Ave, Sebastopol, CA 95472').candidates).toBeUndefined();
    // An ambiguity names no single reading: both streets are candidates, the suggestion is the input as standardized.
    const amb = engine.validate('200 Main St, Sebastopol, CA 95472', { candidates: 5 });
    expect(amb.candidates?.map((c) => c.line1).sort()).toEqual(['200 N MAIN ST', '200 S MAIN ST']);
    expect(amb.suggested_address).toBe('200 Main St, Sebastopol, CA 95472');
    expect(amb.place_id).toBeNull();
    const none = engine.validate('250 Main St, Sebastopol, CA 95472', { candidates: 5 });
    expect(none.candidates?.map((c) => c.line1)).toEqual(expect.arrayContaining(['230 S MAIN ST', '220 N MAIN ST']));
  });

  it('gives the place_id of the point confirmed and names both layers in data_version', () => {
    const r = engine.validate('300 Healdsburg Ave, Sebastopol, CA 95472');
    expect(r.place_id).toBe(points.pointsAt(points.streetsInZip('95472', 'HEALDSBURG')[0]?.id ?? 0, '300')[0]?.place_id);
    expect(r.data_version).toMatch(/^fake@1\+points:/);
    expect(r.standardized.zip4).toBe('1234');
  });

  it('leaves results outside the points exactly as the locality layer decides them', () => {
    for (const input of ['1600 Pennsylvania Ave NW, Washington, DC 20500', 'PO Box 12, Sebastopol, CA 95472', '350 5th Ave, New York, NY 10001']) {
      const a = engine.validate(input);
      const b = localityOnly.validate(input);
      expect({ ...a, id: '' }).toEqual({ ...b, id: '' });
    }
  });
});

describe('geocode', () => {
  it.each([
    ['a point: ROOFTOP', '100 Bodega Ave, Sebastopol, CA 95472', 'ROOFTOP', 10],
    // 108 is even; the even side has 100, 102, 104 and nothing above 108: the street centre.
    ['no neighbour above on its side: the street centre', '108 Bodega Ave, Sebastopol, CA 95472', 'STREET', 500],
    ['9012 between 9010 and 9020 on the even side: interpolated', '9012 Graton Rd, Graton, CA 95444', 'STREET', 50],
    ['no point coverage: the ZIP centroid', '1600 Pennsylvania Ave NW, Washington, DC 20500', 'ZIP_CENTROID', 5000],
    ['a city of several ZIPs: its centroid', '5 Elm St, Sebastopol, CA', 'CITY_CENTROID', 10000],
  ] as const)('%s', (_name, input, quality, accuracy) => {
    const g = engine.geocode(input);
    expect(g.geocode).toMatchObject({ quality, accuracy_meters: accuracy });
    expect(g.place_id === null).toBe(quality !== 'ROOFTOP');
  });

  it('places the point itself, and interpolates linearly between the same-side neighbours', () => {
    expect(engine.geocode('100 Bodega Ave, Sebastopol, CA 95472').geocode).toMatchObject({ lat: 38.402, lon: -122.829 });
    const g = engine.geocode('9012 Graton Rd, Graton, CA 95444').geocode;
    expect(g?.lat).toBeCloseTo(38.4361 + (38.4362 - 38.4361) * 0.2, 6);
    expect(g?.lon).toBeCloseTo(-122.8686 + (-122.8682 + 122.8686) * 0.2, 6);
    expect(engine.geocode('1600 Pennsylvania Ave NW, Washington, DC 20500').geocode).toMatchObject({ lat: 38.8946, lon: -77.0355 });
  });
});
