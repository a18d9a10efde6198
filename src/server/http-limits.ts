/**
 * The HTTP bounds of addr serve (src/server/data/limits.json), alone: the
 * primary process of `addr serve --workers N` checks the flags against them
 * before it forks, and loads none of the engine that the rest of limits.ts
 * reads its bounds from (src/server/limits.ts re-exports these as LIMITS.http).
 */
import limits from './data/limits.json' with { type: 'json' };

/** Node's timeouts and the connection and header caps; the flags of addr serve override them. */
export const HTTP_LIMITS = Object.freeze({
  headersTimeoutMs: limits.headersTimeoutMs, // the headers must arrive within this (408)
  requestTimeoutMs: limits.requestTimeoutMs, // the whole request, body included, within this (408)
  keepAliveTimeoutMs: limits.keepAliveTimeoutMs, // an idle kept-alive connection is closed after this
  maxConnections: limits.maxConnections, // connections open at once; more are closed at once
  maxHeaderBytes: limits.maxHeaderBytes, // 431 over this
});
