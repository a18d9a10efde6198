// GET /openapi.json: a real OpenAPI linter (Redocly, recommended rules) accepts
// it; real responses of every endpoint and error validate against it (ajv,
// JSON Schema 2020-12); and a client generated from it by openapi-typescript,
// used through openapi-fetch, talks to the running server.
//
// The generated types are committed (test/server/generated/openapi.ts); this test
// fails when they are not current. Regenerate with:
//   ADDR_UPDATE_GENERATED=1 npx vitest run test/server/openapi.test.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Engine } from '../../src/core/engine.js';
import { LIMITS } from '../../src/server/limits.js';
import type { paths } from './generated/openapi.js';
import { bearer, makeServer, realEngine } from './server-fixture.js';
import type { TestServer } from './server-fixture.js';

const GENERATED = new URL('./generated/openapi.ts', import.meta.url);

let s: TestServer;
let pts: TestServer;
let doc: Record<string, unknown>;
let ajv: Ajv2020;
beforeAll(async () => {
  s = await makeServer();
  pts = await makeServer({ points: ['sebastopol.oa.csv', 'suggest.oa.csv'] });
  const res = await s.app.inject({ method: 'GET', url: '/openapi.json' });
  doc = res.json() as Record<string, unknown>;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'https://addr.local/openapi.json', ...doc });
});
afterAll(async () => {
  await s.close();
  await pts.close();
});

/** A JSON pointer segment. */
const seg = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

const validators = new Map<string, ValidateFunction>();

/** Asserts that a real response matches what the document says for its path, method and status. */
function expectDocumented(method: string, path: string, res: LightMyRequestResponse): void {
  const op = ((doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[path] ?? {})[method.toLowerCase()];
  expect(op, `${method} ${path} is in the document`).toBeDefined();
  expect(Object.keys(op?.responses ?? {}), `${method} ${path} documents ${res.statusCode}`).toContain(String(res.statusCode));
  const pointer = `https://addr.local/openapi.json#/paths/${seg(path)}/${method.toLowerCase()}/responses/${res.statusCode}/content/application~1json/schema`;
  let validate = validators.get(pointer);
  if (validate === undefined) {
    validate = ajv.compile({ $ref: pointer });
    validators.set(pointer, validate);
  }
  const body: unknown = res.json();
  expect(validate(body), `${method} ${path} ${res.statusCode}: ${ajv.errorsText(validate.errors)}\n${res.body.slice(0, 500)}`).toBe(true);
  expect(res.headers['x-request-id']).toEqual(expect.any(String));
}

describe('/openapi.json', () => {
  it('is OpenAPI 3.1 and passes the Redocly linter (recommended rules) without errors or warnings', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    // GET /healthz and GET /openapi.json need no key and take no input: they have no 4xx answer to document.
    const waived = (p: (typeof problems)[number]): boolean => p.ruleId === 'operation-4xx-response'
      && ['#/paths/~1healthz/get/responses', '#/paths/~1openapi.json/get/responses'].includes(p.location[0]?.pointer ?? '');
    expect(problems.filter((p) => !waived(p)).map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('lists every route the server has', () => {
    const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    for (const entry of documented) {
      const [method, path] = entry.split(' ') as [string, string];
      expect(s.app.hasRoute({ method, url: path.replace(/\{(\w+)\}/g, ':$1') }), entry).toBe(true);
    }
    expect(documented).toEqual(expect.arrayContaining(['POST /v1/validate', 'GET /v1/validate', 'POST /v1/normalize', 'POST /v1/geocode', 'POST /v1/reverse', 'GET /v1/autocomplete',
      'GET /api/autocomplete/v1/suggest', 'GET /api/autocomplete/v1/details', 'POST /v1/addresses/extract', 'GET /healthz', 'GET /openapi.json',
      'POST /v1/spreadsheets', 'GET /v1/spreadsheets/{id}', 'DELETE /v1/spreadsheets/{id}', 'GET /v1/spreadsheets/{id}/result', 'GET /v1/account']));
  });
});

describe('real responses match the document', () => {
  it('results of every endpoint, both contracts', async () => {
    const key = await s.account({ name: 'doc', plan: 'production' });
    const inputs = ['1005 n gravenstein hwy suite 500 sebastapol ca 95472', '1600 pennsylvania av nw washington dc', 'PSC 802 Box 74, APO AE 09499', 'hello world', 'PO Box 12, Anchorage AK'];
    for (const input of inputs) {
      for (const contract of ['a', 'b']) {
        for (const options of [{}, { geocode: true, include_reason_codes: true }]) {
          const res = await s.app.inject({ method: 'POST', url: '/v1/validate', payload: { input, options }, headers: { ...bearer(key), 'x-contract': contract } });
          expect(res.statusCode).toBe(200);
          expectDocumented('POST', '/v1/validate', res);
        }
      }
      expectDocumented('GET', '/v1/validate', await s.app.inject({ method: 'GET', url: `/v1/validate?input=${encodeURIComponent(input)}`, headers: bearer(key) }));
      expectDocumented('POST', '/v1/normalize', await s.app.inject({ method: 'POST', url: '/v1/normalize', payload: { input }, headers: bearer(key) }));
      expectDocumented('POST', '/v1/geocode', await s.app.inject({ method: 'POST', url: '/v1/geocode', payload: { input }, headers: bearer(key) }));
    }
    expectDocumented('GET', '/healthz', await s.app.inject({ method: 'GET', url: '/healthz' }));
  });

  it('results over address points (place ids, ROOFTOP, deliverability D)', async () => {
    const key = await pts.account({ name: 'doc', plan: 'production' });
    for (const input of ['102 bodega ave sebastopol ca 95472', '103 bodega ave sebastopol ca 95472', '100 bodega ave apt 9 sebastopol ca']) {
      for (const contract of ['a', 'b']) {
        const res = await pts.app.inject({ method: 'POST', url: '/v1/validate', payload: { input, options: { geocode: true } }, headers: { ...bearer(key), 'x-contract': contract } });
        expectDocumented('POST', '/v1/validate', res);
      }
      expectDocumented('POST', '/v1/geocode', await pts.app.inject({ method: 'POST', url: '/v1/geocode', payload: { input }, headers: bearer(key) }));
    }
  });

  it('reverse, autocomplete (both variants), details and extraction, with their errors', async () => {
    const key = await pts.account({ name: 'doc2', plan: 'production' });
    const json = { ...bearer(key), 'content-type': 'application/json' };
    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => pts.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { ...json, ...headers } });
    const get = (url: string, k: string = key) => pts.app.inject({ method: 'GET', url, headers: bearer(k) });
    for (const payload of [{ lat: 61.13001, lon: -146.3498, limit: 3 }, { lat: 38.8, lon: -98.5, max_distance_meters: 5 }, { lat: 0, lon: -160 }, { lat: 95, lon: 0 }]) {
      expectDocumented('POST', '/v1/reverse', await post('/v1/reverse', payload));
    }
    let placeIds: string[] = [];
    for (const query of ['1400 abercr', '1400 abercrombie dr apt 2', 'abercr', 'sebas', '9547', 'bodega', 'zzzzqq', '  ']) {
      for (const path of ['/v1/autocomplete', '/api/autocomplete/v1/suggest']) {
        const res = await get(`${path}?query=${encodeURIComponent(query)}&limit=4`);
        expectDocumented('GET', path, res);
        if (res.statusCode === 200) placeIds = [...placeIds, ...(res.json() as { suggestions: { place_id: string }[] }).suggestions.map((x) => x.place_id)];
      }
    }
    expect(new Set(placeIds.map((id) => id.slice(0, 3))).size).toBeGreaterThanOrEqual(3); // points, streets, cities, ZIPs
    for (const id of [...new Set(placeIds), 'pt_missing']) {
      expectDocumented('GET', '/api/autocomplete/v1/details', await get(`/api/autocomplete/v1/details?place_id=${encodeURIComponent(id)}`));
    }
    const beta = await pts.account({ name: 'doc-beta', plan: 'free_beta', emailVerified: true });
    expectDocumented('GET', '/v1/autocomplete', await get('/v1/autocomplete?query=main', beta));
    expectDocumented('GET', '/api/autocomplete/v1/details', await get('/api/autocomplete/v1/details?place_id=x', beta));
    const text = 'Ship to 1400 Abercrombie Dr, Valdez, AK 99686.\n102 Bodega Ave, Sebastopol CA 95472\n1 spiritual healer dr';
    for (const contract of ['a', 'b']) {
      for (const extra of [{}, { aggressive: true, options: { geocode: true, include_reason_codes: true } }, { format: 'html' }]) {
        const res = await post('/v1/addresses/extract', { text, ...extra }, { 'x-contract': contract });
        expect(res.statusCode).toBe(200);
        expectDocumented('POST', '/v1/addresses/extract', res);
      }
    }
    expectDocumented('POST', '/v1/addresses/extract', await post('/v1/addresses/extract', { text: '' }));
    expectDocumented('POST', '/v1/addresses/extract', await post('/v1/addresses/extract', { text: 'x' }, { 'x-contract': 'c' }));
  });

  it('error answers', async () => {
    const post = (key: string | null, payload: string, headers: Record<string, string> = {}) =>
      s.app.inject({ method: 'POST', url: '/v1/validate', payload, headers: { 'content-type': 'application/json', ...(key === null ? {} : bearer(key)), ...headers } });
    const ok = await s.account({ name: 'e1', plan: 'production' });
    expectDocumented('POST', '/v1/validate', await post(null, '{}'));
    expectDocumented('POST', '/v1/validate', await post(ok, '{'));
    expectDocumented('POST', '/v1/validate', await post(ok, JSON.stringify({ input: 'x'.repeat(LIMITS.bodyLimitBytes) })));
    expectDocumented('POST', '/v1/validate', await post(ok, 'x', { 'content-type': 'text/plain' }));
    expectDocumented('POST', '/v1/validate', await post(await s.account({ name: 'e2', plan: 'production', status: 'suspended' }), '{}'));
    expectDocumented('POST', '/v1/validate', await post(await s.account({ name: 'e3', plan: 'free_beta' }), '{}'));
    expectDocumented('POST', '/v1/normalize', await s.app.inject({ method: 'POST', url: '/v1/normalize', payload: {}, headers: bearer(ok) }));
    const prod = await s.account({ name: 'e4', plan: 'production', includedLookups: 0 });
    const limit = await post(prod, JSON.stringify({ input: 'x' }));
    expect(limit.statusCode).toBe(402);
    expectDocumented('POST', '/v1/validate', limit);
    const beta = await s.account({ name: 'e5', plan: 'free_beta', emailVerified: true, dailyRows: 0 });
    expectDocumented('GET', '/v1/validate', await s.app.inject({ method: 'GET', url: '/v1/validate?input=x', headers: bearer(beta) }));
    const broken: Engine = { ...realEngine(), validate: () => { throw new Error('boom'); } };
    const b = await makeServer({ engine: broken });
    try {
      const res = await b.app.inject({ method: 'POST', url: '/v1/validate', payload: { input: 'x' }, headers: bearer(await b.account({ name: 'p', plan: 'production' })) });
      expect(res.statusCode).toBe(502);
      expectDocumented('POST', '/v1/validate', res);
    } finally {
      await b.close();
    }
  });
});

describe('a client generated from the document', () => {
  it('the committed types are what openapi-typescript makes of the current document', async () => {
    const generated = astToString(await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]));
    const text = `// Generated by openapi-typescript from GET /openapi.json; test/server/openapi.test.ts checks it is current.\n${generated}`;
    if (process.env.ADDR_UPDATE_GENERATED === '1') writeFileSync(GENERATED, text);
    expect(readFileSync(GENERATED, 'utf8')).toBe(text);
  });

  it('validates and normalizes through openapi-fetch against the running server', async () => {
    const base = await s.app.listen({ host: '127.0.0.1', port: 0 });
    const key = await s.account({ name: 'client', plan: 'production', includedLookups: 1 });
    const client = createClient<paths>({ baseUrl: base, headers: bearer(key) });
    const a = await client.POST('/v1/validate', { body: { input: '1 Main St, Sebastopol, CA 95472' } });
    expect(a.response.status).toBe(200);
    expect(a.data).toMatchObject({ status: 'VALIDATED', standardized: { zip5: '95472' } });
    expect(a.data?.id).toBe(a.response.headers.get('x-request-id'));
    const refused = await client.GET('/v1/validate', { params: { query: { input: '1 Main St, Sebastopol, CA 95472' } } });
    expect(refused.response.status).toBe(402);
    expect(refused.error).toMatchObject({ error: 'lookup_limit_exceeded', limits: { includedLookups: 1, usedLookups: 1 } });
    const suggest = await client.GET('/v1/autocomplete', { params: { query: { query: 'sebas', limit: 2 } } });
    expect(suggest.response.status).toBe(200);
    expect(suggest.data?.suggestions.map((x) => x.kind)).toEqual(['city', 'city']);
    const health = await client.GET('/healthz');
    expect(health.data?.status).toBe('ok');
  });
});
