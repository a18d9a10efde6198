// Whether the points cover a ZIP of the decided city (src/core/points/city-coverage.ts): asked by
// the street layers for most addresses and remembered by the decided ZIP; the answer is the
// city's (and state's) it was asked for, per pair of stores, never another's.
import { describe, expect, it } from 'vitest';
import type { Locality } from '../../src/core/locality/locality.js';
import type { PointStore } from '../../src/core/model/ports.js';
import { coversCity, coveredZips } from '../../src/core/points/city-coverage.js';
import { locality } from './range-fakes.js';

/** A point store covering `zips` and nothing else. */
function pointsIn(zips: readonly string[]): PointStore {
  return {
    coversZip: (z) => zips.includes(z), coversState: () => true, completeZip: () => false,
    streetsInZip: () => [], streetsInState: () => [], streetNamesInZip: () => [], pointsAt: () => [], pointsNear: () => [],
    byPlaceId: () => null, nearest: () => [], dataVersion: () => 'points:fake',
  };
}

const at = (city: string, zip5: string, state = 'MT'): Locality => ({
  city, state, zip5, county: null, county_fips: null, geocode: null, confirmed: true, partial: false, suggestion: null, fuzzy: null,
});

describe('city coverage of the points', () => {
  it('answers for the city asked, though another city was asked with the same ZIP before', () => {
    // ALPHA is 59001 and 59004, GAMMA 59003 (range-fakes.ts); the points cover 59004 only.
    const points = pointsIn(['59004']);
    const asked: [string, string, boolean][] = [['ALPHA', '59001', true], ['GAMMA', '59001', false], ['ALPHA', '59001', true], ['GAMMA', '59003', false], ['ALPHA', '59003', true], ['GAMMA', '59003', false]];
    for (const [city, zip, covers] of asked) expect(coversCity(at(city, zip), points, locality), `${city} ${zip}`).toBe(covers);
  });

  it('answers for the state asked and for each point store', () => {
    const covering = pointsIn(['59004']);
    const other = pointsIn(['59003']);
    expect(coversCity(at('ALPHA', '59001'), covering, locality)).toBe(true);
    expect(coversCity(at('ALPHA', '59001', 'WY'), covering, locality)).toBe(false); // no ALPHA in WY
    expect(coversCity(at('ALPHA', '59001'), other, locality)).toBe(false);
    expect(coversCity(at('ALPHA', '59001'), covering, locality)).toBe(true);
    expect(coversCity(at('GAMMA', '59001'), other, locality)).toBe(true);
  });

  it('answers without a ZIP, and not without a city', () => {
    const points = pointsIn(['59004']);
    expect(coversCity({ ...at('ALPHA', '59001'), zip5: null }, points, locality)).toBe(true);
    expect(coversCity({ ...at('GAMMA', '59001'), zip5: null }, points, locality)).toBe(false);
    expect(coversCity({ ...at('ALPHA', '59001'), city: null }, points, locality)).toBe(false);
  });

  it('lists the covered ZIPs of a city in order, each once', () => {
    const places = locality.placesByKey('ALPHA', 'MT');
    expect(coveredZips(places, pointsIn(['59004', '59001']))).toEqual(['59001', '59004']);
    expect(coveredZips(places, pointsIn(['59003']))).toEqual([]);
  });
});
