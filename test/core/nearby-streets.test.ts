import { describe, expect, it } from 'vitest';
import type { Locality } from '../../src/core/locality/locality.js';
import type { PointStore, StreetRecord } from '../../src/core/model/ports.js';
import { cityKey } from '../../src/core/parse/city-key.js';
import { nearbyStreets } from '../../src/core/points/nearby-streets.js';
import { withinKm } from '../../src/core/util/geo-distance.js';

/** What nearbyStreets must answer: every street of the list tested, in the list's order. */
function measured(all: readonly StreetRecord[], loc: Locality, km: number): StreetRecord[] {
  const city = loc.city !== null ? cityKey(loc.city) : null;
  const at = loc.geocode;
  // Not the decided ZIP's own streets; without a decided ZIP, not the streets without one.
  return all.filter((s) => s.zip5 !== loc.zip5
    && ((city !== null && s.city !== null && cityKey(s.city) === city) || (at !== null && withinKm(at.lat, at.lon, s.lat, s.lon, km))));
}

describe('nearbyStreets', () => {
  it('finds the streets of the city and those within the distance, as testing every street does', () => {
    let seed = 5;
    const rnd = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const cities = ['AUSTIN', 'ROUND ROCK', 'Round Rock', 'TEMPLE', null];
    const centre = { lat: 30.3, lon: -97.7 };
    // Streets scattered up to ~60 km around, many just inside and outside 25 km north and south.
    const all: StreetRecord[] = Array.from({ length: 400 }, (_, i) => {
      const north = i % 3 === 0 ? (rnd() < 0.5 ? -1 : 1) * (24.99 + rnd() * 0.02) / 111.195 : (rnd() - 0.5) * 1.1;
      return {
        id: i, source: 's', predir: null, street: 'MAIN', suffix: 'ST', postdir: null, city: cities[Math.floor(rnd() * cities.length)] ?? null, state: 'TX',
        zip5: rnd() < 0.05 ? null : String(78700 + Math.floor(rnd() * 30)), points: 1, lat: centre.lat + north, lon: centre.lon + (i % 3 === 0 ? 0 : (rnd() - 0.5) * 1.2),
      };
    });
    const store = { coversState: (s: string) => s === 'TX', streetsInState: (s: string) => (s === 'TX' ? all : []) } as unknown as PointStore;
    let found = 0;
    for (let k = 0; k < 200; k++) {
      const loc: Locality = {
        city: k % 4 === 0 ? null : (cities[k % cities.length] ?? null), state: 'TX', zip5: k % 5 === 0 ? null : String(78700 + (k % 30)), county: null, county_fips: null,
        geocode: k % 7 === 0 ? null : k % 3 === 0 ? { ...centre, quality: 'ZIP_CENTROID', accuracy_meters: 1000 } : { lat: centre.lat + (rnd() - 0.5) * 0.4, lon: centre.lon + (rnd() - 0.5) * 0.4, quality: 'ZIP_CENTROID', accuracy_meters: 1000 },
        confirmed: true, partial: false, suggestion: null, fuzzy: null,
      } as Locality;
      const want = measured(all, loc, 25);
      expect(nearbyStreets('MAIN', loc, store, 25)).toEqual(want);
      found += want.length;
    }
    expect(found).toBeGreaterThan(5_000);
  });
});
