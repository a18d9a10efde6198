/**
 * One structured JSON line per request on the server's log (stderr): method,
 * route, status, latency, account, error code. Never the key; addresses (the
 * query string and the body) only with --log-bodies.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { elapsedMs } from './request-context.js';

/** An onResponse hook (callback style) that logs the request. */
export function requestLog(logBodies: boolean) {
  return function logRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    const line: Record<string, unknown> = {
      method: request.method,
      route: request.routeOptions.url ?? null, // the route's pattern, not the URL: no query string
      status: reply.statusCode,
      latency_ms: elapsedMs(request),
      account: request.account?.name ?? null,
      error: reply.errorCode,
    };
    if (logBodies) {
      line.url = request.url;
      line.body = request.body ?? null;
    }
    if (reply.statusCode >= 500) request.log.error(line, 'request');
    else request.log.info(line, 'request');
    done();
  };
}
