/**
 * Autocomplete, metered apart from validation (one `autocomplete` unit per
 * call) and refused on plans without it (403 feature_unavailable, no
 * request_id):
 *   GET /v1/autocomplete?query=&limit=&state=            (Variant B)
 *   GET /api/autocomplete/v1/suggest?query=&limit=&state= (Variant A, the same answer)
 *   GET /api/autocomplete/v1/details?place_id=           (Variant A)
 * Suggestions come from the imported address points, else city and ZIP names
 * of the locality layer (core/suggest/suggest.ts). The query, limit and state are
 * checked before the quota (400). 500 service_unavailable when the engine has
 * nothing to suggest from (neither a point search nor locality names: an
 * engine built without them) or fails. An unknown place_id is 404 not_found
 * and is not charged.
 */
import type { FastifyRequest } from 'fastify';
import type { Engine } from '../../core/engine.js';
import { AddrError } from '../../core/model/errors.js';
import { stateOption } from '../../core/suggest/suggest.js';
import { meteredCall } from '../engine-call.js';
import { LIMITS } from '../limits.js';
import type { RouteDoc, RouteSpec } from '../route-spec.js';
import { PlaceDetails, SuggestResult } from '../schemas.js';

/** The query of the suggest endpoints. */
export const SuggestQuery = {
  type: 'object',
  properties: {
    query: { type: 'string', maxLength: LIMITS.autocomplete.maxQueryLength, description: 'What has been typed so far: "1400 abercr", "sebas", "9547".' },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: LIMITS.autocomplete.maxLimit,
      description: `Maximum number of suggestions (default ${LIMITS.autocomplete.defaultLimit}).`,
    },
    state: { type: 'string', maxLength: LIMITS.maxStateLength, description: 'Only suggestions in this state: a code or a name.' },
  },
  required: ['query'],
  additionalProperties: false, // an unknown parameter is a 400, as an unknown body field is
} as const;

/** The query of the details endpoint. */
export const DetailsQuery = {
  type: 'object',
  properties: {
    place_id: { type: 'string', minLength: 1, maxLength: LIMITS.maxPlaceIdLength, description: 'The place_id of a suggestion.' },
  },
  required: ['place_id'],
  additionalProperties: false, // an unknown parameter is a 400, as an unknown body field is
} as const;

const ERRORS = [400, 401, 403, 500] as const;

/** Throws 500 service_unavailable when the engine has nothing to suggest from. */
function checkAvailable(engine: Engine): void {
  if (engine.ports.pointSearch === undefined && engine.ports.names === undefined) {
    throw new AddrError('ADDR_ERR_SERVICE_UNAVAILABLE', ['The autocomplete engine is not available: it has neither address points nor locality names to suggest from.']);
  }
}

const call = (request: FastifyRequest) => ({ requestId: request.id, startedAt: request.startedAt, now: () => performance.now() });

function suggestRoute(url: string, doc: RouteDoc): RouteSpec {
  return {
    method: 'GET',
    url,
    access: { auth: true, usage: 'autocomplete' },
    schema: { querystring: SuggestQuery },
    doc,
    handler: (ctx) => async (request) => {
      const q = request.query as { query: string; limit?: number; state?: string };
      if (q.query.trim() === '') throw new AddrError('ADDR_ERR_INPUT_INVALID', ['The autocomplete query is empty.']);
      const state = stateOption(q.state); // a state that is none: 400 before the quota
      return meteredCall(ctx.meter, request, 'autocomplete', 1, () => {
        checkAvailable(ctx.engine);
        return ctx.engine.suggest(q.query, { ...call(request), state, ...(q.limit === undefined ? {} : { limit: q.limit }) });
      });
    },
  };
}

const SUGGEST_DESCRIPTION = 'Suggestions from the imported address points: buildings for "NUMBER STREET...", streets for a name alone, '
  + 'one suggestion per building unless a unit is typed. When no point matches and no house number was typed, cities ("sebas") and ZIPs ("9547") '
  + 'of the locality layer. A misspelled street name is tried when nothing matches as typed (fuzzy). '
  + 'Not on Free Beta (403 feature_unavailable); each call counts as one autocomplete request, metered apart from validation.';

/** GET /v1/autocomplete (Variant B). */
export const autocompleteGet = suggestRoute('/v1/autocomplete', {
  operationId: 'autocomplete',
  summary: 'Suggestions as the user types (Variant B)',
  description: SUGGEST_DESCRIPTION,
  tags: ['points'],
  response: SuggestResult,
  responseDescription: 'The suggestions, best first.',
  errors: ERRORS,
});

/** GET /api/autocomplete/v1/suggest (Variant A). */
export const suggestGet = suggestRoute('/api/autocomplete/v1/suggest', {
  operationId: 'autocompleteSuggest',
  summary: 'Suggestions as the user types (Variant A)',
  description: `${SUGGEST_DESCRIPTION} The same answer as GET /v1/autocomplete.`,
  tags: ['points'],
  response: SuggestResult,
  responseDescription: 'The suggestions, best first.',
  errors: ERRORS,
});

/** GET /api/autocomplete/v1/details (Variant A). */
export const detailsGet: RouteSpec = {
  method: 'GET',
  url: '/api/autocomplete/v1/details',
  access: { auth: true, usage: 'autocomplete' },
  schema: { querystring: DetailsQuery },
  doc: {
    operationId: 'autocompleteDetails',
    summary: 'The full record of a suggestion (Variant A)',
    description: 'The standardized address, components, geocode and county of a suggestion by its place_id: an address point, a building with its units, '
      + 'a street (with its centre), a city or a ZIP. 404 not_found for a place_id that names nothing (never suggested, or its source removed or changed since), '
      + 'not charged. Not on Free Beta (403 feature_unavailable); each call counts as one autocomplete request.',
    tags: ['points'],
    response: PlaceDetails,
    responseDescription: 'The place.',
    errors: [...ERRORS, 404],
  },
  handler: (ctx) => async (request) => {
    const q = request.query as { place_id: string };
    return meteredCall(ctx.meter, request, 'autocomplete', 1, () => {
      checkAvailable(ctx.engine);
      return ctx.engine.details(q.place_id, call(request));
    });
  },
};
