/**
 * Metering of `addr validate`, `extract` and `autocomplete` (README.md, `addr accounts`).
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
import { LOCAL_ACCOUNT, rowAllowance } from '../accounts/plans.js';
import type { Account, UsageKind } from '../accounts/plans.js';
import { AddrError } from '../core/errors.js';
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
  return {
    async admit() {
      const decision = await store.consume(name, { kind, rows: 1 }, now());
      if (!decision.ok) return decision.error;
      admitted += decision.allowed;
      return null;
    },
    get admitted() {
      return admitted;
    },
    close: () => store.close(),
  };
}

function localMeter(store: AccountStore, ctx: CommandContext, now: () => Date, kind: UsageKind): ValidationMeter {
  let failed = false;
  let pending = 0;
  let admitted = 0;
  const flush = async (): Promise<void> => {
    if (pending === 0 || failed) return;
    try {
      await store.record(LOCAL_ACCOUNT, kind, pending, now());
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
    async close() {
      await flush();
      await store.close();
    },
  };
}
