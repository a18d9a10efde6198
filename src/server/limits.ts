/**
 * The request bounds of addr serve, typed: src/server/data/limits.json, and
 * the engine's own bounds of autocomplete and reverse geocoding (the CLI
 * applies the same ones), which the route schemas check before the quota.
 */
import { REVERSE_LIMITS } from '../core/suggest/reverse.js';
import { SUGGEST_LIMITS } from '../core/suggest/suggest.js';
import limits from './data/limits.json' with { type: 'json' };
import { HTTP_LIMITS, SPREADSHEET_LIMITS } from './primary-limits.js';

/** Bounds every route and the OpenAPI document use. */
export const LIMITS = Object.freeze({
  bodyLimitBytes: limits.bodyLimitBytes, // every JSON body but extraction's
  extractBodyLimitBytes: limits.extractBodyLimitBytes, // POST /v1/addresses/extract
  maxInputLength: limits.maxInputLength, // characters of a one-line `input`
  maxFieldLength: limits.maxFieldLength, // characters of each structured address field
  maxPlaceIdLength: limits.maxPlaceIdLength, // characters of a details `place_id`
  maxStateLength: limits.maxStateLength, // characters of an autocomplete `state` filter
  autocomplete: Object.freeze({
    defaultLimit: SUGGEST_LIMITS.defaultLimit,
    maxLimit: SUGGEST_LIMITS.maxLimit,
    maxQueryLength: SUGGEST_LIMITS.maxQueryLength,
  }),
  reverse: Object.freeze({
    defaultLimit: REVERSE_LIMITS.defaultLimit,
    maxLimit: REVERSE_LIMITS.maxLimit,
    defaultMaxDistanceMeters: REVERSE_LIMITS.defaultMaxDistanceMeters,
    maxMaxDistanceMeters: REVERSE_LIMITS.maxMaxDistanceMeters,
  }),
  spreadsheets: SPREADSHEET_LIMITS, // the spreadsheet jobs' bounds (primary-limits.ts)
  shutdownGraceMs: limits.shutdownGraceMs, // how long in-flight requests may take to finish on SIGTERM
  http: HTTP_LIMITS, // timeouts and the connection and header caps (primary-limits.ts)
  accountsWaitMs: limits.accountsWaitMs, // how long a request waits for accounts.sqlite locked by another process (then 503)
  retryAfterUnavailableS: limits.retryAfterUnavailableS, // Retry-After of a 503
  extract: Object.freeze({
    offThreadChars: limits.extractOffThreadChars, // texts longer than this are read on the extraction thread (extract-pool.ts)
    budgetMs: limits.extractBudgetMs, // work one text may take there before it is stopped (413)
  }),
});
