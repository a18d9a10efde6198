// accounts.sqlite write-locked by another connection (another process, in real
// life): the server's event loop goes on (/healthz answers before the waiting
// request does), the waiting request gets 503 service_unavailable with
// Retry-After and the ADDR_ERR_ACCOUNTS_DB log line, nothing is charged for it,
// and once the lock is gone requests are served and counted exactly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/accounts/api-keys.js';
import { buildApp } from '../../src/server/app.js';
import { createMeter } from '../../src/accounts/meter.js';
import { ACCOUNTS_DB_FILE, openAccountsDb } from '../../src/store/accounts-db.js';
import type { SqliteAccountStore } from '../../src/store/accounts-db.js';
import { bearer, realEngine } from './server-fixture.js';

let dir: string;
let store: SqliteAccountStore;
let app: ReturnType<typeof buildApp>;
let key: string;
const lines: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'addr-lock-'));
  store = openAccountsDb(dir, { busyTimeoutMs: 0 }); // as addr serve opens it
  const now = () => new Date();
  await store.createAccount({ name: 'acme', plan: 'production' }, now());
  const k = generateApiKey();
  await store.addKey({ prefix: k.prefix, account: 'acme', hash: k.hash, createdAt: now().toISOString() });
  key = k.key;
  const stream = { write: (l: string) => lines.push(l) } as unknown as NodeJS.WritableStream;
  // A short wait keeps the test quick; the order of answers, not a duration, is what is checked.
  app = buildApp({ engine: realEngine(), accounts: store, contract: 'a', now, logger: { level: 'info', stream }, meter: createMeter(store, now, 300) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  store.closeSync();
  rmSync(dir, { recursive: true, force: true });
});

const validate = (k = key) => app.inject({ method: 'POST', url: '/v1/validate', headers: bearer(k), payload: { input: '1 Main St, Sebastopol, CA 95472' } });

describe('accounts.sqlite locked by another process', () => {
  it('does not freeze the server: /healthz answers first, the waiting request gets 503 with Retry-After, nothing charged', async () => {
    expect((await validate()).statusCode).toBe(200); // the key's use is noted now, so the locked request only needs its quota
    const fresh = generateApiKey();
    await store.addKey({ prefix: fresh.prefix, account: 'acme', hash: fresh.hash, createdAt: new Date().toISOString() });
    const other = new Database(join(dir, ACCOUNTS_DB_FILE));
    other.exec('BEGIN IMMEDIATE'); // holds the write lock
    const order: string[] = [];
    try {
      const waiting = validate().then((res) => {
        order.push('validate');
        return res;
      });
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      order.push('healthz');
      expect(health.statusCode).toBe(200);
      const res = await waiting;
      expect(order).toEqual(['healthz', 'validate']);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({ error: 'service_unavailable', request_id: res.headers['x-request-id'] });
      expect(res.json().message).toContain('locked by another process');
      expect(lines.join('')).toContain('"code":"ADDR_ERR_ACCOUNTS_DB"');
      // A key used for the first time (its last use cannot be written now) gets the same answer.
      expect((await validate(fresh.key)).statusCode).toBe(503);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await store.usageByDay({ account: 'acme' })).at(-1)?.validation).toBe(1);
  });


  it('a lock released while requests wait: every one is served and counted once', async () => {
    const other = new Database(join(dir, ACCOUNTS_DB_FILE));
    other.exec('BEGIN IMMEDIATE');
    const pending = Promise.all(Array.from({ length: 5 }, () => validate()));
    await new Promise((resolve) => setImmediate(resolve)); // they have asked, and found the lock held
    other.exec('ROLLBACK');
    other.close();
    const answers = await pending;
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await store.usageByDay({ account: 'acme' })).at(-1)?.validation).toBe(6);
  });
});
