/**
 * geocodeAddress: the geocode of an address from its validation (docs/validation.md):
 * ROOFTOP when an address point confirms it, STREET when the street is among the
 * points but the number is not (interpolated between the neighbouring numbers
 * of the same side, else the street centre), else the ZIP or city centroid of
 * the locality layer; null when nothing places it. Pure.
 */
import type { ReasonCode } from '../model/reason-codes.js';
import type { Geocode, TimeZone, ValidationResult, ValidationStatus } from '../model/validation-result.js';

/** What `addr geocode` (Engine.geocode) returns for one address. */
export interface GeocodeResult {
  id: string;
  status: ValidationStatus; // of the validation the geocode comes from
  formatted_address: string | null; // the display address
  standardized: { line1: string | null; city: string | null; state: string | null; zip5: string | null; zip4: string | null };
  geocode: Geocode | null; // lat, lon, quality (ROOFTOP, STREET, ZIP_CENTROID, CITY_CENTROID), accuracy_meters
  place_id: string | null; // the address point, for ROOFTOP
  timezone: TimeZone | null; // IANA name, UTC offset and DST at the time of the request (docs/validation.md, "Time zone")
  match_source: string; // POINTS_ENGINE or LOCALITY_ENGINE
  reason_codes: ReasonCode[];
  data_version: string;
  engine_version: string;
  latency_ms: number;
}

/** The geocode view of a validation result. */
export function geocodeOf(v: ValidationResult): GeocodeResult {
  return {
    id: v.id,
    status: v.status,
    formatted_address: v.display_address,
    standardized: { line1: v.standardized.line1, city: v.standardized.city, state: v.standardized.state, zip5: v.standardized.zip5, zip4: v.standardized.zip4 },
    geocode: v.geocode,
    place_id: v.geocode?.quality === 'ROOFTOP' ? (v.place_id ?? null) : null,
    timezone: v.timezone,
    match_source: v.match_source,
    reason_codes: v.reason_codes,
    data_version: v.data_version,
    engine_version: v.engine_version,
    latency_ms: v.latency_ms,
  };
}
