/**
 * Metering of addr serve (docs/cli.md, `addr accounts`): each request asks the accounts store
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
 *
 * One decision is out to the store at a time: the requests that ask while it
 * is (a PostgreSQL store answers over the network) are decided together next.
 *
 * When another process holds the write lock of accounts.sqlite (the store
 * answers ADDR_ERR_ACCOUNTS_DB with details.busy at once: the server's
 * connection does not wait on the lock), the queue is decided again a moment
 * later, off the event loop turn, so other requests and /healthz go on; a
 * request still undecided LIMITS.accountsWaitMs after it asked is refused with
 * that error (503 with Retry-After). Each attempt is one transaction that
 * decides and records all or nothing, so retrying never charges twice and the
 * quotas stay exact. A release that finds the lock held is retried the same way.
 */
import type { AccountStore } from '../accounts/account-store.js';
import type { Account, UsageKind } from '../accounts/plans.js';
import { isAddrError } from '../core/model/errors.js';
import { LIMITS } from './limits.js';

/**
 * How long to wait before trying a write again when accounts.sqlite is locked elsewhere: another worker's
 * quota transaction holds the lock for well under a millisecond, and with two workers ~2% of the turns
 * found it held (serve bench, 2026-11-26), so a longer wait (5 ms before) went straight into the p99.
 */
const RETRY_MS = 1;

/** How long a release (units given back) is retried while the lock is held elsewhere. */
const RELEASE_RETRY_FOR_MS = 60_000;

/** True for the store's "locked by another process, try again" error. */
function isLockBusy(err: unknown): boolean {
  return isAddrError(err) && err.code === 'ADDR_ERR_ACCOUNTS_DB' && err.details?.busy === true;
}

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
  /** Gives back what a request was granted, when the engine failed to serve it; resolves once given back (or given up). */
  release(admission: Admission): Promise<void>;
}

interface Pending {
  account: Account;
  kind: UsageKind;
  units: number;
  partial: boolean;
  now: Date;
  giveUpAt: number; // performance.now() after which a lock held elsewhere refuses it
  resolve: (admission: Admission) => void;
  reject: (err: unknown) => void;
}

/** A meter over the accounts store; `waitMs`: how long a request waits for a lock held elsewhere. */
export function createMeter(store: AccountStore, now: () => Date, waitMs: number = LIMITS.accountsWaitMs): Meter {
  let queue: Pending[] = [];
  let scheduled = false; // a decision of the queue is due (next turn, or after a retry delay)
  let deciding = false; // a decision is out to the store: the requests asking meanwhile wait for the next one
  const schedule = (delayMs: number): void => {
    scheduled = true;
    if (delayMs === 0) setImmediate(decideQueued);
    else setTimeout(decideQueued, delayMs);
  };
  const decideQueued = (): void => {
    scheduled = false;
    if (deciding || queue.length === 0) return;
    const batch = queue;
    queue = [];
    deciding = true;
    store.consumeMany(batch.map((p) => ({ account: p.account.name, request: { kind: p.kind, rows: p.units, partial: p.partial }, now: p.now })))
      .then((decisions) => {
        batch.forEach((p, i) => {
          const decision = decisions[i];
          if (decision === undefined) p.reject(new Error('the accounts store returned fewer decisions than requests'));
          else if (!decision.ok) p.reject(decision.error);
          else p.resolve({ account: p.account.name, kind: p.kind, units: decision.allowed, day: decision.day });
        });
      }, (err: unknown) => {
        if (!isLockBusy(err)) {
          for (const p of batch) p.reject(err);
          return;
        }
        // Nothing was decided: the ones that may still wait go first next time, in the order they asked.
        const at = performance.now();
        const waiting = batch.filter((p) => {
          if (at < p.giveUpAt) return true;
          p.reject(err);
          return false;
        });
        queue = [...waiting, ...queue];
        if (queue.length > 0 && !scheduled) schedule(RETRY_MS);
      })
      .finally(() => {
        deciding = false;
        if (queue.length > 0 && !scheduled) schedule(0);
      });
  };
  return {
    admit(account, kind, units, partial = false) {
      return new Promise<Admission>((resolve, reject) => {
        if (!scheduled) schedule(0);
        queue.push({ account, kind, units, partial, now: now(), giveUpAt: performance.now() + waitMs, resolve, reject });
      });
    },
    release(admission) {
      const giveUpAt = performance.now() + RELEASE_RETRY_FOR_MS;
      // Units not given back stay charged (never the other way round); retried while the lock is held elsewhere.
      const attempt = (): Promise<void> => store.release(admission.account, admission.kind, admission.units, admission.day).catch((err: unknown) => {
        if (!isLockBusy(err) || performance.now() >= giveUpAt) return undefined;
        return new Promise<void>((resolve) => setTimeout(resolve, RETRY_MS)).then(attempt);
      });
      return attempt();
    },
  };
}
