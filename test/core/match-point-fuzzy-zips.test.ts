// The ZIPs the points layer looks for a misspelled street in (src/core/points/match-point.ts,
// fuzzyZips): the decided ZIP when covered, then the covered ZIPs of the city's places in order,
// each once, at most 12; the covered ZIPs of a city's places are remembered per point store and
// list of places. In-memory stores; the ZIPs asked for their street names are what is compared.
import { describe, expect, it } from 'vitest';
import { Findings } from '../../src/core/model/findings.js';
import type { Locality } from '../../src/core/locality/locality.js';
import type { LocalityStore, PlaceRecord, PointStore } from '../../src/core/model/ports.js';
import type { AddressComponents } from '../../src/core/model/types.js';
import { matchPoint } from '../../src/core/points/match-point.js';

const FUZZY_ZIPS = 12;

/** What fuzzyZips gave before it remembered anything: every place's ZIPs asked one by one. */
function expected(zip5: string | null, covered: ReadonlySet<string>, places: readonly PlaceRecord[]): string[] {
  const out: string[] = [];
  if (zip5 !== null && covered.has(zip5)) out.push(zip5);
  for (const place of places) for (const z of place.zips) if (out.length < FUZZY_ZIPS && !out.includes(z) && covered.has(z)) out.push(z);
  return out;
}

function pointStore(covered: ReadonlySet<string>, asked: string[]): PointStore {
  return {
    coversZip: (z) => covered.has(z),
    coversState: (s) => s === 'TX',
    completeZip: () => false,
    streetsInZip: () => [],
    streetsInState: () => [],
    streetNamesInZip: (z) => {
      asked.push(z);
      return ['OAK', 'ELM'];
    },
    pointsAt: () => [],
    pointsNear: () => [],
    byPlaceId: () => null,
    nearest: () => [],
    dataVersion: () => 'points:fake',
  };
}

const components: AddressComponents = {
  number: '12', number_fraction: null, predir: null, street: 'WILLOWBROOK', suffix: 'DR', postdir: null, unit_type: null, unit_number: null,
  po_box: null, rural_route: null, box: null, box_group_type: null, urbanization: null, city: 'BIGTOWN', state: 'TX', zip5: null, zip4: null,
};
const locAt = (zip5: string | null): Locality => ({
  city: 'BIGTOWN', state: 'TX', zip5, county: null, county_fips: null, geocode: null, confirmed: true, partial: false, suggestion: null, fuzzy: null,
});

describe('the points layer, ZIPs searched for a misspelling', () => {
  it('are the decided ZIP when covered, then the covered ZIPs of the city in order, each once, at most 12, whatever came before', () => {
    let seed = 11;
    const rnd = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const zip = (i: number): string => String(77000 + i).padStart(5, '0');
    let compared = 0;
    const covered = new Set(Array.from({ length: 90 }, (_, i) => zip(i)).filter(() => rnd() < 0.3));
    const asked: string[] = [];
    const points = pointStore(covered, asked);
    for (let city = 0; city < 40; city++) {
      // A city of one to four places, 1 to 60 ZIPs each, some ZIPs in two places.
      const places: PlaceRecord[] = Object.freeze(Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => {
        const zips = Array.from({ length: 1 + Math.floor(rnd() * 60) }, () => zip(Math.floor(rnd() * 90)));
        return { city: 'BIGTOWN', key: 'BIGTOWN', state: 'TX', zips, lat: null, lon: null };
      })) as PlaceRecord[];
      const locality: LocalityStore = { zip: () => null, placesByKey: () => places, placesInState: () => places, dataVersion: () => 'fake' };
      for (let k = 0; k < 6; k++) {
        const decided = k === 0 ? null : zip(Math.floor(rnd() * 90));
        asked.length = 0;
        expect(matchPoint(components, locAt(decided), null, points, locality, new Findings())).toBeNull();
        expect(asked).toEqual(expected(decided, covered, places));
        compared += asked.length;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });
});
