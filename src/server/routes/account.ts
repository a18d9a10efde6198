/**
 * GET /v1/account — the key's account as the console shows it: its plan, the
 * allowance of the current window and what is left, usage by day over the
 * last 30 days, and its keys by prefix (never a key). Not metered.
 */
import type { FastifyRequest } from 'fastify';
import { PLANS, rowAllowance, usageDay, usageWindow } from '../../accounts/plans.js';
import { accountOf } from '../request-context.js';
import type { RouteSpec } from '../route-spec.js';
import { AccountBody } from '../spreadsheets/job-schemas.js';

const DAYS = 30;

/** GET /v1/account. */
export const accountGet: RouteSpec = {
  method: 'GET',
  url: '/v1/account',
  access: { auth: true, usage: null },
  schema: {},
  doc: {
    operationId: 'getAccount',
    summary: 'The account of the key: plan, allowance left, usage by day, keys',
    description: `The plan and its allowance in the current window (used and remaining), usage by UTC day over the last ${DAYS} days, and the account's keys by prefix. Not metered.`,
    tags: ['account'],
    response: AccountBody,
    responseDescription: 'The account.',
    errors: [401, 500],
  },
  handler: (ctx) => async (request: FastifyRequest) => {
    const account = accountOf(request);
    const now = ctx.now();
    const since = usageDay(new Date(now.getTime() - (DAYS - 1) * 86_400_000));
    const { from } = usageWindow(account, now);
    const earliest = from < since ? from : since;
    const rows = await ctx.accounts.usageByDay({ account: account.name, since: earliest });
    const used = rows.filter((r) => r.day >= from).reduce((n, r) => n + r.validation + r.batch_row, 0);
    const allowance = rowAllowance(account);
    const limited = allowance !== null && !(account.plan === 'production' && account.overage);
    const keys = await ctx.accounts.listKeys(account.name);
    return {
      account: account.name,
      plan: account.plan,
      status: account.status,
      allowance: {
        window: PLANS[account.plan].window,
        rows: allowance,
        used,
        remaining: limited ? Math.max(0, allowance - used) : null,
        overage: account.overage,
      },
      usage: rows.filter((r) => r.day >= since).map((r) => ({ day: r.day, validation: r.validation, batch_row: r.batch_row, autocomplete: r.autocomplete })),
      keys: keys.map((k) => ({ prefix: k.prefix, created_at: k.createdAt, last_used_at: k.lastUsedAt, revoked_at: k.revokedAt })),
    };
  },
};
