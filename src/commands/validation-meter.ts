/**
 * The CLI's face of the metering service (src/accounts/meter.ts, unit-meter.ts) for `addr
 * validate`, `extract` and `autocomplete` (docs/cli.md, `addr accounts`): it opens the account
 * store the flags and environment name, picks the meter, and says on stderr what is not recorded.
 * Each address is metered against --account, --key, or else the built-in local account, whose
 * plan applies as any account's does (as in `addr batch`). A data directory that cannot be opened
 * costs the local account on a plan that refuses nothing one warning, never the validation.
 */
import type { AccountStore } from '../accounts/account-store.js';
import { checkAccountChoice, meteredAccount, neverRefused } from '../accounts/metered-account.js';
import { LOCAL_ACCOUNT } from '../accounts/plans.js';
import type { Account, UsageKind } from '../accounts/plans.js';
import { bulkMeter, decidingMeter } from '../accounts/unit-meter.js';
import type { UnitMeter } from '../accounts/unit-meter.js';
import { resolveDataDir } from '../store/data-location.js';
import { accountsUrl, openAccountStore } from '../store/open-accounts.js';
import type { CommandContext } from './io.js';
import type { AccountFlags, DataDirFlags } from './options.js';

/** Admits addresses one at a time against an account. */
export type ValidationMeter = UnitMeter;

/**
 * The meter of a run: the named account's, or the local account's; `kind` is what each admitted unit counts as
 * (autocomplete is metered apart). One rule for every command, `addr batch` included: the account's plan decides,
 * the local account's too (unlimited unless `addr accounts set local` changed it).
 */
export async function openValidationMeter(flags: AccountFlags & DataDirFlags, ctx: CommandContext, now: () => Date = () => new Date(), kind: UsageKind = 'validation'): Promise<ValidationMeter> {
  checkAccountChoice(flags);
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
  return bulkMeter(store, LOCAL_ACCOUNT, kind, now, (err) => warnUnrecorded(ctx, err));
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
    name = await meteredAccount(store, flags, now());
  } catch (err) {
    await store.close();
    throw err;
  }
  return decidingMeter(store, name, kind, now);
}
