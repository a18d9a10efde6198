/**
 * The quota decision, pure: given an account, what it used in its current
 * window and a request, how many rows may be done, or which error refuses it.
 * The check order is that of docs/api.md ("Order of checks"):
 * account state (suspended, then email verification) -> feature on the plan ->
 * quota. A refusal records nothing;
 * the store calls this inside the transaction that records the allowed rows.
 */
import { AddrError } from '../core/model/errors.js';
import { PLANS, autocompleteAllowed, rowAllowance, usageDay } from './plans.js';
import type { Account, UsageKind } from './plans.js';

/** What a request asks for. */
export interface UsageRequest {
  kind: UsageKind;
  rows: number; // units asked for (addresses, spreadsheet rows, autocomplete calls)
  partial?: boolean; // true for batches: do as many rows as remain instead of refusing the whole request
}

/** Usage already counted in the account's current window. */
export interface UsageSoFar {
  rows: number; // validations + batch rows, the units the allowance counts
}

/** The decision on a request. */
export type UsageDecision =
  | { ok: true; allowed: number; day: string; remaining: number | null } // record `allowed` units under `day`; remaining after them (null: no limit)
  | { ok: false; error: AddrError }; // refused: record nothing

/**
 * The checks that need no usage figures, in the order of docs/api.md
 * ("Order of checks"): account state (suspended, then email
 * verification), then the feature on the plan. Returns
 * the refusal, or null. `addr serve` runs it before it reads the request body,
 * so that these answers come ahead of a malformed request (400); decideUsage
 * runs it again under the store's lock.
 */
export function checkAccess(account: Account, kind: UsageKind): AddrError | null {
  if (account.status === 'suspended') return new AddrError('ADDR_ERR_ACCOUNT_SUSPENDED', [account.name, account.name]);
  if (PLANS[account.plan].emailVerificationRequired && !account.emailVerified) {
    return new AddrError('ADDR_ERR_EMAIL_UNVERIFIED', [account.name, account.name]);
  }
  if (kind === 'autocomplete' && !autocompleteAllowed(account)) {
    return new AddrError('ADDR_ERR_FEATURE_UNAVAILABLE', ['Autocomplete', account.name, account.name, '--autocomplete']);
  }
  return null;
}

/**
 * The allowance of validation and batch rows a request of `kind` counts against in the account's window, or
 * null when it has none (autocomplete, the unlimited plan, production with overage). Within it a request
 * is granted its rows when they fit, what remains (at least one) when `partial`, else refused: decideUsage
 * below, and the PostgreSQL store's one-statement decision (src/store/accounts-pg-schema.ts), which must
 * agree with it (src/store/accounts-pg.ts checks that they do).
 */
export function usageLimit(account: Account, kind: UsageKind): number | null {
  const allowance = rowAllowance(account);
  return kind !== 'autocomplete' && allowance !== null && !(account.plan === 'production' && account.overage) ? allowance : null;
}

/** Decides a request; never throws for a refusal, returns it. */
export function decideUsage(account: Account, usageSoFar: UsageSoFar, request: UsageRequest, now: Date): UsageDecision {
  const refuse = (error: AddrError): UsageDecision => ({ ok: false, error });
  const denied = checkAccess(account, request.kind);
  if (denied !== null) return refuse(denied);
  const day = usageDay(now);
  const rows = Math.max(0, Math.floor(request.rows));
  // Autocomplete is metered apart and never counts against the row allowance.
  const allowance = usageLimit(account, request.kind);
  if (allowance === null) return { ok: true, allowed: rows, day, remaining: null };
  const remaining = Math.max(0, allowance - usageSoFar.rows);
  if (rows <= remaining) return { ok: true, allowed: rows, day, remaining: remaining - rows };
  if (request.partial && remaining > 0) return { ok: true, allowed: remaining, day, remaining: 0 };
  if (account.plan === 'production') {
    return refuse(new AddrError('ADDR_ERR_LOOKUP_LIMIT', [account.name, String(allowance), account.name], {
      details: {
        limits: {
          remainingLookupCredits: remaining,
          includedLookups: allowance,
          usedLookups: usageSoFar.rows,
          overageEnabled: account.overage,
        },
      },
    }));
  }
  return refuse(new AddrError('ADDR_ERR_QUOTA_EXCEEDED', [account.name, String(allowance), account.name]));
}
