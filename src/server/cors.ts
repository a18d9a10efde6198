/**
 * Cross-origin access for browser pages (`addr serve --cors ORIGINS`; off by
 * default): a request whose Origin is allowed gets Access-Control-Allow-Origin
 * (and Vary: Origin) on every answer, errors included, so a page can read a 401
 * or a 429 as well as a result; a preflight (OPTIONS with
 * Access-Control-Request-Method) is answered 204 with the methods and headers
 * the API takes, before the key is checked (browsers send preflights without
 * credentials). Requests from other origins are served as without --cors: the
 * browser, not the server, withholds the answer from the page.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The origins allowed: every one ('*'), or a list of exact origins (scheme://host[:port]). */
export type CorsOrigins = '*' | readonly string[];

const ALLOW_METHODS = 'GET, POST, OPTIONS';
const ALLOW_HEADERS = 'Authorization, Content-Type, Content-Encoding, X-Contract, X-Request-Id';
const EXPOSE_HEADERS = 'X-Request-Id, Retry-After';
const MAX_AGE_S = '600';

/** Parses `--cors`: `*`, or comma-separated origins such as https://app.example.com; throws a message naming the fix. */
export function parseCorsOrigins(value: string): CorsOrigins {
  const items = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 1 && items[0] === '*') return '*';
  if (items.length === 0) throw new Error('Give --cors an origin list such as https://app.example.com,http://localhost:3000, or *.');
  return items.map((item) => {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new Error(`'${item}' is not an origin: write it as scheme://host[:port], e.g. https://app.example.com, or give * alone.`);
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== item.replace(/\/$/, '')) {
      throw new Error(`'${item}' is not an origin: write it as scheme://host[:port] without a path, e.g. https://app.example.com.`);
    }
    return url.origin;
  });
}

/** An onRequest hook (callback style) that adds the CORS headers and answers preflights. */
export function corsHook(origins: CorsOrigins) {
  const allowed = origins === '*' ? null : new Set(origins);
  return function cors(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || (allowed !== null && !allowed.has(origin))) {
      if (allowed !== null) reply.header('vary', 'Origin'); // the answer depends on Origin
      done();
      return;
    }
    reply.header('access-control-allow-origin', allowed === null ? '*' : origin);
    if (allowed !== null) reply.header('vary', 'Origin');
    reply.header('access-control-expose-headers', EXPOSE_HEADERS);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      reply.header('access-control-allow-methods', ALLOW_METHODS);
      reply.header('access-control-allow-headers', ALLOW_HEADERS);
      reply.header('access-control-max-age', MAX_AGE_S);
      reply.code(204).send();
      return;
    }
    done();
  };
}
