/**
 * THE table from error code to HTTP answer (docs/api.md): `addr serve` maps
 * errors to statuses here and nowhere else, as the CLI maps kinds to exit codes
 * in src/commands/exit-codes.ts. docs/errors.md's HTTP column is checked
 * against it by test/server/http-errors.test.ts.
 */
import type { ErrorCode } from '../core/model/errors.js';

/** How one error code is answered. */
export interface HttpError {
  status: number; // the HTTP status
  error: string; // the body's `error`
  requestId: boolean; // whether the body carries `request_id` (false only for feature_unavailable, per the interface)
}

const answer = (status: number, error: string, requestId = true): HttpError => ({ status, error, requestId });

/** The answer for every catalog code. */
export const HTTP_ERRORS: Readonly<Record<ErrorCode, HttpError>> = Object.freeze({
  ADDR_ERR_USAGE: answer(400, 'bad_request'),
  ADDR_ERR_INPUT_EMPTY: answer(400, 'bad_request'),
  ADDR_ERR_INPUT_INVALID: answer(400, 'bad_request'),
  ADDR_ERR_STORE_MISSING: answer(502, 'validation_failed'),
  ADDR_ERR_STORE_CORRUPT: answer(502, 'validation_failed'),
  ADDR_ERR_UNAUTHORIZED: answer(401, 'unauthorized'),
  ADDR_ERR_ACCOUNT_NOT_FOUND: answer(401, 'unauthorized'),
  ADDR_ERR_ACCOUNT_SUSPENDED: answer(403, 'account_suspended'),
  ADDR_ERR_EMAIL_UNVERIFIED: answer(403, 'email_verification_required'),
  ADDR_ERR_FEATURE_UNAVAILABLE: answer(403, 'feature_unavailable', false),
  ADDR_ERR_QUOTA_EXCEEDED: answer(429, 'quota_exceeded'),
  ADDR_ERR_LOOKUP_LIMIT: answer(402, 'lookup_limit_exceeded'),
  ADDR_ERR_ACCOUNTS_DB: answer(503, 'service_unavailable'),
  ADDR_ERR_ACCOUNTS_UNREACHABLE: answer(503, 'service_unavailable'),
  ADDR_ERR_POINTS_DB: answer(500, 'service_unavailable'),
  ADDR_ERR_RANGES_DB: answer(500, 'service_unavailable'),
  ADDR_ERR_DOWNLOAD: answer(500, 'service_unavailable'),
  ADDR_ERR_IMPORT_READ: answer(400, 'bad_request'),
  ADDR_ERR_IMPORT_INTERRUPTED: answer(400, 'bad_request'),
  ADDR_ERR_SOURCE_NOT_FOUND: answer(400, 'bad_request'),
  ADDR_ERR_BATCH_NO_ADDRESS: answer(400, 'bad_request'),
  ADDR_ERR_BATCH_INPUT: answer(400, 'bad_request'),
  ADDR_ERR_BATCH_RESUME: answer(400, 'bad_request'),
  ADDR_ERR_BATCH_UNPROCESSED: answer(429, 'quota_exceeded'),
  ADDR_ERR_COORDINATES_INVALID: answer(400, 'bad_request'),
  ADDR_ERR_PLACE_NOT_FOUND: answer(404, 'not_found'),
  ADDR_ERR_ENGINE_FAILED: answer(502, 'validation_failed'),
  ADDR_ERR_SERVICE_UNAVAILABLE: answer(500, 'service_unavailable'),
  ADDR_ERR_HTTP_NOT_FOUND: answer(404, 'not_found'),
  ADDR_ERR_HTTP_METHOD: answer(405, 'method_not_allowed'),
  ADDR_ERR_HTTP_MEDIA_TYPE: answer(415, 'unsupported_media_type'),
  ADDR_ERR_HTTP_BODY_TOO_LARGE: answer(413, 'payload_too_large'),
  ADDR_ERR_EXTRACT_BUDGET: answer(413, 'payload_too_large'),
  ADDR_ERR_HTTP_MALFORMED: answer(400, 'bad_request'),
  ADDR_ERR_HTTP_HEADERS_TOO_LARGE: answer(431, 'request_header_fields_too_large'),
  ADDR_ERR_HTTP_TIMEOUT: answer(408, 'request_timeout'),
  ADDR_ERR_HTTP_ENCODING: answer(415, 'unsupported_media_type'),
  ADDR_ERR_SPREADSHEET_MEDIA_TYPE: answer(415, 'unsupported_media_type'),
  ADDR_ERR_JOB_NOT_FOUND: answer(404, 'not_found'),
  ADDR_ERR_JOB_NOT_FINISHED: answer(409, 'job_not_finished'),
  ADDR_ERR_JOB_LIMIT: answer(429, 'too_many_jobs'),
  ADDR_ERR_INTERNAL: answer(500, 'service_unavailable'),
});

/** The `error` values the server can answer with, and their statuses (for the OpenAPI document). */
export function errorsByStatus(): Map<number, string[]> {
  const byStatus = new Map<number, string[]>();
  for (const { status, error } of Object.values(HTTP_ERRORS)) {
    const list = byStatus.get(status) ?? [];
    if (!list.includes(error)) list.push(error);
    byStatus.set(status, list);
  }
  return byStatus;
}
