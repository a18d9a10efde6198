/**
 * The routes whose body is a file (RouteSpec.rawBody: the spreadsheet
 * uploads), in a scope of their own: there the body is not parsed but handed
 * to the handler as a stream (any media type; the handler accepts the
 * spreadsheet types and answers 415 for others), and multipart/form-data is
 * read with @fastify/multipart. Elsewhere bodies stay JSON only.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { coerceQuery } from '../coerce-query.js';
import type { RouteContext, RouteSpec } from '../route-spec.js';

/** Registers `routes` (all rawBody) on the app. */
export function registerRawBodyRoutes(app: FastifyInstance, routes: readonly RouteSpec[], ctx: RouteContext): void {
  if (routes.length === 0) return;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await scope.register(multipart);
    for (const route of routes) {
      scope.route({
        method: route.method,
        url: route.url,
        schema: route.schema,
        config: { access: route.access },
        ...(route.schema.querystring === undefined ? {} : { preValidation: coerceQuery(route.schema.querystring) }),
        handler: route.handler(ctx),
      });
    }
  });
}
