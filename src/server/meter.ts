/**
 * Metering of addr serve (DESIGN.md §6): each request asks the accounts store
 * for its units before the engine runs; the store decides and records in one
 * transaction, so concurrent requests (and other processes sharing
 * accounts.sqlite) never go past an allowance and a refused request records
 * nothing. Work that then fails in the engine gives its units back.
 */
import type { AccountStore } from '../accounts/account-store.js';
import type { Account, UsageKind } from '../accounts/plans.js';

/** Units granted to one request. */
export interface Admission {
  account: string;
  kind: UsageKind;
  units: number;
  day: string; // the UTC day they were recorded under
}

/** Grants units to requests. */
export interface Meter {
  /**
   * Grants `units` of `kind` to the account, or throws the refusal (429, 402, 403).
   * With `partial`, grants as many of them as remain (at least one) instead of refusing them all.
   */
  admit(account: Account, kind: UsageKind, units: number, partial?: boolean): Promise<Admission>;
  /** Gives back what a request was granted, when the engine failed to serve it. */
  release(admission: Admission): void;
}

/** A meter over the accounts store. */
export function createMeter(store: AccountStore, now: () => Date): Meter {
  return {
    admit(account, kind, units, partial = false) {
      const decision = store.consume(account.name, { kind, rows: units, partial }, now());
      if (!decision.ok) return Promise.reject(decision.error);
      return Promise.resolve({ account: account.name, kind, units: decision.allowed, day: decision.day });
    },
    release(admission) {
      store.release(admission.account, admission.kind, admission.units, admission.day);
    },
  };
}
