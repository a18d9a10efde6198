// The city ZIPs the range layer searches beside the ZIP (src/core/ranges/match-range.ts,
// cityZips): those of the city given and of the city decided, remembered per locality store for
// each pair, never one pair's for another's. In-memory stores: ALPHA (59001) and BETA (59002), 60 km
// apart (beyond the ring of nearby ZIPs), MAIN ST in BETA only.
import { describe, expect, it } from 'vitest';
import { Findings } from '../../src/core/model/findings.js';
import type { Locality } from '../../src/core/locality/locality.js';
import type { LocalityStore, PlaceRecord, ZipRecord } from '../../src/core/model/ports.js';
import type { AddressComponents } from '../../src/core/model/types.js';
import { matchRange } from '../../src/core/ranges/match-range.js';
import type { RangeEdge, RangeStreet } from '../../src/core/ranges/range-store.js';
import { fakeRangeStore } from './range-fakes.js';

const zipOf = (zip5: string, city: string, lat: number): ZipRecord => ({ zip5, city, state: 'MT', county: null, county_fips: null, lat, lon: -111, timezone: null });
const ZIPS = [zipOf('59001', 'ALPHA', 46), zipOf('59002', 'BETA', 46.55)];
const PLACES: PlaceRecord[] = ZIPS.map((z) => ({ city: z.city, key: z.city, state: 'MT', zips: [z.zip5], lat: z.lat, lon: z.lon }));
const MAIN: RangeStreet = { id: 1, predir: null, street: 'MAIN', suffix: 'ST', postdir: null, state: 'MT', zip5: '59002' };
const OAK: RangeStreet = { id: 2, predir: null, street: 'OAK', suffix: 'ST', postdir: null, state: 'MT', zip5: '59001' };
const edge = (id: number, zip5: string, lat: number): RangeEdge => ({ id, tlid: id, left: { from: 101, to: 199, parity: 'O', zip5 }, right: { from: 100, to: 198, parity: 'E', zip5 }, coords: new Float64Array([-111, lat, -111.001, lat]) });
const EDGES = new Map<number, RangeEdge>([[1, edge(1, '59002', 46.55)], [2, edge(2, '59001', 46)]]);

/** A fresh locality store each time: the sets are remembered per store. */
function localityStore(): LocalityStore {
  return {
    zip: (z) => ZIPS.find((r) => r.zip5 === z) ?? null,
    placesByKey: (key, state) => PLACES.filter((p) => p.key === key && (state === null || p.state === state)),
    placesInState: (state) => PLACES.filter((p) => p.state === state),
    dataVersion: () => 'fake',
  };
}

const STREETS = [MAIN, OAK];
const ranges = fakeRangeStore(STREETS, EDGES, ['59001', '59002']);

const components = (city: string): AddressComponents => ({
  number: '105', number_fraction: null, predir: null, street: 'MAIN', suffix: 'ST', postdir: null, unit_type: null, unit_number: null,
  po_box: null, rural_route: null, box: null, box_group_type: null, urbanization: null, city, state: 'MT', zip5: '59001', zip4: null,
});
const decided = (city: string): Locality => ({
  city, state: 'MT', zip5: '59001', county: null, county_fips: null, geocode: { lat: 46, lon: -111, quality: 'ZIP_CENTROID', accuracy_meters: 5000 },
  confirmed: true, partial: false, suggestion: null, fuzzy: null,
});

describe('the range layer, city ZIPs', () => {
  it('searches the ZIPs of the city given and of the city decided, whichever pairs came before', () => {
    const locality = localityStore();
    // [city given, city decided]: MAIN ST lies in BETA's ZIP, so it is found when either city is BETA.
    const pairs: [string, string][] = [['ALPHA', 'ALPHA'], ['ALPHA', 'BETA'], ['BETA', 'ALPHA'], ['ALPHA', 'ALPHA'], ['BETA', 'BETA'], ['ALPHA', 'BETA'], ['ALPHA', 'ALPHA']];
    for (const [given, city] of pairs) {
      const f = new Findings();
      const m = matchRange(components(given), decided(city), null, ranges, locality, f);
      const found = given === 'BETA' || city === 'BETA';
      expect(m?.level, `${given} / ${city}`).toBe(found ? 'range' : 'locality');
      expect(f.reasons.includes('STREET_NOT_FOUND'), `${given} / ${city}`).toBe(!found);
      if (found) expect(m?.locality.zip5).toBe('59002');
    }
  });
});
