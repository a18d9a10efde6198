// Every error row of docs/api.md over inject(), the body shape of each, and the
// order of checks when several conditions hold: key (401) -> account state
// (suspended, then email verification) -> feature on the plan -> request shape
// (400/413/415) -> quota (429/402, nothing recorded) -> engine (502).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import { LIMITS } from '../../src/server/limits.js';
import { STORE_KINDS, skipStore } from '../store/pg-fixture.js';
import { bearer, makeServer, makeServerOn, realEngine } from './server-fixture.js';
import type { TestServer } from './server-fixture.js';

let s: TestServer;
beforeAll(async () => {
  s = await makeServer();
});
afterAll(async () => s.close());

const GOOD = { input: '1 Main St, Sebastopol, CA 95472' };

function validate(key: string | null, payload: unknown = GOOD, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return s.app.inject({
    method: 'POST',
    url: '/v1/validate',
    headers: { 'content-type': 'application/json', ...(key === null ? {} : bearer(key)), ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** Asserts an error answer: status, code, and a request_id equal to the header. */
function expectError(res: LightMyRequestResponse, status: number, error: string): Record<string, unknown> {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body.error).toBe(error);
  expect(body.message).toEqual(expect.any(String));
  expect(body.request_id).toBe(res.headers['x-request-id']);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return body;
}

describe('401 unauthorized', () => {
  it.each([
    ['no Authorization header', {}],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['Bearer without a key', { authorization: 'Bearer ' }],
    ['a key that is not an addr key', { authorization: 'Bearer 12345' }],
    ['a well-formed unknown key', { authorization: `Bearer addr_${'A'.repeat(43)}` }],
  ])('%s', async (_name, headers) => {
    const res = await s.app.inject({ method: 'POST', url: '/v1/validate', payload: GOOD, headers });
    expectError(res, 401, 'unauthorized');
  });

  it('a key whose prefix is known but whose secret is wrong, and a revoked key', async () => {
    const key = await s.account({ name: 'u1', plan: 'production' });
    const last = key.at(-1) === 'A' ? 'B' : 'A';
    expectError(await validate(`${key.slice(0, -1)}${last}`), 401, 'unauthorized');
    expect((await validate(key)).statusCode).toBe(200);
    await s.store.revokeKey(key.slice(0, 13), new Date());
    expectError(await validate(key), 401, 'unauthorized');
  });

  it('on every endpoint but /healthz and /openapi.json', async () => {
    for (const [method, url] of [['POST', '/v1/validate'], ['GET', '/v1/validate?input=x'], ['POST', '/v1/normalize'], ['POST', '/v1/geocode'], ['POST', '/v1/reverse'],
      ['GET', '/v1/autocomplete?query=x'], ['GET', '/api/autocomplete/v1/suggest?query=x'], ['GET', '/api/autocomplete/v1/details?place_id=x'], ['POST', '/v1/addresses/extract']] as const) {
      expectError(await s.app.inject({ method, url, payload: method === 'POST' ? GOOD : undefined }), 401, 'unauthorized');
    }
    expect((await s.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await s.app.inject({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(200);
  });
});

describe('403', () => {
  it('account_suspended', async () => {
    const key = await s.account({ name: 'sus', plan: 'production', status: 'suspended' });
    expectError(await validate(key), 403, 'account_suspended');
    expect((await s.usage('sus')).validation).toBe(0);
  });

  it('email_verification_required for a Free Beta account whose email is not verified', async () => {
    const key = await s.account({ name: 'unverified', plan: 'free_beta', emailVerified: false });
    expectError(await validate(key), 403, 'email_verification_required');
    await s.store.updateAccount('unverified', { emailVerified: true });
    expect((await validate(key)).statusCode).toBe(200);
  });
});

describe('400, 413, 415', () => {
  let key: string;
  beforeAll(async () => {
    key = await s.account({ name: 'shape', plan: 'production' });
  });

  it.each([
    ['an empty object (address input missing)', {}, /Address input missing/],
    ['an empty input', { input: '  ' }, /input/],
    ['input and address together', { input: 'x', address: { line1: 'y' } }, /not both/],
    ['an address without line1', { address: { city: 'Boston', state: 'MA' } }, /line1/],
    ['a number for input', { input: 5 }, /body\.input must be string/],
    ['an unknown property', { inptu: 'x' }, /unknown property 'inptu'/],
    ['an unknown option', { input: 'x', options: { geocod: true } }, /unknown property 'geocod'/],
    ['a string for options.geocode', { input: 'x', options: { geocode: 'yes' } }, /geocode must be boolean/],
    ['an input over the length limit', { input: 'x'.repeat(LIMITS.maxInputLength + 1) }, /must NOT have more than/],
    ['a JSON array', [GOOD], /body must be object/],
    ['JSON null', null, /body must be object/],
  ])('bad_request: %s', async (_name, payload, message) => {
    const body = expectError(await validate(key, payload), 400, 'bad_request');
    expect(body.message).toMatch(message);
  });

  it('bad_request: malformed JSON, an empty JSON body', async () => {
    expectError(await validate(key, '{"input": "1 Main St'), 400, 'bad_request');
    expectError(await validate(key, ''), 400, 'bad_request');
  });

  it('413 for a body over the limit, 415 for a body that is not JSON', async () => {
    const big = JSON.stringify({ input: 'x'.repeat(LIMITS.bodyLimitBytes) });
    expectError(await validate(key, big), 413, 'payload_too_large');
    const text = await s.app.inject({ method: 'POST', url: '/v1/validate', headers: { ...bearer(key), 'content-type': 'text/plain' }, payload: 'x' });
    expectError(text, 415, 'unsupported_media_type');
    expect((await s.usage('shape')).validation).toBe(0);
  });

  it('404 for an unknown path, 405 with Allow for a known path and another method', async () => {
    expectError(await s.app.inject({ method: 'GET', url: '/v2/validate' }), 404, 'not_found');
    const res = await s.app.inject({ method: 'DELETE', url: '/v1/validate', headers: bearer(key) });
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('POST, GET'); // HEAD would charge for an answer it throws away
  });
});

// Quotas and the units given back, with either account store (SQLite; PostgreSQL, a database of its own).
describe.each(STORE_KINDS)('quotas (%s store)', (kind) => {
  let q: TestServer;
  const validateOn = (key: string): Promise<LightMyRequestResponse> => q.app.inject({
    method: 'POST', url: '/v1/validate', headers: { 'content-type': 'application/json', ...bearer(key) }, payload: JSON.stringify(GOOD),
  });
  beforeAll(async () => {
    if (!skipStore(kind)) q = await makeServerOn(kind);
  });
  afterAll(async () => {
    if (!skipStore(kind)) await q.close();
  });

  it.skipIf(skipStore(kind))('429 quota_exceeded once a Free Beta daily allowance is spent; nothing more is recorded', async () => {
    const key = await q.account({ name: 'beta', plan: 'free_beta', emailVerified: true, dailyRows: 2 });
    expect((await validateOn(key)).statusCode).toBe(200);
    expect((await q.app.inject({ method: 'POST', url: '/v1/normalize', payload: GOOD, headers: bearer(key) })).statusCode).toBe(200);
    expectError(await validateOn(key), 429, 'quota_exceeded');
    expectError(await q.app.inject({ method: 'GET', url: '/v1/validate?input=x', headers: bearer(key) }), 429, 'quota_exceeded');
    expect((await q.usage('beta')).validation).toBe(2);
  });

  it.skipIf(skipStore(kind))('402 lookup_limit_exceeded with limits for a production account with overage off; decided before usage is recorded', async () => {
    const key = await q.account({ name: 'prod', plan: 'production', includedLookups: 1, overage: false });
    expect((await validateOn(key)).statusCode).toBe(200);
    const body = expectError(await validateOn(key), 402, 'lookup_limit_exceeded');
    expect(body.limits).toEqual({ remainingLookupCredits: 0, includedLookups: 1, usedLookups: 1, overageEnabled: false });
    expect((await q.usage('prod')).validation).toBe(1);
  });

  it.skipIf(skipStore(kind))('a production account with overage on is served past its included lookups', async () => {
    const key = await q.account({ name: 'over', plan: 'production', includedLookups: 1, overage: true });
    for (let i = 0; i < 3; i++) expect((await validateOn(key)).statusCode).toBe(200);
    expect((await q.usage('over')).validation).toBe(3);
  });

  it.skipIf(skipStore(kind))('502 validation_failed when the engine throws; the unit granted is given back and the cause stays in the log', async () => {
    const real = realEngine();
    const broken: Engine = { ...real, validate: () => { throw new Error('disk on fire at /secret/path'); } };
    const logs: string[] = [];
    const b = await makeServerOn(kind, { engine: broken, logger: { level: 'info', stream: { write: (l: string) => logs.push(l) } as unknown as NodeJS.WritableStream } });
    try {
      const key = await b.account({ name: 'p', plan: 'production', includedLookups: 5 });
      const res = await b.app.inject({ method: 'POST', url: '/v1/validate', payload: GOOD, headers: bearer(key) });
      const body = expectError(res, 502, 'validation_failed');
      expect(body.message).toMatch(/engine failed/);
      expect((await b.usage('p')).validation).toBe(0);
      expect(logs.join('')).toMatch(/disk on fire/);
      expect(logs.join('')).not.toContain(key);
    } finally {
      await b.close();
    }
  });
});

describe('order of checks', () => {
  it('401 before the account state: a revoked key of a suspended account', async () => {
    const key = await s.account({ name: 'o1', plan: 'production', status: 'suspended' });
    await s.store.revokeKey(key.slice(0, 13), new Date());
    expectError(await validate(key), 401, 'unauthorized');
  });

  it('suspended before email verification', async () => {
    const key = await s.account({ name: 'o2', plan: 'free_beta', status: 'suspended', emailVerified: false });
    expectError(await validate(key), 403, 'account_suspended');
  });

  it('the account state before the request shape: malformed JSON, a missing input, an oversized body, not JSON', async () => {
    const key = await s.account({ name: 'o3', plan: 'free_beta', emailVerified: false });
    expectError(await validate(key, '{oops'), 403, 'email_verification_required');
    expectError(await validate(key, {}), 403, 'email_verification_required');
    expectError(await validate(key, JSON.stringify({ input: 'x'.repeat(LIMITS.bodyLimitBytes) })), 403, 'email_verification_required');
    expectError(await validate(key, 'x', { 'content-type': 'text/plain' }), 403, 'email_verification_required');
  });

  it('the request shape before the quota: a spent allowance and a bad body give 400, not 429 or 402', async () => {
    const beta = await s.account({ name: 'o4', plan: 'free_beta', emailVerified: true, dailyRows: 0 });
    expectError(await validate(beta, {}), 400, 'bad_request');
    expectError(await validate(beta, '{oops'), 400, 'bad_request');
    expectError(await validate(beta, { address: { line1: '1 Main St' } }, { 'x-contract': 'b' }), 400, 'bad_request');
    expectError(await validate(beta), 429, 'quota_exceeded');
    const prod = await s.account({ name: 'o5', plan: 'production', includedLookups: 0 });
    expectError(await validate(prod, { input: 5 }), 400, 'bad_request');
    expectError(await validate(prod), 402, 'lookup_limit_exceeded');
  });

  it('the quota before the engine: a spent allowance with a broken engine is 429, and records nothing', async () => {
    const broken: Engine = { ...realEngine(), validate: () => { throw new Error('boom'); } };
    const b = await makeServer({ engine: broken });
    try {
      const key = await b.account({ name: 'q', plan: 'free_beta', emailVerified: true, dailyRows: 0 });
      expectError(await b.app.inject({ method: 'POST', url: '/v1/validate', payload: GOOD, headers: bearer(key) }), 429, 'quota_exceeded');
      expect((await b.usage('q')).validation).toBe(0);
    } finally {
      await b.close();
    }
  });

  it('routing before the key: an unknown path without a key is 404', async () => {
    expectError(await s.app.inject({ method: 'POST', url: '/v1/nothing', payload: GOOD }), 404, 'not_found');
  });
});
