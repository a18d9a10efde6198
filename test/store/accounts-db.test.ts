// The SQLite accounts store: migrations, accounts, keys, atomic metering, daily reset.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/accounts/api-keys.js';
import { authenticate } from '../../src/accounts/authenticate.js';
import { ACCOUNTS_DB_FILE, migrateAccountsDb, openAccountsDb } from '../../src/store/accounts-db.js';
import type { SqliteAccountStore } from '../../src/store/accounts-db.js';

const dirs: string[] = [];
const stores: SqliteAccountStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function open(dir?: string): { store: SqliteAccountStore; dir: string } {
  const d = dir ?? mkdtempSync(join(tmpdir(), 'addr-accounts-'));
  if (dir === undefined) dirs.push(d);
  const store = openAccountsDb(d);
  stores.push(store);
  return { store, dir: d };
}

const DAY1 = new Date('2026-03-15T12:00:00Z');
const DAY1_LATE = new Date('2026-03-15T23:59:59Z');
const DAY2 = new Date('2026-03-16T00:00:00Z');

describe('accounts database', () => {
  it('creates the local account on the unlimited plan on first open, and migrates once', () => {
    const { store, dir } = open();
    expect(store.getAccount('local')).toMatchObject({ plan: 'unlimited', status: 'active' });
    const again = open(dir).store;
    expect(migrateAccountsDb(again.db)).toEqual([]);
    expect(again.listAccounts().map((a) => a.name)).toEqual(['local']);
    expect(again.db.prepare('SELECT version FROM schema_migrations').all()).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }]);
    expect(again.db.pragma('journal_mode', { simple: true })).toBe('wal');
  });

  it('creates, changes and refuses duplicate accounts', () => {
    const { store } = open();
    store.createAccount({ name: 'acme', plan: 'free_beta', email: 'x@acme.test' }, DAY1);
    expect(() => store.createAccount({ name: 'acme', plan: 'production' }, DAY1)).toThrow(/already exists/);
    expect(store.updateAccount('acme', { plan: 'production', includedLookups: 5, overage: true })).toMatchObject({ plan: 'production', includedLookups: 5, overage: true, email: 'x@acme.test' });
    expect(() => store.updateAccount('nope', { status: 'suspended' })).toThrow(expect.objectContaining({ code: 'ADDR_ERR_ACCOUNT_NOT_FOUND' }));
  });

  it('meters up to the allowance, records nothing when refused, and resets the next UTC day', () => {
    const { store } = open();
    store.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 3 }, DAY1);
    expect(store.consume('acme', { kind: 'validation', rows: 2 }, DAY1)).toMatchObject({ ok: true, allowed: 2 });
    expect(store.consume('acme', { kind: 'batch_row', rows: 2 }, DAY1)).toMatchObject({ ok: false });
    expect(store.consume('acme', { kind: 'batch_row', rows: 5, partial: true }, DAY1)).toMatchObject({ ok: true, allowed: 1 });
    expect(store.consume('acme', { kind: 'validation', rows: 1 }, DAY1_LATE)).toMatchObject({ ok: false });
    expect(store.consume('acme', { kind: 'validation', rows: 1 }, DAY2)).toMatchObject({ ok: true, allowed: 1 });
    expect(store.usageByDay({ account: 'acme' })).toEqual([
      { account: 'acme', day: '2026-03-15', validation: 2, batch_row: 1, autocomplete: 0 },
      { account: 'acme', day: '2026-03-16', validation: 1, batch_row: 0, autocomplete: 0 },
    ]);
    expect(store.usageByDay({ since: '2026-03-16' })).toHaveLength(1);
  });

  it('decides a batch (consumeMany) exactly as the same requests consumed one after the other', () => {
    const setUp = (store: SqliteAccountStore): void => {
      store.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 3 }, DAY1);
      store.createAccount({ name: 'prod', plan: 'production', includedLookups: 4, autocomplete: true }, DAY1);
      store.consume('prod', { kind: 'validation', rows: 1 }, DAY1);
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
    const one = open().store;
    setUp(one);
    const expected = batch.map((r) => {
      try {
        return one.consume(r.account, r.request, r.now);
      } catch (err) {
        return { ok: false, error: err };
      }
    });
    const many = open().store;
    setUp(many);
    const decisions = many.consumeMany(batch);
    const summary = (d: { ok: boolean; allowed?: number; error?: unknown }): unknown => (d.ok ? d.allowed : (d.error as { code: string }).code);
    expect(decisions.map(summary)).toEqual(expected.map(summary));
    expect(decisions.map(summary)).toEqual([2, 1, 'ADDR_ERR_QUOTA_EXCEEDED', 1, 1, 'ADDR_ERR_QUOTA_EXCEEDED', 1, 1, 'ADDR_ERR_LOOKUP_LIMIT', 1, 'ADDR_ERR_ACCOUNT_NOT_FOUND']);
    expect(many.usageByDay({})).toEqual(one.usageByDay({}));
    expect(many.consumeMany([])).toEqual([]);
  });

  it('authenticates from its cache, yet sees from the next event-loop turn a key revoked or an account suspended by another connection', async () => {
    const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
    const { store, dir } = open();
    const other = open(dir).store; // another process, as far as SQLite can tell
    store.createAccount({ name: 'acme', plan: 'production' }, DAY1);
    const k1 = generateApiKey();
    const k2 = generateApiKey();
    for (const k of [k1, k2]) store.addKey({ prefix: k.prefix, account: 'acme', hash: k.hash, createdAt: DAY1.toISOString() });
    expect(authenticate(store, k1.key, DAY1).status).toBe('active');
    expect(authenticate(store, k1.key, DAY1).status).toBe('active'); // from the cache
    other.updateAccount('acme', { status: 'suspended' });
    await nextTurn();
    expect(authenticate(store, k1.key, DAY1).status).toBe('suspended');
    other.revokeKey(k1.prefix, DAY1);
    await nextTurn();
    expect(() => authenticate(store, k1.key, DAY1)).toThrow(expect.objectContaining({ code: 'ADDR_ERR_UNAUTHORIZED' }));
    store.revokeKey(k2.prefix, DAY1); // this connection's own write
    expect(() => authenticate(store, k2.key, DAY1)).toThrow(expect.objectContaining({ code: 'ADDR_ERR_UNAUTHORIZED' }));
    expect(store.findKey(k2.prefix)?.lastUsedAt).toBeNull(); // the first authentication touched k1 only
    expect(store.findKey(k1.prefix)?.lastUsedAt).toBe(DAY1.toISOString());
  });

  it('applies plan changes to the next request', () => {
    const { store } = open();
    store.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 1 }, DAY1);
    expect(store.consume('acme', { kind: 'validation', rows: 1 }, DAY1)).toMatchObject({ ok: true });
    expect(store.consume('acme', { kind: 'validation', rows: 1 }, DAY1)).toMatchObject({ ok: false });
    store.updateAccount('acme', { dailyRows: 2 });
    expect(store.consume('acme', { kind: 'validation', rows: 1 }, DAY1)).toMatchObject({ ok: true });
    store.updateAccount('acme', { plan: 'production', includedLookups: 3 }); // the month's usage counts: 2 of 3
    expect(store.consume('acme', { kind: 'validation', rows: 2 }, DAY2)).toMatchObject({ ok: false, error: { code: 'ADDR_ERR_LOOKUP_LIMIT' } });
    store.updateAccount('acme', { overage: true });
    expect(store.consume('acme', { kind: 'validation', rows: 2 }, DAY2)).toMatchObject({ ok: true, allowed: 2 });
    store.updateAccount('acme', { status: 'suspended' });
    expect(store.consume('acme', { kind: 'validation', rows: 1 }, DAY2)).toMatchObject({ ok: false, error: { code: 'ADDR_ERR_ACCOUNT_SUSPENDED' } });
  });

  it('keeps only the hash of a key: the plain key appears nowhere in the files', () => {
    const { store, dir } = open();
    store.createAccount({ name: 'acme', plan: 'production' }, DAY1);
    const key = generateApiKey();
    store.addKey({ prefix: key.prefix, account: 'acme', hash: key.hash, createdAt: DAY1.toISOString() });
    expect(authenticate(store, key.key, DAY2).name).toBe('acme');
    expect(store.findKey(key.prefix)?.lastUsedAt).toBe(DAY2.toISOString());
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    for (const file of readdirSync(dir)) expect(readFileSync(join(dir, file)).includes(key.key.slice(13))).toBe(false);
    store.revokeKey(key.prefix, DAY2);
    expect(() => authenticate(store, key.key, DAY2)).toThrow(expect.objectContaining({ code: 'ADDR_ERR_UNAUTHORIZED' }));
    expect(() => authenticate(store, generateApiKey().key, DAY2)).toThrow(expect.objectContaining({ code: 'ADDR_ERR_UNAUTHORIZED' }));
    expect(() => authenticate(store, `${key.prefix}${'x'.repeat(35)}`, DAY2)).toThrow(expect.objectContaining({ code: 'ADDR_ERR_UNAUTHORIZED' }));
  });

  it('never exceeds an allowance when several processes meter at once', async () => {
    const { store, dir } = open();
    store.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 150 }, DAY1);
    store.close();
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
