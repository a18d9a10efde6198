/**
 * The range layer of a validation (docs/validation.md, "How the range layer
 * decides"): between the address points and the locality. Once the locality is
 * decided, find the street among the TIGER/Line address ranges (its standardized
 * name in the ZIP, else in another ZIP of the same city or near it, else one
 * clear misspelling), find the side of an edge whose range and parity hold the
 * house number, take the ZIP of that side, and interpolate the position. A
 * number outside every range of the street is said (PARTIAL) with the nearest
 * number the ranges hold. Returns null where no ranges cover the area.
 *
 * A range says where numbers may be, not that a delivery point exists: a number
 * in range is not deliverability D (see IN_RANGE).
 */
import { cityKey } from '../parse/city-key.js';
import type { Findings } from '../model/findings.js';
import { zipCentroid } from '../locality/locality.js';
import type { Locality } from '../locality/locality.js';
import type { LocalityStore, ZipRecord } from '../model/ports.js';
import { nearestNames } from '../util/nearest-names.js';
import { rememberedStreetKey as streetKey } from '../parse/street-key.js';
import type { AddressComponents } from '../model/types.js';
import type { Deliverability, Geocode, QualityLevel } from '../model/validation-result.js';
import { leadingNumber } from '../parse/vocabulary.js';
import { nearestOnSide, rangeGeocode, sideHolds } from './edge-geometry.js';
import type { RangeEdge, RangeSide, RangeStore, RangeStreet } from './range-store.js';
import { zipsNear } from './near-zips.js';
import type { NearTest } from './near-zips.js';
import { zipNumber } from '../util/zip-number.js';
import { searchedNames } from './city-names.js';
import type { SearchedNames } from './city-names.js';

/**
 * The deliverability of a number the ranges hold: N. A TIGER range is the span of
 * numbers that may lie on a side (potential addresses, 101-199 for a block with three
 * houses), not a list of delivery points; only an address point confirms one (D).
 */
const IN_RANGE: Deliverability = 'N';

/** What the ranges say about an address. */
export interface RangeMatch {
  components: AddressComponents; // the street as the ranges spell it
  locality: Locality; // after the ZIP of the side holding the number
  zip4: string | null;
  deliverability: Deliverability;
  level: QualityLevel;
  geocode: Geocode | null;
  suggestion: AddressComponents | null; // the nearest number the ranges hold (number outside every range), with the city, state and ZIP of its side
}

/** A side of an edge of a street that holds the number. */
interface Hit { street: RangeStreet; edge: RangeEdge; side: 'left' | 'right'; score: number }

const SIDES = ['left', 'right'] as const;

/** The fit of a street spelled exactly as given (directionals and suffix). */
const PERFECT_FIT = 6;

/** How well a street's spelling fits the input's directionals and suffix (higher is better). */
function fit(c: AddressComponents, s: RangeStreet): number {
  return part(c.predir, s.predir) + part(c.suffix, s.suffix) + part(c.postdir, s.postdir);
}

/** One part's share of fit: 2 when given as found, 1 when one of them is missing, else 0. */
const part = (given: string | null, found: string | null): number => (given === found ? 2 : given === null || found === null ? 1 : 0);

/**
 * Sets of cityZips already made, per locality store, by state, city given and city decided: a
 * batch names the same cities again and again. Above the ~35,000 places of the reference file, so
 * a batch across the country ends up with each city's set made once (a set shares the ZIP strings
 * of the store's places); past CITY_ZIPS_KEPT all are let go. Three levels of maps, not one key
 * string made per address.
 */
interface MadeCityZips { count: number; byState: Map<string, Map<string, Map<string, ReadonlySet<string>>>> }
const madeCityZips = new WeakMap<LocalityStore, MadeCityZips>();
const CITY_ZIPS_KEPT = 50_000;
const NO_ZIPS: ReadonlySet<string> = new Set();

/** The ZIPs of the city the input names and of the city decided, in the decided state. */
function cityZips(c: AddressComponents, loc: Locality, locality: LocalityStore): ReadonlySet<string> {
  if (loc.state === null) return NO_ZIPS;
  let made = madeCityZips.get(locality);
  if (made === undefined) madeCityZips.set(locality, (made = { count: 0, byState: new Map() }));
  const given = c.city ?? '';
  const decided = loc.city ?? '';
  let byGiven = made.byState.get(loc.state);
  let byDecided = byGiven?.get(given);
  const held = byDecided?.get(decided);
  if (held !== undefined) return held;
  const zips = new Set<string>();
  for (const name of [c.city, loc.city]) {
    if (name === null) continue;
    for (const place of locality.placesByKey(cityKey(name), loc.state)) for (const z of place.zips) zips.add(z);
  }
  if (made.count >= CITY_ZIPS_KEPT) {
    made.byState.clear();
    made.count = 0;
    byGiven = undefined;
    byDecided = undefined;
  }
  if (byGiven === undefined) made.byState.set(loc.state, (byGiven = new Map()));
  if (byDecided === undefined) byGiven.set(given, (byDecided = new Map()));
  byDecided.set(decided, zips);
  made.count++;
  return zips;
}

/** A city of more ZIPs than this has all its streets of a key read from the state's, not ZIP by ZIP. */
const CITY_ZIPS_ONE_BY_ONE = 12;

/** The test of a ZIP's nearness to the decided locality (near-zips.ts), found once per lookup when first needed. */
function nearOf(ctx: Lookup): NearTest {
  return (ctx.near ??= zipsNear(ctx.loc, ctx.locality));
}

// The numbers of a city's ZIPs (zip-number.ts), per set cityZips made: tested for every street of
// a name in the state that a lookup by state reads.
const numbersOfCities = new WeakMap<ReadonlySet<string>, ReadonlySet<number>>();

function zipNumbersOf(zips: ReadonlySet<string>): ReadonlySet<number> {
  let numbers = numbersOfCities.get(zips);
  if (numbers === undefined) numbersOfCities.set(zips, (numbers = new Set([...zips].map(zipNumber).filter((z) => z >= 0))));
  return numbers;
}

/**
 * The streets of a key in the decided state in the ZIPs cityStreets or ringStreets may keep (the
 * others are not read); only those whose numbers span `holding` when it is given. Remembered for
 * the lookup: the city's other ZIPs and the ZIPs around filter one answer. Without a number only
 * cityStreets asks (ringStreets always gives one): the city's ZIPs alone, no ZIP's distance.
 */
function inState(key: string, holding: number | null, ctx: Lookup): RangeStreet[] {
  const id = `${holding ?? ''}|${key}`;
  let streets = ctx.inState.get(id);
  if (streets === undefined) {
    const { loc } = ctx;
    const city = zipNumbersOf(zipsOf(ctx));
    const own = loc.zip5 !== null ? zipNumber(loc.zip5) : -1;
    // By number: the ranges' ZIPs are five digits (ranges-import.ts keeps no other side).
    let within: NearTest;
    if (holding === null) within = (_z, k) => k >= 0 && k !== own && city.has(k);
    else {
      const near = nearOf(ctx);
      within = (z, k) => k >= 0 && k !== own && (city.has(k) || near(z, k));
    }
    streets = ctx.ranges.streetsInStateWithin(loc.state as string, key, holding, within);
    ctx.inState.set(id, streets);
  }
  return streets;
}

/** Streets of this key in the other ZIPs of the city named (or decided). */
function cityStreets(key: string, ctx: Lookup, holding: number | null): RangeStreet[] {
  const { loc, ranges } = ctx;
  const zips = zipsOf(ctx);
  if (loc.state === null || zips.size === 0) return [];
  if (holding === null && zips.size <= CITY_ZIPS_ONE_BY_ONE) return [...zips].filter((z) => z !== loc.zip5).flatMap((z) => ranges.streetsInZip(z, key));
  return inState(key, holding, ctx).filter((s) => s.zip5 !== loc.zip5 && zips.has(s.zip5));
}

/** Streets of this key in the other ZIPs of the state whose centre lies near the decided locality (the city's own excluded) and whose numbers span the house number. */
function ringStreets(key: string, ctx: Lookup): RangeStreet[] {
  const { loc, ranges } = ctx;
  if (loc.state === null || loc.geocode === null || !ranges.coversState(loc.state)) return [];
  const zips = zipsOf(ctx);
  const near = nearOf(ctx);
  return inState(key, ctx.n, ctx).filter((s) => s.zip5 !== loc.zip5 && !zips.has(s.zip5) && near(s.zip5, zipNumber(s.zip5)));
}

/** What one lookup of a street name works with. */
interface Lookup {
  n: number; // the house number's leading integer
  c: AddressComponents; // the address as given (its city)
  loc: Locality;
  zips: ReadonlySet<string> | null; // the ZIPs of the city named, once asked (zipsOf)
  ranges: RangeStore;
  locality: LocalityStore;
  cityFirst: boolean; // the city and the ZIP given contradict each other (CITY_ZIP_MISMATCH)
  zipCovered: boolean; // the ranges cover the decided ZIP
  inState: Map<string, RangeStreet[]>; // answers of inState for this address
  near: NearTest | null; // whether a ZIP is near the decided locality, once asked (nearOf)
}

/** The ZIPs of the city named and of the city decided (cityZips), made when first needed. */
function zipsOf(ctx: Lookup): ReadonlySet<string> {
  return (ctx.zips ??= cityZips(ctx.c, ctx.loc, ctx.locality));
}

/**
 * The sides of the streets' edges that hold the number, scored: the spelling first, then the ZIP
 * given, then a ZIP of the city named — the city before the ZIP when the two contradict each
 * other (five digits are easier to get wrong than a name).
 *
 * Scores are only compared with each other (order, ties), so every score leaves out the city's
 * share of a side in the ZIP given, a constant: a side in another ZIP gets the difference. The
 * city's ZIPs are then only made for addresses whose street has sides in other ZIPs.
 */
function hitsOf(c: AddressComponents, streets: readonly RangeStreet[], ctx: Lookup): Hit[] {
  const [zipWeight, cityWeight] = ctx.cityFirst ? [1, 2] : [2, 1];
  const own = ctx.loc.zip5;
  const hits: Hit[] = [];
  for (const street of streets) {
    const base = fit(c, street) * 4;
    for (const edge of ctx.ranges.edgesHolding(street, ctx.n)) {
      for (const side of SIDES) {
        const s = edge[side];
        if (s === null || !sideHolds(s, ctx.n)) continue;
        const score = s.zip5 === own ? base + zipWeight : base + cityShare(s.zip5, cityWeight, ctx);
        hits.push({ street, edge, side, score });
      }
    }
  }
  return hits.sort((a, b) => b.score - a.score);
}

/** A side's share of its score for its ZIP's city (hitsOf), the share of the ZIP given taken away. */
function cityShare(zip5: string, cityWeight: number, ctx: Lookup): number {
  const zips = zipsOf(ctx);
  return (zips.has(zip5) ? cityWeight : 0) - (ctx.loc.zip5 !== null && zips.has(ctx.loc.zip5) ? cityWeight : 0);
}

/** The streets of a key in the ZIP, else (or, when the city contradicts the ZIP, also) in the city's other ZIPs and near, with the sides holding the number. */
function byName(c: AddressComponents, key: string, ctx: Lookup): { streets: RangeStreet[]; hits: Hit[] } {
  const { loc, ranges } = ctx;
  let streets = ctx.zipCovered ? ranges.streetsInZip(loc.zip5 as string, key) : [];
  let hits = hitsOf(c, streets, ctx);
  if (hits.length === 0 || ctx.cityFirst) {
    // The street in another ZIP of the city, else near: a wrong or missing ZIP, or a street running
    // on. Only the streets whose numbers span the number are read (one indexed query per tier); the
    // ZIPs around are read only when the city's hold no side of a street spelled as given.
    let near = cityStreets(key, ctx, ctx.n);
    let nearHits = hitsOf(c, near, ctx);
    if (!nearHits.some((h) => fit(c, h.street) === PERFECT_FIT)) {
      const ring = ringStreets(key, ctx);
      near = [...near, ...ring];
      nearHits = [...nearHits, ...hitsOf(c, ring, ctx)].sort((x, y) => y.score - x.score);
    }
    if (nearHits.length === 0 && streets.length === 0) {
      // No street of the name holds the number, here or near: the city's, for the nearest number
      // they hold. A street of the name in another town that does not hold the number either is
      // no sign of the one meant (the user's street may be one the ranges lack): not offered.
      near = cityStreets(key, ctx, null);
    }
    if (nearHits.length > 0 || streets.length === 0) {
      streets = [...streets, ...near];
      hits = [...hits, ...nearHits].sort((x, y) => y.score - x.score);
    }
  }
  return { streets, hits };
}

/** The address with a bare unit (# 211, # B) read as the end of the street's name, or null when it has none. */
function withUnitInName(c: AddressComponents): AddressComponents | null {
  if (c.unit_type !== '#' || c.unit_number === null || c.street === null) return null;
  return { ...c, street: `${c.street}${c.suffix !== null ? ` ${c.suffix}` : ''} ${c.unit_number}`, suffix: null, unit_type: null, unit_number: null };
}

/** The street keys within reach of a misspelling: the one name nearest `key` among the names searched (several when tied). */
function misspelled(key: string, searched: SearchedNames): string[] {
  const max = key.length <= 3 ? 0 : key.length <= 8 ? 1 : 2;
  if (max === 0) return [];
  const nearest = nearestNames(key, [searched.names], max);
  // Equally near, two letters swapped (LARMIE for LARIME) beats a letter more or less (LARAMIE):
  // the typist had every letter right.
  const swapped = nearest.filter((name) => sortedLetters(name) === sortedLetters(key));
  return swapped.length > 0 ? swapped : nearest;
}

const sortedLetters = (s: string): string => [...s].sort().join('');

const sameReading = (a: RangeStreet, b: RangeStreet): boolean => a.predir === b.predir && a.street === b.street && a.suffix === b.suffix && a.postdir === b.postdir;

/** Records the changes from the input's street to the ranges' spelling; returns the components. */
function repairStreet(c: AddressComponents, s: RangeStreet, fuzzy: boolean, f: Findings): AddressComponents {
  if (fuzzy) {
    f.reason('STREET_FUZZY_MATCH');
    f.change('STREET_CORRECTED', c.street, s.street);
  }
  // The ranges' suffix wins; where they write the street without a type, the one given stays.
  if (s.suffix !== null && c.suffix !== s.suffix) f.change(c.suffix === null ? 'SUFFIX_ADDED' : 'SUFFIX_CORRECTED', c.suffix, s.suffix);
  if (s.predir !== null && c.predir !== s.predir) f.change(c.predir === null ? 'DIRECTIONAL_ADDED' : 'DIRECTIONAL_CORRECTED', c.predir, s.predir);
  if (s.postdir !== null && c.postdir !== s.postdir) f.change(c.postdir === null ? 'DIRECTIONAL_ADDED' : 'DIRECTIONAL_CORRECTED', c.postdir, s.postdir);
  // Directionals the ranges write on neither end are kept as given.
  const undirected = s.predir === null && s.postdir === null;
  return {
    ...c,
    street: fuzzy ? s.street : c.street,
    predir: undirected ? c.predir : s.predir,
    suffix: s.suffix ?? c.suffix,
    postdir: undirected ? c.postdir : s.postdir,
  };
}

/** The city a side's ZIP is written with: the one given (or decided) when it names that ZIP's city, else the ZIP's own. */
function cityOfZip(zip: ZipRecord, c: AddressComponents, loc: Locality): { city: string; keep: boolean } {
  const given = c.city ?? loc.city;
  const keep = given !== null && cityKey(given) === cityKey(zip.city);
  return { city: keep ? (loc.city !== null && cityKey(loc.city) === cityKey(zip.city) ? loc.city : zip.city) : zip.city, keep };
}

/** The locality of the side's ZIP when it differs from the one decided: the ranges know which ZIP the number lies in. */
function localityOfSide(zip5: string, c: AddressComponents, loc: Locality, locality: LocalityStore, f: Findings): Locality {
  if (zip5 === loc.zip5) return loc;
  const zip = locality.zip(zip5);
  if (zip === null) return loc;
  if (c.zip5 === zip5) {
    // The locality layer had replaced the ZIP given, which the ranges bear out: the change goes.
    f.unchange('ZIP_CORRECTED');
  } else if (c.zip5 === null || loc.zip5 === null || f.hasChange('ZIP_ADDED')) {
    f.amend('ZIP_ADDED', null, zip.zip5);
  } else f.amend('ZIP_CORRECTED', c.zip5, zip.zip5);
  f.drop('ZIP_AMBIGUOUS');
  const { city, keep } = cityOfZip(zip, c, loc);
  if (keep) {
    f.drop('CITY_ZIP_MISMATCH');
    f.drop('CITY_ALTERNATE_NAME');
  } else if (loc.city !== null && city !== loc.city) f.amend('CITY_CORRECTED', loc.city, city);
  return { ...loc, city, state: zip.state, zip5: zip.zip5, county: zip.county, county_fips: zip.county_fips, geocode: zipCentroid(zip), partial: false, suggestion: null, confirmed: true };
}

/**
 * The address at the nearest number the ranges hold, written with the ZIP of the side that holds
 * it and that ZIP's city: the street may lie in another ZIP of the city than the one given.
 */
function suggestionAt(components: AddressComponents, number: number, sideZip: string, loc: Locality, locality: LocalityStore): AddressComponents {
  const zip = sideZip === loc.zip5 ? null : locality.zip(sideZip);
  const at = zip === null ? { city: loc.city, state: loc.state, zip5: loc.zip5 } : { city: cityOfZip(zip, components, loc).city, state: zip.state, zip5: zip.zip5 };
  return { ...components, number: String(number), number_fraction: null, ...at, zip4: null };
}

/** The number of the streets' ranges nearest n, with the edge and side that hold it. */
function nearestNumber(streets: readonly RangeStreet[], n: number, ranges: RangeStore): { street: RangeStreet; edge: RangeEdge; side: 'left' | 'right'; number: number } | null {
  let best: { street: RangeStreet; edge: RangeEdge; side: 'left' | 'right'; number: number } | null = null;
  for (const street of streets) {
    for (const edge of ranges.edgesOf(street)) {
      for (const side of SIDES) {
        const s: RangeSide | null = edge[side];
        if (s === null) continue;
        const m = nearestOnSide(s, n);
        if (best === null || Math.abs(m - n) < Math.abs(best.number - n)) best = { street, edge, side, number: m };
      }
    }
  }
  return best;
}

/**
 * The streets of one clear misspelling of `key` among the names of the ZIP and the city's other
 * ZIPs (among names equally near, the one whose ranges hold the number), or null. A function of
 * its own: the few addresses that come here do not make matchRange be compiled again.
 */
function misspeltStreets(c: AddressComponents, key: string, ctx: Lookup): RangeStreet[] | null {
  const { loc, ranges, zipCovered } = ctx;
  const searched = searchedNames(zipCovered ? loc.zip5 : null, zipsOf(ctx), ranges);
  const names = misspelled(key, searched);
  const found = names.map((name) => (searched.zipsOf.get(name) ?? []).flatMap((z) => ranges.streetsInZip(z, name)));
  const holding = found.filter((list) => hitsOf(c, list, ctx).length > 0);
  const pick = holding.length === 1 ? holding[0] : found.length === 1 ? found[0] : undefined;
  return pick !== undefined && pick.length > 0 ? pick : null;
}

/** Matches a parsed address (with its decided locality) against the ranges; null where they do not cover the area. */
export function matchRange(given: AddressComponents, loc: Locality, zip4: string | null, ranges: RangeStore, locality: LocalityStore, f: Findings): RangeMatch | null {
  let c = given;
  if (c.street === null || c.number === null || c.po_box !== null || c.rural_route !== null) return null;
  const n = leadingNumber(c.number);
  if (n === null) return null;
  const zipCovered = loc.zip5 !== null && ranges.coversZip(loc.zip5);
  if (!zipCovered && !(loc.state !== null && ranges.coversState(loc.state))) return null;
  const cityFirst = f.hasReason('CITY_ZIP_MISMATCH');
  const ctx: Lookup = { n, c, loc, zips: null, ranges, locality, cityFirst, zipCovered, inState: new Map(), near: null };
  let fuzzy = false;
  let key = streetKey(c.street);
  let { streets, hits } = byName(c, key, ctx);
  const joined = streets.length === 0 ? withUnitInName(c) : null;
  if (joined !== null) {
    // A bare number or letter after the type is part of the name in the ranges (NFS Rd 211,
    // County Rd 12 B) where the parser read it as a unit.
    const again = byName(joined, streetKey(joined.street as string), ctx);
    if (again.streets.length > 0) {
      ({ streets, hits } = again);
      c = { ...joined, street: (streets[0] as RangeStreet).street };
      key = streetKey(c.street as string);
    }
  }
  if (streets.length === 0) {
    const pick = misspeltStreets(c, key, ctx);
    if (pick !== null) {
      fuzzy = true;
      streets = pick;
      hits = hitsOf(c, streets, ctx);
    }
  }
  if (streets.length === 0) {
    if (!zipCovered) return null; // a state merely touched by some county stays at the locality layer
    f.reason('STREET_NOT_FOUND');
    return { components: c, locality: loc, zip4, deliverability: 'N', level: 'locality', geocode: loc.geocode, suggestion: null };
  }

  if (hits.length === 0) {
    // The street is there; no side of it holds this number.
    const ranked = [...streets].sort((a, b) => fit(c, b) - fit(c, a));
    const top = fit(c, ranked[0] as RangeStreet);
    const best = nearestNumber(ranked.filter((s) => fit(c, s) === top), n, ranges);
    f.reason('HOUSE_NUMBER_OUT_OF_RANGE');
    if (best === null) return { components: c, locality: loc, zip4, deliverability: 'U', level: 'locality', geocode: loc.geocode, suggestion: null };
    const components = repairStreet(c, best.street, fuzzy, f);
    // Without a ZIP given, the street's own ZIP (where the nearest number lies) is the one meant.
    const sideZip = (best.edge[best.side] as RangeSide).zip5;
    const newLoc = loc.zip5 === null ? localityOfSide(sideZip, c, loc, locality, f) : loc;
    return {
      components, locality: newLoc, zip4: newLoc === loc ? zip4 : null, deliverability: 'U', level: 'street',
      geocode: rangeGeocode(best.edge, best.side, best.number), suggestion: suggestionAt(components, best.number, sideZip, newLoc, locality),
    };
  }

  const best = hits[0] as Hit;
  const rival = hits.find((h) => h.score === best.score && !sameReading(h.street, best.street));
  if (rival !== undefined) {
    // Two streets fit equally well and both hold this number (N and S Main St without a directional).
    f.reason('AMBIGUOUS_MATCH');
    return { components: c, locality: loc, zip4, deliverability: 'N', level: 'locality', geocode: loc.geocode, suggestion: null };
  }
  const components = repairStreet(c, best.street, fuzzy, f);
  const side = best.edge[best.side] as RangeSide;
  const newLoc = localityOfSide(side.zip5, c, loc, locality, f);
  return {
    components, locality: newLoc, zip4: newLoc === loc ? zip4 : null, deliverability: IN_RANGE,
    level: 'range', geocode: rangeGeocode(best.edge, best.side, n), suggestion: null,
  };
}

