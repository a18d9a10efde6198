/** GET /openapi.json — the OpenAPI 3.1 document of this server (no key needed), built on first request. */
import { buildOpenApiDocument } from '../openapi-document.js';
import type { RouteSpec } from '../route-spec.js';

/** GET /openapi.json. */
export const openapiGet: RouteSpec = {
  method: 'GET',
  url: '/openapi.json',
  access: { auth: false, usage: null },
  schema: {},
  doc: {
    operationId: 'openapi',
    summary: 'This OpenAPI 3.1 document (no key needed)',
    description: 'The document every endpoint, request, result and error of this server is described by.',
    tags: ['operations'],
    response: { type: 'object', description: 'An OpenAPI 3.1 document.' },
    responseDescription: 'The OpenAPI document.',
    errors: [],
  },
  handler: (ctx) => {
    let document: string | null = null;
    return async (_request, reply) => {
      // Built once, on first use: startup does not pay for it.
      document ??= JSON.stringify(buildOpenApiDocument(ctx.routes));
      return reply.type('application/json; charset=utf-8').send(document);
    };
  },
};
