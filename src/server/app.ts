/**
 * buildApp: the fastify instance of addr serve, with every route of
 * src/server/routes, the access hook, metering, error mapping, request ids and
 * request logs. It never listens (src/server/listen.ts does), so tests drive
 * it with inject() or listen on port 0.
 *
 * Before fastify: requests Node's HTTP parser refuses, headers over the limit and
 * requests that do not arrive in time (408) are answered by client-error.ts.
 *
 * Hooks, in the order a request meets them:
 *   onRequest      x-request-id header; CORS headers and preflights (cors.ts, with --cors);
 *                  the Bearer key, account state and plan (access-hook.ts)
 *   preParsing     a gzip, deflate or br body decompressed (content-encoding.ts; routes with a body)
 *   (body parsed)  413 over the route's body limit, 415 not JSON, 400 malformed JSON
 *   preValidation  query values typed (coerce-query.ts); then the schema (400)
 *   handler        the request's own checks (400), the quota (429/402), the engine (502/500)
 *   onResponse     one JSON log line (request-log.ts)
 */
import { randomUUID } from 'node:crypto';
import Fastify, { LogController } from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { AccountStore } from '../accounts/account-store.js';
import type { Engine } from '../core/engine.js';
import { AddrError } from '../core/model/errors.js';
import { accessHook } from './access-hook.js';
import { clientErrorHandler } from './client-error.js';
import { coerceQuery } from './coerce-query.js';
import { decodeContentEncoding } from './content-encoding.js';
import { registerConsole } from './console-files.js';
import type { Contract } from './contract.js';
import { corsHook } from './cors.js';
import type { CorsOrigins } from './cors.js';
import { sendError } from './error-handler.js';
import { lazyChildLogger } from './lazy-child-logger.js';
import { LIMITS } from './limits.js';
import { createMeter } from '../accounts/meter.js';
import type { Meter } from '../accounts/meter.js';
import './request-context.js';
import { requestLog } from './request-log.js';
import type { OffThreadExtract, RouteContext, RouteSpec } from './route-spec.js';
import { ROUTES } from './routes/index.js';
import { registerRawBodyRoutes } from './spreadsheets/raw-body-routes.js';
import type { SpreadsheetJobs } from './spreadsheets/spreadsheet-jobs.js';

/** What the app is built from. */
export interface AppOptions {
  engine: Engine;
  accounts: AccountStore;
  contract: Contract; // the default validate contract (--contract)
  logger?: false | { level: string; stream?: NodeJS.WritableStream }; // request logs (default: none)
  logBodies?: boolean; // log query strings and bodies too (addresses!)
  now?: () => Date; // the clock of quota days (tests move it)
  meter?: Meter; // default: createMeter over `accounts`
  routes?: readonly RouteSpec[]; // default: ROUTES
  http?: Partial<HttpLimits>; // timeouts and the connection cap (default: LIMITS.http)
  cors?: CorsOrigins | null; // origins browser pages may call the API from (default: none)
  extractOffThread?: OffThreadExtract; // where large extraction texts are read (addr serve: a worker thread); default: in line
  console?: boolean; // serve the web console at / (default true; needs dist/console)
  spreadsheets?: SpreadsheetJobs; // the spreadsheet jobs (closed with the app); without them their routes answer 500
  workers?: () => number; // worker processes answering on the port, for /healthz (default: 1)
}

/** The HTTP bounds of the server (addr serve flags; LIMITS.http by default). */
export type HttpLimits = { -readonly [K in keyof typeof LIMITS.http]: number };

/** "body.address.zip must be string,null" from ajv's first error. */
function formatSchemaErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const first = errors[0];
  if (first === undefined) return new Error(`${dataVar} is invalid`);
  const path = `${dataVar}${first.instancePath.replace(/\//g, '.')}`;
  const params = first.params as { additionalProperty?: string; allowedValues?: unknown[] };
  let message = `${path} ${first.message ?? 'is invalid'}`;
  if (params.additionalProperty !== undefined) message = `${path} has an unknown property '${params.additionalProperty}'`;
  else if (params.allowedValues !== undefined) message += `: ${params.allowedValues.map(String).join(', ')}`;
  return new Error(message);
}

/**
 * HEAD is answered on the GET routes that charge nothing (/healthz, /openapi.json); on a metered
 * GET it would run (and charge) the work and throw its answer away, so it is a 405 there.
 */
function headAllowed(route: RouteSpec): boolean {
  return route.method === 'GET' && route.access.usage === null;
}

/** The allowed methods of each path, for 405 answers. */
function methodsByPath(routes: readonly RouteSpec[]): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const route of routes) {
    const list = byPath.get(route.url) ?? [];
    list.push(route.method, ...(headAllowed(route) ? ['HEAD'] : []));
    byPath.set(route.url, list);
  }
  return byPath;
}

/** Builds the app; call `ready()` or `listen()` on it. */
export function buildApp(options: AppOptions): FastifyInstance {
  const now = options.now ?? (() => new Date());
  const routes = options.routes ?? ROUTES;
  const logger = options.logger ?? false;
  const http: HttpLimits = { ...LIMITS.http, ...options.http };
  const app = Fastify({
    logger: logger === false ? false : {
      level: logger.level,
      ...(logger.stream ? { stream: logger.stream } : {}),
      base: { pid: process.pid }, // no hostname
      formatters: { level: (label: string) => ({ level: label }) }, // "level":"info", not 30
    },
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    childLoggerFactory: lazyChildLogger,
    genReqId: () => randomUUID(),
    bodyLimit: LIMITS.bodyLimitBytes,
    // validateSchema false: the schemas are ours and checked by the tests (OpenAPI lint, ajv); compiling ajv's meta-schema at startup cost ~100 ms.
    ajv: { customOptions: { allowUnionTypes: true, coerceTypes: false, removeAdditional: false, useDefaults: true, allErrors: false, validateSchema: false } },
    schemaErrorFormatter: formatSchemaErrors,
    return503OnClosing: false, // requests on kept-alive connections during shutdown are still served
    frameworkErrors: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      sendError(err, request, reply, now);
    },
    // Node's own timeouts, which fastify turns off by default (0): a request that stalls or trickles is
    // answered 408 (client-error.ts) instead of being held forever. Node checks them every
    // connectionsCheckingInterval, so that is kept well under the shortest of them.
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      requestTimeout: http.requestTimeoutMs,
      maxHeaderSize: http.maxHeaderBytes,
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(http.headersTimeoutMs / 4))),
    },
    clientErrorHandler: clientErrorHandler(http),
  });
  app.server.maxConnections = http.maxConnections;
  app.decorateRequest('account', null);
  app.decorateRequest('startedAt', 0);
  app.decorateReply('errorCode', null);
  // Only JSON bodies: the text/plain parser fastify adds by default would let a string through to the schema.
  app.removeContentTypeParser('text/plain');

  // Hooks in callback style: no promise per hook and request.
  app.addHook('onRequest', (request, reply, done) => {
    request.startedAt = performance.now();
    reply.header('x-request-id', request.id);
    done();
  });
  if (options.cors !== undefined && options.cors !== null) app.addHook('onRequest', corsHook(options.cors));
  app.addHook('onRequest', accessHook(options.accounts, now));
  app.addHook('onResponse', requestLog(options.logBodies ?? false, logger === false ? null : { stream: logger.stream ?? process.stdout, level: logger.level }));
  app.setErrorHandler((err, request, reply) => sendError(err, request, reply, now));

  const allowed = methodsByPath(routes);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const methods = allowed.get(path);
    if (methods !== undefined) {
      reply.header('allow', methods.join(', '));
      return sendError(new AddrError('ADDR_ERR_HTTP_METHOD', [request.method, path, methods.join(' or ')]), request, reply, now);
    }
    return sendError(new AddrError('ADDR_ERR_HTTP_NOT_FOUND', [path.slice(0, 200)]), request, reply, now);
  });

  const ctx: RouteContext = {
    engine: options.engine,
    meter: options.meter ?? createMeter(options.accounts, now, LIMITS.accountsWaitMs),
    contract: options.contract,
    startedAt: Date.now(),
    routes,
    ...(options.extractOffThread === undefined ? {} : { extractOffThread: options.extractOffThread }),
    accounts: options.accounts,
    spreadsheets: options.spreadsheets ?? null,
    now,
    workers: options.workers ?? (() => 1),
  };
  const jobs = options.spreadsheets;
  if (jobs !== undefined) app.addHook('onClose', () => jobs.close());
  registerRawBodyRoutes(app, routes.filter((r) => r.rawBody === true), ctx);
  if (options.console !== false) registerConsole(app);
  for (const route of routes) {
    if (route.rawBody === true) continue;
    app.route({
      method: route.method,
      url: route.url,
      ...(route.bodyLimit === undefined ? {} : { bodyLimit: route.bodyLimit }),
      schema: route.schema,
      config: { access: route.access },
      exposeHeadRoute: headAllowed(route),
      ...(route.schema.body === undefined ? {} : { preParsing: decodeContentEncoding }), // only routes that read a body
      ...(route.schema.querystring === undefined ? {} : { preValidation: coerceQuery(route.schema.querystring) }),
      handler: route.handler(ctx),
    });
  }
  return app;
}
