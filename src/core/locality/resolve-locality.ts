/**
 * Civilian localities: confirm, fill or correct ZIP, city and state against the
 * locality layer (docs/validation.md). Which side to trust when they disagree:
 * two pieces of evidence that agree beat one that disagrees; a ZIP that is a
 * one-digit typo of a ZIP of the named place is corrected; a tie is left
 * unresolved (PARTIAL) with the other reading offered for review.
 */
import type { ChangeCode } from '../model/reason-codes.js';
import type { Findings } from '../model/findings.js';
import { cityCentroid, fillState, keepInput, zipCentroid } from './locality.js';
import type { Locality, LocalityInput, LocalityReading } from './locality.js';
import { aliasPlaces, findPlaces, fuzzyPlace, matchCityToZip } from './match-city.js';
import type { CityMatch } from './match-city.js';
import { uniqueNearZipTypo, uniqueZipTypo } from './match-zip.js';
import type { LocalityStore, PlaceRecord, ZipRecord } from '../model/ports.js';

// Beyond this many ZIPs a place's county is not looked up (one lookup per ZIP, once per
// place); Washington DC has 271 ZIPs in one county, larger cities span several counties.
const COUNTY_SCAN_LIMIT = 400;
// Places are records the store caches and shares, so the answer is kept per record.
const countyOfPlace = new WeakMap<PlaceRecord, { county: string | null; county_fips: string | null }>();

function readingOf(zip: ZipRecord): LocalityReading {
  return { city: zip.city, state: zip.state, zip5: zip.zip5 };
}

/** Accepts a ZIP record: fills or corrects state and ZIP from it and returns its locality. */
function acceptZip(input: LocalityInput, zip: ZipRecord, f: Findings, city: string, cityChange: ChangeCode | null): Locality {
  fillState(input, zip.state, f);
  if (input.zip5 !== zip.zip5) {
    if (input.zip5 === null && input.zipText === null) f.change('ZIP_ADDED', null, zip.zip5);
    else f.change('ZIP_CORRECTED', input.zip5 ?? input.zipText, zip.zip5);
  }
  if (cityChange !== null) f.change(cityChange, input.city, city);
  return {
    city,
    state: zip.state,
    zip5: zip.zip5,
    county: zip.county,
    county_fips: zip.county_fips,
    geocode: zipCentroid(zip),
    confirmed: true,
    partial: false,
    suggestion: null,
    fuzzy: null,
    alternatives: undefined,
  };
}

/** Accepts the ZIP when the city agrees with it (exact, alias, nearby place, misspelling); null otherwise. */
function acceptAgreeingCity(input: LocalityInput, zip: ZipRecord, m: CityMatch, f: Findings): Locality | null {
  switch (m.kind) {
    case 'exact':
      return acceptZip(input, zip, f, zip.city, null);
    case 'alias':
      return acceptZip(input, zip, f, m.name, null);
    case 'alternate':
      f.reason('CITY_ALTERNATE_NAME');
      return acceptZip(input, zip, f, m.place.city, null);
    case 'fuzzy': {
      f.reason('CITY_FUZZY_MATCH');
      const loc = acceptZip(input, zip, f, zip.city, 'CITY_CORRECTED');
      loc.fuzzy = { distance: m.distance, length: m.length, confirmedByZip: true };
      return loc;
    }
    default:
      return null;
  }
}

/** Takes ZIP `zip5` of `place` (a typo fix or the place's only ZIP). */
function zipOfPlace(input: LocalityInput, place: PlaceRecord, zip5: string, store: LocalityStore, f: Findings, cityChange: ChangeCode | null): Locality {
  const cityOut = place.city;
  const change = input.city === null ? 'CITY_ADDED' : cityChange;
  const rec = store.zip(zip5);
  if (rec !== null) return acceptZip(input, rec, f, cityOut, change);
  // The place lists a ZIP the ZIP table lacks (inconsistent data): keep the place, not the ZIP.
  return placeWithoutZip(input, place, store, f, change);
}

/** The place's county when all its ZIPs share one (checked up to COUNTY_SCAN_LIMIT ZIPs). */
function placeCounty(place: PlaceRecord, store: LocalityStore): { county: string | null; county_fips: string | null } {
  let known = countyOfPlace.get(place);
  if (known === undefined) {
    known = scanPlaceCounty(place, store);
    countyOfPlace.set(place, known);
  }
  return known;
}

function scanPlaceCounty(place: PlaceRecord, store: LocalityStore): { county: string | null; county_fips: string | null } {
  const none = { county: null, county_fips: null };
  if (place.zips.length === 0 || place.zips.length > COUNTY_SCAN_LIMIT) return none;
  let found: { county: string | null; county_fips: string | null } | null = null;
  for (const z of place.zips) {
    const rec = store.zip(z);
    if (rec === null || rec.county_fips === null) return none;
    if (found === null) found = { county: rec.county, county_fips: rec.county_fips };
    else if (found.county_fips !== rec.county_fips) return none;
  }
  return found ?? none;
}

/** A confirmed place whose ZIP cannot be determined: CITY_CENTROID, zip5 as given (or empty). */
function placeWithoutZip(input: LocalityInput, place: PlaceRecord, store: LocalityStore, f: Findings, cityChange: ChangeCode | null): Locality {
  f.reason('ZIP_AMBIGUOUS');
  fillState(input, place.state, f);
  if (cityChange !== null) f.change(cityChange, input.city, place.city);
  const given = input.zip5 ?? input.zipText;
  const county = placeCounty(place, store);
  return {
    city: place.city,
    state: place.state,
    zip5: given, // a wrong ZIP is kept, not silently dropped: the result is PARTIAL then
    county: county.county,
    county_fips: county.county_fips,
    geocode: cityCentroid(place),
    confirmed: true,
    partial: given !== null,
    suggestion: given !== null ? { city: place.city, state: place.state, zip5: null } : null,
    fuzzy: null,
    alternatives: undefined,
  };
}

/** The single (place, ZIP) among `places` whose ZIP is a one-digit typo of `zip5`, or null. */
function typoAmong(zip5: string, places: readonly PlaceRecord[]): { place: PlaceRecord; zip5: string } | null {
  let hit: { place: PlaceRecord; zip5: string } | null = null;
  for (const place of places) {
    const z = uniqueZipTypo(zip5, place.zips);
    if (z === null) continue;
    if (hit !== null) return null;
    hit = { place, zip5: z };
  }
  return hit;
}

/** The ZIP is known: check city and state against it. */
function fromZip(input: LocalityInput, zip: ZipRecord, store: LocalityStore, f: Findings): Locality {
  const city = input.city;
  const m = city !== null ? matchCityToZip(city, zip, store) : null;
  if (input.state === null || input.state === zip.state) {
    if (m === null) return acceptZip(input, zip, f, zip.city, 'CITY_ADDED');
    const agreed = acceptAgreeingCity(input, zip, m, f);
    if (agreed !== null) return agreed;
    switch (m.kind) {
      case 'far': {
        // City (with state) and ZIP, each valid, name two places: fix the ZIP only when it is a near
        // miss of one of the city's (same 3-digit area, or two digits swapped). Else neither is
        // picked: PARTIAL, with both readings to review (the ZIP's, then the city's).
        f.reason('CITY_ZIP_MISMATCH');
        const z = uniqueNearZipTypo(zip.zip5, m.place.zips);
        if (z !== null) return zipOfPlace(input, m.place, z, store, f, null);
        const loc = keepInput(input, true, true, readingOf(zip));
        const cityZip = m.place.zips.length === 1 ? (m.place.zips[0] as string) : uniqueZipTypo(zip.zip5, m.place.zips);
        loc.alternatives = [{ city: m.place.city, state: m.place.state, zip5: cityZip }];
        return loc;
      }
      case 'elsewhere': {
        // The city belongs to another state. Without a state the ZIP may be the typo instead.
        f.reason('CITY_ZIP_MISMATCH');
        const hit = input.state === null ? typoAmong(zip.zip5, m.places) : null;
        if (hit !== null) return zipOfPlace(input, hit.place, hit.zip5, store, f, null);
        return acceptZip(input, zip, f, zip.city, 'CITY_CORRECTED');
      }
      default: {
        // Unknown name: maybe an acceptable name the reference lacks. Keep it, never "correct" it.
        f.reason('CITY_NOT_FOUND');
        const loc = acceptZip(input, zip, f, input.city ?? zip.city, null);
        loc.partial = true;
        loc.suggestion = readingOf(zip);
        return loc;
      }
    }
  }
  // The state contradicts the ZIP.
  f.reason('ZIP_STATE_MISMATCH');
  const place = city !== null ? findPlaces(store, city, input.state)[0] : undefined;
  const cityAgrees = m !== null && (m.kind === 'exact' || m.kind === 'alias' || m.kind === 'fuzzy');
  if (place !== undefined) {
    // City and state name a place: the ZIP is suspect. A typo of one of its ZIPs, or its only
    // ZIP when the city does not also agree with the given ZIP, settles it.
    const only = place.zips.length === 1 ? place.zips[0] : undefined;
    const z = uniqueZipTypo(zip.zip5, place.zips) ?? (!cityAgrees ? only ?? null : null);
    if (z !== null) return zipOfPlace(input, place, z, store, f, null);
    if (cityAgrees) return keepInput(input, true, true, readingOf(zip)); // city+ZIP vs city+state: a tie
    f.reason('ZIP_AMBIGUOUS');
    return keepInput(input, true, true, { city: place.city, state: place.state, zip5: null }, cityCentroid(place));
  }
  if (m !== null && (cityAgrees || m.kind === 'alternate')) {
    // The city agrees with the ZIP and is no place of the given state: the state is the error.
    return acceptAgreeingCity(input, zip, m, f) ?? keepInput(input, true, true, readingOf(zip));
  }
  if (m !== null) f.reason(m.kind === 'unknown' ? 'CITY_NOT_FOUND' : 'CITY_ZIP_MISMATCH');
  return keepInput(input, true, true, readingOf(zip));
}

/** No usable ZIP: find the place from city and state, then its ZIP. */
function fromCityState(input: LocalityInput, store: LocalityStore, f: Findings): Locality {
  const { city, state } = input;
  if (city === null) {
    f.reason('LOCALITY_MISSING');
    return keepInput(input, state !== null, state !== null);
  }
  let place: PlaceRecord | undefined;
  let fuzzy: Locality['fuzzy'] = null;
  if (state !== null) {
    place = findPlaces(store, city, state)[0] ?? aliasPlaces(store, city, state)[0];
    if (place === undefined) {
      const fp = fuzzyPlace(city, state, store);
      if (fp !== null) {
        f.reason('CITY_FUZZY_MATCH');
        place = fp.place;
        fuzzy = { distance: fp.distance, length: fp.length, confirmedByZip: false };
      }
    }
    if (place === undefined) {
      f.reason('CITY_NOT_FOUND');
      const elsewhere = findPlaces(store, city, null);
      const only = elsewhere.length === 1 ? elsewhere[0] : undefined;
      return keepInput(input, true, true, only !== undefined ? { city: only.city, state: only.state, zip5: null } : null);
    }
  } else {
    let places = findPlaces(store, city, null);
    if (places.length === 0) places = aliasPlaces(store, city, null);
    if (places.length === 0) {
      f.reason('CITY_NOT_FOUND');
      return keepInput(input, false, false);
    }
    // An unknown ZIP that is a one-digit typo of one candidate's ZIP picks the state.
    const hit = places.length > 1 && input.zip5 !== null ? typoAmong(input.zip5, places) : null;
    place = places.length === 1 ? places[0] : hit?.place;
    // "Palo Alto" with no state: the ZIP city (CA) over populated places without ZIPs (PA).
    if (place === undefined) {
      const zipCities = places.filter((p) => p.zips.length > 0);
      if (zipCities.length === 1) place = zipCities[0];
    }
    if (place === undefined) {
      f.reason('CITY_AMBIGUOUS');
      return keepInput(input, true, true);
    }
  }
  const cityChange: ChangeCode | null = fuzzy !== null ? 'CITY_CORRECTED' : null;
  const typo = input.zip5 !== null ? uniqueZipTypo(input.zip5, place.zips) : null;
  const z = typo ?? (place.zips.length === 1 ? place.zips[0] : undefined);
  const loc = z !== undefined && z !== null
    ? zipOfPlace(input, place, z, store, f, cityChange)
    : placeWithoutZip(input, place, store, f, cityChange);
  loc.fuzzy = fuzzy;
  return loc;
}

/** Resolves a civilian locality (military ones go through resolveMilitary first). */
export function resolveLocality(input: LocalityInput, store: LocalityStore, f: Findings): Locality {
  const zip = input.zip5 !== null ? store.zip(input.zip5) : null;
  if (input.zip5 !== null && zip === null) f.reason('ZIP_NOT_FOUND');
  return zip !== null ? fromZip(input, zip, store, f) : fromCityState(input, store, f);
}
