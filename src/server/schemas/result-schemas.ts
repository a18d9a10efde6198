/** The validation result in both contracts, and its parts (standardized address, geocode, time zone, codes, quality) (src/server/schemas.ts says how they are written). */
import { ValidationInput } from './address-schemas.js';
import { CHANGE_CODE_LIST, REASON_CODE_LIST, confidence, latency, nullableString, requestId, string } from './schema-helpers.js';

export const standardizedProperties = {
  line1: nullableString('Standardized street line (without the unit).'),
  line2: nullableString('Secondary unit line: "APT 4B".'),
  city: nullableString('Standardized city.'),
  state: nullableString('Two-letter state code.'),
  zip5: nullableString('5-digit ZIP.'),
  zip4: nullableString('ZIP+4 extension, when available.'),
  carrier_route: nullableString('Carrier route, when available (not from the locality layer).'),
  county: nullableString('County name, when available.'),
  county_fips: nullableString('5-digit county FIPS code, when available.'),
  deliverability: { type: 'string', enum: ['D', 'U', 'N'], description: 'D: delivery point confirmed; U: the reference says it does not exist; N: not confirmable.' },
} as const;
export const standardizedRequired = ['line1', 'line2', 'city', 'state', 'zip5', 'zip4', 'carrier_route', 'county', 'county_fips', 'deliverability'];

/** Variant A standardized address. */
export const StandardizedA = {
  type: 'object',
  properties: { ...standardizedProperties, source: string('Engine that produced the data: addr-engine/<version>.') },
  required: [...standardizedRequired, 'source'],
  additionalProperties: false,
} as const;

/** Variant B standardized address. */
export const StandardizedB = {
  type: 'object',
  properties: standardizedProperties,
  required: standardizedRequired,
  additionalProperties: false,
} as const;

/** A geocode. */
export const Geocode = {
  type: 'object',
  properties: {
    lat: { type: 'number', description: 'Latitude (WGS 84).' },
    lon: { type: 'number', description: 'Longitude (WGS 84).' },
    quality: { type: 'string', enum: ['ROOFTOP', 'STREET', 'RANGE_INTERPOLATED', 'ZIP_CENTROID', 'CITY_CENTROID'] },
    accuracy_meters: { type: 'number' },
  },
  required: ['lat', 'lon', 'quality', 'accuracy_meters'],
  additionalProperties: false,
} as const;

export const nullableGeocode = { anyOf: [Geocode, { type: 'null' }], description: 'Null when no geocoding data is returned.' };

/** The time zone of an address. */
export const TimeZone = {
  type: 'object',
  description: 'The time zone of the address\'s ZIP (or of a city whose ZIPs share one); the offset and DST are those at the time of the request.',
  properties: {
    name: { type: 'string', description: 'IANA time zone name: America/Los_Angeles.' },
    utc_offset: { type: ['number', 'null'], description: 'Hours from UTC at the time of the request: -7, 5.5.' },
    dst: { type: ['boolean', 'null'], description: 'True when daylight saving time is in effect at the time of the request.' },
  },
  required: ['name', 'utc_offset', 'dst'],
  additionalProperties: false,
} as const;

export const nullableTimeZone = { anyOf: [TimeZone, { type: 'null' }], description: 'Null when the place is not known, or has no single time zone (military ZIPs).' };

/** A reason code. */
export const ReasonCode = { type: 'string', enum: REASON_CODE_LIST, description: 'docs/validation.md lists every code.' } as const;

/** A change code. */
export const ChangeCode = { type: 'string', enum: CHANGE_CODE_LIST, description: 'docs/validation.md lists every code.' } as const;

/** Variant A quality. */
export const Quality = {
  type: 'object',
  properties: {
    level: { type: 'string', enum: ['delivery_point', 'range', 'street', 'locality', 'none'], description: 'The finest reference layer that confirmed the address.' },
    review_recommended: { type: 'boolean' },
    reasons: { type: 'array', items: ReasonCode, description: 'The reason codes that call for a review; when a confidence under 0.8 alone calls for it, the reason codes that lowered the confidence.' },
  },
  required: ['level', 'review_recommended', 'reasons'],
  additionalProperties: false,
} as const;


export const suggestedAddresses = {
  type: 'array',
  items: { type: 'string' },
  description: 'Every reading to review, suggested_address first; two when a city and a ZIP, each valid, name two places (CITY_ZIP_MISMATCH). Empty when no review is recommended.',
} as const;

/** Variant A validation result. */
export const ValidationResultA = {
  type: 'object',
  description: 'Variant A validation result.',
  properties: {
    id: requestId,
    status: { type: 'string', enum: ['VALIDATED', 'CORRECTED', 'PARTIAL', 'NOT_FOUND'] },
    validation_status: { type: 'string', enum: ['VALIDATED', 'CORRECTED', 'PARTIAL', 'NOT_FOUND'], description: 'The same as status.' },
    confidence,
    input: ValidationInput,
    standardized: StandardizedA,
    geocode: nullableGeocode,
    timezone: nullableTimeZone,
    match_code: string('The layer that decided: <LAYER>_ENGINE (LOCALITY_ENGINE, POINTS_ENGINE).'),
    match_source: string('The layer that produced the match: <LAYER>_ENGINE.'),
    reason_codes: { type: 'array', items: ReasonCode },
    changes: { type: 'array', items: { type: 'string' }, description: 'Human-readable descriptions of the changes.' },
    quality: Quality,
    suggested_address: nullableString('A reference reading to review, when review is recommended.'),
    suggested_addresses: suggestedAddresses,
    display_address: nullableString('Mixed-case address for people.'),
    latency_ms: latency,
    place_id: nullableString('With address points covering the area: the point that confirmed the address (null when none); absent without points.'),
    data_version: string('Version of the reference data.'),
    engine_version: string('Version of the engine.'),
  },
  required: ['id', 'status', 'validation_status', 'confidence', 'input', 'standardized', 'geocode', 'timezone', 'match_code', 'match_source',
    'reason_codes', 'changes', 'quality', 'suggested_address', 'suggested_addresses', 'display_address', 'latency_ms', 'data_version', 'engine_version'],
  additionalProperties: false,
} as const;

/** Variant B validation result. */
export const ValidationResultB = {
  type: 'object',
  description: 'Variant B validation result.',
  properties: {
    id: requestId,
    status: { type: 'string', enum: ['VALIDATED', 'NOT_IN_REFERENCE', 'INVALID'] },
    confidence,
    input: ValidationInput,
    standardized: StandardizedB,
    geocode: nullableGeocode,
    timezone: nullableTimeZone,
    match_code: { type: 'string', enum: ['EXACT', 'PARTIAL', 'NO_MATCH'] },
    reason_codes: { type: 'array', items: ReasonCode, description: 'Present only when options.include_reason_codes is true.' },
    changes: { type: 'array', items: ChangeCode },
    suggested_address: nullableString('A reference reading to review, when review is recommended.'),
    suggested_addresses: suggestedAddresses,
    display_address: nullableString('Mixed-case address for people.'),
    latency_ms: latency,
  },
  required: ['id', 'status', 'confidence', 'input', 'standardized', 'geocode', 'timezone', 'match_code', 'changes', 'suggested_address', 'suggested_addresses', 'display_address', 'latency_ms'],
  additionalProperties: false,
} as const;

/** Address components (docs/parser.md, Components). */
