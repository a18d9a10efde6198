/**
 * The rows of the account stores and their mapping to the domain objects of src/accounts, shared
 * by SQLite (accounts-db.ts, batch-runs-db.ts) and PostgreSQL (accounts-pg.ts, batch-runs-pg.ts):
 * both schemas (accounts-migrations.ts, accounts-pg-schema.ts) have the same tables and columns;
 * only their booleans differ (SQLite 0/1, PostgreSQL true/false).
 */
import type { AccountPatch, ApiKeyRecord, NewAccount } from '../accounts/account-store.js';
import type { BatchRun, BatchTally } from '../accounts/batch-runs.js';
import type { Account, AccountStatus, PlanName } from '../accounts/plans.js';

/** A boolean column as a store answers it: SQLite 0 or 1, PostgreSQL true or false. */
export type Truth = number | boolean;

const truth = (v: Truth): boolean => v === true || v === 1;

/** A row of `accounts`. */
export interface AccountRow {
  id: number;
  name: string;
  plan: PlanName;
  email: string | null;
  email_verified: Truth;
  status: AccountStatus;
  daily_rows: number | null;
  included_lookups: number | null;
  overage: Truth;
  autocomplete: Truth | null;
  created_at: string;
}

/** A row of KEY_SELECT: an API key with its account's name. */
export interface KeyRow {
  prefix: string;
  account: string;
  hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A row of RUN_SELECT: a batch run's checkpoint with its account's name. */
export interface RunRow {
  id: number;
  account: string;
  input_path: string;
  output_path: string;
  temp_path: string;
  input_size: number;
  input_mtime_ms: number;
  header_hash: string;
  settings: string;
  rows_done: number;
  rows_paid: number;
  in_offset: number;
  in_line: number;
  out_bytes: number;
  tally: string;
  state: BatchRun['state'];
  pid: number | null;
  started_at: string;
  updated_at: string;
}

/** The keys with their account's name; add a WHERE or ORDER BY. */
export const KEY_SELECT = 'SELECT k.prefix, a.name AS account, k.hash, k.created_at, k.last_used_at, k.revoked_at FROM api_keys k JOIN accounts a ON a.id = k.account_id';

/** The checkpoints with their account's name; add a WHERE. */
export const RUN_SELECT = 'SELECT b.*, a.name AS account FROM batch_runs b JOIN accounts a ON a.id = b.account_id';

/** The columns of a new account, in the order of newAccountValues(). */
export const NEW_ACCOUNT_COLUMNS = 'name, plan, email, email_verified, status, daily_rows, included_lookups, overage, autocomplete, created_at';

export const toAccount = (r: AccountRow): Account => ({
  name: r.name,
  plan: r.plan,
  email: r.email,
  emailVerified: truth(r.email_verified),
  status: r.status,
  dailyRows: r.daily_rows,
  includedLookups: r.included_lookups,
  overage: truth(r.overage),
  autocomplete: r.autocomplete === null ? null : truth(r.autocomplete),
  createdAt: r.created_at,
});

export const toKey = (r: KeyRow): ApiKeyRecord => ({
  prefix: r.prefix,
  account: r.account,
  hash: r.hash,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

/** The tally column (JSON); '{}' (a run checkpointed before it existed) reads as nothing counted. */
function readTally(text: string): BatchTally {
  const parsed = JSON.parse(text) as Partial<BatchTally>;
  return { statuses: parsed.statuses ?? {}, elapsedMs: parsed.elapsedMs ?? 0 };
}

export const toRun = (r: RunRow): BatchRun => ({
  id: r.id,
  account: r.account,
  input: { path: r.input_path, size: r.input_size, mtimeMs: r.input_mtime_ms, headerHash: r.header_hash },
  outputPath: r.output_path,
  tempPath: r.temp_path,
  settings: r.settings,
  rowsDone: r.rows_done,
  rowsPaid: r.rows_paid,
  inOffset: r.in_offset,
  inLine: r.in_line,
  outBytes: r.out_bytes,
  tally: readTally(r.tally),
  state: r.state,
  pid: r.pid,
  startedAt: r.started_at,
  updatedAt: r.updated_at,
});

/** How a store writes a boolean (or null) column. */
export type WriteTruth = (value: boolean | null) => unknown;

/** The values of NEW_ACCOUNT_COLUMNS for a new account; absent settings take their defaults. */
export function newAccountValues(input: NewAccount, now: Date, write: WriteTruth): unknown[] {
  return [
    input.name, input.plan, input.email ?? null, write(input.emailVerified ?? false), input.status ?? 'active',
    input.dailyRows ?? null, input.includedLookups ?? null, write(input.overage ?? false), write(input.autocomplete ?? null), now.toISOString(),
  ];
}

/** The columns a patch changes, with their values, in a fixed order. */
export function patchColumns(patch: AccountPatch, write: WriteTruth): [string, unknown][] {
  const columns: [string, unknown][] = [];
  if (patch.plan !== undefined) columns.push(['plan', patch.plan]);
  if (patch.email !== undefined) columns.push(['email', patch.email]);
  if (patch.emailVerified !== undefined) columns.push(['email_verified', write(patch.emailVerified)]);
  if (patch.status !== undefined) columns.push(['status', patch.status]);
  if (patch.dailyRows !== undefined) columns.push(['daily_rows', patch.dailyRows]);
  if (patch.includedLookups !== undefined) columns.push(['included_lookups', patch.includedLookups]);
  if (patch.overage !== undefined) columns.push(['overage', write(patch.overage)]);
  if (patch.autocomplete !== undefined) columns.push(['autocomplete', write(patch.autocomplete)]);
  return columns;
}
