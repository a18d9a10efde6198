/**
 * The metering service (docs/architecture.md, "Metering"): units of work (validations, batch rows,
 * autocomplete calls) are granted to an account before the work runs and given back when it is not
 * served. Every face meters through it: `addr serve` (server/engine-call.ts), the CLI's
 * commands (unit-meter.ts, over this meter) and `addr batch`, whose rows are reserved with its
 * checkpoint in one transaction (row-reservation.ts, with usage-ledger.ts and
 * metered-account.ts). The store decides and records in one transaction, so concurrent requests
 * (and other processes sharing the store) never go past an allowance and a refused request
 * records nothing.
 *
 * The requests that ask in one turn of the event loop are decided together, in
 * the order they asked, in one transaction (consumeMany), run once the turn's
 * I/O callbacks are done (setImmediate): one write lock and one commit per
 * turn instead of one per request, and each request is still decided before
 * its work starts.
 *
 * One decision is out to the store at a time: the requests that ask while it
 * is (a PostgreSQL store answers over the network) are decided together next.
 *
 * When another process holds the write lock of accounts.sqlite (the store
 * answers ADDR_ERR_ACCOUNTS_DB with details.busy at once: the server's
 * connection does not wait on the lock), the queue is decided again a moment
 * later, off the event loop turn, so other requests and /healthz go on; a
 * request still undecided `waitMs` after it asked is refused with
 * that error (503 with Retry-After in addr serve). Each attempt is one transaction that
 * decides and records all or nothing, so retrying never charges twice and the
 * quotas stay exact. A release that finds the lock held is retried the same way.
 */
import type { AccountStore } from './account-store.js';
import type { UsageKind } from './plans.js';
import { isAddrError } from '../core/model/errors.js';
import type { AddrError } from '../core/model/errors.js';

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

/** Units granted to one request (or one unit of a command's work). */
export interface Admission {
  account: string;
  kind: UsageKind;
  units: number;
  day: string; // the UTC day they were recorded under
}

/** A request's units granted, or the plan's refusal of them. */
export type Metered = { ok: true; admission: Admission } | { ok: false; error: AddrError };

/** Grants units to requests. */
export interface Meter {
  /** As admit(), but a refusal of the plan (quota, account state, feature) is answered, not thrown; failures are thrown. */
  decide(account: string, kind: UsageKind, units: number, partial?: boolean): Promise<Metered>;
  /**
   * Grants `units` of `kind` to the account, or throws the refusal (429, 402, 403).
   * With `partial`, grants as many of them as remain (at least one) instead of refusing them all.
   */
  admit(account: string, kind: UsageKind, units: number, partial?: boolean): Promise<Admission>;
  /** Gives back what a request was granted, when the engine failed to serve it; resolves once given back (or given up). */
  release(admission: Admission): Promise<void>;
}

interface Pending {
  account: string;
  kind: UsageKind;
  units: number;
  partial: boolean;
  now: Date;
  giveUpAt: number; // performance.now() after which a lock held elsewhere refuses it
  resolve: (metered: Metered) => void;
  reject: (err: unknown) => void;
}

/**
 * A meter over the accounts store; `waitMs`: how long a request waits for a lock held elsewhere (0: refused at
 * once). `gather`: the requests of one event-loop turn are decided together (a server's many requests); false
 * decides each at once (a command asking for one unit at a time, which has nothing to gather).
 */
export function createMeter(store: AccountStore, now: () => Date, waitMs: number, gather = true): Meter {
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
    store.consumeMany(batch.map((p) => ({ account: p.account, request: { kind: p.kind, rows: p.units, partial: p.partial }, now: p.now })))
      .then((decisions) => {
        batch.forEach((p, i) => {
          const decision = decisions[i];
          if (decision === undefined) p.reject(new Error('the accounts store returned fewer decisions than requests'));
          else if (!decision.ok) p.resolve(decision);
          else p.resolve({ ok: true, admission: { account: p.account, kind: p.kind, units: decision.allowed, day: decision.day } });
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
  const decide = (account: string, kind: UsageKind, units: number, partial = false): Promise<Metered> => new Promise<Metered>((resolve, reject) => {
    queue.push({ account, kind, units, partial, now: now(), giveUpAt: performance.now() + waitMs, resolve, reject });
    if (scheduled) return;
    if (gather) schedule(0);
    else decideQueued();
  });
  return {
    decide,
    async admit(account, kind, units, partial = false) {
      const metered = await decide(account, kind, units, partial);
      if (!metered.ok) throw metered.error;
      return metered.admission;
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
