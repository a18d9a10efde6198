// The PostgreSQL account store going away under a running server (a database of its own, closed to
// every connection, its sessions ended): requests with a key are answered 503 with Retry-After and
// charged nothing, /healthz goes on, and once the database is back the server answers again by itself.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL, skipStore } from '../store/pg-fixture.js';
import { bearer, makeServerOn } from './server-fixture.js';
import type { TestServer } from './server-fixture.js';

async function admin(sql: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql, values);
  } finally {
    await client.end();
  }
}

describe.skipIf(skipStore('postgres'))('the PostgreSQL account store unreachable', () => {
  let s: TestServer;
  let name: string;
  beforeAll(async () => {
    s = await makeServerOn('postgres');
    name = new URL(s.store.location).pathname.slice(1);
  });
  afterAll(async () => {
    await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await s?.close();
  });

  it('answers 503 with Retry-After while it is away, stays up, and serves again once it is back', async () => {
    const key = await s.account({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 10 });
    let served = 0;
    const validate = async () => {
      const res = await s.app.inject({ method: 'POST', url: '/v1/validate', payload: { input: '1 Main St, Sebastopol, CA 95472' }, headers: bearer(key) });
      if (res.statusCode === 200) served += 1;
      return res;
    };
    expect((await validate()).statusCode).toBe(200);

    await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    let away = await validate();
    // A request already past authentication when the sessions ended may still be served; the next ones are not.
    while (away.statusCode === 200) away = await validate();
    expect(away.statusCode, away.body).toBe(503);
    expect(away.json()).toMatchObject({ error: 'service_unavailable' });
    expect(away.headers['retry-after']).toBe('1');
    expect((await s.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    let back = await validate();
    while (back.statusCode === 503) back = await validate();
    expect(back.statusCode, back.body).toBe(200);
    // Each answer 200 recorded once; the 503s nothing (they were refused before their transaction began, or rolled back).
    expect((await s.usage('acme')).validation).toBe(served);
  });
});
