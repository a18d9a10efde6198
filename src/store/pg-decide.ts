/**
 * The quota decisions of the PostgreSQL account store (accounts-pg.ts): a batch decided in one
 * statement (addr_consume, accounts-pg-schema.ts) with the allowances computed here, or, inside a
 * transaction of the caller's, under the accounts' row locks. The plan rules are decideUsage's and
 * decideMany's (src/accounts), the same as the SQLite store's.
 */
import type { ConsumeRequest } from '../accounts/account-store.js';
import { decideMany } from '../accounts/decide-many.js';
import type { StoredAccount } from '../accounts/decide-many.js';
import { checkAccess, decideUsage, usageLimit } from '../accounts/decide-usage.js';
import type { UsageDecision } from '../accounts/decide-usage.js';
import { usageDay, usageWindow } from '../accounts/plans.js';
import type { Account } from '../accounts/plans.js';
import { AddrError } from '../core/model/errors.js';
import { toAccount } from './account-rows.js';
import type { AccountRow } from './account-rows.js';
import type { Query } from './pg-connection.js';

/** Account rows read with the version of accounts and keys they are current at (accounts_version). */
export interface AccountsView {
  version: number;
  rows: Map<string, AccountRow | null>; // null: no such account at that version
}

/**
 * decideMany under the row locks of the accounts decided for, then the grants recorded, inside the
 * caller's transaction. Accounts are locked in name order, so two deciders never wait for each other.
 */
export async function decideLocked(q: Query, requests: readonly ConsumeRequest[]): Promise<UsageDecision[]> {
  const names = [...new Set(requests.map((r) => r.account))].sort();
  const locked = (await q('SELECT * FROM accounts WHERE name = ANY($1) ORDER BY name FOR UPDATE', [names])).rows as AccountRow[];
  const byName = new Map<string, StoredAccount>(locked.map((r) => [r.name, { id: r.id, account: toAccount(r) }]));
  let since: string | null = null;
  for (const r of requests) {
    const stored = byName.get(r.account);
    if (stored === undefined) continue;
    const { from } = usageWindow(stored.account, r.now);
    if (since === null || from < since) since = from;
  }
  const used = new Map<number, { day: string; rows: number }[]>();
  if (since !== null && locked.length > 0) {
    const { rows } = await q(`SELECT account_id, day, SUM(count)::bigint AS rows FROM usage
      WHERE account_id = ANY($1) AND day >= $2 AND kind IN ('validation', 'batch_row') GROUP BY account_id, day`, [locked.map((r) => r.id), since]);
    for (const row of rows as { account_id: number; day: string; rows: number }[]) {
      const list = used.get(row.account_id) ?? [];
      list.push({ day: row.day, rows: row.rows });
      used.set(row.account_id, list);
    }
  }
  const { decisions, grants } = decideMany(
    requests,
    (name) => byName.get(name) ?? null,
    (id, from, to) => (used.get(id) ?? []).reduce((n, u) => (u.day >= from && u.day <= to ? n + u.rows : n), 0),
  );
  const positive = grants.filter((g) => g.units > 0);
  if (positive.length > 0) {
    await q(`INSERT INTO usage (account_id, day, kind, count)
      SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[])
      ON CONFLICT (account_id, day, kind) DO UPDATE SET count = usage.count + excluded.count`,
    [positive.map((g) => g.accountId), positive.map((g) => g.day), positive.map((g) => g.kind), positive.map((g) => g.units)]);
  }
  return decisions;
}

/** One call of addr_consume with the allowances of `view`; null when the accounts changed since it was read. */
export async function consumeOnce(query: Query, view: AccountsView, requests: readonly ConsumeRequest[]): Promise<UsageDecision[] | null> {
  const n = requests.length;
  const ids: (number | null)[] = new Array<number | null>(n);
  const kinds: string[] = new Array<string>(n);
  const units: number[] = new Array<number>(n);
  const limits: (number | null)[] = new Array<number | null>(n);
  const partial: boolean[] = new Array<boolean>(n);
  const days: string[] = new Array<string>(n);
  const froms: string[] = new Array<string>(n);
  const accounts: (Account | null)[] = new Array<Account | null>(n);
  requests.forEach((r, i) => {
    const row = view.rows.get(r.account) ?? null;
    const account = row === null ? null : toAccount(row);
    const window = account === null ? null : usageWindow(account, r.now);
    // Refused whatever the usage (suspended, unverified, not on the plan): nothing to decide there.
    const open = account !== null && checkAccess(account, r.request.kind) === null;
    accounts[i] = account;
    ids[i] = open && row !== null ? row.id : null;
    kinds[i] = r.request.kind;
    units[i] = Math.max(0, Math.floor(r.request.rows));
    limits[i] = open && account !== null ? usageLimit(account, r.request.kind) : null;
    partial[i] = r.request.partial === true;
    days[i] = usageDay(r.now);
    froms[i] = window?.from ?? days[i] as string;
  });
  const { rows } = await query('SELECT used, granted FROM addr_consume($1, $2, $3, $4, $5, $6, $7, $8)',
    [view.version, ids, kinds, units, limits, partial, days, froms]);
  if (rows.length !== n) return null;
  return requests.map((r, i) => {
    const account = accounts[i];
    if (account === null || account === undefined) return { ok: false, error: new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [r.account]) };
    const { used, granted } = rows[i] as { used: number; granted: number };
    const decision = decideUsage(account, { rows: used }, r.request, r.now);
    if ((decision.ok ? decision.allowed : 0) !== granted) {
      throw new AddrError('ADDR_ERR_INTERNAL', [`the quota decision of PostgreSQL (${granted} granted) and of addr (${decision.ok ? decision.allowed : 0}) differ for account '${r.account}'`]);
    }
    return decision;
  });
}
