// What an adversarial or careless client met: answers without Content-Type, HEAD and unknown query parameters on a metered GET,
// compressed bodies, deeply nested bodies in the body log, Retry-After, CORS
// preflights, and ZIPs sent as JSON numbers.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCorsOrigins } from '../../src/server/cors.js';
import { runCli } from '../commands/run-cli.js';
import { bearer, makeServer } from './server-fixture.js';
import type { TestServer } from './server-fixture.js';

const ADDRESS = '1600 pennsylvania av nw washington dc';
let s: TestServer;
let key: string;
beforeAll(async () => {
  s = await makeServer({ cors: ['https://app.example.com'] });
  key = await s.account({ name: 'acme', plan: 'production' });
});
afterAll(async () => s.close());

describe('Content-Type of validation results', () => {
  it.each([['a'], ['b']])('GET and POST /v1/validate answer application/json in contract %s', async (contract) => {
    const headers = { ...bearer(key), 'x-contract': contract };
    const get = await s.app.inject({ method: 'GET', url: `/v1/validate?input=${encodeURIComponent(ADDRESS)}`, headers });
    const post = await s.app.inject({ method: 'POST', url: '/v1/validate', headers, payload: { input: ADDRESS } });
    for (const res of [get, post]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });
});

describe('HEAD and query parameters of GET /v1/validate', () => {
  it('HEAD is 405 (Allow: POST, GET) and charges nothing; HEAD /healthz is answered', async () => {
    const before = (await s.usage('acme')).validation;
    const res = await s.app.inject({ method: 'HEAD', url: `/v1/validate?input=${encodeURIComponent(ADDRESS)}`, headers: bearer(key) });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST, GET');
    expect((await s.usage('acme')).validation).toBe(before);
    expect((await s.app.inject({ method: 'HEAD', url: '/healthz' })).statusCode).toBe(200);
  });

  it('an unknown query parameter is 400 and charges nothing, as an unknown body field is', async () => {
    const before = (await s.usage('acme')).validation;
    const res = await s.app.inject({ method: 'GET', url: `/v1/validate?input=${encodeURIComponent(ADDRESS)}&zip=95472`, headers: bearer(key) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("unknown property 'zip'");
    const suggest = await s.app.inject({ method: 'GET', url: '/v1/autocomplete?query=sebas&bogus=1', headers: bearer(key) });
    expect(suggest.statusCode).toBe(400);
    expect((await s.usage('acme')).validation).toBe(before);
  });
});

describe('Content-Encoding', () => {
  const post = (payload: Buffer | string, encoding: string) => s.app.inject({
    method: 'POST',
    url: '/v1/validate',
    headers: { ...bearer(key), 'content-type': 'application/json', 'content-encoding': encoding },
    payload,
  });

  it('a gzip body is read', async () => {
    const res = await post(gzipSync(JSON.stringify({ input: ADDRESS })), 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.json().standardized.line1).toBe('1600 PENNSYLVANIA AVE NW');
  });

  it('a body that says gzip but is not is 400, not read as plain JSON, and charges nothing', async () => {
    const before = (await s.usage('acme')).validation;
    const res = await post(JSON.stringify({ input: ADDRESS }), 'gzip');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', request_id: res.headers['x-request-id'] });
    expect(res.json().message).toContain('not valid gzip');
    expect((await s.usage('acme')).validation).toBe(before);
  });

  it('the body limit applies to the decompressed bytes (413)', async () => {
    const res = await post(gzipSync(JSON.stringify({ input: ADDRESS, pad: ' '.repeat(100_000) })), 'gzip');
    expect(res.statusCode).toBe(413);
  });

  it('an unknown encoding is 415', async () => {
    const res = await post(JSON.stringify({ input: ADDRESS }), 'compress');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain("'compress'");
  });
});

describe('--log-bodies with a deeply nested body', () => {
  it('still writes the request line, the body cut to a depth', async () => {
    const lines: string[] = [];
    const stream = { write: (l: string) => lines.push(l) } as unknown as NodeJS.WritableStream;
    const logged = await makeServer({ logger: { level: 'info', stream }, logBodies: true });
    try {
      const k = await logged.account({ name: 'deep', plan: 'production' });
      const deep = `{"input":"x","options":${'['.repeat(5000)}${']'.repeat(5000)}}`;
      const res = await logged.app.inject({ method: 'POST', url: '/v1/validate', headers: { ...bearer(k), 'content-type': 'application/json' }, payload: deep });
      expect(res.statusCode).toBe(400);
      const line = lines.join('').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { request_id?: string; body?: unknown })
        .find((l) => l.request_id === res.headers['x-request-id']);
      expect(line?.body).toMatchObject({ input: 'x' });
      expect(JSON.stringify(line?.body)).toContain('[depth limit]');
    } finally {
      await logged.close();
    }
  });
});

describe('Retry-After', () => {
  it('a 429 says the seconds to the next UTC day', async () => {
    const now = new Date('2026-03-01T23:59:00.000Z');
    const beta = await makeServer({ now: () => now });
    try {
      const k = await beta.account({ name: 'beta', plan: 'free_beta', emailVerified: true, dailyRows: 1 });
      const ask = () => beta.app.inject({ method: 'POST', url: '/v1/validate', headers: bearer(k), payload: { input: ADDRESS } });
      expect((await ask()).statusCode).toBe(200);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
    } finally {
      await beta.close();
    }
  });
});

describe('CORS (--cors)', () => {
  it('answers a preflight from an allowed origin with the methods and headers, without a key', async () => {
    const res = await s.app.inject({
      method: 'OPTIONS',
      url: '/v1/validate',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });

  it('marks answers to an allowed origin, errors included, and not those to another origin', async () => {
    const ok = await s.app.inject({ method: 'POST', url: '/v1/validate', headers: { ...bearer(key), origin: 'https://app.example.com' }, payload: { input: ADDRESS } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const refused = await s.app.inject({ method: 'POST', url: '/v1/validate', headers: { origin: 'https://app.example.com' }, payload: { input: ADDRESS } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('https://app.example.com');
    const other = await s.app.inject({ method: 'POST', url: '/v1/validate', headers: { ...bearer(key), origin: 'https://evil.example' }, payload: { input: ADDRESS } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('--cors takes * or origins, and refuses what is not an origin naming the fix (exit 2)', () => {
    expect(parseCorsOrigins('*')).toBe('*');
    expect(parseCorsOrigins('https://a.example, http://localhost:3000')).toEqual(['https://a.example', 'http://localhost:3000']);
    for (const bad of ['a.example', 'https://a.example/path', 'ftp://a.example', ',']) expect(() => parseCorsOrigins(bad)).toThrow(/origin/);
    const refused = runCli(['serve', '--port', '0', '--cors', 'app.example.com']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('scheme://host');
    const timeouts = runCli(['serve', '--port', '0', '--header-timeout', '40', '--request-timeout', '30']);
    expect(timeouts.code).toBe(2);
    expect(timeouts.stderr).toContain('--request-timeout');
  });

  it('is off by default: a preflight is 405', async () => {
    const plain = await makeServer();
    try {
      const res = await plain.app.inject({ method: 'OPTIONS', url: '/v1/validate', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' } });
      expect(res.statusCode).toBe(405);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});

describe('a ZIP sent as a JSON number', () => {
  it('is read with its leading zeros restored (2108 is 02108), in both contracts', async () => {
    for (const contract of ['a', 'b']) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/v1/validate',
        headers: { ...bearer(key), 'x-contract': contract },
        payload: { address: { line1: '1 Beacon St', city: 'Boston', state: 'MA', zip: 2108 } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().standardized.zip5).toBe('02108');
    }
  });

  it('a negative or fractional number is a 400', async () => {
    for (const zip of [-2108, 2108.5]) {
      const res = await s.app.inject({ method: 'POST', url: '/v1/validate', headers: bearer(key), payload: { address: { line1: '1 Beacon St', zip } } });
      expect(res.statusCode).toBe(400);
    }
  });
});
