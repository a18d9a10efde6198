import { describe, expect, it } from 'vitest';
import type { Locality } from '../../src/core/locality/locality.js';
import type { LocalityStore, ZipRecord } from '../../src/core/model/ports.js';
import { NEARBY_KM } from '../../src/core/points/nearby-streets.js';
import { zipsNear } from '../../src/core/ranges/near-zips.js';
import { withinKm } from '../../src/core/util/geo-distance.js';
import { zipNumber } from '../../src/core/util/zip-number.js';

describe('zipsNear', () => {
  it('answers as withinKm of the ZIP centre, for positions asked again and asked again and again (centres read once)', () => {
    let seed = 3;
    const rnd = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const zips: ZipRecord[] = Array.from({ length: 1_200 }, (_, i) => ({
      zip5: String(10_000 + i), city: 'X', state: 'NY', county: null, county_fips: null,
      lat: i % 97 === 0 ? null : 40 + rnd() * 2, lon: -75 + rnd() * 2, timezone: null,
    }));
    const byZip = new Map(zips.map((z) => [z.zip5, z]));
    const locality = { zip: (z: string) => byZip.get(z) ?? null } as unknown as LocalityStore;
    const at = (lat: number, lon: number): Locality => ({ geocode: { lat, lon, quality: 'ZIP_CENTROID', accuracy_meters: 1000 } }) as Locality;
    const positions = Array.from({ length: 480 }, () => at(40 + rnd() * 2, -75 + rnd() * 2));
    let near = 0;
    let wrong = 0;
    // 480 positions x 1,200 ZIPs, twice: each ZIP centre read once, then from the table.
    for (let round = 0; round < 2; round++) {
      for (const loc of positions) {
        const test = zipsNear(loc, locality);
        for (const z of zips) {
          const want = z.lat !== null && z.lon !== null && withinKm(loc.geocode!.lat, loc.geocode!.lon, z.lat, z.lon, NEARBY_KM);
          if (test(z.zip5, zipNumber(z.zip5)) !== want) wrong++;
          if (want) near++;
        }
      }
    }
    expect(wrong).toBe(0);
    expect(near).toBeGreaterThan(10_000);
    expect(zipsNear({ geocode: null } as Locality, locality)('10001', 10_001)).toBe(false);
    expect(zipsNear(positions[0]!, locality)('1000A', -1)).toBe(false);
  });
});
