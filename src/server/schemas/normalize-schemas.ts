/** Components, the normalize result, and the geocode endpoint (src/server/schemas.ts says how they are written). */
import { NormalizeRequest } from './address-schemas.js';
import { ReasonCode, nullableGeocode, nullableTimeZone } from './result-schemas.js';
import { latency, nullableString, requestId, string } from './schema-helpers.js';

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
