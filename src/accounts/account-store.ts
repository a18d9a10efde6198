/**
 * The port of accounts, keys and usage. SQLite implements it
 * (src/store/accounts-db.ts, the default: accounts.sqlite in the data
 * directory), and PostgreSQL (src/store/accounts-pg.ts), which lets several
 * `addr serve` instances on several machines share one set of accounts and
 * quotas. src/store/open-accounts.ts picks one.
 */
import type { BatchRunStore } from './batch-runs.js';
import type { UsageDecision, UsageRequest } from './decide-usage.js';
import type { Account, UsageKind } from './plans.js';

/** The settings an account is created with; absent ones take their defaults. */
export type NewAccount = Pick<Account, 'name' | 'plan'> & Partial<Omit<Account, 'name' | 'plan' | 'createdAt'>>;

/** Settings to change; absent ones stay. */
export type AccountPatch = Partial<Omit<Account, 'name' | 'createdAt'>>;

/** A stored API key: never the key itself. */
export interface ApiKeyRecord {
  prefix: string; // non-secret lookup prefix, shown in lists
  account: string;
  hash: string; // SHA-256 of the key, hex
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** One request of consumeMany(). */
export interface ConsumeRequest {
  account: string;
  request: UsageRequest;
  now: Date;
}

/** Usage of one account on one day. */
export interface UsageRow {
  account: string;
  day: string; // YYYY-MM-DD, UTC
  validation: number;
  batch_row: number;
  autocomplete: number;
}

/**
 * Accounts, keys and usage, behind one interface. Every method answers a
 * promise, so that one port serves the embedded SQLite store and a PostgreSQL
 * server alike; an unreachable server rejects with ADDR_ERR_ACCOUNTS_UNREACHABLE.
 */
export interface AccountStore {
  /** Where the store is, for messages: a file path, or a postgres:// URL without its password. */
  readonly location: string;
  getAccount(name: string): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;
  /** Creates an account; rejects with ADDR_ERR_USAGE when the name is taken. */
  createAccount(input: NewAccount, now: Date): Promise<Account>;
  /** Changes an account; rejects with ADDR_ERR_ACCOUNT_NOT_FOUND. */
  updateAccount(name: string, patch: AccountPatch): Promise<Account>;
  addKey(record: Omit<ApiKeyRecord, 'lastUsedAt' | 'revokedAt'>): Promise<void>;
  findKey(prefix: string): Promise<ApiKeyRecord | null>;
  listKeys(account?: string): Promise<ApiKeyRecord[]>;
  /** Revokes a key; returns it, or null when no key has that prefix. */
  revokeKey(prefix: string, now: Date): Promise<ApiKeyRecord | null>;
  /** Notes a key's use (kept to the minute); a note that cannot be written now is written at a later use. */
  touchKey(prefix: string, now: Date): Promise<void>;
  /**
   * Decides a request and records the allowed units, atomically: concurrent
   * callers (of any process sharing the store) can never exceed an allowance,
   * and a refusal records nothing.
   */
  consume(account: string, request: UsageRequest, now: Date): Promise<UsageDecision>;
  /**
   * consume() for several requests at once, in one transaction: each is decided
   * in turn, exactly as if consumed one after the other, and counts against the
   * allowance of the ones after it. Returns one decision per request, in order.
   */
  consumeMany(requests: readonly ConsumeRequest[]): Promise<UsageDecision[]>;
  /**
   * Gives back units a consume() recorded under `day` for work that then failed
   * (the engine broke): a request that is not served is not charged.
   */
  release(account: string, kind: UsageKind, units: number, day: string): Promise<void>;
  /** Records usage without a check (the never-refused local account). */
  record(account: string, kind: UsageKind, units: number, now: Date): Promise<void>;
  /** Usage by account and day, oldest first. */
  usageByDay(filter: { account?: string; since?: string }): Promise<UsageRow[]>;
  /** The checkpoints of `addr batch` kept in the same store (src/accounts/batch-runs.ts). */
  batchRuns(): BatchRunStore;
  close(): Promise<void>;
}
