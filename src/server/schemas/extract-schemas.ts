/** The extraction endpoint (src/server/schemas.ts says how they are written). */
import { ValidateOptions } from './address-schemas.js';
import { ValidationResultA, ValidationResultB } from './result-schemas.js';
import { latency, requestId, string } from './schema-helpers.js';

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
