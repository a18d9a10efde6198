/**
 * The accounts, API keys and usage of addr in SQLite: `accounts.sqlite` under
 * the data directory. WAL mode and a busy timeout let the CLI and `addr serve`
 * share the file; every check-and-record of usage runs in one IMMEDIATE
 * transaction, so concurrent processes serialise on the write lock and can
 * never exceed an allowance. Implements the AccountStore port.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { AccountPatch, AccountStore, ApiKeyRecord, ConsumeRequest, NewAccount, UsageRow } from '../accounts/account-store.js';
import { decideMany } from '../accounts/decide-many.js';
import type { BatchRunStore } from '../accounts/batch-runs.js';
import { decideUsage } from '../accounts/decide-usage.js';
import type { UsageDecision, UsageRequest } from '../accounts/decide-usage.js';
import { usageDay, usageWindow } from '../accounts/plans.js';
import type { Account, UsageKind } from '../accounts/plans.js';
import { AddrError, isAddrError } from '../core/model/errors.js';
import { KEY_SELECT, NEW_ACCOUNT_COLUMNS, newAccountValues, patchColumns, toAccount, toKey } from './account-rows.js';
import type { AccountRow, KeyRow } from './account-rows.js';
import { ACCOUNT_MIGRATIONS } from './accounts-migrations.js';
import { ensurePrivateDir, ensurePrivateFile } from './private-files.js';
import type { Migration } from './accounts-migrations.js';
import { SqliteBatchRunStore } from './batch-runs-db.js';

/** The file name of the accounts database in the data directory. */
export const ACCOUNTS_DB_FILE = 'accounts.sqlite';

/** How long a writer waits for another process's write lock before failing. */
const BUSY_TIMEOUT_MS = 10_000;

/** At most this many keys and accounts are kept in the lookup cache (cleared when full). */
const CACHE_LIMIT = 10_000;

/**
 * How often the lookup cache asks whether another connection changed an account or a key (PRAGMA data_version,
 * then the accounts_version row): a revocation or a suspension made elsewhere is seen within this time. Asked
 * once per event-loop turn before, which under load was one or two requests (~1.5% of a serve worker's time
 * with two workers, whose usage commits change data_version every turn; serve bench, 2026-11-28).
 */
export const CACHE_CHECK_MS = 100;

/** A key's last use is written at most this often per connection (it is kept to the minute). */
const TOUCH_EVERY_MS = 60_000;

const flag = (value: boolean | null | undefined): number | null => (value === null || value === undefined ? null : value ? 1 : 0);

/** Applies the migrations the database lacks; safe to run from several processes at once. Returns the versions applied. */
export function migrateAccountsDb(db: Database.Database, migrations: readonly Migration[] = ACCOUNT_MIGRATIONS): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied: number[] = [];
  for (const migration of migrations) {
    // Checked inside the write transaction: a second process waits, then sees it done.
    db.transaction(() => {
      if (db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(migration.version)) return;
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, description, applied_at) VALUES (?, ?, ?)')
        .run(migration.version, migration.description, new Date().toISOString());
      applied.push(migration.version);
    }).immediate();
  }
  return applied;
}

/** True for SQLite's "another connection holds the lock" errors. */
function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/**
 * Opens (creating and migrating when needed) the accounts database in `dataDir`.
 * `busyTimeoutMs` is how long a write waits for another process's lock, blocking the thread
 * (default 10 s: right for a CLI run); `addr serve` passes 0 and retries off the event loop
 * (src/accounts/meter.ts), so that a lock held elsewhere never freezes it.
 */
export function openAccountsDb(dataDir: string, options: { busyTimeoutMs?: number; cacheCheckMs?: number } = {}): SqliteAccountStore {
  const path = join(dataDir, ACCOUNTS_DB_FILE);
  const busyTimeoutMs = options.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
  let db: Database.Database | null = null;
  try {
    ensurePrivateDir(dataDir);
    ensurePrivateFile(path);
    // Opening and migrating wait the full busy timeout whatever `options` says: they run once, at start-up.
    db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
    db.pragma('journal_mode = WAL');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('synchronous = NORMAL'); // durable at checkpoints; WAL keeps the file consistent
    db.pragma('foreign_keys = ON');
    migrateAccountsDb(db);
    if (busyTimeoutMs !== BUSY_TIMEOUT_MS) db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    return new SqliteAccountStore(db, options.cacheCheckMs ?? CACHE_CHECK_MS);
  } catch (err) {
    db?.close();
    if (isAddrError(err)) throw err;
    throw new AddrError('ADDR_ERR_ACCOUNTS_DB', [path, err instanceof Error ? err.message : String(err)], { cause: err });
  }
}

/** AccountStore over one SQLite connection. */
export class SqliteAccountStore implements AccountStore {
  readonly db: Database.Database;
  readonly location: string;
  private runs: SqliteBatchRunStore | null = null;
  // Prepared once per SQL text: preparing costs more than running these one-row statements.
  private readonly statements = new Map<string, Database.Statement>();
  // When each key's last_used_at was last written by this connection (ms), to write it at most once a TOUCH_EVERY_MS.
  private readonly touched = new Map<string, number>();
  // Key and account rows as last read, for authentication: valid while accounts_version (bumped by every change of
  // an account or a key, migration 4) stays the same, which is read again when PRAGMA data_version says that
  // another connection committed (usage, mostly); this connection's own writes to keys and accounts clear them.
  private readonly keyRows = new Map<string, KeyRow>();
  private readonly accountRows = new Map<string, AccountRow>();
  private dataVersion = -1;
  private accountsVersion = -1;
  private checkAgainAt = Number.NEGATIVE_INFINITY; // performance.now() from which data_version is read again
  private readonly cacheCheckMs: number;
  private readonly dataVersionStatement: Database.Statement;
  private readonly accountsVersionStatement: Database.Statement;

  private readonly consumeTx: Database.Transaction<(name: string, request: UsageRequest, now: Date) => UsageDecision>;
  private readonly consumeManyTx: Database.Transaction<(requests: readonly ConsumeRequest[]) => UsageDecision[]>;

  /** `cacheCheckMs`: how often the lookup cache asks whether another connection changed it (0: at every lookup). */
  constructor(db: Database.Database, cacheCheckMs = CACHE_CHECK_MS) {
    this.db = db;
    this.cacheCheckMs = cacheCheckMs;
    this.location = db.name;
    this.consumeTx = db.transaction((name: string, request: UsageRequest, now: Date) => this.decideAndRecord(name, request, now));
    this.consumeManyTx = db.transaction((requests: readonly ConsumeRequest[]) => this.decideAndRecordMany(requests));
    this.dataVersionStatement = db.prepare('PRAGMA data_version').pluck();
    this.accountsVersionStatement = db.prepare('SELECT version FROM accounts_version WHERE id = 1').pluck();
  }

  /**
   * Empties the lookup cache when another connection (another process, say)
   * changed an account or a key since it was filled. Asked at most once per
   * cacheCheckMs (a busy server authenticates thousands of requests a second):
   * a change by another process is seen within that time. Quotas do not
   * depend on it: the metering transaction reads the account's row again.
   */
  private checkCache(): void {
    const at = performance.now();
    if (at < this.checkAgainAt) return;
    const version = this.dataVersionStatement.get() as number;
    if (version !== this.dataVersion) {
      this.dataVersion = version;
      const accounts = this.accountsVersionStatement.get() as number;
      if (accounts !== this.accountsVersion) {
        this.dropCache();
        this.accountsVersion = accounts;
      }
    }
    this.checkAgainAt = at + this.cacheCheckMs;
  }

  private dropCache(): void {
    this.keyRows.clear();
    this.accountRows.clear();
  }

  private static remember<T>(cache: Map<string, T>, key: string, row: T): void {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, row);
  }

  /** The prepared statement of `sql`, from the cache. */
  private sql(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private accountRow(name: string): AccountRow | null {
    return (this.sql('SELECT * FROM accounts WHERE name = ?').get(name) as AccountRow | undefined) ?? null;
  }

  private requireRow(name: string): AccountRow {
    const row = this.accountRow(name);
    if (row === null) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [name]);
    return row;
  }

  /** An account, from the lookup cache when no connection changed the database since it was read (authentication reads it per request). */
  async getAccount(name: string): Promise<Account | null> {
    return this.getAccountSync(name);
  }

  /** getAccount, for the synchronous callers of this file and batch-runs-db.ts. */
  getAccountSync(name: string): Account | null {
    this.checkCache();
    let row: AccountRow | null | undefined = this.accountRows.get(name);
    if (row === undefined) {
      row = this.accountRow(name);
      if (row !== null) SqliteAccountStore.remember(this.accountRows, name, row);
    }
    return row === null ? null : toAccount(row);
  }

  async listAccounts(): Promise<Account[]> {
    return (this.sql('SELECT * FROM accounts ORDER BY name').all() as AccountRow[]).map(toAccount);
  }

  async createAccount(input: NewAccount, now: Date): Promise<Account> {
    this.dropCache();
    if (this.accountRow(input.name) !== null) throw new AddrError('ADDR_ERR_USAGE', [`An account named '${input.name}' already exists.`]);
    this.sql(`INSERT INTO accounts (${NEW_ACCOUNT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...newAccountValues(input, now, flag));
    return toAccount(this.requireRow(input.name));
  }

  async updateAccount(name: string, patch: AccountPatch): Promise<Account> {
    this.dropCache();
    const columns = patchColumns(patch, flag);
    this.requireRow(name);
    if (columns.length > 0) {
      this.sql(`UPDATE accounts SET ${columns.map(([c]) => `${c} = ?`).join(', ')} WHERE name = ?`).run(...columns.map(([, v]) => v), name);
    }
    return toAccount(this.requireRow(name));
  }

  async addKey(record: Omit<ApiKeyRecord, 'lastUsedAt' | 'revokedAt'>): Promise<void> {
    this.dropCache();
    const account = this.requireRow(record.account);
    this.sql('INSERT INTO api_keys (prefix, account_id, hash, created_at) VALUES (?, ?, ?, ?)')
      .run(record.prefix, account.id, record.hash, record.createdAt);
  }

  /** A key by its prefix, cached as getAccount (unknown prefixes are not cached: anyone can send them). */
  async findKey(prefix: string): Promise<ApiKeyRecord | null> {
    return this.findKeySync(prefix);
  }

  private findKeySync(prefix: string): ApiKeyRecord | null {
    this.checkCache();
    let row = this.keyRows.get(prefix);
    if (row === undefined) {
      row = this.sql(`${KEY_SELECT} WHERE k.prefix = ?`).get(prefix) as KeyRow | undefined;
      if (row !== undefined) SqliteAccountStore.remember(this.keyRows, prefix, row);
    }
    return row === undefined ? null : toKey(row);
  }

  async listKeys(account?: string): Promise<ApiKeyRecord[]> {
    const rows = account === undefined
      ? this.sql(`${KEY_SELECT} ORDER BY a.name, k.created_at`).all() as KeyRow[]
      : this.sql(`${KEY_SELECT} WHERE k.account_id = ? ORDER BY k.created_at`).all(this.requireRow(account).id) as KeyRow[];
    return rows.map(toKey);
  }

  async revokeKey(prefix: string, now: Date): Promise<ApiKeyRecord | null> {
    this.dropCache();
    this.sql('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE prefix = ?').run(now.toISOString(), prefix);
    return this.findKeySync(prefix);
  }

  async touchKey(prefix: string, now: Date): Promise<void> {
    // Kept to the minute: a busy server writes a key's last use once a minute, not once a request.
    const at = now.getTime();
    const last = this.touched.get(prefix);
    if (last !== undefined && at - last < TOUCH_EVERY_MS && at >= last) return;
    this.touched.set(prefix, at);
    try {
      this.sql('UPDATE api_keys SET last_used_at = ? WHERE prefix = ?').run(now.toISOString(), prefix);
    } catch (err) {
      // A key's last use is a note, not a record: when another process holds the write lock it is
      // written at a later use instead of making this request wait.
      if (!isBusy(err)) throw err;
      this.touched.delete(prefix);
      return;
    }
    const cached = this.keyRows.get(prefix);
    if (cached !== undefined) cached.last_used_at = now.toISOString();
  }

  /** ADDR_ERR_ACCOUNTS_DB with `details.busy` for a write that found the lock held by another connection; other errors as they are. */
  private lockError(err: unknown): unknown {
    if (!isBusy(err)) return err;
    return new AddrError('ADDR_ERR_ACCOUNTS_DB', [this.db.name, 'it is locked by another process; try again in a moment'], { cause: err, details: { busy: true } });
  }

  private addUsage(accountId: number, day: string, kind: UsageKind, units: number): void {
    if (units <= 0) return;
    this.sql(`INSERT INTO usage (account_id, day, kind, count) VALUES (?, ?, ?, ?)
      ON CONFLICT (account_id, day, kind) DO UPDATE SET count = count + excluded.count`).run(accountId, day, kind, units);
  }

  // Read under the write lock (IMMEDIATE), so no other process can record between the read and the write.
  private decideAndRecord(name: string, request: UsageRequest, now: Date): UsageDecision {
    const row = this.requireRow(name);
    const account = toAccount(row);
    const window = usageWindow(account, now);
    const used = this.sql(`SELECT COALESCE(SUM(count), 0) AS rows FROM usage
      WHERE account_id = ? AND day BETWEEN ? AND ? AND kind IN ('validation', 'batch_row')`).get(row.id, window.from, window.to) as { rows: number };
    const decision = decideUsage(account, { rows: used.rows }, request, now);
    if (decision.ok) this.addUsage(row.id, decision.day, request.kind, decision.allowed);
    return decision;
  }

  async consume(name: string, request: UsageRequest, now: Date): Promise<UsageDecision> {
    return this.consumeSync(name, request, now);
  }

  /** consume(), run as a savepoint when a transaction is open (batch-runs-db.ts reserves rows so). */
  consumeSync(name: string, request: UsageRequest, now: Date): UsageDecision {
    return this.consumeTx.immediate(name, request, now);
  }

  /** decideMany (src/accounts/decide-many.ts) under the write lock, then its grants written. */
  private decideAndRecordMany(requests: readonly ConsumeRequest[]): UsageDecision[] {
    const { decisions, grants } = decideMany(
      requests,
      (name) => {
        const row = this.accountRow(name);
        return row === null ? null : { id: row.id, account: toAccount(row) };
      },
      (accountId, from, to) => (this.sql(`SELECT COALESCE(SUM(count), 0) AS rows FROM usage
          WHERE account_id = ? AND day BETWEEN ? AND ? AND kind IN ('validation', 'batch_row')`).get(accountId, from, to) as { rows: number }).rows,
    );
    for (const grant of grants) this.addUsage(grant.accountId, grant.day, grant.kind, grant.units);
    return decisions;
  }

  async consumeMany(requests: readonly ConsumeRequest[]): Promise<UsageDecision[]> {
    if (requests.length === 0) return [];
    try {
      // All or nothing: a lock found held (at BEGIN IMMEDIATE) leaves nothing decided or recorded.
      return this.consumeManyTx.immediate(requests);
    } catch (err) {
      throw this.lockError(err);
    }
  }

  async release(name: string, kind: UsageKind, units: number, day: string): Promise<void> {
    if (units <= 0) return;
    try {
      this.db.transaction(() => {
        this.sql('UPDATE usage SET count = MAX(0, count - ?) WHERE account_id = ? AND day = ? AND kind = ?')
          .run(units, this.requireRow(name).id, day, kind);
      }).immediate();
    } catch (err) {
      throw this.lockError(err);
    }
  }

  async record(name: string, kind: UsageKind, units: number, now: Date): Promise<void> {
    this.db.transaction(() => this.addUsage(this.requireRow(name).id, usageDay(now), kind, units)).immediate();
  }

  async usageByDay(filter: { account?: string; since?: string }): Promise<UsageRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.account !== undefined) {
      where.push('u.account_id = ?');
      params.push(this.requireRow(filter.account).id);
    }
    if (filter.since !== undefined) {
      where.push('u.day >= ?');
      params.push(filter.since);
    }
    return this.sql(`SELECT a.name AS account, u.day,
        SUM(CASE WHEN u.kind = 'validation' THEN u.count ELSE 0 END) AS validation,
        SUM(CASE WHEN u.kind = 'batch_row' THEN u.count ELSE 0 END) AS batch_row,
        SUM(CASE WHEN u.kind = 'autocomplete' THEN u.count ELSE 0 END) AS autocomplete
      FROM usage u JOIN accounts a ON a.id = u.account_id
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      GROUP BY a.name, u.day ORDER BY u.day, a.name`).all(...params) as UsageRow[];
  }

  batchRuns(): BatchRunStore {
    this.runs ??= new SqliteBatchRunStore(this);
    return this.runs;
  }

  async close(): Promise<void> {
    this.closeSync();
  }

  closeSync(): void {
    if (this.db.open) this.db.close();
  }
}
