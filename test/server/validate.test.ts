// POST/GET /v1/validate, POST /v1/normalize and GET /healthz over inject(): both
// contracts (default and X-Contract), structured and one-line input, Variant B
// options, request ids, latency, metering of one unit per served request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeServer } from './server-fixture.js';
import type { TestServer } from './server-fixture.js';

let s: TestServer;
let key: string;
beforeAll(async () => {
  s = await makeServer({ contract: 'a' });
  key = await s.account({ name: 'acme', plan: 'production', includedLookups: 1000 });
});
afterAll(async () => s.close());

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'POST', url, payload: body as object, headers: { ...bearer(key), ...headers } });

describe('POST /v1/validate', () => {
  it('answers Variant A by default, with x-request-id equal to id and a latency', async () => {
    const res = await post('/v1/validate', { input: '1005 n gravenstein hwy suite 500 sebastapol ca 95472' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(res.headers['x-request-id']).toBe(body.id);
    expect(body).toMatchObject({
      status: 'CORRECTED',
      validation_status: 'CORRECTED',
      standardized: { line1: '1005 N GRAVENSTEIN HWY STE 500', line2: null, city: 'SEBASTOPOL', state: 'CA', zip5: '95472', county_fips: '06097', deliverability: 'N' },
      match_code: 'LOCALITY_ENGINE',
      match_source: 'LOCALITY_ENGINE',
      quality: { level: 'locality' },
      geocode: { quality: 'ZIP_CENTROID' },
    });
    expect(body.changes.join(' ')).toMatch(/SEBASTOPOL/);
    expect(body.reason_codes).toContain('NO_STREET_COVERAGE');
    expect(body.latency_ms).toBeGreaterThan(0);
    expect(body).not.toHaveProperty('change_codes');
    expect(body).not.toHaveProperty('components');
  });

  it('answers Variant B when X-Contract: b asks for it: statuses, match codes and change codes', async () => {
    const res = await post('/v1/validate', { input: '1005 n gravenstein hwy suite 500 sebastapol ca 95472' }, { 'x-contract': 'B' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'VALIDATED', match_code: 'PARTIAL', geocode: null, standardized: { line1: '1005 N GRAVENSTEIN HWY', line2: 'STE 500' } });
    expect(body.changes).toContain('CITY_CORRECTED');
    expect(body).not.toHaveProperty('reason_codes');
    expect(body).not.toHaveProperty('validation_status');
    expect(body).not.toHaveProperty('quality');
    expect(body).not.toHaveProperty('match_source');
    expect(body.standardized).not.toHaveProperty('source');
  });

  it('Variant B: options.geocode adds the geocode, options.include_reason_codes the reason codes', async () => {
    const res = await post('/v1/validate', {
      address: { line1: '1005 N Gravenstein Hwy', line2: 'Suite 500', city: 'Sebastopol', state: 'CA', zip: '95472' },
      options: { geocode: true, include_reason_codes: true },
    }, { 'x-contract': 'b' });
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body.status).toBe('VALIDATED');
    expect(body.match_code).toBe('EXACT');
    expect(body.geocode).toMatchObject({ quality: 'ZIP_CENTROID', lat: expect.any(Number), lon: expect.any(Number) });
    expect(body.reason_codes).toContain('NO_STREET_COVERAGE');
  });

  it('Variant B: a structured address without city and state is a 400; Variant A takes it', async () => {
    const address = { line1: '1005 N Gravenstein Hwy', zip: '95472' };
    const b = await post('/v1/validate', { address }, { 'x-contract': 'b' });
    expect(b.statusCode).toBe(400);
    expect(b.json()).toMatchObject({ error: 'bad_request', request_id: b.headers['x-request-id'] });
    expect(b.json().message).toMatch(/address\.city.*address\.state/);
    const a = await post('/v1/validate', { address });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ status: 'CORRECTED', standardized: { city: 'SEBASTOPOL', state: 'CA' } });
  });

  it('maps every Variant A status to its Variant B status', async () => {
    const cases: [string, string, string][] = [
      ['1 Main St, Sebastopol, CA 95472', 'VALIDATED', 'EXACT'],
      ['1 Main St, Sebastapol, CA 95472', 'VALIDATED', 'PARTIAL'],
      ['hello world', 'INVALID', 'NO_MATCH'],
    ];
    for (const [input, status, matchCode] of cases) {
      const res = await post('/v1/validate', { input }, { 'x-contract': 'b' });
      expect(res.json(), input).toMatchObject({ status, match_code: matchCode });
    }
  });

  it('gives the ZIP\'s time zone in both contracts and in /v1/geocode, its offset and DST at the time of the request', async () => {
    const input = '1005 n gravenstein hwy suite 500 sebastopol ca 95472';
    const before = Date.now();
    const bodies = [
      (await post('/v1/validate', { input })).json(),
      (await post('/v1/validate', { input }, { 'x-contract': 'b' })).json(),
      (await post('/v1/geocode', { input })).json(),
    ];
    const offsets = new Set([-8, -7]);
    for (const body of bodies) {
      expect(body.timezone).toEqual({ name: 'America/Los_Angeles', utc_offset: expect.any(Number), dst: expect.any(Boolean) });
      expect(offsets.has(body.timezone.utc_offset)).toBe(true);
      expect(body.timezone.dst).toBe(body.timezone.utc_offset === -7);
    }
    // The same offset Intl gives for the moment of the request.
    const shown = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', timeZoneName: 'longOffset' }).format(before);
    expect(shown).toContain(`GMT-0${-bodies[0].timezone.utc_offset}:00`);
  });

  it('a server started with --contract b answers B by default and A on X-Contract: a', async () => {
    const b = await makeServer({ contract: 'b' });
    try {
      const k = await b.account({ name: 'x', plan: 'production' });
      const def = await b.app.inject({ method: 'POST', url: '/v1/validate', payload: { input: '1 Main St, Sebastopol, CA 95472' }, headers: bearer(k) });
      expect(def.json()).toMatchObject({ status: 'VALIDATED', match_code: 'EXACT' });
      expect(def.json()).not.toHaveProperty('validation_status');
      const a = await b.app.inject({ method: 'POST', url: '/v1/validate', payload: { input: '1 Main St, Sebastopol, CA 95472' }, headers: { ...bearer(k), 'x-contract': 'a' } });
      expect(a.json()).toMatchObject({ validation_status: 'VALIDATED', match_code: 'LOCALITY_ENGINE' });
    } finally {
      await b.close();
    }
  });

  it('refuses an X-Contract other than a or b with a 400', async () => {
    const res = await post('/v1/validate', { input: '1 Main St, Sebastopol, CA 95472' }, { 'x-contract': 'c' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/X-Contract/);
  });

  it('meters one validation per served request', async () => {
    const before = (await s.usage('acme')).validation;
    await post('/v1/validate', { input: '1 Main St, Sebastopol, CA 95472' });
    await post('/v1/validate', { input: '' }); // 400: not metered
    expect((await s.usage('acme')).validation).toBe(before + 1);
  });
});

describe('GET /v1/validate', () => {
  it('validates the input query parameter, in both contracts', async () => {
    const url = `/v1/validate?input=${encodeURIComponent('1 Main St, Sebastopol, CA 95472')}`;
    const a = await s.app.inject({ method: 'GET', url, headers: bearer(key) });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ id: a.headers['x-request-id'], status: 'VALIDATED', validation_status: 'VALIDATED' });
    const b = await s.app.inject({ method: 'GET', url: `${url}&geocode=true&include_reason_codes=1`, headers: { ...bearer(key), 'x-contract': 'b' } });
    expect(b.json()).toMatchObject({ status: 'VALIDATED', geocode: { quality: 'ZIP_CENTROID' }, reason_codes: ['NO_STREET_COVERAGE'] });
  });

  it('without input, or with a boolean that is not one, is a 400', async () => {
    for (const url of ['/v1/validate', '/v1/validate?input=', '/v1/validate?input=x&geocode=maybe']) {
      const res = await s.app.inject({ method: 'GET', url, headers: bearer(key) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request', request_id: res.headers['x-request-id'] });
    }
  });
});

describe('POST /v1/normalize', () => {
  it('returns the components, delivery and last lines of a one-line or structured address', async () => {
    const one = await post('/v1/normalize', { input: '1005 n gravenstein highway suite 500 sebastopol ca 95472' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: one.headers['x-request-id'],
      components: { number: '1005', predir: 'N', street: 'GRAVENSTEIN', suffix: 'HWY', unit_type: 'STE', unit_number: '500', zip5: '95472' },
      delivery_line: '1005 N GRAVENSTEIN HWY STE 500',
      last_line: 'SEBASTOPOL CA 95472',
      unparsed: [],
    });
    expect(one.json().latency_ms).toBeGreaterThan(0);
    const structured = await post('/v1/normalize', { address: { line1: '1 main street', line2: 'apt 4', city: 'boston', state: 'ma' } });
    expect(structured.json()).toMatchObject({ delivery_line: '1 MAIN ST APT 4', last_line: 'BOSTON MA' });
  });

  it('refuses a body with neither input nor address', async () => {
    const res = await post('/v1/normalize', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Address input missing/);
  });
});

describe('GET /healthz', () => {
  it('answers without a key', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', contract: 'a', engine_version: expect.any(String), data_version: expect.any(String) });
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });
});

describe('with imported address points', () => {
  let p: TestServer;
  let k: string;
  beforeAll(async () => {
    p = await makeServer({ points: ['sebastopol.oa.csv'] });
    k = await p.account({ name: 'pts', plan: 'production' });
  });
  afterAll(async () => p.close());

  it('validate confirms the delivery point, in both contracts', async () => {
    const a = await p.app.inject({ method: 'POST', url: '/v1/validate', payload: { input: '102 bodega ave sebastopol ca 95472' }, headers: bearer(k) });
    expect(a.json()).toMatchObject({
      status: 'VALIDATED', match_code: 'POINTS_ENGINE', place_id: expect.any(String),
      standardized: { line1: '102 BODEGA AVE', deliverability: 'D' }, geocode: { quality: 'ROOFTOP' }, quality: { level: 'delivery_point' },
    });
    const b = await p.app.inject({ method: 'POST', url: '/v1/validate', payload: { input: '102 bodega ave sebastopol ca 95472', options: { geocode: true } }, headers: { ...bearer(k), 'x-contract': 'b' } });
    expect(b.json()).toMatchObject({ status: 'VALIDATED', match_code: 'EXACT', geocode: { quality: 'ROOFTOP', lat: 38.4021, lon: -122.8287 }, standardized: { deliverability: 'D' } });
  });

  it('POST /v1/geocode: ROOFTOP with the place id from a point, a centroid without one; metered as a validation', async () => {
    const before = (await p.usage('pts')).validation;
    const roof = await p.app.inject({ method: 'POST', url: '/v1/geocode', payload: { address: { line1: '102 Bodega Avenue', city: 'Sebastopol', state: 'CA' } }, headers: bearer(k) });
    expect(roof.statusCode).toBe(200);
    expect(roof.json()).toMatchObject({
      id: roof.headers['x-request-id'], status: 'CORRECTED', match_source: 'POINTS_ENGINE', place_id: expect.any(String),
      geocode: { lat: 38.4021, lon: -122.8287, quality: 'ROOFTOP' }, standardized: { line1: '102 BODEGA AVE', zip5: '95472' },
    });
    expect(roof.json().latency_ms).toBeGreaterThan(0);
    const zip = await p.app.inject({ method: 'POST', url: '/v1/geocode', payload: { input: '1 Main St, Boston, MA 02108' }, headers: bearer(k) });
    expect(zip.json()).toMatchObject({ match_source: 'LOCALITY_ENGINE', place_id: null, geocode: { quality: 'ZIP_CENTROID' } });
    const nothing = await p.app.inject({ method: 'POST', url: '/v1/geocode', payload: { input: 'hello world' }, headers: bearer(k) });
    expect(nothing.json()).toMatchObject({ status: 'NOT_FOUND', geocode: null });
    expect((await p.usage('pts')).validation).toBe(before + 3);
    const bad = await p.app.inject({ method: 'POST', url: '/v1/geocode', payload: { address: { city: 'Sebastopol' } }, headers: bearer(k) });
    expect(bad.statusCode).toBe(400);
  });
});
