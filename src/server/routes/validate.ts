/**
 * POST /v1/validate and GET /v1/validate?input=... — one address validated,
 * answered in Variant A or B (X-Contract, else --contract). Metered as one
 * validation.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toVariantAResult } from '../../core/views/variant-a-result.js';
import { toVariantBResult } from '../../core/views/variant-b-result.js';
import type { StructuredAddress } from '../../core/model/types.js';
import { addressInputOf } from '../address-input.js';
import { contractOf } from '../contract.js';
import { meteredCall } from '../engine-call.js';
import { LIMITS } from '../limits.js';
import { serializeResultAs } from '../result-serializers.js';
import type { RouteContext, RouteDoc, RouteSpec } from '../route-spec.js';
import { ValidateRequest, ValidationResultA, ValidationResultB } from '../schemas.js';

interface ValidateFields {
  input?: string;
  address?: StructuredAddress;
  options?: { geocode?: boolean; include_reason_codes?: boolean };
}

const RESPONSE = { oneOf: [ValidationResultA, ValidationResultB] };
const ERRORS = [400, 401, 402, 403, 429, 500, 502] as const;

async function serveValidation(ctx: RouteContext, request: FastifyRequest, reply: FastifyReply, fields: ValidateFields): Promise<unknown> {
  const contract = contractOf(request, ctx.contract);
  const input = addressInputOf(fields, contract);
  const result = await meteredCall(ctx.meter, request, 'validation', 1, () =>
    ctx.engine.validate(input, { requestId: request.id, startedAt: request.startedAt, now: () => performance.now() }));
  const body = contract === 'a'
    ? toVariantAResult(result)
    : toVariantBResult(result, { geocode: fields.options?.geocode === true, includeReasonCodes: fields.options?.include_reason_codes === true });
  serializeResultAs(reply, contract); // last: an error answer before this point is serialized as usual
  return body;
}

const doc = (method: 'get' | 'post'): RouteDoc => ({
  operationId: method === 'post' ? 'validateAddress' : 'validateAddressQuery',
  summary: method === 'post' ? 'Validate one address' : 'Validate one one-line address given as a query parameter',
  description: 'Validates, standardizes and classifies one U.S. address. The answer follows Variant A or B of the interface: '
    + 'the X-Contract header picks one, else the server default (--contract). Metered as one validation. '
    + (method === 'post'
      ? 'Send `input` (one line) or `address` (structured; Variant B requires city and state).'
      : 'Variant B options are the query parameters geocode and include_reason_codes.'),
  tags: ['validation'],
  response: RESPONSE,
  responseDescription: 'The validation result (ValidationResultA or ValidationResultB, by contract).',
  errors: ERRORS,
  contractHeader: true,
});

/** POST /v1/validate. */
export const validatePost: RouteSpec = {
  method: 'POST',
  url: '/v1/validate',
  access: { auth: true, usage: 'validation' },
  schema: { body: ValidateRequest },
  doc: doc('post'),
  handler: (ctx) => (request, reply) => serveValidation(ctx, request, reply, request.body as ValidateFields),
};

/** The query of GET /v1/validate. */
export const ValidateQuery = {
  type: 'object',
  properties: {
    input: { type: 'string', maxLength: LIMITS.maxInputLength, description: 'One-line address.' },
    geocode: { type: 'boolean', description: 'Variant B: include the geocode.' },
    include_reason_codes: { type: 'boolean', description: 'Variant B: include reason_codes.' },
  },
  required: ['input'],
  additionalProperties: false, // an unknown parameter is a 400, as an unknown body field is
} as const;

/** GET /v1/validate. */
export const validateGet: RouteSpec = {
  method: 'GET',
  url: '/v1/validate',
  access: { auth: true, usage: 'validation' },
  schema: { querystring: ValidateQuery },
  doc: doc('get'),
  handler: (ctx) => (request, reply) => {
    const q = request.query as { input: string; geocode?: boolean; include_reason_codes?: boolean };
    return serveValidation(ctx, request, reply, {
      input: q.input,
      options: { ...(q.geocode === undefined ? {} : { geocode: q.geocode }), ...(q.include_reason_codes === undefined ? {} : { include_reason_codes: q.include_reason_codes }) },
    });
  },
};
