/**
 * POST /v1/reverse — coordinates to street address (Variant B): the address
 * points nearest the position with their distance, or, without a point within
 * reach, the nearest ZIP of the locality layer (core/suggest/reverse.ts). Bounds of
 * lat, lon, limit and max_distance_meters are checked by the schema (400)
 * before the quota. Metered as one validation: a reverse lookup is a lookup
 * of the plan, as geocoding is (the CLI's `addr reverse` is not metered).
 */
import { meteredCall } from '../engine-call.js';
import type { RouteSpec } from '../route-spec.js';
import { ReverseRequest, ReverseResult } from '../schemas.js';

interface ReverseBody {
  lat: number;
  lon: number;
  limit?: number;
  max_distance_meters?: number;
}

/** POST /v1/reverse. */
export const reversePost: RouteSpec = {
  method: 'POST',
  url: '/v1/reverse',
  access: { auth: true, usage: 'validation' },
  schema: { body: ReverseRequest },
  doc: {
    operationId: 'reverseGeocode',
    summary: 'The street addresses nearest a position',
    description: 'The imported address points nearest (lat, lon), nearest first, each with its distance (coverage address_points). '
      + 'Without a point within max_distance_meters, the nearest ZIP of the locality layer with its city and distance (coverage locality); '
      + 'coverage none when no U.S. ZIP centroid lies within 250 km. Metered as one validation.',
    tags: ['points'],
    response: ReverseResult,
    responseDescription: 'The nearest points, or the nearest ZIP.',
    errors: [400, 401, 402, 403, 429, 500, 502],
  },
  handler: (ctx) => async (request) => {
    const body = request.body as ReverseBody;
    return meteredCall(ctx.meter, request, 'validation', 1, () => ctx.engine.reverse(body.lat, body.lon, {
      requestId: request.id,
      startedAt: request.startedAt,
      now: () => performance.now(),
      ...(body.limit === undefined ? {} : { limit: body.limit }),
      ...(body.max_distance_meters === undefined ? {} : { maxDistanceMeters: body.max_distance_meters }),
    }));
  },
};
