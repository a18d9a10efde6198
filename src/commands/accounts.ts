/**
 * addr accounts create|list|show|set — manage the accounts of the accounts
 * database (docs/cli.md, `addr accounts`) in the data directory. Flags, help and examples are
 * registered in program.ts.
 */
import type { AccountPatch } from '../accounts/account-store.js';
import { PLANS, autocompleteAllowed, rowAllowance, usageWindow } from '../accounts/plans.js';
import type { Account, PlanName } from '../accounts/plans.js';
import { AddrError } from '../core/model/errors.js';
import type { AccountStore } from '../accounts/account-store.js';
import { resolveDataDir } from '../store/data-location.js';
import { accountsUrl, openAccountStore } from '../store/open-accounts.js';
import { EXIT_OK } from '../core/model/exit-codes.js';
import type { CommandContext } from './io.js';
import type { AccountSettingsFlags, AdminFlags } from './options.js';
import { writeRecords } from './write-records.js';

/** The fields an account is printed with. */
export const ACCOUNT_FIELDS = [
  'name', 'plan', 'status', 'email', 'email_verified', 'daily_rows', 'included_lookups', 'overage', 'autocomplete',
  'window_from', 'used', 'remaining', 'created_at',
] as const;

/** Opens the account store of the run: --accounts-url (or $ADDR_ACCOUNTS_URL), else accounts.sqlite of the data directory. */
export function openAccountsFor(flags: { dataDir?: string; accountsUrl?: string }, ctx: CommandContext): Promise<AccountStore> {
  const url = accountsUrl(flags.accountsUrl, ctx.env);
  return openAccountStore({ dataDir: url === null ? resolveDataDir(flags.dataDir, ctx.env) : '', url });
}

/** An account as printed: its effective settings and its usage in the current window. */
export async function describeAccount(store: AccountStore, account: Account, now: Date): Promise<Record<(typeof ACCOUNT_FIELDS)[number], unknown>> {
  const window = usageWindow(account, now);
  const used = (await store.usageByDay({ account: account.name, since: window.from })
    ).reduce((sum, row) => sum + row.validation + row.batch_row, 0);
  const allowance = rowAllowance(account);
  const limited = allowance !== null && !(account.plan === 'production' && account.overage);
  return {
    name: account.name,
    plan: account.plan,
    status: account.status,
    email: account.email,
    email_verified: account.emailVerified,
    daily_rows: account.plan === 'free_beta' ? allowance : null,
    included_lookups: account.plan === 'production' ? allowance : null,
    overage: account.plan === 'production' ? account.overage : null,
    autocomplete: autocompleteAllowed(account),
    window_from: PLANS[account.plan].window === 'none' ? null : window.from,
    used,
    remaining: limited ? Math.max(0, allowance - used) : null,
    created_at: account.createdAt,
  };
}

function settingsFrom(flags: AccountSettingsFlags): AccountPatch {
  const patch: AccountPatch = {};
  if (flags.plan !== undefined) patch.plan = flags.plan;
  if (flags.email !== undefined) patch.email = flags.email === '' ? null : flags.email;
  if (flags.emailVerified !== undefined) patch.emailVerified = flags.emailVerified;
  if (flags.dailyRows !== undefined) patch.dailyRows = flags.dailyRows;
  if (flags.includedLookups !== undefined) patch.includedLookups = flags.includedLookups;
  if (flags.overage !== undefined) patch.overage = flags.overage;
  if (flags.autocomplete !== undefined) patch.autocomplete = flags.autocomplete;
  return patch;
}

/** The plan-specific settings and the plan each belongs to. */
const PLAN_SETTINGS: readonly { key: keyof AccountSettingsFlags; flag: (value: unknown) => string; plan: PlanName }[] = [
  { key: 'dailyRows', flag: () => '--daily-rows', plan: 'free_beta' },
  { key: 'includedLookups', flag: () => '--included-lookups', plan: 'production' },
  { key: 'overage', flag: (v) => (v === false ? '--no-overage' : '--overage'), plan: 'production' },
];

/** Refuses (exit 2) a setting that does not apply to the plan the account will be on, instead of storing it silently. */
function checkSettingsApply(flags: AccountSettingsFlags, plan: PlanName, name: string): void {
  for (const setting of PLAN_SETTINGS) {
    const value = flags[setting.key];
    if (value === undefined || setting.plan === plan) continue;
    const flag = setting.flag(value);
    throw new AddrError('ADDR_ERR_USAGE', [
      `${flag} applies to the ${setting.plan} plan only, and account '${name}' ${flags.plan === undefined ? 'is' : 'would be'} on ${plan}: `
      + `drop ${flag}, or give --plan ${setting.plan}.`,
    ]);
  }
}

async function withStore(flags: AdminFlags, ctx: CommandContext, work: (store: AccountStore, now: Date) => Promise<void>): Promise<number> {
  const store = await openAccountsFor(flags, ctx);
  try {
    await work(store, new Date());
    return EXIT_OK;
  } finally {
    await store.close();
  }
}

/** Runs `addr accounts create`. */
export function runAccountsCreate(flags: AdminFlags, ctx: CommandContext): Promise<number> {
  const name = flags.name?.trim() ?? '';
  if (name === '') throw new AddrError('ADDR_ERR_USAGE', ['Give the account a name with --name.']);
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) throw new AddrError('ADDR_ERR_USAGE', ['An account name is letters, digits, dots, dashes and underscores.']);
  if (flags.plan === undefined) throw new AddrError('ADDR_ERR_USAGE', ['Give the account a plan with --plan free_beta or --plan production.']);
  checkSettingsApply(flags, flags.plan, name);
  return withStore(flags, ctx, async (store, now) => {
    const account = await store.createAccount({ name, plan: flags.plan ?? 'free_beta', ...settingsFrom(flags) }, now);
    await writeRecords(ctx, flags, ACCOUNT_FIELDS, [await describeAccount(store, account, now)], false);
  });
}

/** Runs `addr accounts list`. */
export function runAccountsList(flags: AdminFlags, ctx: CommandContext): Promise<number> {
  return withStore(flags, ctx, async (store, now) => {
    await writeRecords(ctx, flags, ACCOUNT_FIELDS, await Promise.all((await store.listAccounts()).map((a) => describeAccount(store, a, now))));
  });
}

/** Runs `addr accounts show NAME`. */
export function runAccountsShow(name: string, flags: AdminFlags, ctx: CommandContext): Promise<number> {
  return withStore(flags, ctx, async (store, now) => {
    const account = await store.getAccount(name);
    if (account === null) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [name]);
    await writeRecords(ctx, flags, ACCOUNT_FIELDS, [await describeAccount(store, account, now)], false);
  });
}

/** Runs `addr accounts set NAME`. */
export function runAccountsSet(name: string, flags: AdminFlags, ctx: CommandContext): Promise<number> {
  if (flags.suspend && flags.activate) throw new AddrError('ADDR_ERR_USAGE', ['Give --suspend or --activate, not both.']);
  const patch = settingsFrom(flags);
  if (flags.suspend) patch.status = 'suspended';
  if (flags.activate) patch.status = 'active';
  if (Object.keys(patch).length === 0) throw new AddrError('ADDR_ERR_USAGE', ['Nothing to change: give at least one setting (see `addr accounts set --help`).']);
  return withStore(flags, ctx, async (store, now) => {
    const current = await store.getAccount(name);
    if (current === null) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [name]);
    checkSettingsApply(flags, flags.plan ?? current.plan, name);
    const account = await store.updateAccount(name, patch);
    await writeRecords(ctx, flags, ACCOUNT_FIELDS, [await describeAccount(store, account, now)], false);
  });
}
