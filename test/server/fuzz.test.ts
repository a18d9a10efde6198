// Fuzz: malformed JSON, wrong types, huge strings, odd headers and methods on
// every endpoint. Only documented answers may come back (200 or a documented
// 4xx with an error body whose request_id is the x-request-id header); never a
// 5xx, never a crash. Routes are taken from the server itself, so endpoints added
// later are fuzzed too.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/server/limits.js';
import { ROUTES } from '../../src/server/routes/index.js';
import { makeServer } from './server-fixture.js';
import type { TestServer } from './server-fixture.js';

let s: TestServer;
let keys: string[];
beforeAll(async () => {
  s = await makeServer({ points: ['suggest.oa.csv'], jobs: { maxRunning: 0 } }); // spreadsheet jobs are queued, never run
  keys = [
    await s.account({ name: 'prod', plan: 'production', overage: true }),
    await s.account({ name: 'beta', plan: 'free_beta', emailVerified: true, dailyRows: 20 }),
    await s.account({ name: 'unverified', plan: 'free_beta' }),
    await s.account({ name: 'suspended', plan: 'production', status: 'suspended' }),
  ];
});
afterAll(async () => s.close());

const DOCUMENTED = new Set([200, 202, 204, 400, 401, 402, 403, 404, 405, 409, 413, 415, 429]); // 404: an unknown path, place_id or job; 202/204/409: spreadsheet jobs
const PATHS = [...new Set(ROUTES.map((r) => r.url)), '/', '/v1', '/v1/validate/', '/V1/VALIDATE', '/v1/validate/../healthz', '/%ff', '/v1/%2e%2e/healthz'];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 50 }), fc.constantFrom('', ' ', '\u0000', '\uFFFF', '𝔘𝔫𝔦', '1 Main St, Sebastopol, CA 95472', 'null', '{}'));
const huge = fc.constantFrom(LIMITS.maxInputLength + 1, LIMITS.bodyLimitBytes + 10, 200_000).map((n) => 'x'.repeat(n));
const field = fc.oneof(text, huge, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 3 }));
const address = fc.oneof(field, fc.record({ line1: field, line2: field, city: field, state: field, zip: field }, { requiredKeys: [] }));
const options = fc.oneof(field, fc.record({ geocode: field, include_reason_codes: field }, { requiredKeys: [] }));
const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(0, -90, 90, 180, -180, 1e308, -0, 100_000, 100_001, 0.5), field);
const jsonBody = fc.oneof(
  fc.record({ input: field, address, options }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  fc.record({ lat: number, lon: number, limit: number, max_distance_meters: number }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  fc.record({ text: fc.oneof(field, fc.constantFrom('1 Main St, Sebastopol, CA 95472 and <b>2 Main St</b>, Sebastopol CA', '<html><script>1 Main St, Sebastopol, CA 95472</script>')), format: field, aggressive: field, options }, { requiredKeys: [] })
    .map((v) => JSON.stringify(v)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
);
const body = fc.oneof(
  jsonBody,
  jsonBody.map((j) => j.slice(0, Math.max(0, j.length - 1))), // truncated
  fc.string(),
  fc.constantFrom('{"__proto__": {"x": 1}, "input": "1 Main St"}', '{"constructor": {"prototype": {}}}', '{"input": "a", "input": 5}', '\uFEFF{"input":"x"}', '[', '{"input":"\\ud800"}'),
  huge,
  fc.constant(undefined),
);
const contentType = fc.oneof(
  fc.constantFrom('application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '', 'application/json;;;', 'application/vnd.api+json'),
  fc.string({ maxLength: 30 }),
);
const query = fc.oneof(
  fc.constant(''),
  fc.dictionary(fc.constantFrom('input', 'geocode', 'include_reason_codes', 'query', 'limit', 'state', 'place_id', 'x'), fc.oneof(text, huge.map((h) => h.slice(0, 5000))), { maxKeys: 4 })
    .map((q) => `?${new URLSearchParams(q).toString()}`),
  fc.constantFrom('?input=%ff', '?input&input=1&input=2', '?limit=-1', '?limit=1e9', '?geocode=true&geocode=false', '?%%%', '?query=1400%20abercr&state=AK', '?query=sebas&limit=20',
    '?place_id=ci_WyJDQSIsIlNFQkFTVE9QT0wiXQ', '?place_id=pt_%00', '?query=main&state=%E2%80%8B'),
);

describe('fuzz', () => {
  it('answers every odd request with a documented status and a well-formed body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS), fc.constantFrom(...PATHS), query, body, contentType,
        fc.oneof(fc.constantFrom(...[0, 1, 2, 3]).map((i) => `Bearer ${keys[i]}`), fc.string({ maxLength: 60 }), fc.constant(undefined)),
        fc.option(fc.oneof(fc.constantFrom('a', 'b', 'B', ' a ', ''), fc.string({ maxLength: 10 })), { nil: undefined }),
        async (method, path, q, payload, type, authorization, contract) => {
          const headers: Record<string, string> = {};
          if (type !== '' && payload !== undefined) headers['content-type'] = type;
          if (authorization !== undefined) headers.authorization = authorization;
          if (contract !== undefined) headers['x-contract'] = contract;
          const res = await s.app.inject({ method, url: `${path}${q}`, headers, ...(payload === undefined || method === 'GET' || method === 'HEAD' ? {} : { payload }) });
          expect(DOCUMENTED.has(res.statusCode), `${method} ${path}${q.slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 300)}`).toBe(true);
          expect(res.headers['x-request-id']).toEqual(expect.any(String));
          if (method === 'HEAD') return;
          const json = res.json() as Record<string, unknown>;
          if (res.statusCode === 200) return;
          expect(json.error).toEqual(expect.any(String));
          expect(json.message).toEqual(expect.any(String));
          if (json.error !== 'feature_unavailable') expect(json.request_id).toBe(res.headers['x-request-id']);
        },
      ),
      { numRuns: 400, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
  });

  it('answers odd requests over a real socket without dying', async () => {
    const base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    const { request } = await import('node:http');
    const raw = (path: string, headers: Record<string, string>, payload?: string): Promise<number> => new Promise((resolve, reject) => {
      const req = request(`${base}${path}`, { method: payload === undefined ? 'GET' : 'POST', headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(payload);
    });
    expect(await raw('/v1/validate?input=%E0%A4%A', { authorization: `Bearer ${keys[0]}` })).toBeLessThan(500);
    expect(await raw('/v1/validate', { authorization: `Bearer ${keys[0]}`, 'content-type': 'application/json', 'content-length': '5' }, '{"inp')).toBe(400);
    expect(await raw('/v1/validate', { authorization: `Bearer ${keys[0]}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, JSON.stringify({ input: 'x'.repeat(LIMITS.bodyLimitBytes * 2) }))).toBe(413);
    expect(await raw('/v1/validate', { authorization: `Bearer ${'x'.repeat(8000)}`, 'content-type': 'application/json' }, '{}')).toBe(401);
    expect(await raw('/healthz', {})).toBe(200);
  });
});
