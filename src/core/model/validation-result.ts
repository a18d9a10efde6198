/**
 * The validation result of Variant A (docs/validation.md): JSON field names
 * exactly as served and printed. Codes are documented in docs/validation.md and src/core/data/reason-codes.json.
 */
import type { AddressComponents } from './types.js';
import type { ChangeCode, ReasonCode } from './reason-codes.js';
import type { TimeZone } from '../util/time-zone.js';

export type { TimeZone };

/** Variant A status. */
export type ValidationStatus =
  | 'VALIDATED' // every component present is consistent and confirmed; changes are formatting only
  | 'CORRECTED' // the same after a substantive change (ZIP, city or state added or corrected)
  | 'PARTIAL' // part confirmed: a needed part is missing, a contradiction is unresolved, or a match is ambiguous
  | 'NOT_FOUND'; // nothing confirmed, or not an address

/** USPS-style deliverability of the address. */
export type Deliverability =
  | 'D' // delivery point confirmed (address point, and unit where required)
  | 'U' // the reference covers the area and says this point does not exist
  | 'N'; // not confirmable: no street-level coverage

/** How precise the geocode is. */
export type GeocodeQuality =
  | 'ROOFTOP' // an address point
  | 'STREET' // a street centre
  | 'RANGE_INTERPOLATED' // interpolated in a TIGER/Line address range, offset to its side
  | 'ZIP_CENTROID' // the centroid of the ZIP code
  | 'CITY_CENTROID'; // the mean centroid of a city's ZIP codes

/** The layer at which the result was decided. */
export type QualityLevel =
  | 'delivery_point' // confirmed by an address point
  | 'range' // the street and the number's range confirmed by TIGER/Line address ranges
  | 'street' // confirmed by a street
  | 'locality' // ZIP / city / state confirmed, street not
  | 'none'; // nothing confirmed

/** The input as submitted, parsed into the request's fields (upper case, not standardized). */
export interface ValidationInput {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null; // "95472" or "95472-1234" as given
}

/** The standardized address and its delivery metadata. */
export interface StandardizedAddress {
  line1: string | null; // delivery line without the unit: "1600 PENNSYLVANIA AVE NW"
  line2: string | null; // secondary unit: "APT 4B"
  city: string | null;
  state: string | null;
  zip5: string | null;
  zip4: string | null;
  carrier_route: string | null; // not available from the locality layer
  county: string | null;
  county_fips: string | null; // five digits: state + county
  deliverability: Deliverability;
  source: string; // "addr-engine/<ENGINE_VERSION>"
}

/** A point for the address. */
export interface Geocode {
  lat: number;
  lon: number;
  quality: GeocodeQuality;
  accuracy_meters: number;
}

/** Reference quality and review guidance. */
export interface ValidationQuality {
  level: QualityLevel;
  review_recommended: boolean;
  reasons: ReasonCode[]; // the reason codes that call for a review (a low confidence alone: those that lowered it)
}

/** Another reading of an address, from the address points (`--candidates N`). */
export interface PointCandidate {
  place_id: string; // stable id of the point (details lookups, autocomplete)
  display_address: string | null;
  line1: string;
  city: string | null;
  state: string;
  zip5: string | null;
  zip4: string | null;
  lat: number;
  lon: number;
  source: string; // the imported source it comes from
}

/** One validation result (Variant A) plus the final components for batch output. */
export interface ValidationResult {
  id: string;
  status: ValidationStatus;
  validation_status: ValidationStatus; // same as status, kept for compatibility
  confidence: number; // 0..1, two decimals, calibrated (docs/validation.md)
  input: ValidationInput;
  standardized: StandardizedAddress;
  geocode: Geocode | null;
  timezone: TimeZone | null; // of the ZIP (or of a city whose ZIPs share one): IANA name, UTC offset and DST at the time of the request
  match_code: string; // the deciding layer: LOCALITY_ENGINE or POINTS_ENGINE
  match_source: string; // same as match_code at this layer
  reason_codes: ReasonCode[];
  changes: string[]; // human sentences, one per change code
  change_codes: ChangeCode[]; // Variant B change codes
  quality: ValidationQuality;
  suggested_address: string | null; // a reference reading to review, when review is recommended
  suggested_addresses: string[]; // every reading to review, suggested_address first: two when a city and a ZIP name two places (docs/validation.md)
  display_address: string | null; // mixed case for people: "1600 Pennsylvania Ave NW, Washington, DC 20500"
  latency_ms: number;
  data_version: string;
  engine_version: string;
  components: AddressComponents; // final standardized and filled components
  place_id?: string | null; // with address points covering the area: the point confirmed (null when none)
  candidates?: PointCandidate[]; // with `candidates` asked and points covering the area: other readings, best first
}
