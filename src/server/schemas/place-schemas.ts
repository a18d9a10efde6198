/** Places: reverse, autocomplete suggestions and details (src/server/schemas.ts says how they are written). */
import { LIMITS } from '../limits.js';
import { Components } from './normalize-schemas.js';
import { Geocode } from './result-schemas.js';
import { latency, nullableString, requestId, string } from './schema-helpers.js';

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

export const inferred = {
  type: 'array',
  items: { type: 'string', enum: ['city', 'state', 'zip5'] },
  description: 'Fields the importer filled from the locality layer by position (the source left them out).',
} as const;

export const pointPlaceProperties = {
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
    kind: {
      type: 'string', enum: ['address', 'street', 'city', 'zip', 'interpolated'],
      description: 'A building or unit (address point), a street in one ZIP, a city, a ZIP; interpolated: a house number a TIGER/Line range of the street holds (a plausible address, not a known one).',
    },
    units: { type: 'integer', minimum: 0, description: 'address: units the data lists at this building (0 when none).' },
    coverage: {
      type: 'string', enum: ['address_points', 'address_ranges', 'locality'],
      description: 'The layer that gave this suggestion: imported address points, TIGER/Line address ranges (where the points do not answer; what a point names is not repeated), or city and ZIP names.',
    },
  },
  required: ['text', 'highlight', 'highlight_ranges', 'place_id', 'kind', 'units', 'coverage'],
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
    source: { type: 'string', enum: ['address_points', 'address_ranges', 'locality', 'none'], description: 'The layer of the first suggestion (each suggestion says its own in `coverage`); none: no suggestion.' },
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
    kind: { type: 'string', enum: ['address', 'street', 'city', 'zip', 'interpolated'], description: 'interpolated: a house number a TIGER/Line range holds.' },
    place_id: string('The place_id asked for.'),
    text: string('Mixed-case one line, as the suggestion showed it.'),
    standardized: PlaceAddress,
    components: Components,
    geocode: { anyOf: [Geocode, { type: 'null' }], description: 'ROOFTOP (address), STREET (street centre), RANGE_INTERPOLATED (interpolated), CITY_CENTROID, ZIP_CENTROID.' },
    county: nullableString('County name, from the locality layer by ZIP.'),
    county_fips: nullableString('5-digit county FIPS code.'),
    source: nullableString('The imported source (address, street); ranges:<sources> for a street or number of the TIGER/Line ranges.'),
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
