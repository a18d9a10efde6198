/**
 * City matching at the locality layer (docs/data.md §2). The reference
 * has no USPS acceptable names, so a city that differs from the ZIP's primary
 * city is classified, never blindly "corrected":
 * exact (same key) > curated alias > known place among the nearest (kept) > misspelling of
 * the ZIP's city (corrected) > place elsewhere (mismatch) > unknown (kept, flagged).
 */
import aliasData from '../data/city-aliases.json' with { type: 'json' };
import abbreviationData from '../data/city-abbreviations.json' with { type: 'json' };
import { boundedMemo } from '../util/bounded-memo.js';
import { cityKey, cityKeyWords } from '../parse/city-key.js';
import { distanceKm } from '../util/geo-distance.js';
import type { LocalityStore, PlaceRecord, ZipRecord } from '../model/ports.js';
import { damerauLevenshtein } from '../util/string-distance.js';

/** How a written city relates to a ZIP's primary city. */
export type CityMatch =
  | { kind: 'exact' } // same key: the ZIP's city, spelled any way
  | { kind: 'alias'; name: string } // a curated acceptable name for this ZIP (spelling from the table)
  | { kind: 'alternate'; place: PlaceRecord; km: number } // a known place of the ZIP's state near the ZIP
  | { kind: 'fuzzy'; distance: number; length: number } // a misspelling of the ZIP's city
  | { kind: 'far'; place: PlaceRecord } // a known place of the ZIP's state, far from the ZIP
  | { kind: 'elsewhere'; places: PlaceRecord[] } // a known place, but only in other states
  | { kind: 'unknown' }; // no place of that name anywhere

/** A place found by a misspelled name. */
export interface FuzzyPlace { place: PlaceRecord; distance: number; length: number }

// A known place near the ZIP is probably an acceptable name of it (a neighbourhood, a
// merged town). "Near" has two parts. At most 25 km: suburban ZIPs span 5-15 km, so this
// keeps adjacent communities without reaching the next city over. And among the nearest
// places: within 1.5x the distance of the nearest place other than the ZIP's own city
// (at least 3 km), because in a metro 25 km reaches a dozen separate cities (Pasadena,
// Santa Monica for a Hollywood ZIP; Oakland for a San Francisco ZIP).
const ALTERNATE_MAX_KM = 25;
const ALTERNATE_MIN_KM = 3;
const ALTERNATE_NEAREST_FACTOR = 1.5;
// A populated place without ZIPs is by definition served under another city's ZIPs (College
// Park GA under Atlanta's 30337 and 30349, 3-6 km from its centre): within this distance it
// counts as near whatever ZIP city lies nearer.
const ZIPLESS_ALTERNATE_MIN_KM = 8;

// Maps, not objects: looking a freshly sliced word up as a property key costs more.
const FIRST_WORD: ReadonlyMap<string, string> = new Map(Object.entries(abbreviationData.first_word));

function expandedKey(name: string): string {
  const words = cityKeyWords(name);
  let out = '';
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    // (The other abbreviations are unfolded by cityKey already.)
    const expanded = (i === 0 && words.length > 1 ? FIRST_WORD.get(w) : undefined) ?? w;
    out = i === 0 ? expanded : `${out} ${expanded}`;
  }
  return out;
}

// Asked several times per validation (the written city, the ZIP's city, aliases, places).
const rememberedMatchKey = boundedMemo(expandedKey, 4096);

/** cityKey plus a leading directional spelled out (N -> NORTH), for comparing names. */
export function matchKey(name: string): string {
  return rememberedMatchKey(name);
}

interface AliasPlaceRef { city: string; state: string }
interface AliasEntry { name: string; zips: ReadonlySet<string>; counties: ReadonlySet<string>; place: AliasPlaceRef | null }

const ALIASES = new Map<string, AliasEntry[]>();
for (const a of aliasData.aliases as { names: string[]; zips?: string[]; county_fips?: string[]; place?: AliasPlaceRef }[]) {
  const zips = new Set(a.zips ?? []);
  const counties = new Set(a.county_fips ?? []);
  for (const name of a.names) {
    const k = matchKey(name);
    ALIASES.set(k, [...(ALIASES.get(k) ?? []), { name, zips, counties, place: a.place ?? null }]);
  }
}

/** The place an alias stands for without a ZIP, under the alias's name; null when it has none in `state`. */
function aliasAsPlace(entry: AliasEntry, store: LocalityStore, state: string | null): PlaceRecord | null {
  if (entry.place !== null) {
    if (state !== null && entry.place.state !== state) return null;
    const ref = store.placesByKey(cityKey(entry.place.city), entry.place.state)[0];
    if (ref === undefined) return null;
    // Several counties (New York City): the reference place's ZIPs would name one of them.
    return { ...ref, city: entry.name, key: cityKey(entry.name), zips: entry.counties.size > 1 ? [] : ref.zips };
  }
  const records: ZipRecord[] = [];
  for (const z of entry.zips) {
    const rec = store.zip(z);
    if (rec !== null && (state === null || rec.state === state)) records.push(rec);
  }
  const first = records[0];
  if (first === undefined || records.some((r) => r.state !== first.state)) return null;
  const located = records.filter((r) => r.lat !== null && r.lon !== null);
  const mean = (pick: (r: ZipRecord) => number): number | null =>
    located.length === 0 ? null : located.reduce((sum, r) => sum + pick(r), 0) / located.length;
  return {
    city: entry.name,
    key: cityKey(entry.name),
    state: first.state,
    zips: records.map((r) => r.zip5).sort(),
    lat: mean((r) => r.lat as number),
    lon: mean((r) => r.lon as number),
  };
}

/**
 * The places a curated alias written without a ZIP stands for ("Manhattan, NY",
 * "Hollywood, CA"), in one state or (null) in all: asked only when no place has the name.
 */
export function aliasPlaces(store: LocalityStore, city: string, state: string | null): PlaceRecord[] {
  const out: PlaceRecord[] = [];
  for (const entry of ALIASES.get(matchKey(city)) ?? []) {
    const place = aliasAsPlace(entry, store, state);
    if (place !== null && !out.some((p) => p.state === place.state)) out.push(place);
  }
  return out;
}

/** The curated acceptable name (its table spelling) that `city` is for this ZIP, or null. */
export function aliasName(city: string, zip: ZipRecord): string | null {
  for (const entry of ALIASES.get(matchKey(city)) ?? []) {
    if (entry.zips.has(zip.zip5) || (zip.county_fips !== null && entry.counties.has(zip.county_fips))) return entry.name;
  }
  return null;
}

const NO_PLACES: readonly PlaceRecord[] = [];

/** Places named `city` (by cityKey or by its expanded key), in one state or (null) in all. */
export function findPlaces(store: LocalityStore, city: string, state: string | null): PlaceRecord[] {
  const key = cityKey(city);
  const expanded = matchKey(city);
  const byKey = key !== '' ? store.placesByKey(key, state) : NO_PLACES;
  const byExpanded = expanded !== '' && expanded !== key ? store.placesByKey(expanded, state) : NO_PLACES;
  // The common case: one key, at most one place, nothing to deduplicate. (Not slice():
  // the store's arrays are frozen, and slicing a frozen array takes V8's slow path.)
  if (byExpanded.length === 0 && byKey.length <= 1) return byKey.length === 0 ? [] : [byKey[0] as PlaceRecord];
  const seen = new Set<string>();
  const out: PlaceRecord[] = [];
  for (const places of [byKey, byExpanded]) {
    for (const p of places) {
      const id = `${p.state}|${p.key}`;
      if (!seen.has(id)) { seen.add(id); out.push(p); }
    }
  }
  return out;
}

/** Most edits still read as a misspelling of a `length`-letter name (stricter without a ZIP to confirm it). */
export function maxEdits(length: number, confirmedByZip: boolean): number {
  // With the ZIP agreeing, the candidate is fixed and only plausibility matters; alone,
  // a short name one edit away from another place is often just a different place.
  if (confirmedByZip) return length <= 4 ? 1 : Math.min(3, Math.floor(length / 4));
  return Math.min(2, Math.floor(length / 5));
}

// The match keys of a list of places (a state's, which the store keeps), index for index: one
// lookup for the list instead of one per place compared.
const MATCH_KEYS = new WeakMap<readonly PlaceRecord[], readonly string[]>();
function matchKeysOf(places: readonly PlaceRecord[]): readonly string[] {
  let keys = MATCH_KEYS.get(places);
  if (keys === undefined) {
    keys = places.map((p) => matchKey(p.city));
    MATCH_KEYS.set(places, keys);
  }
  return keys;
}

/** True when some place of `places` other than `except` is within `limit` edits of `key`. */
function anotherPlaceWithin(key: string, places: readonly PlaceRecord[], exceptKey: string, limit: number): boolean {
  if (limit < 0) return false;
  for (const k of matchKeysOf(places)) {
    if (k !== exceptKey && damerauLevenshtein(key, k, limit) <= limit) return true;
  }
  return false;
}

// The distance of `place` from the ZIP when it counts as near (see ALTERNATE_*), else null.
function nearby(zip: ZipRecord, place: PlaceRecord, store: LocalityStore): number | null {
  const { lat, lon } = zip;
  if (lat === null || lon === null || place.lat === null || place.lon === null) return null;
  const km = distanceKm(lat, lon, place.lat, place.lon);
  if (km > ALTERNATE_MAX_KM) return null;
  const own = matchKey(zip.city);
  let nearest = Infinity;
  const places = store.placesInState(zip.state);
  const keys = matchKeysOf(places);
  for (let i = 0; i < places.length; i++) {
    const p = places[i] as PlaceRecord;
    if (p.lat === null || p.lon === null || keys[i] === own) continue;
    nearest = Math.min(nearest, distanceKm(lat, lon, p.lat, p.lon));
  }
  const floor = place.zips.length === 0 ? ZIPLESS_ALTERNATE_MIN_KM : ALTERNATE_MIN_KM;
  return km <= Math.max(floor, ALTERNATE_NEAREST_FACTOR * nearest) ? km : null;
}

/** Classifies a written city against a ZIP's record (see CityMatch). */
export function matchCityToZip(city: string, zip: ZipRecord, store: LocalityStore): CityMatch {
  if (city === zip.city) return { kind: 'exact' }; // the usual case, without computing keys
  const key = matchKey(city);
  const zipKey = matchKey(zip.city);
  // "LAPLACE" for LA PLACE, "DESOTO" for DE SOTO: the same name written with or without a space.
  if (key === zipKey || (key.length === zipKey.length - 1 || zipKey.length === key.length - 1) && key.replaceAll(' ', '') === zipKey.replaceAll(' ', '')) return { kind: 'exact' };
  const alias = aliasName(city, zip);
  if (alias !== null) return { kind: 'alias', name: alias };
  const inState = findPlaces(store, city, zip.state);
  const place = inState[0];
  if (place !== undefined) {
    const km = nearby(zip, place, store);
    return km !== null ? { kind: 'alternate', place, km } : { kind: 'far', place };
  }
  const distance = damerauLevenshtein(key, zipKey, maxEdits(key.length, true));
  // A misspelling of the ZIP's city only if no other place of the state is closer.
  if (distance <= maxEdits(key.length, true) && !anotherPlaceWithin(key, store.placesInState(zip.state), zipKey, distance - 1)) {
    return { kind: 'fuzzy', distance, length: key.length };
  }
  // Only ZIP cities elsewhere say the name belongs elsewhere: a populated place without ZIPs in
  // another state is too weak a sign to replace what was written.
  const elsewhere = findPlaces(store, city, null).filter((p) => p.zips.length > 0);
  if (elsewhere.length > 0) return { kind: 'elsewhere', places: elsewhere };
  return { kind: 'unknown' };
}

/** The single place of `state` whose name `city` misspells (unique best within maxEdits), or null. */
export function fuzzyPlace(city: string, state: string, store: LocalityStore): FuzzyPlace | null {
  const key = matchKey(city);
  const limit = maxEdits(key.length, false);
  if (limit === 0) return null;
  let best: PlaceRecord | null = null;
  let bestDistance = limit + 1;
  let tie = false;
  const places = store.placesInState(state);
  const keys = matchKeysOf(places);
  for (let i = 0; i < places.length; i++) {
    const d = damerauLevenshtein(key, keys[i] as string, bestDistance);
    if (d < bestDistance) { best = places[i] as PlaceRecord; bestDistance = d; tie = false; } else if (d === bestDistance && best !== null) tie = true;
  }
  // Two places equally close: the name says nothing about which one was meant.
  if (best === null || tie || bestDistance > limit) return null;
  return { place: best, distance: bestDistance, length: key.length };
}
