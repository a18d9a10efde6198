/**
 * Plans and accounts (docs/cli.md, `addr accounts`): what each plan allows, and the settings an
 * account overrides. Pure data and arithmetic; no I/O.
 *
 * - free_beta: validations and batch rows share a daily row allowance (UTC days,
 *   default 250); autocomplete off unless the account's flag turns it on; email
 *   verification required.
 * - production: included lookups per billing period (the UTC calendar month),
 *   overage on or off; autocomplete on unless the account's flag turns it off.
 * - unlimited: never refused (the built-in `local` account's plan).
 */

/** The plans. */
export const PLAN_NAMES = ['free_beta', 'production', 'unlimited'] as const;

/** One plan name. */
export type PlanName = (typeof PLAN_NAMES)[number];

/** What a unit of usage was spent on; autocomplete is metered apart from validation. */
export type UsageKind =
  | 'validation' // one address validated (CLI or API)
  | 'batch_row' // one spreadsheet row processed by `addr batch`
  | 'autocomplete'; // one autocomplete request

/** Every usage kind, in the order reports show them. */
export const USAGE_KINDS: readonly UsageKind[] = ['validation', 'batch_row', 'autocomplete'];

/** An account's state. */
export type AccountStatus =
  | 'active' // may work within its plan
  | 'suspended'; // refused everything with ADDR_ERR_ACCOUNT_SUSPENDED

/** An account as stored. Null settings take the plan's default. */
export interface Account {
  name: string;
  plan: PlanName;
  email: string | null;
  emailVerified: boolean;
  status: AccountStatus;
  dailyRows: number | null; // free_beta: rows a day (default DEFAULT_DAILY_ROWS)
  includedLookups: number | null; // production: lookups per billing period (default DEFAULT_INCLUDED_LOOKUPS)
  overage: boolean; // production: keep serving past the included lookups
  autocomplete: boolean | null; // per-account autocomplete flag; null = the plan's default
  createdAt: string; // ISO 8601
}

/** The built-in account the CLI runs as without --account/--key. */
export const LOCAL_ACCOUNT = 'local';

/** Free Beta rows a day when the account sets none. */
export const DEFAULT_DAILY_ROWS = 250;

/** Production lookups per billing period when the account sets none. */
export const DEFAULT_INCLUDED_LOOKUPS = 10_000;

/** What a plan allows. */
export interface PlanDefinition {
  name: PlanName;
  window: 'day' | 'month' | 'none'; // the period the allowance counts over (UTC)
  autocomplete: boolean; // autocomplete when the account's flag is null
  emailVerificationRequired: boolean;
}

/** The plans, by name. */
export const PLANS: Readonly<Record<PlanName, PlanDefinition>> = Object.freeze({
  free_beta: { name: 'free_beta', window: 'day', autocomplete: false, emailVerificationRequired: true },
  production: { name: 'production', window: 'month', autocomplete: true, emailVerificationRequired: false },
  unlimited: { name: 'unlimited', window: 'none', autocomplete: true, emailVerificationRequired: false },
});

/** True when `name` is a plan. */
export function isPlanName(name: string): name is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(name);
}

/** The row allowance of an account's current window, or null when it has none (unlimited, or overage on). */
export function rowAllowance(account: Account): number | null {
  switch (account.plan) {
    case 'free_beta':
      return account.dailyRows ?? DEFAULT_DAILY_ROWS;
    case 'production':
      return account.includedLookups ?? DEFAULT_INCLUDED_LOOKUPS;
    case 'unlimited':
      return null;
  }
}

/** Whether the account may use autocomplete. */
export function autocompleteAllowed(account: Account): boolean {
  return account.autocomplete ?? PLANS[account.plan].autocomplete;
}

let lastDayNumber = Number.NaN;
let lastDayText = '';

/** The UTC day of an instant, `YYYY-MM-DD`: the key usage is recorded under. (The last day's text is kept: a server asks it per request.) */
export function usageDay(now: Date): string {
  const dayNumber = Math.floor(now.getTime() / 86_400_000);
  if (dayNumber !== lastDayNumber) {
    lastDayText = now.toISOString().slice(0, 10);
    lastDayNumber = dayNumber;
  }
  return lastDayText;
}

/** The first and last UTC day of the window the account's allowance counts over, at `now`. */
export function usageWindow(account: Account, now: Date): { from: string; to: string } {
  const to = usageDay(now);
  switch (PLANS[account.plan].window) {
    case 'day':
      return { from: to, to };
    case 'month':
      return { from: `${to.slice(0, 8)}01`, to };
    case 'none':
      return { from: to, to }; // nothing is enforced; today is as good a window as any
  }
}
