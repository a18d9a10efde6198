/** Limits, the error body and /healthz (src/server/schemas.ts says how they are written). */
import { string } from './schema-helpers.js';

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
