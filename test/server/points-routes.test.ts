// The point-layer and extraction endpoints over inject(), with fixtures/points
// imported into the server's data directory: POST /v1/reverse, GET
// /v1/autocomplete, GET /api/autocomplete/v1/suggest and /details, POST
// /v1/addresses/extract — their answers, their 400s before the quota, the plan
// checks of autocomplete (403 feature_unavailable without request_id), metering
// (autocomplete apart from validation; extraction one unit per address found),
// and 500 service_unavailable from an autocomplete engine that cannot answer.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import { AddrError } from '../../src/core/model/errors.js';
import type { Meter } from '../../src/accounts/meter.js';
import { LIMITS } from '../../src/server/limits.js';
import { bearer, makeServer, realEngine } from './server-fixture.js';
import type { TestServer } from './server-fixture.js';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer({ points: ['suggest.oa.csv', 'sebastopol.oa.csv'] });
});
afterAll(async () => s.close());

type Json = Record<string, unknown>;

function expectError(res: LightMyRequestResponse, status: number, error: string, withRequestId = true): Json {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as Json;
  expect(body.error).toBe(error);
  expect(body.message).toEqual(expect.any(String));
  if (withRequestId) expect(body.request_id).toBe(res.headers['x-request-id']);
  else expect(body).not.toHaveProperty('request_id');
  return body;
}

const get = (url: string, key: string | null, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'GET', url, headers: { ...(key === null ? {} : bearer(key)), ...headers } });
const post = (url: string, key: string | null, payload: unknown, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json', ...(key === null ? {} : bearer(key)), ...headers } });

describe('POST /v1/reverse', () => {
  it('the nearest points with their distance; metered as one validation', async () => {
    const key = await s.account({ name: 'rev', plan: 'production' });
    const res = await post('/v1/reverse', key, { lat: 61.13001, lon: -146.3498, limit: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { id: string; coverage: string; results: { text: string; distance_meters: number; place_id: string }[]; latency_ms: number };
    expect(body.id).toBe(res.headers['x-request-id']);
    expect(body.coverage).toBe('address_points');
    expect(body.results.map((r) => r.text)).toEqual(['1402 Abercrombie Dr, Valdez, AK 99686', '1404 Abercrombie Dr, Valdez, AK 99686']);
    expect(body.results[0]?.distance_meters).toBeCloseTo(1.1, 1);
    expect(body.latency_ms).toBeGreaterThanOrEqual(0);
    expect((await s.usage('rev'))).toEqual({ validation: 1, batch_row: 0, autocomplete: 0 });
  });

  it('without a point within reach: the nearest ZIP, labelled', async () => {
    const key = await s.account({ name: 'rev2', plan: 'production' });
    const res = await post('/v1/reverse', key, { lat: 38.8, lon: -98.5, max_distance_meters: 5 });
    expect(res.json()).toMatchObject({ coverage: 'locality', results: [], locality: { kind: 'zip', state: 'KS', geocode: { quality: 'ZIP_CENTROID' } } });
  });

  it.each([
    [{ lat: 91, lon: 0 }, 'body.lat must be <= 90'],
    [{ lat: 0, lon: -180.5 }, 'body.lon must be >= -180'],
    [{ lat: '38', lon: 0 }, 'body.lat must be number'],
    [{ lon: 0 }, "body must have required property 'lat'"],
    [{ lat: 0, lon: 0, limit: 0 }, 'body.limit must be >= 1'],
    [{ lat: 0, lon: 0, limit: LIMITS.reverse.maxLimit + 1 }, `body.limit must be <= ${LIMITS.reverse.maxLimit}`],
    [{ lat: 0, lon: 0, limit: 1.5 }, 'body.limit must be integer'],
    [{ lat: 0, lon: 0, max_distance_meters: 0 }, 'body.max_distance_meters must be > 0'],
    [{ lat: 0, lon: 0, max_distance_meters: LIMITS.reverse.maxMaxDistanceMeters + 1 }, 'body.max_distance_meters must be <='],
    [{ lat: 0, lon: 0, radius: 5 }, "body has an unknown property 'radius'"],
  ])('400 for %j, before the quota and unmetered', async (payload, message) => {
    const key = await s.account({ name: `rev-${JSON.stringify(payload)}`, plan: 'production', includedLookups: 0 });
    const body = expectError(await post('/v1/reverse', key, payload), 400, 'bad_request');
    expect(body.message).toContain(message);
  });
});

describe('autocomplete', () => {
  it('GET /v1/autocomplete (B) and /api/autocomplete/v1/suggest (A) give the same suggestions; metered as autocomplete only', async () => {
    const key = await s.account({ name: 'ac', plan: 'production', includedLookups: 0 }); // no lookups left: autocomplete is metered apart
    const b = await get('/v1/autocomplete?query=1400%20abercr&state=AK', key);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toMatchObject({
      id: b.headers['x-request-id'],
      query: { text: '1400 abercr', limit: LIMITS.autocomplete.defaultLimit, state: 'AK' },
      source: 'address_points',
      suggestions: [{ text: '1400 Abercrombie Dr, Valdez, AK 99686', highlight: '1400 Abercr', kind: 'address', units: 2 }],
    });
    const a = await get('/api/autocomplete/v1/suggest?query=1400%20abercr&state=alaska&limit=3', key);
    expect(a.statusCode).toBe(200);
    const suggestions = (r: LightMyRequestResponse) => (r.json() as { suggestions: unknown[] }).suggestions;
    expect(suggestions(a)).toEqual(suggestions(b));
    expect((await s.usage('ac'))).toEqual({ validation: 0, batch_row: 0, autocomplete: 2 });
  });

  it('city and ZIP names of the locality layer when no point matches', async () => {
    const key = await s.account({ name: 'ac2', plan: 'production' });
    const res = await get('/v1/autocomplete?query=sebas&limit=2', key);
    expect(res.json()).toMatchObject({ source: 'locality', suggestions: [{ kind: 'city' }, { kind: 'city' }] });
  });

  it('details of a suggestion by its place_id; an unknown one is 404 and not charged', async () => {
    const key = await s.account({ name: 'ac3', plan: 'production' });
    const suggested = (await get('/api/autocomplete/v1/suggest?query=1400%20abercrombie&state=AK', key)).json() as { suggestions: { place_id: string }[] };
    const placeId = suggested.suggestions[0]?.place_id ?? '';
    const res = await get(`/api/autocomplete/v1/details?place_id=${encodeURIComponent(placeId)}`, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: res.headers['x-request-id'], kind: 'address', place_id: placeId, units: ['APT 1', 'APT 2'], county_fips: '02063', geocode: { quality: 'ROOFTOP' },
    });
    expectError(await get('/api/autocomplete/v1/details?place_id=pt_nothing', key), 404, 'not_found');
    expectError(await get('/api/autocomplete/v1/details', key), 400, 'bad_request');
    expectError(await get(`/api/autocomplete/v1/details?place_id=${'x'.repeat(LIMITS.maxPlaceIdLength + 1)}`, key), 400, 'bad_request');
    expect((await s.usage('ac3')).autocomplete).toBe(2);
  });

  it.each([
    ['?query=%20%20', 'The autocomplete query is empty.'],
    ['', "querystring must have required property 'query'"],
    ['?query=main&state=ZZ', "'ZZ' is not a U.S. state"],
    ['?query=main&limit=0', 'querystring.limit must be >= 1'],
    [`?query=main&limit=${LIMITS.autocomplete.maxLimit + 1}`, `querystring.limit must be <= ${LIMITS.autocomplete.maxLimit}`],
    ['?query=main&limit=five', 'querystring.limit must be integer'],
    [`?query=${'a'.repeat(LIMITS.autocomplete.maxQueryLength + 1)}`, 'must NOT have more than'],
    ['?query=a&query=b', 'querystring.query must be string'],
  ])('400 for %s, unmetered', async (query, message) => {
    const key = await s.keyFor('ac2');
    const before = (await s.usage('ac2')).autocomplete;
    for (const path of ['/v1/autocomplete', '/api/autocomplete/v1/suggest']) {
      expect(expectError(await get(`${path}${query}`, key), 400, 'bad_request').message).toContain(message);
    }
    expect((await s.usage('ac2')).autocomplete).toBe(before);
  });

  it('403 feature_unavailable on Free Beta, without request_id, before the request shape; a production account with autocomplete off too', async () => {
    const beta = await s.account({ name: 'acbeta', plan: 'free_beta', emailVerified: true });
    const off = await s.account({ name: 'acoff', plan: 'production', autocomplete: false });
    for (const key of [beta, off]) {
      for (const url of ['/v1/autocomplete?query=main', '/api/autocomplete/v1/suggest?query=main', '/api/autocomplete/v1/details?place_id=x', '/v1/autocomplete?limit=999']) {
        const res = await get(url, key);
        expectError(res, 403, 'feature_unavailable', false);
        expect(res.headers['x-request-id']).toEqual(expect.any(String));
      }
    }
    expect((await s.usage('acbeta'))).toEqual({ validation: 0, batch_row: 0, autocomplete: 0 });
    // Account state comes first: an unverified Free Beta account is told to verify, with its request_id.
    expectError(await get('/v1/autocomplete?query=main', await s.account({ name: 'acunv', plan: 'free_beta' })), 403, 'email_verification_required');
    expectError(await get('/v1/autocomplete?query=main', null), 401, 'unauthorized');
  });

  it('500 service_unavailable when the engine has nothing to suggest from, or fails; nothing is charged', async () => {
    const real = realEngine();
    const bare: Engine = { ...real, ports: { locality: real.ports.locality } };
    const broken: Engine = { ...real, suggest: () => { throw new Error('index gone'); }, details: () => { throw new Error('index gone'); } };
    for (const engine of [bare, broken]) {
      const t = await makeServer({ engine });
      try {
        const key = await t.account({ name: 'p', plan: 'production' });
        expectError(await t.app.inject({ method: 'GET', url: '/v1/autocomplete?query=main', headers: bearer(key) }), 500, 'service_unavailable');
        expectError(await t.app.inject({ method: 'GET', url: '/api/autocomplete/v1/details?place_id=ci_x', headers: bearer(key) }), 500, 'service_unavailable');
        expect((await t.usage('p')).autocomplete).toBe(0);
      } finally {
        await t.close();
      }
    }
  });
});

describe('POST /v1/addresses/extract', () => {
  const TEXT = 'Ship to 1400 Abercrombie Dr, Valdez, AK 99686 today.\nOur office: 1005 N Gravenstein Hwy Ste 500, Sebastopol, CA 95472.\nThanks!';

  it('each address with its offsets into the text and its validation; one validation per address', async () => {
    const key = await s.account({ name: 'ex', plan: 'production' });
    const res = await post('/v1/addresses/extract', key, { text: TEXT });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { id: string; found: number; unprocessed: number; addresses: { text: string; start: number; end: number; line: number; result: Json }[] };
    expect(body.id).toBe(res.headers['x-request-id']);
    expect(body.found).toBe(2);
    expect(body.unprocessed).toBe(0);
    for (const a of body.addresses) expect(TEXT.slice(a.start, a.end)).toBe(a.text);
    expect(body.addresses.map((a) => a.line)).toEqual([1, 2]);
    expect(body.addresses[0]?.result).toMatchObject({ id: `${body.id}-1`, status: 'VALIDATED', validation_status: 'VALIDATED' });
    expect((await s.usage('ex')).validation).toBe(2);
  });

  it('results follow X-Contract; Variant B options apply to each', async () => {
    const key = await s.account({ name: 'exb', plan: 'production' });
    const res = await post('/v1/addresses/extract', key, { text: TEXT, options: { geocode: true, include_reason_codes: true } }, { 'x-contract': 'b' });
    const [first, second] = (res.json() as { addresses: { result: Json }[] }).addresses.map((a) => a.result);
    expect(first).toMatchObject({ status: 'VALIDATED', match_code: 'EXACT' });
    // A number the points of the street do not list: not confirmed (A's PARTIAL); the unit on line2.
    expect(second).toMatchObject({ status: 'NOT_IN_REFERENCE', match_code: 'PARTIAL', standardized: { line2: 'STE 500' } });
    const result = first;
    expect(result?.geocode).not.toBeNull();
    expect(result?.reason_codes).toEqual(expect.any(Array));
    expect(result).not.toHaveProperty('validation_status');
  });

  it('HTML: offsets into the HTML as sent', async () => {
    const key = await s.account({ name: 'exh', plan: 'production' });
    const html = '<html><body><p>Visit <b>1400 Abercrombie Dr</b>,<br>Valdez, AK&nbsp;99686</p></body></html>';
    const res = await post('/v1/addresses/extract', key, { text: html, format: 'html' });
    const [found] = (res.json() as { addresses: { text: string; start: number; end: number }[] }).addresses;
    expect(found).toBeDefined();
    expect(html.slice(found?.start, found?.end)).toBe(found?.text);
    expect(found?.text.startsWith('1400 Abercrombie Dr')).toBe(true);
  });

  it('a text without an address costs nothing', async () => {
    const key = await s.account({ name: 'ex0', plan: 'production' });
    const res = await post('/v1/addresses/extract', key, { text: 'No address in here, only 12 words and a number.' });
    expect(res.json()).toMatchObject({ addresses: [], found: 0, unprocessed: 0 });
    expect((await s.usage('ex0')).validation).toBe(0);
  });

  it('the allowance running out part way: the first addresses, the rest counted in unprocessed', async () => {
    const key = await s.account({ name: 'expart', plan: 'free_beta', emailVerified: true, dailyRows: 1 });
    const res = await post('/v1/addresses/extract', key, { text: TEXT });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { addresses: { text: string }[]; found: number; unprocessed: number };
    expect(body.addresses.map((a) => a.text)).toEqual(['1400 Abercrombie Dr, Valdez, AK 99686']);
    expect([body.found, body.unprocessed]).toEqual([2, 1]);
    expect((await s.usage('expart')).validation).toBe(1);
    // Nothing left: refused before the text is read, nothing recorded.
    expectError(await post('/v1/addresses/extract', key, { text: TEXT }), 429, 'quota_exceeded');
    const prod = await s.account({ name: 'exprod', plan: 'production', includedLookups: 0 });
    expect(expectError(await post('/v1/addresses/extract', prod, { text: TEXT }), 402, 'lookup_limit_exceeded').limits).toEqual({
      remainingLookupCredits: 0, includedLookups: 0, usedLookups: 0, overageEnabled: false,
    });
    expect((await s.usage('expart')).validation).toBe(1);
  });

  it('400 for a missing or empty text, or a wrong type; 413 over its own body limit, which is above the others', async () => {
    const key = await s.account({ name: 'exbad', plan: 'production', includedLookups: 0 });
    for (const payload of [{}, { text: '   ' }, { text: 5 }, { text: 'x', format: 'pdf' }, { text: 'x', aggressive: 'yes' }]) {
      expectError(await post('/v1/addresses/extract', key, payload), 400, 'bad_request');
    }
    const big = 'word '.repeat(Math.ceil(LIMITS.bodyLimitBytes / 5) + 10); // over the other endpoints' limit, under extraction's
    expect((await post('/v1/addresses/extract', await s.keyFor('ex0'), { text: big })).statusCode).toBe(200);
    expectError(await post('/v1/addresses/extract', key, { text: 'x'.repeat(LIMITS.extractBodyLimitBytes) }), 413, 'payload_too_large');
  });

  it('the rest of the addresses refused after the first was granted: a quota refusal serves the first, any other refuses the request', async () => {
    for (const [refusal, status] of [[new AddrError('ADDR_ERR_QUOTA_EXCEEDED', ['p', '1']), 200], [new AddrError('ADDR_ERR_ACCOUNT_SUSPENDED', ['p']), 403]] as const) {
      const released: number[] = [];
      let calls = 0;
      const meter: Meter = {
        decide: () => Promise.reject(new Error('extract admits its units, it does not ask for decisions')),
        admit: (account, kind, units) => (++calls === 1 ? Promise.resolve({ account, kind, units, day: '2026-11-22' }) : Promise.reject(refusal)),
        release: async (admission) => { released.push(admission.units); },
      };
      const t = await makeServer({ points: ['suggest.oa.csv', 'sebastopol.oa.csv'], meter });
      try {
        const res = await t.app.inject({ method: 'POST', url: '/v1/addresses/extract', payload: { text: TEXT }, headers: bearer(await t.account({ name: 'p', plan: 'production' })) });
        expect(res.statusCode, res.body).toBe(status);
        if (status === 200) expect(res.json()).toMatchObject({ found: 2, unprocessed: 1, addresses: [{ text: '1400 Abercrombie Dr, Valdez, AK 99686' }] });
        expect(released).toEqual(status === 200 ? [] : [1]);
      } finally {
        await t.close();
      }
    }
  });

  it('an engine that throws: 502 validation_failed, the unit given back', async () => {
    const broken: Engine = { ...realEngine(), extract: () => { throw new Error('boom'); } };
    const t = await makeServer({ engine: broken });
    try {
      const key = await t.account({ name: 'p', plan: 'production' });
      expectError(await t.app.inject({ method: 'POST', url: '/v1/addresses/extract', payload: { text: TEXT }, headers: bearer(key) }), 502, 'validation_failed');
      expect((await t.usage('p')).validation).toBe(0);
    } finally {
      await t.close();
    }
  });
});
