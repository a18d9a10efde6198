/**
 * POST /v1/geocode — coordinates for one address (Variant B): ROOFTOP from an
 * imported address point, else STREET, else the ZIP or city centroid, from the
 * same validation the other endpoints run (core/validate/geocode.ts). Metered as one
 * validation.
 */
import type { StructuredAddress } from '../../core/model/types.js';
import { addressInputOf } from '../address-input.js';
import { meteredCall } from '../engine-call.js';
import type { RouteSpec } from '../route-spec.js';
import { GeocodeRequest, GeocodeResult } from '../schemas.js';

/** POST /v1/geocode. */
export const geocodePost: RouteSpec = {
  method: 'POST',
  url: '/v1/geocode',
  access: { auth: true, usage: 'validation' },
  schema: { body: GeocodeRequest },
  doc: {
    operationId: 'geocodeAddress',
    summary: 'Coordinates for one address',
    description: 'Validates the address and returns its point: ROOFTOP from an imported address point (with its place_id), '
      + 'STREET when the street is among the points but the number is not, else ZIP_CENTROID or CITY_CENTROID from the locality layer; '
      + 'geocode is null when nothing places it. Send `input` (one line) or `address` (structured). Metered as one validation.',
    tags: ['points'],
    response: GeocodeResult,
    responseDescription: 'The geocode and the address it is for.',
    errors: [400, 401, 402, 403, 429, 500, 502],
  },
  handler: (ctx) => async (request) => {
    // Structured input needs only line1 here, as in Variant A: a ZIP alone places an address.
    const input = addressInputOf(request.body as { input?: string; address?: StructuredAddress }, 'a');
    return meteredCall(ctx.meter, request, 'validation', 1, () =>
      ctx.engine.geocode(input, { requestId: request.id, startedAt: request.startedAt, now: () => performance.now() }));
  },
};
