/**
 * What an address point may claim about the locality of the address it
 * matched (docs/validation.md, "What a point claims"). A point knows its ZIP
 * when its source gave it, or when the importer inferred it from the nearest
 * ZIP centroid and was sure of it (INFERRED.zipSure); then the point's ZIP
 * replaces or confirms the one decided. A ZIP inferred without being sure (a
 * city of several ZIPs, another centroid about as near) neither adds nor
 * confirms a ZIP: the locality layer's stands, unconfirmed
 * (ZIP_NOT_CONFIRMED). And a point far from the city or ZIP given does not
 * confirm them: the city is corrected from the point when the point knows its
 * city and no ZIP was given, else the result is PARTIAL
 * (POINT_FAR_FROM_LOCALITY).
 *
 * "About as near" and "far" are one rule, used by the importer and here: a
 * ZIP centroid within NEAR_FACTOR times the distance to the nearest centroid
 * plus NEAR_SLACK_KM could be the position's ZIP (a centroid is not a
 * boundary); one farther out is far. Pure.
 */
import { cityKey } from '../parse/city-key.js';
import type { Findings } from '../model/findings.js';
import { distanceKm, withinKm } from '../util/geo-distance.js';
import { cityCentroid, zipCentroid } from '../locality/locality.js';
import type { Locality } from '../locality/locality.js';
import { INFERRED } from '../model/ports.js';
import type { LocalityStore, ZipRecord } from '../model/ports.js';
import type { ReasonCode } from '../model/reason-codes.js';

/** A centroid up to this many times the nearest one's distance may be a position's ZIP... */
export const NEAR_FACTOR = 1.5;
/** ...plus this many kilometres (ZIPs are areas: a position at a ZIP's edge lies far from its centroid). */
export const NEAR_SLACK_KM = 5;

/** How far from a position a ZIP centroid may lie and still be its ZIP, given the nearest centroid's distance. */
export function nearLimitKm(nearestKm: number): number {
  return NEAR_FACTOR * nearestKm + NEAR_SLACK_KM;
}

/**
 * The certainty bits (INFERRED.zipSure, INFERRED.citySure) of a locality inferred from the
 * nearest ZIP centroid: `around` are the ZIPs within nearLimitKm of the position (the nearest
 * among them), `zipsOfCity` the number of ZIPs of the nearest one's city in its state.
 */
export function inferenceCertainty(nearest: ZipRecord, around: readonly ZipRecord[], zipsOfCity: number): number {
  const key = cityKey(nearest.city);
  let alone = true;
  let oneCity = true;
  for (const z of around) {
    if (z.zip5 === nearest.zip5) continue;
    alone = false;
    if (z.state !== nearest.state || cityKey(z.city) !== key) oneCity = false;
  }
  return (oneCity ? INFERRED.citySure : 0) | (alone && zipsOfCity === 1 ? INFERRED.zipSure : 0);
}

/** Where a point (or a street, at its centre) is and what it says of its locality. */
export interface PointPlace {
  zip5: string | null;
  city: string | null;
  state: string;
  lat: number;
  lon: number;
  inferred: number; // INFERRED bits
}

/** True when the point knows its ZIP: given by its source, or inferred and sure. */
export function knowsZip(p: PointPlace): boolean {
  return p.zip5 !== null && ((p.inferred & INFERRED.zip5) === 0 || (p.inferred & INFERRED.zipSure) !== 0);
}

/** True when the point knows its city: given by its source, taken from a ZIP it knows, or inferred and sure. */
export function knowsCity(p: PointPlace): boolean {
  return p.city !== null && ((p.inferred & INFERRED.city) === 0 || knowsZip(p) || (p.inferred & INFERRED.citySure) !== 0);
}

/** The locality after the point, and whether the point confirms its ZIP (a delivery point needs it for D). */
export interface SettledLocality {
  loc: Locality;
  zipConfirmed: boolean;
  far: boolean; // the point lies far from the city or ZIP given
}

// Contradictions of the locality layer that a point knowing its ZIP settles (it sides with one reading).
const SETTLED_BY_POINT: readonly ReasonCode[] = ['CITY_ZIP_MISMATCH', 'ZIP_STATE_MISMATCH'];

/**
 * The locality of an address once its point (or street) is found: taken from the point where it
 * knows its ZIP, kept unconfirmed where it does not but lies near, corrected or left PARTIAL where
 * it lies far (see the module comment). `givenZip` is true when the input had a five-digit ZIP.
 */
export function settleLocality(loc: Locality, p: PointPlace, givenZip: boolean, locality: LocalityStore, f: Findings): SettledLocality {
  if (knowsZip(p)) {
    const zip = locality.zip(p.zip5 as string);
    if (zip === null) return { loc, zipConfirmed: false, far: false }; // a ZIP the reference lacks
    if (zip.zip5 === loc.zip5 && !loc.partial) {
      // The locality layer resolved any contradiction the way the point has it: settled.
      for (const r of SETTLED_BY_POINT) f.drop(r);
      return { loc, zipConfirmed: true, far: false };
    }
    return { loc: fromZip(loc, zip, p, f), zipConfirmed: true, far: false };
  }
  const nearest = p.zip5 !== null ? locality.zip(p.zip5) : null;
  const limit = nearLimitKm(nearest !== null && nearest.lat !== null && nearest.lon !== null ? distanceKm(p.lat, p.lon, nearest.lat, nearest.lon) : 0);
  if (localityNear(loc, p, nearest, limit, locality)) {
    f.reason('ZIP_NOT_CONFIRMED');
    return { loc, zipConfirmed: false, far: false };
  }
  f.reason('POINT_FAR_FROM_LOCALITY');
  const place = knowsCity(p) ? (locality.placesByKey(cityKey(p.city as string), p.state)[0] ?? null) : null;
  if (place === null || givenZip) {
    const reading = { city: knowsCity(p) ? p.city : null, state: p.state, zip5: null };
    return { loc: { ...loc, partial: true, suggestion: reading }, zipConfirmed: false, far: true };
  }
  // No ZIP given and the point knows its city: the city is the point's; its ZIP when it has one.
  const zip = place.zips.length === 1 ? locality.zip(place.zips[0] as string) : null;
  if (loc.city === null) f.change('CITY_ADDED', null, place.city);
  else if (cityKey(loc.city) !== place.key) f.amend('CITY_CORRECTED', loc.city, place.city);
  if (zip !== null) f.amend('ZIP_ADDED', null, zip.zip5);
  else {
    f.unchange('ZIP_ADDED');
    f.reason('ZIP_AMBIGUOUS');
  }
  const settled: Locality = {
    ...loc, city: place.city, state: place.state, zip5: zip?.zip5 ?? null, county: zip?.county ?? null, county_fips: zip?.county_fips ?? null,
    geocode: zip !== null ? zipCentroid(zip) : cityCentroid(place), partial: false, suggestion: null,
  };
  return { loc: settled, zipConfirmed: false, far: true };
}

/** The locality of the ZIP the point knows, the changes from `loc` recorded; the contradictions it settles dropped. */
function fromZip(loc: Locality, zip: ZipRecord, p: PointPlace, f: Findings): Locality {
  if (loc.zip5 === null || f.hasChange('ZIP_ADDED')) {
    // The locality layer may have added the ZIP already: the point knows better.
    f.amend('ZIP_ADDED', null, zip.zip5);
    f.drop('ZIP_AMBIGUOUS');
  } else if (loc.zip5 !== zip.zip5) f.amend('ZIP_CORRECTED', loc.zip5, zip.zip5);
  // The city given stays when it is the ZIP's, or the point's own (its source's name for the place).
  const given = loc.city !== null ? cityKey(loc.city) : null;
  const kept = given !== null && (given === cityKey(zip.city) || (p.city !== null && (p.inferred & INFERRED.city) === 0 && given === cityKey(p.city)));
  const city = kept ? (loc.city as string) : zip.city;
  if (loc.city !== null && !kept) f.amend('CITY_CORRECTED', loc.city, city);
  if (loc.state !== null && loc.state !== zip.state) f.amend('STATE_CORRECTED', loc.state, zip.state);
  for (const r of SETTLED_BY_POINT) f.drop(r);
  return { ...loc, city, state: zip.state, zip5: zip.zip5, county: zip.county, county_fips: zip.county_fips, geocode: zipCentroid(zip), partial: false, suggestion: null };
}

/** True when the locality decided lies near the point: its ZIP (else its city) could be the point's. */
function localityNear(loc: Locality, p: PointPlace, nearest: ZipRecord | null, limit: number, locality: LocalityStore): boolean {
  if (loc.zip5 !== null) {
    const zip = locality.zip(loc.zip5);
    return zip === null || zipNear(zip, p, nearest, limit); // a ZIP the reference lacks: nothing to say
  }
  if (loc.city === null) return true; // nothing given to contradict
  const key = cityKey(loc.city);
  if (knowsCity(p) && cityKey(p.city as string) === key) return true;
  for (const place of locality.placesByKey(key, loc.state)) {
    if (place.lat !== null && place.lon !== null && withinKm(p.lat, p.lon, place.lat, place.lon, limit)) return true;
    for (const z of place.zips) {
      const zip = locality.zip(z);
      if (zip !== null && zipNear(zip, p, nearest, limit)) return true;
    }
  }
  return false;
}

/** True when `zip` could be the point's: the nearest centroid, a ZIP of the nearest one's city, or a centroid within the limit. */
function zipNear(zip: ZipRecord, p: PointPlace, nearest: ZipRecord | null, limit: number): boolean {
  if (zip.zip5 === p.zip5) return true;
  if (nearest !== null && zip.state === nearest.state && cityKey(zip.city) === cityKey(nearest.city)) return true;
  return zip.lat !== null && zip.lon !== null && withinKm(p.lat, p.lon, zip.lat, zip.lon, limit);
}
