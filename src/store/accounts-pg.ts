/**
 * The accounts, API keys, usage and batch checkpoints of addr in PostgreSQL
 * (`--accounts-url` / `ADDR_ACCOUNTS_URL` = postgres://…), so that several
 * `addr serve` instances, on one machine or many, share one set of accounts
 * and quotas. Implements the AccountStore port as src/store/accounts-db.ts
 * does for SQLite (docs/deployment.md).
 *
 * - Quotas: each decision locks the rows of the accounts it decides for,
 *   reads their usage, decides and records, in one transaction: concurrent
 *   deciders of any process or machine wait for each other, so an allowance is
 *   never exceeded. A batch of the meter (consumeMany) is one statement, a call
 *   of addr_consume (src/store/accounts-pg-schema.ts); a batch run's chunk
 *   (src/store/batch-runs-pg.ts) is a transaction of its own (decideIn, with
 *   SELECT … FOR UPDATE and src/accounts/decide-many.ts).
 * - Keys and accounts are cached for authentication while the store `watch`es:
 *   every change of an account or key is announced by a trigger (NOTIFY on
 *   ACCOUNTS_CHANNEL, src/store/accounts-pg-schema.ts) and bumps a version the
 *   store also reads every WATCH_MS; the cache is used only while that check
 *   succeeded less than CACHE_TRUST_MS ago, so a revocation or suspension is
 *   seen by every instance within a second, even when a notification is lost.
 * - A server that cannot be reached rejects with ADDR_ERR_ACCOUNTS_UNREACHABLE
 *   (503 with Retry-After for `addr serve`); the pool reconnects by itself.
 *   A transaction that fails is rolled back whole: nothing is recorded twice.
 */
import pg from 'pg';
import type { AccountPatch, AccountStore, ApiKeyRecord, ConsumeRequest, NewAccount, UsageRow } from '../accounts/account-store.js';
import type { BatchRunStore } from '../accounts/batch-runs.js';
import type { UsageDecision, UsageRequest } from '../accounts/decide-usage.js';
import { usageDay } from '../accounts/plans.js';
import type { Account, UsageKind } from '../accounts/plans.js';
import { AddrError, isAddrError } from '../core/model/errors.js';
import { ACCOUNTS_CHANNEL, MIGRATION_LOCK, PG_MIGRATIONS } from './accounts-pg-schema.js';
import { KEY_SELECT, NEW_ACCOUNT_COLUMNS, newAccountValues, patchColumns, toAccount, toKey } from './account-rows.js';
import type { AccountRow, KeyRow } from './account-rows.js';
import { PgBatchRunStore } from './batch-runs-pg.js';
import { consumeOnce, decideLocked } from './pg-decide.js';
import type { AccountsView } from './pg-decide.js';
import { CONNECT_TIMEOUT_MS, TYPES, TimedClient, isPostgresUrl, isUnreachable, redactUrl } from './pg-connection.js';
import type { Query } from './pg-connection.js';

/** How often a watching store reads the version of accounts and keys. */
const WATCH_MS = 250;
/** The cache is trusted this long after the last successful version check. */
const CACHE_TRUST_MS = 750;
/** At most this many keys and accounts are kept in the lookup cache (cleared when full). */
const CACHE_LIMIT = 10_000;
/** A key's last use is written at most this often per store (it is kept to the minute). */
const TOUCH_EVERY_MS = 60_000;

/** Opens the store at `url`, creating and migrating its schema; `watch` caches keys and accounts (addr serve). */
export async function openAccountsPg(url: string, options: { watch?: boolean; poolSize?: number } = {}): Promise<PgAccountStore> {
  if (!isPostgresUrl(url)) throw new AddrError('ADDR_ERR_USAGE', [`The accounts URL must start with postgres:// or postgresql:// (got '${redactUrl(url)}').`]);
  const store = new PgAccountStore(url, options.poolSize ?? 10);
  try {
    await store.migrate();
    if (options.watch === true) await store.watch();
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}

/** How many times in a row a batch is decided again on accounts read anew before it is decided in a transaction. */
const MAX_STALE_VIEWS = 3;

/** AccountStore over a pool of PostgreSQL connections. */
export class PgAccountStore implements AccountStore {
  readonly location: string;
  private readonly pool: pg.Pool;
  private readonly url: string;
  private readonly runs: PgBatchRunStore;
  private readonly touched = new Map<string, number>();
  private readonly keyRows = new Map<string, KeyRow>();
  private readonly accountRows = new Map<string, AccountRow>();
  private version = -1;
  private readonly touching = new Map<string, Promise<void>>(); // a key's note being written, by prefix
  private trustedUntil = 0; // performance.now() until which the cache may answer
  private watcher: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;
  private closed = false;
  private decisionView: AccountsView | null = null; // the accounts the last batch was decided with

  constructor(url: string, poolSize: number) {
    this.url = url;
    this.location = redactUrl(url);
    // The connect timeout bounds opening a connection only (a server that does not answer), not the wait for a free one.
    this.pool = new pg.Pool({ connectionString: url, max: poolSize, types: TYPES, Client: TimedClient });
    // An idle connection the server dropped: the pool discards it and opens another at the next query.
    this.pool.on('error', () => undefined);
    this.runs = new PgBatchRunStore(this);
  }

  /** The store's error for a failure of the server: unreachable, or the statement's own. */
  fail(err: unknown): unknown {
    if (isAddrError(err)) return err;
    const message = err instanceof Error ? err.message : String(err);
    if (isUnreachable(err)) {
      this.dropCache();
      return new AddrError('ADDR_ERR_ACCOUNTS_UNREACHABLE', [this.location, message], { cause: err });
    }
    return new AddrError('ADDR_ERR_ACCOUNTS_DB', [this.location, message], { cause: err });
  }

  /** A connection of the pool; failing to get one is the server being unreachable, whatever it answered. */
  private async connect(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (err) {
      this.dropCache();
      const message = err instanceof Error ? err.message : String(err);
      throw new AddrError('ADDR_ERR_ACCOUNTS_UNREACHABLE', [this.location, message], { cause: err });
    }
  }

  /** One statement, its failures as the store's errors. */
  async query(text: string, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.connect();
    let broken: Error | undefined;
    try {
      return await client.query(text, values);
    } catch (err) {
      if (isUnreachable(err)) broken = err as Error;
      throw this.fail(err);
    } finally {
      client.release(broken);
    }
  }

  /** Runs `work` in one transaction: committed whole, or rolled back whole. */
  async transaction<T>(work: (query: Query) => Promise<T>): Promise<T> {
    const client = await this.connect();
    let broken: unknown;
    try {
      await client.query('BEGIN');
      const result = await work((text, values) => client.query(text, values));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      broken = isUnreachable(err) ? err : undefined;
      if (broken === undefined) await client.query('ROLLBACK').catch((e: unknown) => { broken = e; });
      throw this.fail(err);
    } finally {
      client.release(broken as Error | undefined);
    }
  }

  /** Applies the migrations the database lacks (see src/store/accounts-pg-schema.ts). */
  async migrate(): Promise<number[]> {
    return this.transaction(async (q) => {
      await q('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await q('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
      const done = new Set((await q('SELECT version FROM schema_version')).rows.map((r: { version: number }) => r.version));
      const applied: number[] = [];
      for (const migration of PG_MIGRATIONS) {
        if (done.has(migration.version)) continue;
        await q(migration.sql);
        await q('INSERT INTO schema_version (version, description) VALUES ($1, $2)', [migration.version, migration.description]);
        applied.push(migration.version);
      }
      return applied;
    });
  }

  /** Starts caching keys and accounts, kept true by LISTEN and a version read every WATCH_MS. */
  async watch(): Promise<void> {
    await this.checkVersion();
    this.watcher = setInterval(() => void this.checkVersion(), WATCH_MS);
    this.watcher.unref();
    void this.listen();
  }

  private async checkVersion(): Promise<void> {
    try {
      const { rows } = await this.pool.query('SELECT version FROM accounts_version WHERE id = 1');
      const version = (rows[0] as { version: number } | undefined)?.version ?? -1;
      if (version !== this.version) {
        this.dropCache();
        this.version = version;
      }
      this.trustedUntil = performance.now() + CACHE_TRUST_MS;
    } catch {
      this.dropCache();
    }
  }

  /** LISTEN on a connection of its own: a change empties the cache at once; a lost connection is opened again. */
  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    let lost = false;
    const retry = (): void => {
      if (lost) return; // 'error' and 'end' both come for one loss: one new connection
      lost = true;
      if (this.listener === client) this.listener = null;
      client.removeAllListeners();
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.listen(), WATCH_MS).unref();
    };
    client.on('error', retry);
    client.on('notification', () => this.dropCache());
    try {
      await client.connect();
      await client.query(`LISTEN ${ACCOUNTS_CHANNEL}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.listener = client;
      client.on('end', retry);
    } catch {
      retry();
    }
  }

  private dropCache(): void {
    this.keyRows.clear();
    this.accountRows.clear();
  }

  private cacheTrusted(): boolean {
    return this.watcher !== null && performance.now() < this.trustedUntil;
  }

  private remember<T>(cache: Map<string, T>, key: string, row: T): void {
    if (!this.cacheTrusted()) return;
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, row);
  }

  private async accountRow(name: string, q: Query = (t, v) => this.query(t, v)): Promise<AccountRow | null> {
    return ((await q('SELECT * FROM accounts WHERE name = $1', [name])).rows[0] as AccountRow | undefined) ?? null;
  }

  private async requireRow(name: string, q?: Query): Promise<AccountRow> {
    const row = await this.accountRow(name, q);
    if (row === null) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [name]);
    return row;
  }

  async getAccount(name: string): Promise<Account | null> {
    let row: AccountRow | null | undefined = this.cacheTrusted() ? this.accountRows.get(name) : undefined;
    if (row === undefined) {
      row = await this.accountRow(name);
      if (row !== null) this.remember(this.accountRows, name, row);
    }
    return row === null ? null : toAccount(row);
  }

  async listAccounts(): Promise<Account[]> {
    return ((await this.query('SELECT * FROM accounts ORDER BY name')).rows as AccountRow[]).map(toAccount);
  }

  async createAccount(input: NewAccount, now: Date): Promise<Account> {
    this.dropCache();
    const { rows } = await this.query(`INSERT INTO accounts (${NEW_ACCOUNT_COLUMNS})
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (name) DO NOTHING RETURNING *`, newAccountValues(input, now, (v) => v));
    if (rows.length === 0) throw new AddrError('ADDR_ERR_USAGE', [`An account named '${input.name}' already exists.`]);
    return toAccount(rows[0] as AccountRow);
  }

  async updateAccount(name: string, patch: AccountPatch): Promise<Account> {
    this.dropCache();
    const columns = patchColumns(patch, (v) => v);
    if (columns.length === 0) return toAccount(await this.requireRow(name));
    const set = columns.map(([c], i) => `${c} = $${i + 2}`).join(', ');
    const { rows } = await this.query(`UPDATE accounts SET ${set} WHERE name = $1 RETURNING *`, [name, ...columns.map(([, v]) => v)]);
    if (rows.length === 0) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [name]);
    return toAccount(rows[0] as AccountRow);
  }

  async addKey(record: Omit<ApiKeyRecord, 'lastUsedAt' | 'revokedAt'>): Promise<void> {
    this.dropCache();
    const { rowCount } = await this.query(`INSERT INTO api_keys (prefix, account_id, hash, created_at)
      SELECT $1, id, $3, $4 FROM accounts WHERE name = $2`, [record.prefix, record.account, record.hash, record.createdAt]);
    if (rowCount === 0) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [record.account]);
  }

  async findKey(prefix: string): Promise<ApiKeyRecord | null> {
    let row: KeyRow | undefined = this.cacheTrusted() ? this.keyRows.get(prefix) : undefined;
    if (row === undefined) {
      row = (await this.query(`${KEY_SELECT} WHERE k.prefix = $1`, [prefix])).rows[0] as KeyRow | undefined;
      if (row !== undefined) this.remember(this.keyRows, prefix, row);
    }
    return row === undefined ? null : toKey(row);
  }

  async listKeys(account?: string): Promise<ApiKeyRecord[]> {
    if (account === undefined) return ((await this.query(`${KEY_SELECT} ORDER BY a.name, k.created_at`)).rows as KeyRow[]).map(toKey);
    const id = (await this.requireRow(account)).id;
    return ((await this.query(`${KEY_SELECT} WHERE k.account_id = $1 ORDER BY k.created_at`, [id])).rows as KeyRow[]).map(toKey);
  }

  async revokeKey(prefix: string, now: Date): Promise<ApiKeyRecord | null> {
    this.dropCache();
    await this.query('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE prefix = $2', [now.toISOString(), prefix]);
    const row = (await this.query(`${KEY_SELECT} WHERE k.prefix = $1`, [prefix])).rows[0] as KeyRow | undefined;
    return row === undefined ? null : toKey(row);
  }

  /** Notes a key's use (kept to the minute); resolves once the note is written, by this call or by the one in flight. */
  async touchKey(prefix: string, now: Date): Promise<void> {
    const at = now.getTime();
    const last = this.touched.get(prefix);
    if (last !== undefined && at - last < TOUCH_EVERY_MS && at >= last) return this.touching.get(prefix);
    this.touched.set(prefix, at);
    if (this.touched.size > CACHE_LIMIT) this.touched.clear();
    const note = (async (): Promise<void> => {
      try {
        await this.pool.query('UPDATE api_keys SET last_used_at = $1 WHERE prefix = $2', [now.toISOString(), prefix]);
        const cached = this.keyRows.get(prefix);
        if (cached !== undefined) cached.last_used_at = now.toISOString();
      } catch {
        // A key's last use is a note, not a record: written at a later use when the server cannot take it now.
        this.touched.delete(prefix);
      }
    })();
    this.touching.set(prefix, note);
    try {
      await note;
    } finally {
      if (this.touching.get(prefix) === note) this.touching.delete(prefix);
    }
  }

  /** The batch decided under the accounts' row locks inside the caller's transaction (pg-decide.ts). */
  async decideIn(q: Query, requests: readonly ConsumeRequest[]): Promise<UsageDecision[]> {
    return decideLocked(q, requests);
  }

  async consume(account: string, request: UsageRequest, now: Date): Promise<UsageDecision> {
    const [decision] = await this.consumeMany([{ account, request, now }]);
    return decision as UsageDecision;
  }

  /** The accounts named and the version of accounts and keys, read in one snapshot. */
  private async accountsAt(names: readonly string[]): Promise<AccountsView> {
    const { rows } = await this.query(`SELECT v.version AS addr_version, a.* FROM accounts_version v
      LEFT JOIN accounts a ON a.name = ANY($1) WHERE v.id = 1`, [names]);
    const view: AccountsView = { version: (rows[0] as { addr_version: number } | undefined)?.addr_version ?? -1, rows: new Map(names.map((name) => [name, null])) };
    for (const row of rows as (AccountRow & { addr_version: number })[]) if (row.name !== null) view.rows.set(row.name, row);
    return view;
  }

  /**
   * Decides and records a batch in one statement (addr_consume, src/store/accounts-pg-schema.ts): the
   * allowances are computed here from the account rows of `decisionView` (read again when it lacks one, or
   * when the function finds that an account or key changed since), the arithmetic under the accounts' locks
   * there; decideUsage then gives each request its answer from the usage the function saw, and must grant
   * what the function recorded. After MAX_STALE_VIEWS changed versions in a row (accounts being changed
   * all the while), the batch is decided in a transaction of its own (decideIn).
   */
  async consumeMany(requests: readonly ConsumeRequest[]): Promise<UsageDecision[]> {
    if (requests.length === 0) return [];
    const names = [...new Set(requests.map((r) => r.account))];
    for (let attempt = 0; attempt < MAX_STALE_VIEWS; attempt++) {
      let view = this.decisionView;
      if (view === null || attempt > 0 || names.some((name) => !view?.rows.has(name))) {
        const read = await this.accountsAt(names);
        // Rows read at the same version are as current as these: kept beside them (up to CACHE_LIMIT).
        const kept = this.decisionView;
        if (kept !== null && kept.version === read.version && kept.rows.size + read.rows.size <= CACHE_LIMIT) {
          for (const [name, row] of kept.rows) if (!read.rows.has(name)) read.rows.set(name, row);
        }
        view = read;
        this.decisionView = view;
      }
      const decided = await consumeOnce((t, v) => this.query(t, v), view, requests);
      if (decided !== null) return decided;
    }
    return this.transaction((q) => this.decideIn(q, requests));
  }

  async release(name: string, kind: UsageKind, units: number, day: string): Promise<void> {
    if (units <= 0) return;
    const { rowCount } = await this.query(`UPDATE usage SET count = GREATEST(0, count - $1)
      WHERE account_id = (SELECT id FROM accounts WHERE name = $2) AND day = $3 AND kind = $4`, [units, name, day, kind]);
    if (rowCount === 0) await this.requireRow(name);
  }

  async record(name: string, kind: UsageKind, units: number, now: Date): Promise<void> {
    if (units <= 0) {
      await this.requireRow(name);
      return;
    }
    const { rowCount } = await this.query(`INSERT INTO usage (account_id, day, kind, count) SELECT id, $2, $3, $4 FROM accounts WHERE name = $1
      ON CONFLICT (account_id, day, kind) DO UPDATE SET count = usage.count + excluded.count`, [name, usageDay(now), kind, units]);
    if (rowCount === 0) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [name]);
  }

  async usageByDay(filter: { account?: string; since?: string }): Promise<UsageRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.account !== undefined) {
      params.push((await this.requireRow(filter.account)).id);
      where.push(`u.account_id = $${params.length}`);
    }
    if (filter.since !== undefined) {
      params.push(filter.since);
      where.push(`u.day >= $${params.length}`);
    }
    const { rows } = await this.query(`SELECT a.name AS account, u.day,
        SUM(CASE WHEN u.kind = 'validation' THEN u.count ELSE 0 END)::bigint AS validation,
        SUM(CASE WHEN u.kind = 'batch_row' THEN u.count ELSE 0 END)::bigint AS batch_row,
        SUM(CASE WHEN u.kind = 'autocomplete' THEN u.count ELSE 0 END)::bigint AS autocomplete
      FROM usage u JOIN accounts a ON a.id = u.account_id
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      GROUP BY a.name, u.day ORDER BY u.day, a.name`, params);
    return rows as UsageRow[];
  }

  batchRuns(): BatchRunStore {
    return this.runs;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.watcher !== null) clearInterval(this.watcher);
    const listener = this.listener;
    this.listener = null;
    if (listener !== null) {
      listener.removeAllListeners();
      listener.on('error', () => undefined);
      await listener.end().catch(() => undefined);
    }
    await this.pool.end().catch(() => undefined);
  }
}
