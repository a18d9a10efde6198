/**
 * Metering of `addr validate`, `extract` and `autocomplete` (docs/cli.md, `addr accounts`).
 * Each address is decided and recorded in one transaction before it is
 * validated, and refused as the API would refuse it, against --account, --key,
 * or else the built-in local account, whose plan applies as any account's does
 * (as in `addr batch`). While an account's plan refuses nothing (the local
 * account's default, unlimited) its counts are written in one transaction per
 * FLUSH_EVERY addresses and at the end, and a data directory that cannot be
 * opened costs one warning on stderr, never the validation.
 */
import type { AccountStore } from '../accounts/account-store.js';
import { authenticate } from '../accounts/authenticate.js';
import { checkAccess } from '../accounts/decide-usage.js';
import { LOCAL_ACCOUNT, rowAllowance, usageDay } from '../accounts/plans.js';
import type { Account, UsageKind } from '../accounts/plans.js';
import { AddrError } from '../core/model/errors.js';
import { resolveDataDir } from '../store/data-location.js';
import { accountsUrl, openAccountStore } from '../store/open-accounts.js';
import type { CommandContext } from './io.js';
import type { AccountFlags, DataDirFlags } from './options.js';

const FLUSH_EVERY = 1000;

/** Admits addresses one at a time against an account. */
export interface ValidationMeter {
  /** Admits one address (and records it); returns the refusal instead when the account may not have it. */
  admit(): Promise<AddrError | null>;
  /** Addresses admitted so far. */
  readonly admitted: number;
  /** Gives back `units` admitted units that were never delivered (a reader that went away), latest first. */
  giveBack(units: number): Promise<void>;
  /** Writes what is pending and closes the database. */
  close(): Promise<void>;
}

/**
 * The meter of a run: the named account's, or the local account's; `kind` is what each admitted unit counts as
 * (autocomplete is metered apart). One rule for every command, `addr batch` included: the account's plan decides,
 * the local account's too (unlimited unless `addr accounts set local` changed it).
 */
export async function openValidationMeter(flags: AccountFlags & DataDirFlags, ctx: CommandContext, now: () => Date = () => new Date(), kind: UsageKind = 'validation'): Promise<ValidationMeter> {
  if (flags.account !== undefined && flags.key !== undefined) throw new AddrError('ADDR_ERR_USAGE', ['Give --account or --key, not both.']);
  const url = accountsUrl(flags.accountsUrl, ctx.env);
  const open = (): Promise<AccountStore> => openAccountStore({ dataDir: url === null ? resolveDataDir(flags.dataDir, ctx.env) : '', url });
  if (flags.account !== undefined || flags.key !== undefined) return accountMeter(await open(), flags, now, kind);
  let store: AccountStore;
  try {
    store = await open();
  } catch (err) {
    // The local account on its default plan never refuses: a store that cannot be opened costs a warning.
    return unrecordedMeter(ctx, err);
  }
  let local: Account | null;
  try {
    local = await store.getAccount(LOCAL_ACCOUNT);
  } catch (err) {
    await store.close();
    return unrecordedMeter(ctx, err);
  }
  if (local !== null && !neverRefused(local, kind)) return accountMeter(store, { account: LOCAL_ACCOUNT }, now, kind);
  return localMeter(store, ctx, now, kind);
}

/** True when the account's plan and state refuse nothing of this kind: its usage may then be recorded in bulk. */
function neverRefused(account: Account, kind: UsageKind): boolean {
  if (checkAccess(account, kind) !== null) return false;
  return kind === 'autocomplete' || rowAllowance(account) === null || (account.plan === 'production' && account.overage);
}

/** Releases up to `units` of the units recorded by day, latest day first; returns how many were released. */
async function releaseByDay(byDay: Map<string, number>, units: number, release: (day: string, units: number) => Promise<void>): Promise<number> {
  let rest = Math.max(0, units);
  let released = 0;
  for (const [day, n] of [...byDay].reverse()) {
    if (rest <= 0) break;
    const back = Math.min(n, rest);
    await release(day, back);
    byDay.set(day, n - back);
    rest -= back;
    released += back;
  }
  return released;
}

function warnUnrecorded(ctx: CommandContext, err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  ctx.stderr.write(`warning: usage of the local account is not recorded: ${message}\n`);
}

function unrecordedMeter(ctx: CommandContext, err: unknown): ValidationMeter {
  warnUnrecorded(ctx, err);
  let admitted = 0;
  return {
    async admit() {
      admitted++;
      return null;
    },
    get admitted() {
      return admitted;
    },
    async giveBack(units) {
      admitted -= Math.min(admitted, Math.max(0, units));
    },
    async close() {},
  };
}

async function accountMeter(store: AccountStore, flags: AccountFlags, now: () => Date, kind: UsageKind): Promise<ValidationMeter> {
  let name: string;
  try {
    if (flags.key !== undefined) name = (await authenticate(store, flags.key, now())).name;
    else {
      name = flags.account ?? '';
      if ((await store.getAccount(name)) === null) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [name]);
    }
  } catch (err) {
    await store.close();
    throw err;
  }
  let admitted = 0;
  const byDay = new Map<string, number>(); // units consumed, by the UTC day they were recorded under
  return {
    async admit() {
      const decision = await store.consume(name, { kind, rows: 1 }, now());
      if (!decision.ok) return decision.error;
      admitted += decision.allowed;
      byDay.set(decision.day, (byDay.get(decision.day) ?? 0) + decision.allowed);
      return null;
    },
    get admitted() {
      return admitted;
    },
    async giveBack(units) {
      admitted -= await releaseByDay(byDay, units, (day, n) => store.release(name, kind, n, day));
    },
    close: () => store.close(),
  };
}

function localMeter(store: AccountStore, ctx: CommandContext, now: () => Date, kind: UsageKind): ValidationMeter {
  let failed = false;
  let pending = 0;
  let admitted = 0;
  const byDay = new Map<string, number>(); // units recorded, by UTC day
  const flush = async (): Promise<void> => {
    if (pending === 0 || failed) return;
    try {
      const at = now();
      await store.record(LOCAL_ACCOUNT, kind, pending, at);
      const day = usageDay(at);
      byDay.set(day, (byDay.get(day) ?? 0) + pending);
    } catch (err) {
      failed = true;
      warnUnrecorded(ctx, err);
    }
    pending = 0;
  };
  return {
    async admit() {
      admitted++;
      if (++pending >= FLUSH_EVERY) await flush();
      return null;
    },
    get admitted() {
      return admitted;
    },
    async giveBack(units) {
      let rest = Math.min(admitted, Math.max(0, units));
      admitted -= rest;
      const unrecorded = Math.min(pending, rest);
      pending -= unrecorded;
      rest -= unrecorded;
      if (rest > 0 && !failed) {
        try {
          await releaseByDay(byDay, rest, (day, n) => store.release(LOCAL_ACCOUNT, kind, n, day));
        } catch (err) {
          failed = true;
          warnUnrecorded(ctx, err);
        }
      }
    },
    async close() {
      await flush();
      await store.close();
    },
  };
}
