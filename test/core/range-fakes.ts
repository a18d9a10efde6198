// In-memory locality and range stores of the range layer's tests (match-range-ring.test.ts,
// street-layers.test.ts, match-range-city-zips.test.ts: fakeRangeStore): ALPHA (59001, 59004) and GAMMA (59003), ~11 km apart (within the ring of
// nearby ZIPs); ELM ST in GAMMA, PINE ST in ALPHA's 59004, each numbered 100-199.
import type { Locality } from '../../src/core/locality/locality.js';
import type { LocalityStore, PlaceRecord, ZipRecord } from '../../src/core/model/ports.js';
import type { AddressComponents } from '../../src/core/model/types.js';
import type { RangeEdge, RangeStore, RangeStreet } from '../../src/core/ranges/range-store.js';

const zipOf = (zip5: string, city: string, lat: number): ZipRecord => ({ zip5, city, state: 'MT', county: null, county_fips: null, lat, lon: -111, timezone: null });
const ZIPS = [zipOf('59001', 'ALPHA', 46), zipOf('59004', 'ALPHA', 46.02), zipOf('59003', 'GAMMA', 46.1)];
const PLACES: PlaceRecord[] = [
  { city: 'ALPHA', key: 'ALPHA', state: 'MT', zips: ['59001', '59004'], lat: 46, lon: -111 },
  { city: 'GAMMA', key: 'GAMMA', state: 'MT', zips: ['59003'], lat: 46.1, lon: -111 },
];
const street = (id: number, name: string, zip5: string): RangeStreet => ({ id, predir: null, street: name, suffix: 'ST', postdir: null, state: 'MT', zip5 });
const STREETS = [street(1, 'ELM', '59003'), street(2, 'PINE', '59004')];
const edge = (id: number, zip5: string, lat: number): RangeEdge => ({ id, tlid: id, left: { from: 101, to: 199, parity: 'O', zip5 }, right: { from: 100, to: 198, parity: 'E', zip5 }, coords: new Float64Array([-111, lat, -111.001, lat]) });
const EDGES = new Map<number, RangeEdge>([[1, edge(1, '59003', 46.1)], [2, edge(2, '59004', 46.02)]]);

export const locality: LocalityStore = {
  zip: (z) => ZIPS.find((r) => r.zip5 === z) ?? null,
  placesByKey: (key, state) => PLACES.filter((p) => p.key === key && (state === null || p.state === state)),
  placesInState: (state) => PLACES.filter((p) => p.state === state),
  dataVersion: () => 'fake',
};
/** A range store over a few streets, each with one edge (by the street's id), covering `zips` of MT. */
export function fakeRangeStore(streets: readonly RangeStreet[], edges: ReadonlyMap<number, RangeEdge>, zips: readonly string[]): RangeStore {
  const holds = (s: RangeStreet, n: number): boolean => [edges.get(s.id)!].some((e) => [e.left, e.right].some((d) => d !== null && n >= Math.min(d.from, d.to) && n <= Math.max(d.from, d.to)));
  return {
    coversZip: (z) => zips.includes(z),
    coversState: (s) => s === 'MT',
    streetsInZip: (z, key) => streets.filter((s) => s.zip5 === z && s.street === key),
    streetsInStateWithin: (state, key, n, within) => streets.filter((s) => s.state === state && s.street === key && (n === null || holds(s, n)) && within(s.zip5, Number(s.zip5))),
    streetKeysInZip: (z) => [...new Set(streets.filter((s) => s.zip5 === z).map((s) => s.street))],
    edgesOf: (s) => [edges.get(s.id)!],
    edgesHolding: (s, n) => (holds(s, n) ? [edges.get(s.id)!] : []),
    nearestEdges: () => [],
    streetsByKeyRange: () => [],
    dataVersion: () => 'ranges:fake',
  };
}

export const ranges = fakeRangeStore(STREETS, EDGES, ZIPS.map((z) => z.zip5));

export const given = (number: string, name: string): AddressComponents => ({
  number, number_fraction: null, predir: null, street: name, suffix: 'ST', postdir: null, unit_type: null, unit_number: null,
  po_box: null, rural_route: null, box: null, box_group_type: null, urbanization: null, city: 'ALPHA', state: 'MT', zip5: '59001', zip4: null,
});
export const ALPHA: Locality = {
  city: 'ALPHA', state: 'MT', zip5: '59001', county: null, county_fips: null, geocode: { lat: 46, lon: -111, quality: 'ZIP_CENTROID', accuracy_meters: 5000 },
  confirmed: true, partial: false, suggestion: null, fuzzy: null,
};
