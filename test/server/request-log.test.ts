// The request log line (request-log.ts builds it as text): the same fields, in the same order,
// as the app's pino logger writes its own lines, valid JSON whatever the account name or body
// holds, at the logger's level, and never the key.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/core/engine.js';
import { bearer, makeServer, realEngine } from './server-fixture.js';

const GOOD = { input: '1 Main St, Sebastopol, CA 95472' };

async function logged(level: string, logBodies: boolean, engine?: Engine) {
  const lines: string[] = [];
  const stream = { write: (l: string) => lines.push(l) } as unknown as NodeJS.WritableStream;
  const s = await makeServer({ logger: { level, stream }, logBodies, ...(engine === undefined ? {} : { engine }) });
  return { s, lines, parsed: () => lines.join('').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('request log', () => {
  it('writes one line per request, with the fields of a pino line, in order', async () => {
    const { s, lines, parsed } = await logged('info', false);
    try {
      const key = await s.account({ name: 'acme "west"\\', plan: 'production', includedLookups: 5 });
      const res = await s.app.inject({ method: 'POST', url: '/v1/validate', payload: GOOD, headers: bearer(key) });
      expect(res.statusCode).toBe(200);
      s.app.log.info({ note: 1 }, 'pino line'); // a line of the app's own logger, to compare with
      const [request, own] = parsed();
      expect(Object.keys(request ?? {})).toEqual(['level', 'time', 'pid', 'request_id', 'method', 'route', 'status', 'latency_ms', 'account', 'error', 'msg']);
      expect(request).toMatchObject({ level: 'info', pid: process.pid, request_id: res.headers['x-request-id'], method: 'POST', route: '/v1/validate', status: 200, account: 'acme "west"\\', error: null, msg: 'request' });
      expect(Object.keys(own ?? {}).slice(0, 3)).toEqual(['level', 'time', 'pid']);
      expect(Math.abs((request?.time as number) - (own?.time as number))).toBeLessThan(60_000);
      expect(request?.latency_ms).toEqual(expect.any(Number));
      expect(lines.join('')).not.toContain(key);
      expect(lines.join('')).not.toContain('Sebastopol'); // no addresses without --log-bodies
    } finally {
      await s.close();
    }
  });

  it('adds the URL and the body with --log-bodies, and the error code of an error answer', async () => {
    const { s, parsed } = await logged('info', true);
    try {
      const res = await s.app.inject({ method: 'POST', url: '/v1/validate?x=%22', payload: { input: 'line "one"\n\u2028' }, headers: bearer('addr_nope') });
      expect(res.statusCode).toBe(401);
      const [line] = parsed();
      expect(line).toMatchObject({ status: 401, error: 'ADDR_ERR_UNAUTHORIZED', account: null, url: '/v1/validate?x=%22' });
      expect(Object.keys(line ?? {}).slice(-3)).toEqual(['url', 'body', 'msg']);
    } finally {
      await s.close();
    }
  });

  it('follows the level: warn keeps only the 5xx lines, at level error', async () => {
    const real = realEngine();
    const broken: Engine = { ...real, validate: () => { throw new Error('engine down'); } };
    const { s, parsed } = await logged('warn', false, broken);
    try {
      const key = await s.account({ name: 'p', plan: 'production', includedLookups: 5 });
      expect((await s.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const res = await s.app.inject({ method: 'POST', url: '/v1/validate', payload: GOOD, headers: bearer(key) });
      expect(res.statusCode).toBe(502);
      const requests = parsed().filter((l) => l.msg === 'request');
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ level: 'error', status: 502, error: 'ADDR_ERR_ENGINE_FAILED' });
      // The failure's own line, through the request's logger (made when first used), carries its id.
      const failure = parsed().find((l) => l.msg === 'request failed');
      expect(failure).toMatchObject({ level: 'error', request_id: res.headers['x-request-id'], code: 'ADDR_ERR_ENGINE_FAILED' });
      expect(JSON.stringify(failure)).toMatch(/engine down/);
    } finally {
      await s.close();
    }
  });

  it('writes no request line at level silent', async () => {
    const { s, lines } = await logged('silent', false);
    try {
      expect((await s.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(lines).toHaveLength(0);
    } finally {
      await s.close();
    }
  });
});
