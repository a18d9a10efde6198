/**
 * Decides several usage requests in turn, as if each were consumed after the
 * one before it (AccountStore.consumeMany): the account rows and the usage of
 * their windows are read through `lookup` and `usedRows`, the units granted so
 * far count against the requests after them, and the grants come back summed
 * per account, day and kind for the store to write in the same transaction.
 * Pure: both stores (src/store/accounts-db.ts, src/store/accounts-pg.ts) run it
 * under their own lock.
 */
import { AddrError } from '../core/model/errors.js';
import type { ConsumeRequest } from './account-store.js';
import { decideUsage, usageLimit } from './decide-usage.js';
import type { UsageDecision } from './decide-usage.js';
import { usageWindow } from './plans.js';
import type { Account, UsageKind } from './plans.js';

/** An account as the store knows it: its row id and its settings. */
export interface StoredAccount {
  id: number;
  account: Account;
}

/** Units to add to an account's usage of one day and kind. */
export interface Grant {
  accountId: number;
  day: string;
  kind: UsageKind;
  units: number;
}

/**
 * The decisions of `requests`, in order, and the units to record. `usedRows(id, from, to)` is the
 * validation and batch rows recorded for the account from day `from` to day `to` (inclusive).
 */
export function decideMany(
  requests: readonly ConsumeRequest[],
  lookup: (name: string) => StoredAccount | null,
  usedRows: (accountId: number, from: string, to: string) => number,
): { decisions: UsageDecision[]; grants: Grant[] } {
  const accounts = new Map<string, StoredAccount | null>();
  const windows = new Map<string, { accountId: number; from: string; to: string; rows: number }>(); // validation + batch rows used per window
  const granted = new Map<string, Grant>();
  const decisions: UsageDecision[] = [];
  for (const { account: name, request, now } of requests) {
    let stored = accounts.get(name);
    if (stored === undefined) {
      stored = lookup(name);
      accounts.set(name, stored);
    }
    if (stored === null) {
      decisions.push({ ok: false, error: new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [name]) });
      continue;
    }
    const { id: accountId, account } = stored;
    // The usage of the window is read only for a request that has an allowance to count against: an unlimited
    // one (production with overage, autocomplete) is decided without it. A window read later counts the grants
    // made before it in this call.
    let window: { rows: number } | undefined;
    if (usageLimit(account, request.kind) !== null) {
      const { from, to } = usageWindow(account, now);
      const windowKey = `${accountId} ${from} ${to}`;
      window = windows.get(windowKey);
      if (window === undefined) {
        let rows = usedRows(accountId, from, to);
        for (const g of granted.values()) {
          if (g.accountId === accountId && g.kind !== 'autocomplete' && g.day >= from && g.day <= to) rows += g.units;
        }
        const read = { accountId, from, to, rows };
        windows.set(windowKey, read);
        window = read;
      }
    }
    const decision = decideUsage(account, { rows: window?.rows ?? 0 }, request, now);
    decisions.push(decision);
    if (!decision.ok || decision.allowed <= 0) continue;
    const grantKey = `${accountId} ${decision.day} ${request.kind}`;
    const grant = granted.get(grantKey);
    if (grant === undefined) granted.set(grantKey, { accountId, day: decision.day, kind: request.kind, units: decision.allowed });
    else grant.units += decision.allowed;
    if (request.kind === 'autocomplete') continue;
    for (const w of windows.values()) {
      if (w.accountId === accountId && decision.day >= w.from && decision.day <= w.to) w.rows += decision.allowed;
    }
  }
  return { decisions, grants: [...granted.values()] };
}
