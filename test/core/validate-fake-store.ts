// An in-memory LocalityStore for validation tests: a handful of real ZIPs
// (coordinates and counties from the GeoNames data the real store is built from),
// aggregated into places the way the reference build does it.
import { cityKey } from '../../src/core/parse/city-key.js';
import type { LocalityStore, PlaceRecord, ZipRecord } from '../../src/core/model/ports.js';
import type { AddressComponents, ParsedAddress } from '../../src/core/model/types.js';
import type { ValidationResult } from '../../src/core/model/validation-result.js';
import { validateAddress } from '../../src/core/validate/validate.js';
import { CONFIDENCE_TABLE } from '../../src/core/validate/score-confidence.js';

type Row = [zip5: string, city: string, state: string, county: string | null, fips: string | null, lat: number, lon: number];

const ROWS: Row[] = [
  ['95472', 'SEBASTOPOL', 'CA', 'Sonoma', '06097', 38.3941, -122.8433],
  ['95473', 'SEBASTOPOL', 'CA', 'Sonoma', '06097', 38.4021, -122.8239], // PO boxes: makes Sebastopol a two-ZIP city
  ['95444', 'GRATON', 'CA', 'Sonoma', '06097', 38.4363, -122.8694], // 6 km from 95472: an acceptable neighbour
  ['95427', 'COMPTCHE', 'CA', 'Mendocino', '06045', 39.2656, -123.5833], // 95472 with two digits swapped
  ['95437', 'FORT BRAGG', 'CA', 'Mendocino', '06045', 39.4457, -123.8053],
  ['90028', 'LOS ANGELES', 'CA', 'Los Angeles', '06037', 34.1005, -118.3254],
  ['90012', 'LOS ANGELES', 'CA', 'Los Angeles', '06037', 34.0614, -118.2385],
  ['90069', 'WEST HOLLYWOOD', 'CA', 'Los Angeles', '06037', 34.0901, -118.3617], // next to 90028
  ['91101', 'PASADENA', 'CA', 'Los Angeles', '06037', 34.1466, -118.1451], // 17 km from 90028: within 25 km, not among the nearest
  ['20500', 'WASHINGTON', 'DC', 'District of Columbia', '11001', 38.8946, -77.0355],
  ['20001', 'WASHINGTON', 'DC', 'District of Columbia', '11001', 38.9109, -77.0163],
  ['22747', 'WASHINGTON', 'VA', 'Rappahannock', '51157', 38.7135, -78.1594],
  ['11201', 'BROOKLYN', 'NY', 'Kings', '36047', 40.694, -73.9903],
  ['11368', 'CORONA', 'NY', 'Queens', '36081', 40.7453, -73.8611],
  ['11354', 'FLUSHING', 'NY', 'Queens', '36081', 40.7668, -73.8275],
  ['10001', 'NEW YORK', 'NY', 'New York', '36061', 40.7484, -73.9967],
  ['06234', 'BROOKLYN', 'CT', 'Windham', '09015', 41.7882, -71.9498],
  ['66502', 'MANHATTAN', 'KS', 'Riley', '20161', 39.1936, -96.5928],
  ['33019', 'HOLLYWOOD', 'FL', 'Broward', '12011', 26.0196, -80.1216],
  ['76544', 'FORT HOOD', 'TX', 'Bell', '48027', 31.1349, -97.7756],
  ['28310', 'FORT BRAGG', 'NC', 'Cumberland', '37051', 35.0506, -78.8038],
  ['97201', 'PORTLAND', 'OR', 'Multnomah', '41051', 45.5079, -122.69],
  ['04101', 'PORTLAND', 'ME', 'Cumberland', '23005', 43.6615, -70.2553],
  ['63101', 'SAINT LOUIS', 'MO', 'St. Louis (city)', '29510', 38.6312, -90.1922],
  ['45202', 'CINCINNATI', 'OH', 'Hamilton', '39061', 39.1072, -84.5022],
  ['45203', 'CINCINNATI', 'OH', 'Hamilton', '39061', 39.1077, -84.5383],
  ['19103', 'PHILADELPHIA', 'PA', 'Philadelphia', '42101', 39.9525, -75.1741],
  ['19006', 'HUNTINGDON VALLEY', 'PA', 'Montgomery', '42091', 40.1343, -75.0627], // written HUNTINGDON VY by the USPS's 13-character names
  ['99686', 'VALDEZ', 'AK', 'Valdez-Cordova', '02261', 61.1308, -146.3483], // a one-ZIP city
  ['59741', 'MANHATTAN', 'MT', 'Gallatin', '30031', 45.8566, -111.3322],
  ['09499', 'APO', 'AE', null, null, 51.5085, -0.1257],
  ['96267', 'APO', 'AP', null, null, 37.1522, 127.0706],
  ['34001', 'APO', 'AA', null, null, 25.7617, -80.1918],
];

// Populated places no ZIP city names (the reference takes them from GeoNames cities): no ZIPs,
// their own position. Synthetic, 2 km east of Sebastopol's 95472.
const POPULATED: PlaceRecord[] = [
  { city: 'EAST SEBASTOPOL', key: 'EAST SEBASTOPOL', state: 'CA', zips: [], lat: 38.3941, lon: -122.8203 },
  // 7.9 km south of 95472, beyond 1.5x Graton's 5.2 km: near only by the populated places' 8 km.
  { city: 'SOUTH SEBASTOPOL', key: 'SOUTH SEBASTOPOL', state: 'CA', zips: [], lat: 38.323, lon: -122.8433 },
  // A town of the same name elsewhere, without ZIPs: "Sebastopol" alone is still the CA city.
  { city: 'SEBASTOPOL', key: 'SEBASTOPOL', state: 'MS', zips: [], lat: 32.5826, lon: -89.3362 },
  // A place named with a unit designator that takes no number (as Upper Jay NY, Front Royal VA), where
  // the rest of its name is a place too; far from Sebastopol (synthetic).
  { city: 'LOWER SEBASTOPOL', key: 'LOWER SEBASTOPOL', state: 'CA', zips: [], lat: 36.9, lon: -121.9 },
  // A place whose name begins with a unit designator's word (STE is Suite and Sainte).
  { city: 'SAINTE GENEVIEVE', key: 'ST GENEVIEVE', state: 'MO', zips: [], lat: 37.9814, lon: -90.0418 },
  // A place named with a number word ("One Thousand Oaks Blvd" is 1 Thousand Oaks Blvd).
  { city: 'THOUSAND OAKS', key: 'THOUSAND OAKS', state: 'CA', zips: [], lat: 34.1706, lon: -118.8376 },
  // A Puerto Rico city, for the forms of its addresses (Calle 45, Cond ... Apt 5 San Juan PR).
  { city: 'SAN JUAN', key: 'SAN JUAN', state: 'PR', zips: [], lat: 18.4655, lon: -66.1057 },
];

/** Options of the fake: its version label, and ZIPs of a test's own besides ROWS. */
export interface FakeStoreOptions { version?: string; extra?: readonly ZipRecord[] }

/** The ZIP records of the fake store (with `extra`), in ZIP order. */
export function fakeZipRecords(extra: readonly ZipRecord[] = []): ZipRecord[] {
  return [...ROWS.map(([zip5, city, state, county, county_fips, lat, lon]) => ({ zip5, city, state, county, county_fips, lat, lon, timezone: null })), ...extra]
    .sort((a, b) => (a.zip5 < b.zip5 ? -1 : 1));
}

/** A LocalityStore over ROWS (and `extra`). */
export function fakeLocalityStore(options: FakeStoreOptions = {}): LocalityStore {
  const zips = new Map<string, ZipRecord>();
  for (const z of fakeZipRecords(options.extra)) zips.set(z.zip5, z);
  const groups = new Map<string, ZipRecord[]>();
  for (const z of zips.values()) {
    const id = `${cityKey(z.city)}|${z.state}`;
    groups.set(id, [...(groups.get(id) ?? []), z]);
  }
  const places: PlaceRecord[] = [...POPULATED, ...[...groups.values()].map((zs) => {
    const first = zs[0] as ZipRecord;
    return {
      city: first.city,
      key: cityKey(first.city),
      state: first.state,
      zips: zs.map((z) => z.zip5).sort(),
      lat: zs.reduce((s, z) => s + (z.lat ?? 0), 0) / zs.length,
      lon: zs.reduce((s, z) => s + (z.lon ?? 0), 0) / zs.length,
    };
  })];
  return {
    zip: (zip5) => zips.get(zip5) ?? null,
    placesByKey: (key, state) => places.filter((p) => p.key === key && (state === null || p.state === state)),
    placesInState: (state) => places.filter((p) => p.state === state && p.zips.length > 0),
    dataVersion: () => options.version ?? 'fake@1',
  };
}

const EMPTY: AddressComponents = {
  number: null, number_fraction: null, predir: null, street: null, suffix: null, postdir: null,
  unit_type: null, unit_number: null, po_box: null, rural_route: null, box: null, box_group_type: null,
  urbanization: null, city: null, state: null, zip5: null, zip4: null,
};

/**
 * A ParsedAddress built directly (no parser): `components` as standardized, `raw` as
 * written. Each given component is also its own raw form unless `raw` says otherwise.
 */
export function parsedAddress(components: Partial<AddressComponents>, raw: ParsedAddress['raw'] = {}, unparsed: string[] = []): ParsedAddress {
  const c: AddressComponents = { ...EMPTY, ...components };
  const rawAll: ParsedAddress['raw'] = {};
  for (const [k, v] of Object.entries(components)) if (typeof v === 'string') rawAll[k as keyof AddressComponents] = v;
  // The parser's raw box and route hold the whole phrase as written ("PO BOX 12", "PSC 802 BOX 74").
  if (c.po_box !== null) rawAll.po_box = `PO BOX ${c.po_box}`;
  if (c.rural_route !== null) rawAll.rural_route = [c.box_group_type ?? 'RR', c.rural_route, ...(c.box !== null ? ['BOX', c.box] : [])].join(' ');
  return {
    input: Object.values(c).filter((v) => typeof v === 'string').join(' '),
    components: c,
    delivery_line: '',
    last_line: '',
    unparsed,
    raw: { ...rawAll, ...raw },
    input_kind: 'structured',
  };
}

/** A street line (1 MAIN ST) with the given locality. */
export function streetAddress(locality: Partial<AddressComponents>, raw: ParsedAddress['raw'] = {}): ParsedAddress {
  return parsedAddress({ number: '1', street: 'MAIN', suffix: 'ST', ...locality }, raw);
}

/** What a result decided at the locality layer is scaled by (the street unchecked). */
export const LOCALITY_FACTOR = CONFIDENCE_TABLE.layer_factor.locality;

/** validateAddress over the fake locality store. */
export function validateOnFake(p: ParsedAddress, store: LocalityStore = fakeLocalityStore()): ValidationResult {
  return validateAddress(p, store);
}

/** A military PSC box line with the given locality. */
export const psc = (locality: Parameters<typeof parsedAddress>[0]): ParsedAddress =>
  parsedAddress({ rural_route: '802', box: '74', box_group_type: 'PSC', ...locality });
