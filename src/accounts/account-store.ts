/**
 * The port of accounts, keys and usage. SQLite implements it
 * (src/store/accounts-db.ts); a PostgreSQL implementation can later let several
 * `addr serve` instances share one set of accounts and quotas.
 */
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

/** Accounts, keys and usage, behind one interface. */
export interface AccountStore {
  getAccount(name: string): Account | null;
  listAccounts(): Account[];
  /** Creates an account; throws ADDR_ERR_USAGE when the name is taken. */
  createAccount(input: NewAccount, now: Date): Account;
  /** Changes an account; throws ADDR_ERR_ACCOUNT_NOT_FOUND. */
  updateAccount(name: string, patch: AccountPatch): Account;
  addKey(record: Omit<ApiKeyRecord, 'lastUsedAt' | 'revokedAt'>): void;
  findKey(prefix: string): ApiKeyRecord | null;
  listKeys(account?: string): ApiKeyRecord[];
  /** Revokes a key; returns it, or null when no key has that prefix. */
  revokeKey(prefix: string, now: Date): ApiKeyRecord | null;
  touchKey(prefix: string, now: Date): void;
  /**
   * Decides a request and records the allowed units, atomically: concurrent
   * callers can never exceed an allowance, and a refusal records nothing.
   */
  consume(account: string, request: UsageRequest, now: Date): UsageDecision;
  /**
   * consume() for several requests at once, in one transaction: each is decided
   * in turn, exactly as if consumed one after the other, and counts against the
   * allowance of the ones after it. Returns one decision per request, in order.
   */
  consumeMany(requests: readonly ConsumeRequest[]): UsageDecision[];
  /**
   * Gives back units a consume() recorded under `day` for work that then failed
   * (the engine broke): a request that is not served is not charged.
   */
  release(account: string, kind: UsageKind, units: number, day: string): void;
  /** Records usage without a check (the never-refused local account). */
  record(account: string, kind: UsageKind, units: number, now: Date): void;
  /** Usage by account and day, oldest first. */
  usageByDay(filter: { account?: string; since?: string }): UsageRow[];
  close(): void;
}
