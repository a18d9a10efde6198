import { describe, expect, it } from 'vitest';
import type { ZipRecord } from '../../src/core/model/ports.js';
import { withinKm } from '../../src/core/util/geo-distance.js';
import { zipLocator } from '../../src/store/zip-locator.js';

/** A deterministic generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const record = (zip5: string, lat: number, lon: number): ZipRecord => ({ zip5, city: 'X', state: 'AK', county: null, county_fips: null, lat, lon, timezone: null });

describe('zipLocator.zipsWithinKm', () => {
  it('answers as withinKm over every ZIP, also just inside and outside the distance, at any latitude', () => {
    const rnd = rng(42);
    const centres = Array.from({ length: 60 }, () => [18 + rnd() * 53, -170 + rnd() * 105] as const);
    const records: ZipRecord[] = [];
    for (const [lat, lon] of centres) {
      // ZIPs around each centre, many near 25 km in every direction (a degree of latitude is ~111.2 km).
      for (let i = 0; i < 40; i++) {
        const bearing = rnd() * 2 * Math.PI;
        const km = i < 20 ? 24.9 + rnd() * 0.2 : rnd() * 60;
        const dLat = (km / 111.195) * Math.cos(bearing);
        const dLon = ((km / 111.195) * Math.sin(bearing)) / Math.cos((lat * Math.PI) / 180);
        records.push(record(String(records.length).padStart(5, '0'), lat + dLat, lon + dLon));
      }
    }
    const locator = zipLocator(records, (z) => z);
    let found = 0;
    for (const [lat, lon] of centres) {
      for (const km of [25, 5, 0.5]) {
        const want = records.filter((z) => withinKm(lat, lon, z.lat as number, z.lon as number, km)).map((z) => z.zip5).sort();
        expect(locator.zipsWithinKm(lat, lon, km).sort()).toEqual(want);
        found += want.length;
      }
    }
    expect(found).toBeGreaterThan(1000);
  });
});
