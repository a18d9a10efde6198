// The range layer of validation (src/core/ranges/match-range.ts) over the Meagher County, MT
// sample of TIGER/Line address ranges (fixtures/tiger), through the engine as every face uses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import { distanceKm } from '../../src/core/util/geo-distance.js';
import { openEngine } from '../../src/store/open-engine.js';
import type { OpenedEngine } from '../../src/store/open-engine.js';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import { scoreCases } from '../../scripts/eval-ranges.js';
import { MEAGHER_ZIP, engineWithMeagher } from '../store/ranges-fixtures.js';

let opened: OpenedEngine;
let engine: Engine;
let bare: OpenedEngine; // the locality layer alone

beforeAll(async () => {
  opened = await engineWithMeagher();
  engine = opened.engine;
  bare = openEngine({ referenceDbPath: defaultLocalityDbPath() });
});
afterAll(() => {
  opened.close();
  bare.close();
});

const v = (line1: string) => engine.validate({ line1 });

describe('the range layer', () => {
  it('confirms a number on a side whose range and parity hold it: its own level, interpolated geocode, deliverability N', () => {
    const r = v('105 E Main St, White Sulphur Springs, MT 59645');
    expect(r).toMatchObject({
      status: 'VALIDATED', match_code: 'RANGES_ENGINE', reason_codes: [], quality: { level: 'range', review_recommended: false },
      standardized: { line1: '105 E MAIN ST', city: 'WHITE SULPHUR SPRINGS', zip5: '59645', deliverability: 'N' },
    });
    expect(r.geocode).toMatchObject({ quality: 'RANGE_INTERPOLATED' });
    expect(r.geocode!.accuracy_meters).toBeGreaterThanOrEqual(20);
    expect(r.data_version).toMatch(/\+ranges:tl_2021_30059_addrfeat$/);
    // Odd and even numbers of one block lie on opposite sides of the street, ~20 m apart.
    const even = v('106 E Main St, White Sulphur Springs, MT 59645').geocode!;
    const d = distanceKm(r.geocode!.lat, r.geocode!.lon, even.lat, even.lon) * 1000;
    expect(d).toBeGreaterThan(10);
    expect(d).toBeLessThan(60);
  });

  it('adds the ZIP of the side and the directional the ranges write', () => {
    const r = v('105 Main St, White Sulphur Springs, MT');
    expect(r.status).toBe('CORRECTED');
    expect(r.standardized).toMatchObject({ line1: '105 E MAIN ST', zip5: '59645' });
    expect(r.change_codes).toEqual(['ZIP_ADDED', 'DIRECTIONAL_ADDED']);
  });

  it('corrects one clear misspelling of the street', () => {
    const r = v('105 E Mian St, White Sulphur Springs, MT 59645');
    expect(r).toMatchObject({ status: 'CORRECTED', reason_codes: ['STREET_FUZZY_MATCH'], change_codes: ['STREET_CORRECTED'] });
    expect(r.standardized.line1).toBe('105 E MAIN ST');
  });

  it('corrects a ZIP of another town from the side holding the number, the city named deciding', () => {
    const r = v('105 E Main St, White Sulphur Springs, MT 59053');
    expect(r).toMatchObject({ status: 'CORRECTED', change_codes: ['ZIP_CORRECTED'], reason_codes: [] });
    expect(r.standardized.zip5).toBe('59645');
    // The locality layer alone cannot tell which of the two the user meant.
    expect(bare.engine.validate({ line1: '105 E Main St, White Sulphur Springs, MT 59053' }).status).toBe('PARTIAL');
  });

  it('says when a number lies past every range of the street, offering the nearest one it holds', () => {
    const r = v('9999 E Main St, White Sulphur Springs, MT 59645');
    expect(r).toMatchObject({
      status: 'PARTIAL', reason_codes: ['HOUSE_NUMBER_OUT_OF_RANGE'], quality: { level: 'street', review_recommended: true },
      standardized: { line1: '9999 E MAIN ST', zip5: '59645', deliverability: 'U' },
      suggested_address: '599 E Main St, White Sulphur Springs, MT 59645',
    });
    expect(r.geocode?.quality).toBe('RANGE_INTERPOLATED');
  });

  it('says when the ZIP is covered and has no such street; stays at the locality layer where no ranges cover the area', () => {
    const r = v('12 Nowhere Ln, White Sulphur Springs, MT 59645');
    expect(r).toMatchObject({ status: 'PARTIAL', reason_codes: ['STREET_NOT_FOUND'], standardized: { deliverability: 'N' } });
    const elsewhere = v('7761 Bodega Ave, Sebastopol, CA 95472');
    expect(elsewhere.match_code).toBe('LOCALITY_ENGINE');
    expect(elsewhere.reason_codes).toContain('NO_STREET_COVERAGE');
  });

  it('reads a bare number after the type as part of the name where the ranges do (NFS Rd 211)', () => {
    const r = v('1132 NFS Rd 211, White Sulphur Springs, MT 59645');
    expect(r.status).toBe('VALIDATED');
    expect(r.standardized.line1).toBe('1132 NFS RD 211');
  });

  it('reverse: where no point is near, the nearest edge gives the interpolated number on the side of the position', () => {
    const at = v('105 E Main St, White Sulphur Springs, MT 59645').geocode!;
    const r = engine.reverse(at.lat, at.lon, { limit: 2 });
    expect(r.coverage).toBe('address_ranges');
    const [first] = r.results;
    expect(first).toMatchObject({ kind: 'interpolated', place_id: null, standardized: { zip5: '59645', city: 'WHITE SULPHUR SPRINGS' }, geocode: { quality: 'RANGE_INTERPOLATED' } });
    const n = Number(first!.components.number);
    expect(first!.components.street).toBe('MAIN');
    expect(n % 2).toBe(1); // the odd side, where the position lies
    expect(Math.abs(n - 105)).toBeLessThanOrEqual(4);
    expect(r.data_version).toMatch(/ranges:tl_2021_30059_addrfeat/);
    // Far from every edge: the locality layer's nearest ZIP, as before.
    expect(engine.reverse(46.0, -111.9, { maxDistanceMeters: 500 }).coverage).toBe('locality');
  });

  it('gets at least 95% of the cases built from the county right (status, line1, ZIP, geocode within 250 m)', async () => {
    const { right, total, byKind } = await scoreCases(MEAGHER_ZIP, defaultLocalityDbPath());
    expect(total).toBeGreaterThan(3000);
    expect(right / total).toBeGreaterThanOrEqual(0.95);
    for (const [kind, [r, t]] of Object.entries(byKind)) expect(r / t, kind).toBeGreaterThanOrEqual(0.95);
  });
});
