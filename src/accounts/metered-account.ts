/**
 * Who a command's work is metered against (docs/cli.md, `addr accounts`): --key's account,
 * --account, or the built-in local account, whose plan applies as any account's does; and what a
 * plan refuses, for the faces that meter through the metering service (meter.ts).
 */
import { AddrError } from '../core/model/errors.js';
import type { AccountStore } from './account-store.js';
import { authenticate } from './authenticate.js';
import { checkAccess, decideUsage } from './decide-usage.js';
import { LOCAL_ACCOUNT, rowAllowance } from './plans.js';
import type { Account, UsageKind } from './plans.js';

/** The account flags of a command: --account NAME or --key KEY. */
export interface AccountChoice {
  account?: string;
  key?: string;
}

/** Refuses --account and --key given together. */
export function checkAccountChoice(choice: AccountChoice): void {
  if (choice.account !== undefined && choice.key !== undefined) throw new AddrError('ADDR_ERR_USAGE', ['Give --account or --key, not both.']);
}

/** The account work is metered against: --key's (authenticated), --account's, else the local account; it must exist. */
export async function meteredAccount(store: AccountStore, choice: AccountChoice, now: Date): Promise<string> {
  checkAccountChoice(choice);
  if (choice.key !== undefined) return (await authenticate(store, choice.key, now)).name;
  const name = choice.account ?? LOCAL_ACCOUNT;
  if ((await store.getAccount(name)) === null) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [name]);
  return name;
}

/** True when the account's plan and state refuse nothing of this kind: its usage may then be recorded in bulk. */
export function neverRefused(account: Account, kind: UsageKind): boolean {
  if (checkAccess(account, kind) !== null) return false;
  return kind === 'autocomplete' || rowAllowance(account) === null || (account.plan === 'production' && account.overage);
}

/** The error a request past the allowance gets: the reason a partly granted run stopped. */
export async function refusalPastAllowance(store: AccountStore, name: string, kind: UsageKind): Promise<AddrError> {
  const account = await store.getAccount(name);
  const allowance = account === null ? null : rowAllowance(account);
  if (account === null || allowance === null) return new AddrError('ADDR_ERR_QUOTA_EXCEEDED', [name, '?', name]);
  const decision = decideUsage(account, { rows: allowance }, { kind, rows: 1 }, new Date());
  return decision.ok ? new AddrError('ADDR_ERR_QUOTA_EXCEEDED', [name, String(allowance), name]) : decision.error;
}
