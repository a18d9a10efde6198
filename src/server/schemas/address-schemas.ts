/** Request schemas of the address endpoints: an address, one-line or structured, and validate options (src/server/schemas.ts says how they are written). */
import { LIMITS } from '../limits.js';
import { nullableString } from './schema-helpers.js';

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
