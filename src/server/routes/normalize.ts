/**
 * POST /v1/normalize — parse and standardize one address without validating
 * it (docs/parser.md, Components: the shape `addr normalize --format ndjson` writes, plus
 * the request id and latency). Metered as one lookup, like validation.
 */
import type { StructuredAddress } from '../../core/model/types.js';
import { toNormalizeResult } from '../../core/views/normalize-result.js';
import { addressInputOf } from '../address-input.js';
import { meteredCall } from '../engine-call.js';
import type { RouteSpec } from '../route-spec.js';
import { elapsedMs } from '../request-context.js';
import { NormalizeRequest, NormalizeResult } from '../schemas.js';

/** POST /v1/normalize. */
export const normalizePost: RouteSpec = {
  method: 'POST',
  url: '/v1/normalize',
  access: { auth: true, usage: 'validation' },
  schema: { body: NormalizeRequest },
  doc: {
    operationId: 'normalizeAddress',
    summary: 'Parse and standardize one address without validating it',
    description: 'Splits the address into USPS Publication 28 components and writes its delivery and last lines. '
      + 'Nothing is checked against reference data (the locality gazetteer only helps split street from city). Metered as one validation.',
    tags: ['validation'],
    response: NormalizeResult,
    responseDescription: 'The components, delivery line and last line.',
    errors: [400, 401, 402, 403, 429, 500, 502],
  },
  handler: (ctx) => async (request) => {
    const input = addressInputOf(request.body as { input?: string; address?: StructuredAddress }, 'a');
    const parsed = await meteredCall(ctx.meter, request, 'validation', 1, () => ctx.engine.normalize(input));
    return { id: request.id, ...toNormalizeResult(parsed), latency_ms: elapsedMs(request) };
  },
};
