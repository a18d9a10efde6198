/**
 * Errors to HTTP, once (STYLE.md §D): every error a route, hook or fastify
 * itself raises becomes an AddrError of the catalog, answered with the status
 * and body HTTP_ERRORS gives it: `{error, message, request_id}` (+ `limits` on
 * 402; no request_id on feature_unavailable). Dispatches on codes and status
 * numbers, never on message text. Unknown throws are logged with their stack
 * and answered 500 service_unavailable without it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AddrError, isAddrError } from '../core/model/errors.js';
import { HTTP_ERRORS } from './http-errors.js';
import { LIMITS } from './limits.js';

/** An error body. */
export interface ErrorBodyJson {
  error: string;
  message: string;
  request_id?: string;
  limits?: unknown;
}

/** True for errors that carry an HTTP status (fastify's own, and http-errors style ones). */
function hasStatus(err: unknown): err is Error & { statusCode: number } {
  return err instanceof Error && typeof (err as { statusCode?: unknown }).statusCode === 'number';
}

/** The catalog error an error stands for; `internal` for anything unknown. */
export function toAddrError(err: unknown, request: FastifyRequest): AddrError {
  if (isAddrError(err)) return err;
  if (hasStatus(err)) {
    switch (err.statusCode) {
      case 413: return new AddrError('ADDR_ERR_HTTP_BODY_TOO_LARGE', [String(request.routeOptions.bodyLimit ?? LIMITS.bodyLimitBytes)]);
      case 415: return new AddrError('ADDR_ERR_HTTP_MEDIA_TYPE');
      case 404: return new AddrError('ADDR_ERR_HTTP_NOT_FOUND', [request.url.split('?')[0] ?? '']);
      default:
        // Malformed JSON, an empty JSON body, a bad Content-Length, a URL that is not UTF-8,
        // a schema mismatch: fastify's message says which.
        if (err.statusCode >= 400 && err.statusCode < 500) return new AddrError('ADDR_ERR_INPUT_INVALID', [err.message], { cause: err });
    }
  }
  return new AddrError('ADDR_ERR_INTERNAL', [err instanceof Error ? err.message : String(err)], { cause: err });
}

/** The body of an error answer. */
export function errorBody(err: AddrError, requestId: string): ErrorBodyJson {
  const answer = HTTP_ERRORS[err.code];
  const body: ErrorBodyJson = { error: answer.error, message: err.code === 'ADDR_ERR_INTERNAL' ? 'Internal error; it has been logged.' : err.message };
  if (answer.requestId) body.request_id = requestId;
  if (err.details?.limits !== undefined) body.limits = err.details.limits;
  return body;
}

/** Seconds from `now` to the next UTC midnight, when daily allowances reset (at least 1). */
export function secondsToNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** Answers an error (the one place error statuses are set); `now` is the clock of quota days. */
export function sendError(err: unknown, request: FastifyRequest, reply: FastifyReply, now: () => Date = () => new Date()): FastifyReply {
  const mapped = toAddrError(err, request);
  const answer = HTTP_ERRORS[mapped.code];
  // When to ask again: a daily allowance at the next UTC day; a service unavailable for a moment, soon.
  if (answer.status === 429) reply.header('retry-after', String(secondsToNextUtcDay(now())));
  else if (answer.status === 503) reply.header('retry-after', String(LIMITS.retryAfterUnavailableS));
  if (mapped.kind === 'internal' || answer.status >= 500) {
    request.log.error({ err: mapped.cause ?? mapped, code: mapped.code }, 'request failed');
  }
  reply.errorCode = mapped.code;
  // Set here too: errors fastify raises before the onRequest hooks (a URL that is not UTF-8) skip them.
  reply.header('x-request-id', request.id);
  return reply.code(answer.status).type('application/json; charset=utf-8').send(errorBody(mapped, request.id));
}
