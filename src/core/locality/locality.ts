/**
 * The locality half of a validation: what was given (LocalityInput) and what
 * was decided (Locality), with the helpers both resolvers share.
 */
import type { Findings } from '../model/findings.js';
import type { PlaceRecord, ZipRecord } from '../model/ports.js';
import type { Geocode } from '../model/validation-result.js';

/** City, state and ZIP as given, after format checks. */
export interface LocalityInput {
  city: string | null; // as parsed, upper case
  state: string | null; // a valid Appendix B code, or null
  stateText: string | null; // the state as given when it was not a valid code (STATE_INVALID)
  zip5: string | null; // five digits, or null
  zipText: string | null; // the ZIP as given when it was not five digits (ZIP_INVALID)
}

/** A reading of city, state and ZIP offered for review. */
export interface LocalityReading { city: string | null; state: string | null; zip5: string | null }

/** The decided locality. */
export interface Locality extends LocalityReading {
  county: string | null;
  county_fips: string | null;
  geocode: Geocode | null;
  confirmed: boolean; // the reference confirmed at least one of ZIP, city, state
  partial: boolean; // a contradiction or ambiguity is left unresolved
  suggestion: LocalityReading | null; // another reading to review (unresolved cases)
  alternatives?: LocalityReading[]; // with a suggestion: the other readings to review besides it (a city and a ZIP that name two places)
  fuzzy: { distance: number; length: number; confirmedByZip: boolean } | null; // city matched by spelling
}

// Accuracy of a ZIP centroid: about the radius of a circle with the median ZCTA land
// area (~90 km²), so half of all addresses fall within it; urban ZIPs do much better.
/** accuracy_meters of a ZIP_CENTROID geocode. */
export const ZIP_CENTROID_ACCURACY_M = 5000;
// A city centroid is the mean of its ZIP centroids: a multi-ZIP city spans several
// ZIPs, so twice the ZIP figure.
/** accuracy_meters of a CITY_CENTROID geocode. */
export const CITY_CENTROID_ACCURACY_M = 10000;

/**
 * The ZIP_CENTROID geocode of a ZIP record, or null without coordinates. Its accuracy is the
 * record's own where the reference gives one (a point several ZIPs share is the city's, and
 * claims the city's extent: src/store/centroid-accuracy.ts).
 */
export function zipCentroid(zip: ZipRecord): Geocode | null {
  if (zip.lat === null || zip.lon === null) return null;
  const accuracy = zip.accuracy_m ?? ZIP_CENTROID_ACCURACY_M;
  return { lat: zip.lat, lon: zip.lon, quality: 'ZIP_CENTROID', accuracy_meters: accuracy };
}

/** The CITY_CENTROID geocode of a place, or null without coordinates. */
export function cityCentroid(place: PlaceRecord): Geocode | null {
  if (place.lat === null || place.lon === null) return null;
  return { lat: place.lat, lon: place.lon, quality: 'CITY_CENTROID', accuracy_meters: CITY_CENTROID_ACCURACY_M };
}

/** Sets the state to `state`, recording STATE_ADDED or STATE_CORRECTED when it differs from the input. */
export function fillState(input: LocalityInput, state: string, f: Findings): void {
  if (input.state === state) return;
  if (input.state === null && input.stateText === null) f.change('STATE_ADDED', null, state);
  else f.change('STATE_CORRECTED', input.state ?? input.stateText, state);
}

/** The input kept as given: for unresolved contradictions and for nothing found. */
export function keepInput(input: LocalityInput, confirmed: boolean, partial: boolean, suggestion: LocalityReading | null = null, geocode: Geocode | null = null): Locality {
  return {
    city: input.city,
    state: input.state ?? input.stateText,
    zip5: input.zip5 ?? input.zipText,
    county: null,
    county_fips: null,
    geocode,
    confirmed,
    partial,
    suggestion,
    fuzzy: null,
    alternatives: undefined, // present (undefined) in every Locality: one shape for validate's reads
  };
}
