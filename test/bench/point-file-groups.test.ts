// The points of the ranges bench in files of one state each (bench/ranges-scale-bench.ts,
// pointFileGroups): every street in exactly one file, a file one state, a state of more points
// than a file holds split by ZIP into files below it, the names stable.
import { describe, expect, it } from 'vitest';
import { pointFileGroups } from '../../bench/ranges-scale-bench.js';
import { generateStreets } from '../../bench/generate-points.js';
import type { ZipCentroid } from '../../bench/generate-points.js';

const ZIPS: ZipCentroid[] = [
  ...Array.from({ length: 30 }, (_, i) => ({ zip5: String(90001 + i), city: 'LOS ANGELES', state: 'CA', lat: 34, lon: -118 })),
  ...Array.from({ length: 3 }, (_, i) => ({ zip5: String(59001 + i), city: 'BILLINGS', state: 'MT', lat: 45.8, lon: -108.5 })),
  { zip5: '02108', city: 'BOSTON', state: 'MA', lat: 42.36, lon: -71.06 },
];

describe('pointFileGroups', () => {
  it('puts every street in one file of its state, splitting a large state by ZIP below the limit', () => {
    const streets = generateStreets(ZIPS, 60_000);
    const perFile = 10_000;
    const groups = pointFileGroups(streets, perFile);
    const points = (g: (typeof groups)[number]): number => g.streets.reduce((n, s) => n + s.numbers, 0);
    expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(['points-ma', 'points-mt', 'points-ca-1', 'points-ca-2']));
    expect(new Set(groups.map((g) => g.name)).size).toBe(groups.length);
    const seen = groups.flatMap((g) => g.streets);
    expect(seen.length).toBe(streets.length);
    expect(new Set(seen)).toEqual(new Set(streets));
    for (const g of groups) {
      expect(new Set(g.streets.map((s) => s.zip.state)).size).toBe(1);
      const zipPoints = new Map<string, number>();
      for (const s of g.streets) zipPoints.set(s.zip.zip5, (zipPoints.get(s.zip.zip5) ?? 0) + s.numbers);
      // Below the limit, unless one ZIP alone is more.
      expect(points(g) <= perFile || zipPoints.size === 1).toBe(true);
    }
    // A ZIP's streets stay in one file.
    const filesOfZip = new Map<string, Set<string>>();
    for (const g of groups) for (const s of g.streets) filesOfZip.set(s.zip.zip5, (filesOfZip.get(s.zip.zip5) ?? new Set()).add(g.name));
    for (const files of filesOfZip.values()) expect(files.size).toBe(1);
    expect(groups.filter((g) => g.name.startsWith('points-ca-')).length).toBeGreaterThanOrEqual(Math.ceil(points({ name: '', streets: streets.filter((s) => s.zip.state === 'CA') }) / perFile));
    expect(pointFileGroups(streets, perFile).map((g) => [g.name, g.streets.length])).toEqual(groups.map((g) => [g.name, g.streets.length]));
    // Under a larger limit, one file per state.
    expect(pointFileGroups(streets, 1_000_000).map((g) => g.name)).toEqual(['points-ca', 'points-ma', 'points-mt']);
  });
});
