// What address points may claim (docs/validation.md, "What a point claims"): a ZIP inferred
// at import without being sure neither adds nor confirms one; a point far from the city or ZIP
// given does not confirm them; a point that knows its ZIP settles a contradiction, and D never
// stands beside one; partial sources never make a result worse; one place from two sources is
// one. Fixtures of fixtures/points with ZIPs of this test's own (real centroids, made-up points):
// a town of several ZIPs whose nearest centroid is not its main ZIP (Kodiak AK), a point between
// a city of many ZIPs and the towns around it (State Rd, Bucks County PA), a one-ZIP town.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/core/engine.js';
import type { Engine } from '../../src/core/engine.js';
import { INFERRED } from '../../src/core/model/ports.js';
import type { ZipRecord } from '../../src/core/model/ports.js';
import type { ReasonCode } from '../../src/core/model/reason-codes.js';
import type { ValidationResult } from '../../src/core/model/validation-result.js';
import type { SqlitePointStore } from '../../src/store/points-db.js';
import { SqlitePointSearch } from '../../src/store/points-search.js';
import { fakeLocality, importFixtures, pointStoreOf, tempDataDir } from '../store/points-fixtures.js';

const zip = (zip5: string, city: string, state: string, lat: number, lon: number): ZipRecord => ({ zip5, city, state, county: null, county_fips: null, lat, lon, timezone: null });
const ZIPS: ZipRecord[] = [
  // Kodiak's main ZIP lies 60 km from the town; two others (a base, PO boxes) sit in it.
  zip('99615', 'KODIAK', 'AK', 57.6036, -153.3751), zip('99619', 'KODIAK', 'AK', 57.79, -152.4072), zip('99697', 'KODIAK', 'AK', 57.79, -152.4072),
  zip('99644', 'OUZINKIE', 'AK', 57.9236, -152.5022), // a village on another island, 15 km away
  // Around 40.055 -74.983: Philadelphia's 19114 1.6 km away, Bensalem 7.3, Croydon 8.3, Bristol 12, Levittown 14, Langhorne 15.
  zip('19007', 'BRISTOL', 'PA', 40.1159, -74.8536), zip('19020', 'BENSALEM', 'PA', 40.1109, -74.9378), zip('19021', 'CROYDON', 'PA', 40.0933, -74.8991),
  zip('19047', 'LANGHORNE', 'PA', 40.1813, -74.9104), zip('19057', 'LEVITTOWN', 'PA', 40.1434, -74.8614),
  zip('19114', 'PHILADELPHIA', 'PA', 40.0634, -74.999), zip('19136', 'PHILADELPHIA', 'PA', 40.0422, -75.0244), zip('19154', 'PHILADELPHIA', 'PA', 40.0897, -74.9781),
];

const dirs: { dir: string; cleanup(): void }[] = [];
const stores: SqlitePointStore[] = [];
let engine: Engine; // sources imported as they come (partial)
let complete: Engine; // the Sebastopol source imported as complete, and a copy of two of its points from another source
let localityOnly: Engine;

async function engineOf(files: string[], asComplete: boolean): Promise<Engine> {
  const dir = tempDataDir();
  dirs.push(dir);
  const locality = fakeLocality(ZIPS);
  await importFixtures(dir.dir, files, locality, asComplete);
  const points = pointStoreOf(dir.dir);
  stores.push(points);
  return createEngine({ locality, zips: locality, points, pointSearch: new SqlitePointSearch(points.db, points) });
}

beforeAll(async () => {
  engine = await engineOf(['alaska-towns.oa.csv', 'river-road.oa.csv', 'w30th.oa.csv', 'eight-in-95472.oa.csv'], false);
  complete = await engineOf(['eight-in-95472.oa.csv', 'ragle-copy.oa.csv'], true);
  localityOnly = createEngine({ locality: fakeLocality(ZIPS) });
});

afterAll(() => {
  for (const s of stores) s.close();
  for (const d of dirs) d.cleanup();
});

const CONTRADICTIONS: ReasonCode[] = ['CITY_ZIP_MISMATCH', 'ZIP_STATE_MISMATCH', 'CITY_NOT_FOUND', 'CITY_AMBIGUOUS', 'POINT_FAR_FROM_LOCALITY'];

/** Every result: D only for an address confirmed whole, never beside a contradiction. */
function checkDeliverability(r: ValidationResult): void {
  if (r.standardized.deliverability !== 'D') return;
  expect(['VALIDATED', 'CORRECTED']).toContain(r.status);
  for (const code of CONTRADICTIONS) expect(r.reason_codes).not.toContain(code);
}

function validate(e: Engine, input: string): ValidationResult {
  const r = e.validate(input);
  checkDeliverability(r);
  return r;
}

describe('the importer says how sure an inferred ZIP is', () => {
  it('flags a ZIP of a town of several ZIPs, or with other centroids about as near, as unsure; a lone town\'s as sure', () => {
    const store = stores[0] as SqlitePointStore;
    const bits = (state: string, street: string): number => store.pointsNear(store.streetsInState(state, street)[0]?.id ?? 0, 0, 1)[0]?.inferred ?? -1;
    const all = INFERRED.city | INFERRED.state | INFERRED.zip5;
    expect(bits('AK', 'HARBOR VIEW')).toBe(all | INFERRED.citySure); // Kodiak surely, which of its ZIPs not
    expect(bits('PA', 'STATE')).toBe(all); // Philadelphia's nearest centroid, Bensalem's about as near
    expect(bits('AK', 'MEALS')).toBe(all | INFERRED.citySure | INFERRED.zipSure); // Valdez: one ZIP, none other near
  });
});

describe('a ZIP inferred without being sure neither adds nor confirms one', () => {
  it.each(['104 harbor view drive kodiak ak', '104 Harbor View Dr, Kodiak, AK'])('%s: no ZIP added, not D', (input) => {
    const r = validate(engine, input);
    expect(r).toMatchObject({ status: 'VALIDATED', standardized: { line1: '104 HARBOR VIEW DR', city: 'KODIAK', zip5: null, deliverability: 'N' }, geocode: { quality: 'ROOFTOP' } });
    expect(r.change_codes).not.toContain('ZIP_ADDED');
    expect(r.reason_codes).toEqual(expect.arrayContaining(['ZIP_AMBIGUOUS', 'ZIP_NOT_CONFIRMED']));
  });

  it('keeps the ZIP given, unconfirmed, and removes a directional the points do not have', () => {
    const r = validate(engine, '104 E Harbor View Dr, Kodiak, AK 99615');
    expect(r).toMatchObject({ status: 'CORRECTED', standardized: { line1: '104 HARBOR VIEW DR', city: 'KODIAK', zip5: '99615', deliverability: 'N' } });
    expect(r.change_codes).toEqual(['DIRECTIONAL_REMOVED']);
    expect(r.reason_codes).toEqual(['ZIP_NOT_CONFIRMED']);
  });

  it('does not confirm the nearest centroid\'s ZIP either, when given', () => {
    const r = validate(engine, '140 State Rd, Philadelphia, PA 19114');
    expect(r).toMatchObject({ status: 'VALIDATED', standardized: { zip5: '19114', deliverability: 'N' }, reason_codes: ['ZIP_NOT_CONFIRMED'] });
  });

  it('adds a ZIP it is sure of', () => {
    const r = validate(engine, '300 Meals Ave, Valdez, AK');
    expect(r).toMatchObject({ status: 'CORRECTED', standardized: { zip5: '99686', deliverability: 'D' }, change_codes: ['ZIP_ADDED'], reason_codes: [] });
  });
});

describe('a point far from the city or ZIP given does not confirm them', () => {
  it.each([
    '140 State Rd, Levittown, PA 19057',
    '140 State Rd, Croydon, PA',
    '142 State Rd Bristol PA',
    '144 State Rd, Langhorne, PA 19047',
    '104 Harbor View Dr, Ouzinkie, AK 99644',
  ])('%s: PARTIAL, not confirmed', (input) => {
    const r = validate(engine, input);
    expect(r.status).toBe('PARTIAL');
    expect(r.reason_codes).toContain('POINT_FAR_FROM_LOCALITY');
    expect(r.standardized.deliverability).toBe('N');
    expect(r.quality).toMatchObject({ level: 'locality', review_recommended: true });
    expect(r.geocode).toBeNull();
  });

  it('corrects the city from a point that knows it, when no ZIP was given', () => {
    const r = validate(engine, '104 Harbor View Dr, Ouzinkie, AK');
    expect(r).toMatchObject({ status: 'CORRECTED', standardized: { city: 'KODIAK', zip5: null, deliverability: 'N' }, change_codes: ['CITY_CORRECTED'] });
    expect(r.reason_codes).toEqual(expect.arrayContaining(['POINT_FAR_FROM_LOCALITY', 'ZIP_AMBIGUOUS']));
    expect(r.changes).toEqual(['Corrected city OUZINKIE to KODIAK.']);
  });
});

describe('a point that knows its ZIP settles a contradiction; D never stands beside one', () => {
  it('corrects a city far from the ZIP the point confirms', () => {
    const r = validate(engine, '452 W 30th St, Flushing, NY 10001');
    expect(r).toMatchObject({ status: 'CORRECTED', standardized: { city: 'NEW YORK', zip5: '10001', deliverability: 'D' }, change_codes: ['CITY_CORRECTED'], reason_codes: [] });
  });

  it('confirms a state the locality layer corrected to the ZIP\'s', () => {
    const r = validate(engine, '450 W 30th St, New York, NJ 10001');
    expect(r).toMatchObject({ status: 'CORRECTED', standardized: { state: 'NY', deliverability: 'D' }, change_codes: ['STATE_CORRECTED'], reason_codes: [] });
  });
});

describe('partial data never makes a result worse', () => {
  it.each([
    ['a street the source lacks', '7761 Bodega Ave, Sebastopol, CA 95472'],
    ['a number the source lacks', '7009 Ragle Rd, Sebastopol, CA 95472'],
  ])('%s: the locality layer\'s result, exactly', (_name, input) => {
    const r = validate(engine, input);
    expect({ ...r, data_version: '' }).toEqual({ ...localityOnly.validate(input), data_version: '' });
    expect(r).toMatchObject({ status: 'VALIDATED', reason_codes: ['NO_STREET_COVERAGE'] });
  });

  it('still confirms what the source has', () => {
    expect(validate(engine, '7003 Ragle Rd, Sebastopol, CA 95472')).toMatchObject({ status: 'VALIDATED', standardized: { deliverability: 'D' } });
  });

  it.each([
    ['7761 Bodega Ave, Sebastopol, CA 95472', 'STREET_NOT_FOUND', 'N'],
    ['7009 Ragle Rd, Sebastopol, CA 95472', 'HOUSE_NUMBER_NOT_FOUND', 'U'],
  ])('a source imported as complete says %s is not there', (input, reason, deliverability) => {
    const r = validate(complete, input);
    expect(r).toMatchObject({ status: 'PARTIAL', standardized: { deliverability } });
    expect(r.reason_codes).toContain(reason);
  });
});

describe('one place from two sources is one place', () => {
  it('is no ambiguity in validate', () => {
    // The copy files 7001 Ragle Rd under 95473: without a ZIP, both streets fit Sebastopol alike.
    const r = validate(complete, '7001 Ragle Rd, Sebastopol, CA');
    expect(r.reason_codes).not.toContain('AMBIGUOUS_MATCH');
    expect(r).toMatchObject({ status: 'CORRECTED', standardized: { line1: '7001 RAGLE RD', deliverability: 'D' } });
  });

  it('is listed once by reverse and by autocomplete', () => {
    const near = complete.reverse(38.39, -122.84, { limit: 3, maxDistanceMeters: 100 });
    expect(near.results.map((p) => p.components.number)).toEqual(['7001', '7003', '7005']);
    const typed = complete.suggest('7001 ragle', { limit: 5 });
    expect(typed.suggestions.map((s) => s.text)).toHaveLength(1);
  });
});
