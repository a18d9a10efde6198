/**
 * Metering of addr serve (README.md, `addr accounts`): each request asks the accounts store
 * for its units before the engine runs; the store decides and records in one
 * transaction, so concurrent requests (and other processes sharing
 * accounts.sqlite) never go past an allowance and a refused request records
 * nothing. Work that then fails in the engine gives its units back.
 *
 * The requests that ask in one turn of the event loop are decided together, in
 * the order they asked, in one transaction (consumeMany), run once the turn's
 * I/O callbacks are done (setImmediate): one write lock and one commit per
 * turn instead of one per request, and each request is still decided before
 * its engine work starts.
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

interface Pending {
  account: Account;
  kind: UsageKind;
  units: number;
  partial: boolean;
  now: Date;
  resolve: (admission: Admission) => void;
  reject: (err: unknown) => void;
}

/** A meter over the accounts store. */
export function createMeter(store: AccountStore, now: () => Date): Meter {
  let queue: Pending[] = [];
  const decideQueued = (): void => {
    const batch = queue;
    queue = [];
    let decisions;
    try {
      decisions = store.consumeMany(batch.map((p) => ({ account: p.account.name, request: { kind: p.kind, rows: p.units, partial: p.partial }, now: p.now })));
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    batch.forEach((p, i) => {
      const decision = decisions[i];
      if (decision === undefined) p.reject(new Error('the accounts store returned fewer decisions than requests'));
      else if (!decision.ok) p.reject(decision.error);
      else p.resolve({ account: p.account.name, kind: p.kind, units: decision.allowed, day: decision.day });
    });
  };
  return {
    admit(account, kind, units, partial = false) {
      return new Promise<Admission>((resolve, reject) => {
        if (queue.length === 0) setImmediate(decideQueued);
        queue.push({ account, kind, units, partial, now: now(), resolve, reject });
      });
    },
    release(admission) {
      store.release(admission.account, admission.kind, admission.units, admission.day);
    },
  };
}
