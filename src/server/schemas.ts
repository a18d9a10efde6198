/**
 * The JSON Schemas of addr serve: request schemas that fastify validates, and
 * response schemas that the OpenAPI document publishes (tests validate real
 * responses against them). Written once here; the document names each object
 * below as a component (src/server/openapi-document.ts finds them by identity).
 * Plain JSON Schema that reads the same in draft-07 (fastify's ajv) and 2020-12
 * (OpenAPI 3.1): `type: [T, 'null']` for nullable fields, no `nullable`.
 */
import { CHANGE_CODES, REASON_CODES } from '../core/reason-codes.js';
import { LIMITS } from './limits.js';

const nullableString = (description: string, maxLength?: number) => ({
  type: ['string', 'null'],
  description,
  ...(maxLength === undefined ? {} : { maxLength }),
});
const string = (description: string) => ({ type: 'string', description });

const REASON_CODE_LIST = Object.keys(REASON_CODES);
const CHANGE_CODE_LIST = Object.keys(CHANGE_CODES);

/** A structured address (request). */
export const StructuredAddress = {
  type: 'object',
  description: 'A structured address. Variant A needs line1; Variant B needs line1, city and state.',
  properties: {
    line1: nullableString('Street address.', LIMITS.maxFieldLength),
    line2: nullableString('Apartment, suite, unit.', LIMITS.maxFieldLength),
    city: nullableString('City name (required in Variant B).', LIMITS.maxFieldLength),
    state: nullableString('Two-letter state code or full state name (required in Variant B).', LIMITS.maxFieldLength),
    zip: {
      type: ['string', 'integer', 'null'],
      description: '5-digit ZIP or ZIP+4. A number is read as a ZIP whose leading zeros were lost: 2108 is 02108, 21081234 is 02108-1234.',
      maxLength: LIMITS.maxFieldLength,
      minimum: 0,
      maximum: 999_999_999,
    },
  },
  additionalProperties: false,
} as const;

/** The options of a Variant B validation. */
export const ValidateOptions = {
  type: 'object',
  description: 'Variant B only (ignored in Variant A, which always returns the geocode and reason codes).',
  properties: {
    geocode: { type: 'boolean', description: 'When true, the response includes the geocode (else geocode is null).' },
    include_reason_codes: { type: 'boolean', description: 'When true, the response includes reason_codes.' },
  },
  additionalProperties: false,
} as const;

/** The body of POST /v1/validate. */
export const ValidateRequest = {
  type: 'object',
  description: 'Either a one-line `input` or a structured `address`, not both.',
  properties: {
    input: { type: 'string', maxLength: LIMITS.maxInputLength, description: 'One-line address; the service parses street, city, state and ZIP from it.' },
    address: StructuredAddress,
    options: ValidateOptions,
  },
  additionalProperties: false,
} as const;

/** The body of POST /v1/normalize. */
export const NormalizeRequest = {
  type: 'object',
  description: 'Either a one-line `input` or a structured `address`, not both.',
  properties: {
    input: { type: 'string', maxLength: LIMITS.maxInputLength, description: 'One-line address.' },
    address: StructuredAddress,
  },
  additionalProperties: false,
} as const;

/** The input as the request gave it, split into its fields (response). */
export const ValidationInput = {
  type: 'object',
  description: 'Normalized version of the submitted input.',
  properties: {
    line1: nullableString('Street line as given.'),
    line2: nullableString('Secondary line as given.'),
    city: nullableString('City as given.'),
    state: nullableString('State as given.'),
    zip: nullableString('ZIP as given.'),
  },
  required: ['line1', 'line2', 'city', 'state', 'zip'],
  additionalProperties: false,
} as const;

const standardizedProperties = {
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
const standardizedRequired = ['line1', 'line2', 'city', 'state', 'zip5', 'zip4', 'carrier_route', 'county', 'county_fips', 'deliverability'];

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

const nullableGeocode = { anyOf: [Geocode, { type: 'null' }], description: 'Null when no geocoding data is returned.' };

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

const nullableTimeZone = { anyOf: [TimeZone, { type: 'null' }], description: 'Null when the place is not known, or has no single time zone (military ZIPs).' };

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
    reasons: { type: 'array', items: ReasonCode, description: 'The reason codes that call for a review.' },
  },
  required: ['level', 'review_recommended', 'reasons'],
  additionalProperties: false,
} as const;

const confidence = { type: 'number', minimum: 0, maximum: 1, description: 'Calibrated match confidence.' };
const latency = { type: 'number', minimum: 0, description: 'Latency measured by the API route, in milliseconds.' };
const requestId = string('Request identifier; the same as the x-request-id header.');

const suggestedAddresses = {
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
export const Components = {
  type: 'object',
  description: 'Parsed and standardized components (USPS Publication 28). Absent parts are null.',
  properties: {
    number: nullableString('House number.'),
    number_fraction: nullableString('Fraction after the number: 1/2.'),
    predir: nullableString('Pre-directional.'),
    street: nullableString('Street name alone.'),
    suffix: nullableString('Pub 28 C1 suffix.'),
    postdir: nullableString('Post-directional.'),
    unit_type: nullableString('Pub 28 C2 unit designator, or #.'),
    unit_number: nullableString('Unit identifier.'),
    po_box: nullableString('PO box number.'),
    rural_route: nullableString('Rural route, highway contract or military unit number.'),
    box: nullableString('Box number of a route or military unit.'),
    box_group_type: nullableString('RR, HC, PSC, CMR or UNIT.'),
    urbanization: nullableString('Puerto Rico urbanization.'),
    city: nullableString('City.'),
    state: nullableString('Two-letter state code.'),
    zip5: nullableString('5-digit ZIP.'),
    zip4: nullableString('ZIP+4 extension.'),
    cross_street: {
      anyOf: [{
        type: 'object',
        properties: { predir: nullableString('Pre-directional.'), street: nullableString('Street name.'), suffix: nullableString('Suffix.'), postdir: nullableString('Post-directional.') },
        required: ['predir', 'street', 'suffix', 'postdir'],
        additionalProperties: false,
      }, { type: 'null' }],
      description: 'The second street of an intersection.',
    },
  },
  required: ['number', 'number_fraction', 'predir', 'street', 'suffix', 'postdir', 'unit_type', 'unit_number', 'po_box', 'rural_route', 'box',
    'box_group_type', 'urbanization', 'city', 'state', 'zip5', 'zip4'],
  additionalProperties: false,
} as const;

/** The result of POST /v1/normalize. */
export const NormalizeResult = {
  type: 'object',
  properties: {
    id: requestId,
    input: string('The input as one line.'),
    components: Components,
    delivery_line: string('USPS delivery line: "1005 N GRAVENSTEIN HWY STE 500".'),
    last_line: string('"SEBASTOPOL CA 95472".'),
    unparsed: { type: 'array', items: { type: 'string' }, description: 'Words the parser could not place.' },
    latency_ms: latency,
  },
  required: ['id', 'input', 'components', 'delivery_line', 'last_line', 'unparsed', 'latency_ms'],
  additionalProperties: false,
} as const;

/** The body of POST /v1/geocode. */
export const GeocodeRequest = { ...NormalizeRequest, description: 'Either a one-line `input` or a structured `address` (line1 required), not both.' } as const;

/** The result of POST /v1/geocode. */
export const GeocodeResult = {
  type: 'object',
  properties: {
    id: requestId,
    status: { type: 'string', enum: ['VALIDATED', 'CORRECTED', 'PARTIAL', 'NOT_FOUND'], description: 'Status of the validation the geocode comes from (Variant A values).' },
    formatted_address: nullableString('The address the point is for, mixed case.'),
    standardized: {
      type: 'object',
      properties: {
        line1: nullableString('Standardized street line.'),
        city: nullableString('City.'),
        state: nullableString('Two-letter state code.'),
        zip5: nullableString('5-digit ZIP.'),
        zip4: nullableString('ZIP+4 extension.'),
      },
      required: ['line1', 'city', 'state', 'zip5', 'zip4'],
      additionalProperties: false,
    },
    geocode: nullableGeocode,
    place_id: nullableString('The address point of a ROOFTOP geocode; null otherwise.'),
    timezone: nullableTimeZone,
    match_source: string('The layer that placed it: POINTS_ENGINE or LOCALITY_ENGINE.'),
    reason_codes: { type: 'array', items: ReasonCode },
    data_version: string('Version of the reference data.'),
    engine_version: string('Version of the engine.'),
    latency_ms: latency,
  },
  required: ['id', 'status', 'formatted_address', 'standardized', 'geocode', 'place_id', 'timezone', 'match_source', 'reason_codes', 'data_version', 'engine_version', 'latency_ms'],
  additionalProperties: false,
} as const;

/** The `limits` object of a 402. */
export const Limits = {
  type: 'object',
  properties: {
    remainingLookupCredits: { type: 'integer' },
    includedLookups: { type: 'integer' },
    usedLookups: { type: 'integer' },
    overageEnabled: { type: 'boolean' },
  },
  required: ['remainingLookupCredits', 'includedLookups', 'usedLookups', 'overageEnabled'],
  additionalProperties: false,
} as const;

/** Every error body. */
export const ErrorBody = {
  type: 'object',
  properties: {
    error: string('Error code: see the table in the description of each response.'),
    message: string('Human-readable text.'),
    request_id: string('The same as the x-request-id header; absent on feature_unavailable.'),
    limits: Limits,
  },
  required: ['error', 'message'],
  additionalProperties: false,
} as const;

/** GET /healthz. */
export const Health = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ok'] },
    engine_version: string('Version of the engine.'),
    data_version: string('Version of the reference data.'),
    contract: { type: 'string', enum: ['a', 'b'], description: 'The default validate contract (--contract).' },
    uptime_s: { type: 'number' },
    workers: { type: 'integer', minimum: 1, description: 'The worker processes answering on this port (addr serve --workers), this one included.' },
  },
  required: ['status', 'engine_version', 'data_version', 'contract', 'uptime_s', 'workers'],
  additionalProperties: false,
} as const;

/** The standardized address of a place (reverse, autocomplete details). */
export const PlaceAddress = {
  type: 'object',
  description: 'USPS upper case. The unit of an address point is on line1; line2 is always null for places.',
  properties: {
    line1: nullableString('Street line with the unit: "1400 ABERCROMBIE DR APT 2"; null for a city or a ZIP.'),
    line2: { type: 'null', description: 'Always null (the unit is on line1).' },
    city: nullableString('City.'),
    state: string('Two-letter state code.'),
    zip5: nullableString('5-digit ZIP.'),
    zip4: nullableString('ZIP+4 extension.'),
  },
  required: ['line1', 'line2', 'city', 'state', 'zip5', 'zip4'],
  additionalProperties: false,
} as const;

const inferred = {
  type: 'array',
  items: { type: 'string', enum: ['city', 'state', 'zip5'] },
  description: 'Fields the importer filled from the locality layer by position (the source left them out).',
} as const;

const pointPlaceProperties = {
  kind: { type: 'string', enum: ['address'] },
  place_id: string('Stable across re-imports of the same content; GET /api/autocomplete/v1/details takes it.'),
  text: string('Mixed-case one line: "1400 Abercrombie Dr, Valdez, AK 99686".'),
  standardized: PlaceAddress,
  components: Components,
  geocode: Geocode,
  source: string('The imported source of the point.'),
  inferred,
} as const;

/** An address point near the position asked, or an address interpolated in a TIGER/Line range (POST /v1/reverse). */
export const ReversePlace = {
  type: 'object',
  properties: {
    ...pointPlaceProperties,
    kind: { type: 'string', enum: ['address', 'interpolated'], description: 'address: an imported address point; interpolated: a number the range of the nearest street edge gives (coverage address_ranges).' },
    place_id: { type: ['string', 'null'], description: 'The address point (GET /api/autocomplete/v1/details takes it); null for an interpolated address.' },
    source: string('The imported source of the point, or the ranges (ranges:<sources>).'),
    distance_meters: { type: 'number', minimum: 0, description: 'Great-circle distance from the position (to the point, or to the street edge), to 0.1 m.' },
  },
  required: ['kind', 'place_id', 'text', 'standardized', 'components', 'geocode', 'source', 'inferred', 'distance_meters'],
  additionalProperties: false,
} as const;

/** The nearest ZIP, when no point lies within reach (POST /v1/reverse). */
export const ReverseLocality = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['zip'] },
    zip5: string('5-digit ZIP.'),
    city: string('The ZIP\'s city.'),
    state: string('Two-letter state code.'),
    county: nullableString('County name.'),
    county_fips: nullableString('5-digit county FIPS code.'),
    text: string('"Sebastopol, CA 95472".'),
    geocode: {
      type: 'object',
      description: 'The ZIP centroid.',
      properties: { lat: { type: 'number' }, lon: { type: 'number' }, quality: { type: 'string', enum: ['ZIP_CENTROID'] } },
      required: ['lat', 'lon', 'quality'],
      additionalProperties: false,
    },
    distance_meters: { type: 'number', minimum: 0, description: 'From the position to the ZIP centroid (not to the ZIP\'s edge).' },
  },
  required: ['kind', 'zip5', 'city', 'state', 'county', 'county_fips', 'text', 'geocode', 'distance_meters'],
  additionalProperties: false,
} as const;

/** The body of POST /v1/reverse. */
export const ReverseRequest = {
  type: 'object',
  properties: {
    lat: { type: 'number', minimum: -90, maximum: 90, description: 'Latitude in decimal degrees (WGS 84).' },
    lon: { type: 'number', minimum: -180, maximum: 180, description: 'Longitude in decimal degrees (WGS 84).' },
    limit: { type: 'integer', minimum: 1, maximum: LIMITS.reverse.maxLimit, description: `Points wanted, nearest first (default ${LIMITS.reverse.defaultLimit}).` },
    max_distance_meters: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: LIMITS.reverse.maxMaxDistanceMeters,
      description: `How far a point may be, in meters (default ${LIMITS.reverse.defaultMaxDistanceMeters}).`,
    },
  },
  required: ['lat', 'lon'],
  additionalProperties: false,
} as const;

/** The result of POST /v1/reverse. */
export const ReverseResult = {
  type: 'object',
  properties: {
    id: requestId,
    query: {
      type: 'object',
      properties: { lat: { type: 'number' }, lon: { type: 'number' }, limit: { type: 'integer' }, max_distance_meters: { type: 'number' } },
      required: ['lat', 'lon', 'limit', 'max_distance_meters'],
      additionalProperties: false,
    },
    coverage: {
      type: 'string',
      enum: ['address_points', 'address_ranges', 'locality', 'none'],
      description: 'address_points: `results` holds the nearest points; address_ranges: no point within reach, `results` holds addresses interpolated on the nearest street edges (TIGER/Line ranges); locality: neither within reach, `locality` is the nearest ZIP; none: nothing.',
    },
    results: { type: 'array', items: ReversePlace },
    locality: { anyOf: [ReverseLocality, { type: 'null' }] },
    data_version: string('Version of the reference data.'),
    latency_ms: latency,
  },
  required: ['id', 'query', 'coverage', 'results', 'locality', 'data_version', 'latency_ms'],
  additionalProperties: false,
} as const;

/** One autocomplete suggestion. */
export const Suggestion = {
  type: 'object',
  properties: {
    text: string('Full suggested address line, mixed case: "1400 Abercrombie Dr, Valdez, AK 99686".'),
    highlight: string('The part of text the query matched, from the first matched character to the last.'),
    highlight_ranges: {
      type: 'array',
      items: { type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 2, maxItems: 2 },
      description: 'The matched characters of text exactly, as [start, end) offsets.',
    },
    place_id: string('Identifier of the suggested place; the details endpoint takes it.'),
    kind: { type: 'string', enum: ['address', 'street', 'city', 'zip'], description: 'A building or unit (address point), a street in one ZIP, a city, a ZIP.' },
    units: { type: 'integer', minimum: 0, description: 'address: units the data lists at this building (0 when none).' },
  },
  required: ['text', 'highlight', 'highlight_ranges', 'place_id', 'kind', 'units'],
  additionalProperties: false,
} as const;

/** The result of GET /v1/autocomplete and GET /api/autocomplete/v1/suggest. */
export const SuggestResult = {
  type: 'object',
  properties: {
    id: requestId,
    query: {
      type: 'object',
      properties: { text: { type: 'string' }, limit: { type: 'integer' }, state: { type: ['string', 'null'] } },
      required: ['text', 'limit', 'state'],
      additionalProperties: false,
    },
    suggestions: { type: 'array', items: Suggestion },
    source: { type: 'string', enum: ['address_points', 'locality', 'none'], description: 'Where the suggestions come from: imported points, else city and ZIP names.' },
    fuzzy: { type: 'boolean', description: 'True when the street name was corrected to find them.' },
    data_version: string('Version of the reference data.'),
    latency_ms: latency,
  },
  required: ['id', 'query', 'suggestions', 'source', 'fuzzy', 'data_version', 'latency_ms'],
  additionalProperties: false,
} as const;

/** The result of GET /api/autocomplete/v1/details. */
export const PlaceDetails = {
  type: 'object',
  properties: {
    id: requestId,
    kind: { type: 'string', enum: ['address', 'street', 'city', 'zip'] },
    place_id: string('The place_id asked for.'),
    text: string('Mixed-case one line, as the suggestion showed it.'),
    standardized: PlaceAddress,
    components: Components,
    geocode: { anyOf: [Geocode, { type: 'null' }], description: 'ROOFTOP (address), STREET (street centre), CITY_CENTROID, ZIP_CENTROID.' },
    county: nullableString('County name, from the locality layer by ZIP.'),
    county_fips: nullableString('5-digit county FIPS code.'),
    source: nullableString('The imported source (address, street).'),
    inferred,
    units: { type: 'array', items: { type: 'string' }, description: 'address: the units the data lists at the building ("APT 1").' },
    zips: { type: 'array', items: { type: 'string' }, description: 'The ZIPs of the place.' },
    points: { type: ['integer', 'null'], description: 'street: address points on it; null otherwise.' },
    data_version: string('Version of the reference data.'),
    latency_ms: latency,
  },
  required: ['id', 'kind', 'place_id', 'text', 'standardized', 'components', 'geocode', 'county', 'county_fips', 'source', 'inferred', 'units', 'zips',
    'points', 'data_version', 'latency_ms'],
  additionalProperties: false,
} as const;

/** The body of POST /v1/addresses/extract. */
export const ExtractRequest = {
  type: 'object',
  properties: {
    text: { type: 'string', description: 'The text, plain or HTML, to find addresses in (up to the body limit of this endpoint).' },
    format: {
      type: 'string',
      enum: ['auto', 'text', 'html'],
      description: 'html: read text as HTML (tags, entities and scripts are not text; offsets stay those of the HTML); text: as plain text; auto (default): HTML when it looks like HTML.',
    },
    aggressive: { type: 'boolean', description: 'Also report street lines without city, state or ZIP ("1 spiritual healer dr"), kind street.' },
    options: ValidateOptions,
  },
  required: ['text'],
  additionalProperties: false,
} as const;

/** One address found by POST /v1/addresses/extract. */
export const ExtractedAddress = {
  type: 'object',
  properties: {
    text: string('The address exactly as written: text.slice(start, end).'),
    start: { type: 'integer', minimum: 0, description: 'Offset of its first character in `text` (UTF-16 code units, as JavaScript strings index).' },
    end: { type: 'integer', minimum: 0, description: 'Offset after its last character.' },
    line: { type: 'integer', minimum: 1, description: 'Line of its first character, from 1.' },
    end_line: { type: 'integer', minimum: 1, description: 'Line of its last character.' },
    kind: { type: 'string', enum: ['address', 'street'], description: 'A full address, or (aggressive) a street line without a place.' },
    result: { oneOf: [ValidationResultA, ValidationResultB], description: 'Its validation, in the request\'s contract (X-Contract, else the server default); id is "<request id>-<n>".' },
  },
  required: ['text', 'start', 'end', 'line', 'end_line', 'kind', 'result'],
  additionalProperties: false,
} as const;

/** The result of POST /v1/addresses/extract. */
export const ExtractResult = {
  type: 'object',
  properties: {
    id: requestId,
    addresses: { type: 'array', items: ExtractedAddress, description: 'The addresses found and validated, in the order of the text.' },
    found: { type: 'integer', minimum: 0, description: 'Addresses found in the text.' },
    unprocessed: {
      type: 'integer',
      minimum: 0,
      description: 'Addresses found but not returned because the account\'s allowance ran out (the last ones of the text); 0 normally.',
    },
    latency_ms: latency,
  },
  required: ['id', 'addresses', 'found', 'unprocessed', 'latency_ms'],
  additionalProperties: false,
} as const;

/** Every named schema, for the OpenAPI document's components. */
export const COMPONENT_SCHEMAS: Readonly<Record<string, object>> = {
  StructuredAddress, ValidateOptions, ValidateRequest, NormalizeRequest, ValidationInput, StandardizedA, StandardizedB, Geocode, TimeZone, ReasonCode,
  ChangeCode, Quality, ValidationResultA, ValidationResultB, Components, NormalizeResult, GeocodeRequest, GeocodeResult, Limits, ErrorBody, Health,
  PlaceAddress, ReversePlace, ReverseLocality, ReverseRequest, ReverseResult, Suggestion, SuggestResult, PlaceDetails, ExtractRequest, ExtractedAddress,
  ExtractResult,
};
