// The account stores, SQLite (accounts.sqlite) and PostgreSQL (each test its own database): migrations,
// accounts, keys, atomic metering, daily reset; the same tests for both, the store's own ones apart.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountStore } from '../../src/accounts/account-store.js';
import { generateApiKey } from '../../src/accounts/api-keys.js';
import { authenticate } from '../../src/accounts/authenticate.js';
import { ACCOUNTS_DB_FILE, CACHE_CHECK_MS, migrateAccountsDb, openAccountsDb } from '../../src/store/accounts-db.js';
import type { SqliteAccountStore } from '../../src/store/accounts-db.js';
import { openAccountsPg } from '../../src/store/accounts-pg.js';
import type { PgAccountStore } from '../../src/store/accounts-pg.js';
import { POSTGRES_URL, STORE_KINDS, createDatabase, skipStore } from './pg-fixture.js';
import type { StoreKind } from './pg-fixture.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A new SQLite store, or another connection to the one of `dir`. */
function open(dir?: string): { store: SqliteAccountStore; dir: string } {
  const d = dir ?? mkdtempSync(join(tmpdir(), 'addr-accounts-'));
  if (dir === undefined) cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  const store = openAccountsDb(d);
  cleanups.push(() => store.close());
  return { store, dir: d };
}

/** A new empty store of `kind`, and `another()`: one more connection to it (another process, as far as the store can tell). */
async function fresh(kind: StoreKind, options: { watch?: boolean } = {}): Promise<{ store: AccountStore; another(): Promise<AccountStore> }> {
  if (kind === 'sqlite') {
    const { store, dir } = open();
    return { store, another: async () => open(dir).store };
  }
  const db = await createDatabase();
  cleanups.push(() => db.drop());
  const connect = async (): Promise<PgAccountStore> => {
    const store = await openAccountsPg(db.url, options);
    cleanups.push(() => store.close());
    return store;
  };
  return { store: await connect(), another: connect };
}

const DAY1 = new Date('2026-03-15T12:00:00Z');
const DAY1_LATE = new Date('2026-03-15T23:59:59Z');
const DAY2 = new Date('2026-03-16T00:00:00Z');

describe.each(STORE_KINDS)('%s account store', (kind) => {
  describe.skipIf(skipStore(kind))(kind, () => {
    it('creates the local account on the unlimited plan, once', async () => {
      const { store, another } = await fresh(kind);
      expect(await store.getAccount('local')).toMatchObject({ plan: 'unlimited', status: 'active' });
      const again = await another();
      expect((await again.listAccounts()).map((a) => a.name)).toEqual(['local']);
    });

    it('creates, changes and refuses duplicate accounts', async () => {
      const { store } = await fresh(kind);
      await store.createAccount({ name: 'acme', plan: 'free_beta', email: 'x@acme.test' }, DAY1);
      await expect(store.createAccount({ name: 'acme', plan: 'production' }, DAY1)).rejects.toThrow(/already exists/);
      expect(await store.updateAccount('acme', { plan: 'production', includedLookups: 5, overage: true })).toMatchObject({ plan: 'production', includedLookups: 5, overage: true, email: 'x@acme.test' });
      await expect(store.updateAccount('nope', { status: 'suspended' })).rejects.toThrow(expect.objectContaining({ code: 'ADDR_ERR_ACCOUNT_NOT_FOUND' }));
    });

    it('meters up to the allowance, records nothing when refused, and resets the next UTC day', async () => {
      const { store } = await fresh(kind);
      await store.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 3 }, DAY1);
      expect(await store.consume('acme', { kind: 'validation', rows: 2 }, DAY1)).toMatchObject({ ok: true, allowed: 2 });
      expect(await store.consume('acme', { kind: 'batch_row', rows: 2 }, DAY1)).toMatchObject({ ok: false });
      expect(await store.consume('acme', { kind: 'batch_row', rows: 5, partial: true }, DAY1)).toMatchObject({ ok: true, allowed: 1 });
      expect(await store.consume('acme', { kind: 'validation', rows: 1 }, DAY1_LATE)).toMatchObject({ ok: false });
      expect(await store.consume('acme', { kind: 'validation', rows: 1 }, DAY2)).toMatchObject({ ok: true, allowed: 1 });
      expect(await store.usageByDay({ account: 'acme' })).toEqual([
        { account: 'acme', day: '2026-03-15', validation: 2, batch_row: 1, autocomplete: 0 },
        { account: 'acme', day: '2026-03-16', validation: 1, batch_row: 0, autocomplete: 0 },
      ]);
      expect(await store.usageByDay({ since: '2026-03-16' })).toHaveLength(1);
      await store.release('acme', 'validation', 5, '2026-03-15'); // never below zero
      await store.record('acme', 'autocomplete', 2, DAY2);
      expect(await store.usageByDay({ account: 'acme' })).toEqual([
        { account: 'acme', day: '2026-03-15', validation: 0, batch_row: 1, autocomplete: 0 },
        { account: 'acme', day: '2026-03-16', validation: 1, batch_row: 0, autocomplete: 2 },
      ]);
      await expect(store.record('nobody', 'validation', 1, DAY2)).rejects.toThrow(expect.objectContaining({ code: 'ADDR_ERR_ACCOUNT_NOT_FOUND' }));
    });

    it('decides a batch (consumeMany) exactly as the same requests consumed one after the other', async () => {
      const setUp = async (store: AccountStore): Promise<void> => {
        await store.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 3 }, DAY1);
        await store.createAccount({ name: 'prod', plan: 'production', includedLookups: 4, autocomplete: true }, DAY1);
        await store.consume('prod', { kind: 'validation', rows: 1 }, DAY1);
      };
      const batch = [
        { account: 'acme', request: { kind: 'validation' as const, rows: 2 }, now: DAY1 },
        { account: 'prod', request: { kind: 'autocomplete' as const, rows: 1 }, now: DAY1 },
        { account: 'acme', request: { kind: 'batch_row' as const, rows: 2 }, now: DAY1 },
        { account: 'prod', request: { kind: 'validation' as const, rows: 1 }, now: DAY1_LATE },
        { account: 'acme', request: { kind: 'batch_row' as const, rows: 5, partial: true }, now: DAY1 },
        { account: 'acme', request: { kind: 'validation' as const, rows: 1 }, now: DAY1_LATE },
        { account: 'prod', request: { kind: 'validation' as const, rows: 1 }, now: DAY2 }, // a new day, the same month: 3 of 4
        { account: 'acme', request: { kind: 'validation' as const, rows: 1 }, now: DAY2 },
        { account: 'prod', request: { kind: 'validation' as const, rows: 2 }, now: DAY2 },
        { account: 'prod', request: { kind: 'validation' as const, rows: 1 }, now: DAY2 },
        { account: 'nobody', request: { kind: 'validation' as const, rows: 1 }, now: DAY2 },
      ];
      const one = (await fresh(kind)).store;
      await setUp(one);
      const expected = [];
      for (const r of batch) {
        try {
          expected.push(await one.consume(r.account, r.request, r.now));
        } catch (err) {
          expected.push({ ok: false, error: err });
        }
      }
      const many = (await fresh(kind)).store;
      await setUp(many);
      const decisions = await many.consumeMany(batch);
      const summary = (d: { ok: boolean; allowed?: number; error?: unknown }): unknown => (d.ok ? d.allowed : (d.error as { code: string }).code);
      expect(decisions.map(summary)).toEqual(expected.map(summary));
      expect(decisions.map(summary)).toEqual([2, 1, 'ADDR_ERR_QUOTA_EXCEEDED', 1, 1, 'ADDR_ERR_QUOTA_EXCEEDED', 1, 1, 'ADDR_ERR_LOOKUP_LIMIT', 1, 'ADDR_ERR_ACCOUNT_NOT_FOUND']);
      expect(await many.usageByDay({})).toEqual(await one.usageByDay({}));
      expect(await many.consumeMany([])).toEqual([]);
    });

    it('applies plan changes to the next request', async () => {
      const { store } = await fresh(kind);
      await store.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 1 }, DAY1);
      expect(await store.consume('acme', { kind: 'validation', rows: 1 }, DAY1)).toMatchObject({ ok: true });
      expect(await store.consume('acme', { kind: 'validation', rows: 1 }, DAY1)).toMatchObject({ ok: false });
      await store.updateAccount('acme', { dailyRows: 2 });
      expect(await store.consume('acme', { kind: 'validation', rows: 1 }, DAY1)).toMatchObject({ ok: true });
      await store.updateAccount('acme', { plan: 'production', includedLookups: 3 }); // the month's usage counts: 2 of 3
      expect(await store.consume('acme', { kind: 'validation', rows: 2 }, DAY2)).toMatchObject({ ok: false, error: { code: 'ADDR_ERR_LOOKUP_LIMIT' } });
      await store.updateAccount('acme', { overage: true });
      expect(await store.consume('acme', { kind: 'validation', rows: 2 }, DAY2)).toMatchObject({ ok: true, allowed: 2 });
      await store.updateAccount('acme', { status: 'suspended' });
      expect(await store.consume('acme', { kind: 'validation', rows: 1 }, DAY2)).toMatchObject({ ok: false, error: { code: 'ADDR_ERR_ACCOUNT_SUSPENDED' } });
    });

    it('authenticates by a key\'s hash, notes its last use, and refuses revoked and unknown keys', async () => {
      const { store } = await fresh(kind);
      await store.createAccount({ name: 'acme', plan: 'production' }, DAY1);
      const key = generateApiKey();
      await store.addKey({ prefix: key.prefix, account: 'acme', hash: key.hash, createdAt: DAY1.toISOString() });
      await expect(store.addKey({ ...generateApiKey(), account: 'nobody', createdAt: DAY1.toISOString() })).rejects.toThrow(expect.objectContaining({ code: 'ADDR_ERR_ACCOUNT_NOT_FOUND' }));
      expect((await authenticate(store, key.key, DAY2)).name).toBe('acme');
      await store.touchKey(key.prefix, DAY2); // what authenticate started, done (kept to the minute)
      expect((await store.findKey(key.prefix))?.lastUsedAt).toBe(DAY2.toISOString());
      expect((await store.listKeys('acme')).map((k) => k.prefix)).toEqual([key.prefix]);
      expect((await store.revokeKey(key.prefix, DAY2))?.revokedAt).toBe(DAY2.toISOString());
      expect(await store.revokeKey('addr_nothing0', DAY2)).toBeNull();
      await expect(authenticate(store, key.key, DAY2)).rejects.toThrow(expect.objectContaining({ code: 'ADDR_ERR_UNAUTHORIZED' }));
      await expect(authenticate(store, generateApiKey().key, DAY2)).rejects.toThrow(expect.objectContaining({ code: 'ADDR_ERR_UNAUTHORIZED' }));
      await expect(authenticate(store, `${key.prefix}${'x'.repeat(35)}`, DAY2)).rejects.toThrow(expect.objectContaining({ code: 'ADDR_ERR_UNAUTHORIZED' }));
    });

    it('never exceeds an allowance when several connections meter at once', async () => {
      const { store, another } = await fresh(kind);
      await store.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 30 }, DAY1);
      const connections = [store, await another(), await another()];
      // 60 requests of one row from three connections, each sending its own in parallel (PostgreSQL) or in turn (SQLite).
      const granted = await Promise.all(connections.map(async (c) => {
        const decisions = await Promise.all(Array.from({ length: 20 }, () => c.consume('acme', { kind: 'validation', rows: 1 }, DAY1)));
        return decisions.filter((d) => d.ok).length;
      }));
      expect(granted.reduce((a, b) => a + b, 0)).toBe(30);
      expect((await store.usageByDay({ account: 'acme' }))[0]?.validation).toBe(30);
    });
  });
});

describe.skipIf(skipStore('postgres'))('postgres: a key\'s note of its use', () => {
  it('resolves only once written, also when another call is writing it (authenticate starts one, not awaited)', async () => {
    const db = await createDatabase();
    cleanups.push(() => db.drop());
    const store = await openAccountsPg(db.url);
    cleanups.push(() => store.close());
    await store.createAccount({ name: 'acme', plan: 'production' }, DAY1);
    const key = generateApiKey();
    await store.addKey({ prefix: key.prefix, account: 'acme', hash: key.hash, createdAt: DAY1.toISOString() });
    // Another session holds the key's row: the first note waits on it.
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM api_keys WHERE prefix = $1 FOR UPDATE', [key.prefix]);
      const first = store.touchKey(key.prefix, DAY2);
      let secondDone = false;
      const second = store.touchKey(key.prefix, DAY2).then(() => { secondDone = true; }); // kept to the minute: no write of its own
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(secondDone).toBe(false); // it waits for the note in flight
      await holder.query('COMMIT');
      await second;
      expect((await store.findKey(key.prefix))?.lastUsedAt).toBe(DAY2.toISOString());
      await first;
    } finally {
      await holder.end();
    }
  });
});

describe('sqlite account store', () => {
  it('migrates once, in WAL mode', async () => {
    const { dir } = open();
    const again = open(dir).store;
    expect(migrateAccountsDb(again.db)).toEqual([]);
    expect(again.db.prepare('SELECT version FROM schema_migrations').all()).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }, { version: 4 }]);
    expect(again.db.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('authenticates from its cache, yet sees within CACHE_CHECK_MS a key revoked or an account suspended by another connection', async () => {
    vi.useFakeTimers({ toFake: ['performance'] }); // the cache's clock: performance.now()
    cleanups.push(() => {
      vi.useRealTimers();
    });
    const later = (): void => {
      vi.advanceTimersByTime(CACHE_CHECK_MS);
    };
    const { store, dir } = open();
    const other = open(dir).store; // another process, as far as SQLite can tell
    await store.createAccount({ name: 'acme', plan: 'production' }, DAY1);
    const k1 = generateApiKey();
    const k2 = generateApiKey();
    for (const k of [k1, k2]) await store.addKey({ prefix: k.prefix, account: 'acme', hash: k.hash, createdAt: DAY1.toISOString() });
    expect((await authenticate(store, k1.key, DAY1)).status).toBe('active');
    await other.updateAccount('acme', { status: 'suspended' });
    vi.advanceTimersByTime(CACHE_CHECK_MS - 1);
    expect((await authenticate(store, k1.key, DAY1)).status).toBe('active'); // from the cache, not asked again yet
    vi.advanceTimersByTime(1);
    expect((await authenticate(store, k1.key, DAY1)).status).toBe('suspended');
    // Quotas do not wait for the cache: the metering transaction reads the account again.
    await other.updateAccount('acme', { status: 'active' });
    later();
    expect((await authenticate(store, k1.key, DAY1)).status).toBe('active'); // cached again
    await other.updateAccount('acme', { status: 'suspended' });
    expect((await authenticate(store, k1.key, DAY1)).status).toBe('active'); // from the cache
    expect(await store.consumeMany([{ account: 'acme', request: { kind: 'validation', rows: 1 }, now: DAY1 }]))
      .toEqual([{ ok: false, error: expect.objectContaining({ code: 'ADDR_ERR_ACCOUNT_SUSPENDED' }) }]);
    await other.updateAccount('acme', { status: 'active' });
    later();
    expect((await authenticate(store, k1.key, DAY1)).status).toBe('active');
    await other.revokeKey(k1.prefix, DAY1);
    later();
    await expect(authenticate(store, k1.key, DAY1)).rejects.toThrow(expect.objectContaining({ code: 'ADDR_ERR_UNAUTHORIZED' }));
    await store.revokeKey(k2.prefix, DAY1); // this connection's own write: at once
    await expect(authenticate(store, k2.key, DAY1)).rejects.toThrow(expect.objectContaining({ code: 'ADDR_ERR_UNAUTHORIZED' }));
    expect((await store.findKey(k2.prefix))?.lastUsedAt).toBeNull(); // the first authentication touched k1 only
    expect((await store.findKey(k1.prefix))?.lastUsedAt).toBe(DAY1.toISOString());
  });

  it('with cacheCheckMs 0, sees a change by another connection at the next lookup', async () => {
    const { dir } = open();
    const store = openAccountsDb(dir, { cacheCheckMs: 0 });
    cleanups.push(() => store.close());
    const other = open(dir).store;
    await store.createAccount({ name: 'acme', plan: 'production' }, DAY1);
    const key = generateApiKey();
    await store.addKey({ prefix: key.prefix, account: 'acme', hash: key.hash, createdAt: DAY1.toISOString() });
    expect((await authenticate(store, key.key, DAY1)).name).toBe('acme');
    await other.revokeKey(key.prefix, DAY1);
    await expect(authenticate(store, key.key, DAY1)).rejects.toThrow(expect.objectContaining({ code: 'ADDR_ERR_UNAUTHORIZED' }));
  });

  it('keeps its cache while other connections only record usage, and drops it when they change an account or a key', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    cleanups.push(() => {
      vi.useRealTimers();
    });
    const later = (): void => {
      vi.advanceTimersByTime(CACHE_CHECK_MS);
    };
    const { store, dir } = open();
    const other = open(dir).store; // another worker of addr serve --workers, as far as SQLite can tell
    await store.createAccount({ name: 'acme', plan: 'production', overage: true }, DAY1);
    const key = generateApiKey();
    await store.addKey({ prefix: key.prefix, account: 'acme', hash: key.hash, createdAt: DAY1.toISOString() });
    later();
    expect((await store.findKey(key.prefix))?.lastUsedAt).toBeNull();
    // A key's last use written behind the store's back, then usage recorded: both commits of another connection.
    other.db.prepare('UPDATE api_keys SET last_used_at = ? WHERE prefix = ?').run(DAY2.toISOString(), key.prefix);
    expect(await other.consume('acme', { kind: 'validation', rows: 1 }, DAY1)).toMatchObject({ ok: true });
    later();
    expect((await store.findKey(key.prefix))?.lastUsedAt).toBeNull(); // still the cached row: neither changed a key
    other.db.prepare('UPDATE accounts SET plan = ? WHERE name = ?').run('free_beta', 'acme'); // a raw change: the trigger tells
    later();
    expect((await store.findKey(key.prefix))?.lastUsedAt).toBe(DAY2.toISOString());
    expect((await store.getAccount('acme'))?.plan).toBe('free_beta');
  });

  it('keeps only the hash of a key: the plain key appears nowhere in the files', async () => {
    const { store, dir } = open();
    await store.createAccount({ name: 'acme', plan: 'production' }, DAY1);
    const key = generateApiKey();
    await store.addKey({ prefix: key.prefix, account: 'acme', hash: key.hash, createdAt: DAY1.toISOString() });
    expect((await authenticate(store, key.key, DAY2)).name).toBe('acme');
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file)).includes(key.key.slice(13))).toBe(false);
  });

  it('never exceeds an allowance when several processes meter at once', async () => {
    const { store, dir } = open();
    await store.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 150 }, DAY1);
    store.closeSync();
    const worker = new URL('./meter-worker.mjs', import.meta.url);
    const runs = await Promise.all([0, 1, 2].map(() => new Promise<number>((resolve, reject) => {
      const child = fork(worker, [dir, '100'], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
      let out = '';
      child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      child.on('error', reject);
      child.on('exit', (c) => (c === 0 ? resolve(Number(out.trim())) : reject(new Error(`worker exited ${c}`))));
    })));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(150);
    const db = new Database(join(dir, ACCOUNTS_DB_FILE), { readonly: true });
    expect(db.prepare('SELECT SUM(count) AS n FROM usage').get()).toEqual({ n: 150 });
    db.close();
  });
});

describe.skipIf(skipStore('postgres'))('postgresql account store', () => {
  it('creates its schema once, versioned, whoever starts first', async () => {
    const db = await createDatabase();
    cleanups.push(() => db.drop());
    const stores = await Promise.all([0, 1, 2].map(() => openAccountsPg(db.url)));
    for (const s of stores) cleanups.push(() => s.close());
    expect(await stores[0]?.migrate()).toEqual([]);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      expect((await client.query('SELECT version FROM schema_version ORDER BY version')).rows).toEqual([{ version: 1 }, { version: 2 }]);
      expect((await client.query("SELECT count(*)::int AS n FROM accounts WHERE name = 'local'")).rows).toEqual([{ n: 1 }]);
    } finally {
      await client.end();
    }
  });

  it('sees within a second a key revoked or an account suspended through another connection, and caches between', async () => {
    const { store, another } = await fresh('postgres', { watch: true });
    const admin = await another();
    await admin.createAccount({ name: 'acme', plan: 'production' }, DAY1);
    const key = generateApiKey();
    await admin.addKey({ prefix: key.prefix, account: 'acme', hash: key.hash, createdAt: DAY1.toISOString() });
    const until = async (check: () => Promise<boolean>): Promise<number> => {
      const start = performance.now();
      while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
      return performance.now() - start;
    };
    await until(async () => (await authenticate(store, key.key, DAY1).catch(() => null)) !== null);
    await admin.updateAccount('acme', { status: 'suspended' });
    await until(async () => (await authenticate(store, key.key, DAY1)).status === 'suspended');
    await admin.revokeKey(key.prefix, DAY1);
    await until(async () => (await authenticate(store, key.key, DAY1).catch((e: { code?: string }) => e.code)) === 'ADDR_ERR_UNAUTHORIZED');
    const seen = await Promise.race([
      until(async () => (await authenticate(store, key.key, DAY1).catch((e: { code?: string }) => e.code)) === 'ADDR_ERR_UNAUTHORIZED'),
      new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 1000)),
    ]);
    expect(seen).toBeLessThan(1000);
  });

  it('decides each batch in one statement: exact under concurrency of several instances, whatever the mix of requests', async () => {
    const { store, another } = await fresh('postgres');
    await store.createAccount({ name: 'free', plan: 'free_beta', emailVerified: true, dailyRows: 40 }, DAY1);
    await store.createAccount({ name: 'prod', plan: 'production', includedLookups: 60 }, DAY1);
    await store.createAccount({ name: 'over', plan: 'production', includedLookups: 5, overage: true }, DAY1);
    await store.createAccount({ name: 'shut', plan: 'production', status: 'suspended' }, DAY1);
    const instances = [store, await another(), await another(), await another()];
    const statements: string[] = [];
    const spied = instances[1] as PgAccountStore;
    const query = spied.query.bind(spied);
    spied.query = (text, values) => {
      statements.push(text);
      return query(text, values);
    };
    // Each instance sends batches of 7 requests: 1 validation of each account, 2 batch rows of 'free'
    // and 3 of 'prod' with partial grants, and 1 row for an account that does not exist.
    const batch = (now: Date) => [
      { account: 'free', request: { kind: 'validation' as const, rows: 1 }, now },
      { account: 'prod', request: { kind: 'validation' as const, rows: 1 }, now },
      { account: 'over', request: { kind: 'validation' as const, rows: 1 }, now },
      { account: 'shut', request: { kind: 'validation' as const, rows: 1 }, now },
      { account: 'free', request: { kind: 'batch_row' as const, rows: 2, partial: true }, now },
      { account: 'prod', request: { kind: 'batch_row' as const, rows: 3, partial: true }, now },
      { account: 'nobody', request: { kind: 'validation' as const, rows: 1 }, now },
    ];
    // A first batch each (the accounts read), then 25 at once.
    const decided = (await Promise.all(instances.map((s) => s.consumeMany(batch(DAY1))))).flat();
    statements.length = 0;
    decided.push(...(await Promise.all(instances.flatMap((s) => Array.from({ length: 25 }, () => s.consumeMany(batch(DAY1)))))).flat());
    const granted = (account: string): number => decided.reduce((n, d, i) => n + (batch(DAY1)[i % 7]?.account === account && d.ok ? d.allowed : 0), 0);
    expect(granted('free')).toBe(40);
    expect(granted('prod')).toBe(60);
    expect(granted('over')).toBe(104);
    expect(granted('shut')).toBe(0);
    const codes = new Set(decided.filter((d) => !d.ok).map((d) => (d.ok ? '' : d.error.code)));
    expect([...codes].sort()).toEqual(['ADDR_ERR_ACCOUNT_NOT_FOUND', 'ADDR_ERR_ACCOUNT_SUSPENDED', 'ADDR_ERR_LOOKUP_LIMIT', 'ADDR_ERR_QUOTA_EXCEEDED']);
    const usage = await store.usageByDay({});
    const recorded = (account: string): number => usage.filter((u) => u.account === account).reduce((n, u) => n + u.validation + u.batch_row, 0);
    expect(['free', 'prod', 'over', 'shut'].map(recorded)).toEqual([40, 60, 104, 0]);
    // Once it had read its accounts, the spied instance decided each of its 25 batches in one statement, and nothing else.
    expect(statements.filter((t) => t.includes('addr_consume'))).toHaveLength(25);
    expect(statements.filter((t) => !t.includes('addr_consume'))).toEqual([]);
  });

  it('decides with an account as it is now when another instance changed it since it was read', async () => {
    const { store, another } = await fresh('postgres');
    const admin = await another();
    await admin.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 1 }, DAY1);
    expect(await store.consume('acme', { kind: 'validation', rows: 1 }, DAY1)).toMatchObject({ ok: true });
    expect(await store.consume('acme', { kind: 'validation', rows: 1 }, DAY1)).toMatchObject({ ok: false, error: { code: 'ADDR_ERR_QUOTA_EXCEEDED' } });
    await admin.updateAccount('acme', { dailyRows: 3 });
    expect(await store.consume('acme', { kind: 'validation', rows: 2 }, DAY1)).toMatchObject({ ok: true, allowed: 2, remaining: 0 });
    await admin.updateAccount('acme', { status: 'suspended' });
    expect(await store.consume('acme', { kind: 'validation', rows: 1 }, DAY2)).toMatchObject({ ok: false, error: { code: 'ADDR_ERR_ACCOUNT_SUSPENDED' } });
    await admin.createAccount({ name: 'late', plan: 'unlimited' }, DAY1); // created after the first reads
    expect(await store.consume('late', { kind: 'validation', rows: 7 }, DAY2)).toMatchObject({ ok: true, allowed: 7 });
    expect((await store.usageByDay({ account: 'acme' }))[0]?.validation).toBe(3);
  });

  it('answers ADDR_ERR_ACCOUNTS_UNREACHABLE when the server cannot be reached, and works again once it can', async () => {
    const { store } = await fresh('postgres');
    const db = new URL((store as PgAccountStore).location);
    // Every connection of the store's database closed by the server, as a restart would.
    const kill = async (): Promise<void> => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [db.pathname.slice(1)]);
      await client.end();
    };
    await store.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 5 }, DAY1);
    await kill();
    // The pool's idle connections are gone: the next statement fails on one of them or opens a new one.
    const first = await store.consume('acme', { kind: 'validation', rows: 1 }, DAY1).then((d) => (d.ok ? 'ok' : d.error.code), (e: { code?: string }) => e.code);
    const second = await store.consume('acme', { kind: 'validation', rows: 1 }, DAY1);
    expect(['ok', 'ADDR_ERR_ACCOUNTS_UNREACHABLE']).toContain(first);
    expect(second).toMatchObject({ ok: true });
    const unreachable = await openAccountsPg('postgres://nobody@127.0.0.1:1/none').catch((e: { code?: string }) => e.code);
    expect(unreachable).toBe('ADDR_ERR_ACCOUNTS_UNREACHABLE');
    await expect(openAccountsPg('mysql://x')).rejects.toThrow(expect.objectContaining({ code: 'ADDR_ERR_USAGE' }));
  });
});
