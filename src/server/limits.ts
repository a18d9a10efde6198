/** The request bounds of addr serve (src/server/data/limits.json), typed. */
import limits from './data/limits.json' with { type: 'json' };

/** Bounds every route and the OpenAPI document use. */
export const LIMITS = Object.freeze({
  bodyLimitBytes: limits.bodyLimitBytes, // every JSON body but extraction's
  extractBodyLimitBytes: limits.extractBodyLimitBytes, // POST /v1/addresses/extract
  maxInputLength: limits.maxInputLength, // characters of a one-line `input`
  maxFieldLength: limits.maxFieldLength, // characters of each structured address field
  autocomplete: Object.freeze({ ...limits.autocomplete }), // `limit` default and maximum, `query` length
  shutdownGraceMs: limits.shutdownGraceMs, // how long in-flight requests may take to finish on SIGTERM
});
