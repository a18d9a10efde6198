/**
 * The shape of one endpoint: method, path, access rule, the schemas fastify
 * validates, what the OpenAPI document says about it, and its handler. Each
 * file of src/server/routes/ exports its specs; src/server/routes/index.ts
 * lists them for the app and the OpenAPI document.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountStore } from '../accounts/account-store.js';
import type { Engine, ExtractCallOptions, ExtractedAddress } from '../core/engine.js';
import type { Contract } from './contract.js';
import type { Meter } from '../accounts/meter.js';
import type { RouteAccess } from './request-context.js';
import type { SpreadsheetJobs } from './spreadsheets/spreadsheet-jobs.js';

/** What handlers work with. */
export interface RouteContext {
  engine: Engine;
  meter: Meter;
  contract: Contract; // the default validate contract
  startedAt: number; // Date.now() when the server was built
  routes: readonly RouteSpec[]; // every route of the server (for the OpenAPI document)
  extractOffThread?: OffThreadExtract; // large extraction texts are read here (addr serve's worker thread); else on the event loop
  accounts: AccountStore;
  spreadsheets: SpreadsheetJobs | null; // null: the app was built without spreadsheet jobs (their routes answer 500)
  now: () => Date; // the clock of quota days
  workers: () => number; // worker processes answering on the port (addr serve --workers)
}

/** Extraction on another thread (extract-pool.ts). */
export type OffThreadExtract = (text: string, options: ExtractCallOptions & { requestId: string; elapsedMs: number }) => Promise<ExtractedAddress[]>;

/** A query parameter or body documented beyond its schema. */
export interface RouteDoc {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  response: object; // the schema of the 200 body
  responseDescription: string;
  errors: readonly number[]; // error statuses the endpoint can answer with (the error codes of each come from HTTP_ERRORS)
  contractHeader?: boolean; // takes X-Contract
  status?: number; // the status of a success (default 200)
  responseContent?: Record<string, object>; // the success body by media type, when it is not JSON (a file)
  requestBody?: Record<string, object>; // the request body by media type, when it is not the JSON of schema.body
}

/** One endpoint. */
export interface RouteSpec {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  access: RouteAccess;
  bodyLimit?: number; // bytes; the server default otherwise
  schema: { body?: object; querystring?: object; params?: object };
  rawBody?: boolean; // the body is a file, streamed by the handler (spreadsheet media types, multipart), not parsed as JSON
  doc: RouteDoc;
  handler(ctx: RouteContext): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}
