/**
 * The OpenAPI 3.1 document of addr serve, built from the route specs and the
 * schemas they validate with, so the document and the server cannot drift
 * apart: every path, parameter, request body, result and error a route
 * answers with. Schemas used in several places become components (found by
 * object identity in COMPONENT_SCHEMAS). Pure; served at /openapi.json.
 */
import { ENGINE_VERSION } from '../core/model/version.js';
import { HTTP_ERRORS } from './http-errors.js';
import { LIMITS } from './limits.js';
import type { RouteSpec } from './route-spec.js';
import { COMPONENT_SCHEMAS, ErrorBody } from './schemas.js';

type Json = unknown;

const NAMES = new Map<object, string>(Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => [schema, name]));

/** A deep copy of `value` with every component schema below the root replaced by a $ref. */
function withRefs(value: Json, root = true): Json {
  if (Array.isArray(value)) return value.map((v) => withRefs(v, false));
  if (value === null || typeof value !== 'object') return value;
  const name = NAMES.get(value);
  if (name !== undefined && !root) return { $ref: `#/components/schemas/${name}` };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withRefs(v, false)]));
}

const REQUEST_ID_HEADER = {
  description: 'The request identifier; equal to the body\'s `id` or `request_id`.',
  schema: { type: 'string' },
};

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad request', 401: 'Unauthorized', 402: 'Payment required', 403: 'Forbidden', 404: 'Not found', 405: 'Method not allowed', 409: 'Conflict',
  408: 'Request timeout', 413: 'Payload too large', 415: 'Unsupported media type', 429: 'Too many requests',
  431: 'Request header fields too large', 500: 'Internal server error', 502: 'Bad gateway', 503: 'Service unavailable',
};

const RETRY_AFTER_HEADER = {
  429: { description: 'Seconds until the daily allowance resets (the next UTC day).', schema: { type: 'integer', minimum: 1 } },
  503: { description: 'Seconds to wait before asking again.', schema: { type: 'integer', minimum: 1 } },
} as const;

/** Every request, whatever its route, can meet these: HTTP timeouts (408) and headers over the limit (431). */
const EVERY_ROUTE = [408, 431] as const;

/** Routes that check a key read and write accounts.sqlite, which another process may hold locked (503). */
const WITH_ACCOUNTS = [503] as const;

/** The error codes a route can answer with under `status`. */
function errorCodes(route: RouteSpec, status: number): string[] {
  const codes = new Set<string>();
  for (const [code, answer] of Object.entries(HTTP_ERRORS)) {
    if (answer.status !== status) continue;
    if (code === 'ADDR_ERR_FEATURE_UNAVAILABLE' && route.access.usage !== 'autocomplete') continue;
    if (code === 'ADDR_ERR_EMAIL_UNVERIFIED' && route.access.usage === null) continue;
    if (code === 'ADDR_ERR_SPREADSHEET_MEDIA_TYPE' && route.rawBody !== true) continue;
    if (code === 'ADDR_ERR_HTTP_MEDIA_TYPE' && route.rawBody === true) continue;
    if (code.startsWith('ADDR_ERR_JOB_') && !route.url.startsWith('/v1/spreadsheets')) continue;
    codes.add(answer.error);
  }
  return [...codes];
}

function errorResponse(route: RouteSpec, status: number): Json {
  const codes = errorCodes(route, status);
  const retryAfter = status === 429 || status === 503 ? { 'retry-after': RETRY_AFTER_HEADER[status] } : {};
  return {
    description: `${STATUS_TEXT[status] ?? 'Error'}: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
    headers: { 'x-request-id': REQUEST_ID_HEADER, ...retryAfter },
    content: { 'application/json': { schema: ErrorBody } },
  };
}

function parameters(route: RouteSpec): Json[] {
  const out: Json[] = [];
  const path = route.schema.params as { properties?: Record<string, { description?: string }> } | undefined;
  for (const [name, schema] of Object.entries(path?.properties ?? {})) {
    const { description, ...rest } = schema;
    out.push({ name, in: 'path', required: true, description: description ?? name, schema: rest });
  }
  const query = route.schema.querystring as { properties?: Record<string, { description?: string }>; required?: readonly string[] } | undefined;
  for (const [name, schema] of Object.entries(query?.properties ?? {})) {
    const { description, ...rest } = schema;
    out.push({ name, in: 'query', required: query?.required?.includes(name) ?? false, description: description ?? name, schema: rest });
  }
  if (route.doc.contractHeader) {
    out.push({
      name: 'X-Contract',
      in: 'header',
      required: false,
      description: 'The contract variant of the answer; the server default (--contract) when absent.',
      schema: { type: 'string', enum: ['a', 'b'] },
    });
  }
  return out;
}

function operation(route: RouteSpec): Json {
  const statuses = [...route.doc.errors, ...EVERY_ROUTE, ...(route.access.auth ? WITH_ACCOUNTS : [])];
  if (route.schema.body !== undefined || route.rawBody === true) statuses.push(413, 415);
  const responses: Record<string, Json> = {
    [String(route.doc.status ?? 200)]: {
      description: route.doc.responseDescription,
      headers: { 'x-request-id': REQUEST_ID_HEADER },
      content: route.doc.responseContent ?? { 'application/json': { schema: route.doc.response } },
    },
  };
  for (const status of [...new Set(statuses)].sort()) responses[String(status)] = errorResponse(route, status);
  const params = parameters(route);
  return {
    operationId: route.doc.operationId,
    summary: route.doc.summary,
    description: route.doc.description,
    tags: route.doc.tags,
    security: route.access.auth ? [{ bearerAuth: [] }] : [],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(route.doc.requestBody !== undefined ? { requestBody: { required: true, content: route.doc.requestBody } } : {}),
    ...(route.schema.body !== undefined
      ? {
        requestBody: {
          required: true,
          description: 'JSON; it may be sent compressed (Content-Encoding: gzip, deflate or br), the body limit applying to the decompressed bytes.',
          content: { 'application/json': { schema: route.schema.body } },
        },
      }
      : {}),
    responses,
  };
}

const DESCRIPTION = [
  'The JSON REST API of `addr serve`: offline U.S. address validation, standardization and classification.',
  'Both variants of the service interface are served; `X-Contract: a|b` picks the validate contract of a request, else the server default.',
  '',
  'Every endpoint but /healthz and /openapi.json needs `Authorization: Bearer <key>`. Every response carries `x-request-id`, equal to the body\'s `id` or `request_id`.',
  '',
  'Order of checks when several conditions hold: the key (401 unauthorized) -> the account\'s state (403 account_suspended, then 403 email_verification_required) '
    + '-> the feature on the plan (403 feature_unavailable) -> the request\'s shape (400 bad_request, 413, 415) -> the quota (429 quota_exceeded, 402 lookup_limit_exceeded) '
    + '-> the engine (502 validation_failed, 500 service_unavailable). A refused request records no usage.',
  '',
  `Limits: JSON bodies up to ${LIMITS.bodyLimitBytes} bytes (extraction: ${LIMITS.extractBodyLimitBytes}); \`input\` up to ${LIMITS.maxInputLength} characters, each address field up to ${LIMITS.maxFieldLength}; `
    + `autocomplete \`limit\` ${LIMITS.autocomplete.defaultLimit} by default, at most ${LIMITS.autocomplete.maxLimit}; `
    + `spreadsheets up to ${LIMITS.spreadsheets.bodyLimitBytes} bytes, ${LIMITS.spreadsheets.perAccount} jobs of an account waiting or running at once.`,
  'Unknown paths answer 404 not_found; a known path with another method, 405 method_not_allowed (HEAD is answered on /healthz and /openapi.json only: '
    + 'on a metered GET it would charge for an answer it throws away). An unknown query parameter is 400 bad_request, as an unknown body field is.',
  '',
  `HTTP: a request whose headers do not arrive within ${LIMITS.http.headersTimeoutMs / 1000} s, or whole within ${LIMITS.http.requestTimeoutMs / 1000} s, is answered 408 request_timeout `
    + `(addr serve --header-timeout, --request-timeout); headers over ${LIMITS.http.maxHeaderBytes} bytes, 431 request_header_fields_too_large; a request that is not valid HTTP/1.1 `
    + '(a bad or duplicate Content-Length, Content-Length with Transfer-Encoding, a bad chunk, bad header syntax, an unknown method), 400 bad_request; '
    + 'each with the error body and x-request-id, and the connection closed. 429 answers carry Retry-After (seconds to the next UTC day); '
    + '503 service_unavailable (accounts.sqlite locked by another process for too long, or the PostgreSQL account store unreachable: ADDR_ERR_ACCOUNTS_UNREACHABLE) carries Retry-After too. '
    + 'With addr serve --cors, allowed origins get CORS headers and preflight (OPTIONS) answers.',
].join('\n');

/** The document. */
export function buildOpenApiDocument(routes: readonly RouteSpec[]): Record<string, Json> {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    const item = (paths[route.url.replace(/:(\w+)/g, '{$1}')] ??= {});
    item[route.method.toLowerCase()] = withRefs(operation(route));
  }
  const tags = [...new Set(routes.flatMap((r) => r.doc.tags))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'addr',
      version: ENGINE_VERSION,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://127.0.0.1:8080', description: 'addr serve with its default host and port' }],
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(COMPONENT_SCHEMAS).map(([name, schema]) => [name, withRefs(schema, true)])),
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key made by `addr keys create`.' } },
    },
  };
}

const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  validation: 'Validate and standardize addresses.',
  points: 'Geocoding, reverse geocoding and autocomplete over the address points.',
  extraction: 'Addresses found in free text.',
  operations: 'Health and the API description.',
  spreadsheets: 'Spreadsheet jobs: a CSV, TSV or XLSX file validated row by row, as `addr batch` does.',
  account: 'The account of the key: plan, allowance, usage and keys.',
};
