// The quota decision at its boundaries, the check order of docs/api.md and the windows.
import { describe, expect, it } from 'vitest';
import { decideUsage } from '../../src/accounts/decide-usage.js';
import type { UsageDecision } from '../../src/accounts/decide-usage.js';
import { usageWindow } from '../../src/accounts/plans.js';
import type { Account } from '../../src/accounts/plans.js';

const NOW = new Date('2026-03-15T23:59:59Z');

function account(overrides: Partial<Account> = {}): Account {
  return {
    name: 'acme', plan: 'free_beta', email: 'a@acme.test', emailVerified: true, status: 'active',
    dailyRows: 10, includedLookups: null, overage: false, autocomplete: null, createdAt: '2026-01-01T00:00:00Z', ...overrides,
  };
}

const code = (d: UsageDecision): string | null => (d.ok ? null : d.error.code);

describe('decideUsage', () => {
  it.each([
    // used, rows, partial, allowed or refusal
    [10, 1, false, 'ADDR_ERR_QUOTA_EXCEEDED'], // remaining 0
    [9, 1, false, 1], // remaining 1
    [9, 2, false, 'ADDR_ERR_QUOTA_EXCEEDED'], // one more than remains
    [5, 5, false, 5], // exactly what remains
    [6, 3, false, 3], // one less than remains
    [9, 5, true, 1], // a batch gets what remains
    [10, 5, true, 'ADDR_ERR_QUOTA_EXCEEDED'], // nothing remains, even for a batch
    [12, 1, false, 'ADDR_ERR_QUOTA_EXCEEDED'], // used above a lowered allowance
  ] as const)('free_beta allowance 10, used %i, asks %i (partial %s) -> %s', (used, rows, partial, expected) => {
    const d = decideUsage(account(), { rows: used }, { kind: 'validation', rows, partial }, NOW);
    if (typeof expected === 'number') expect(d).toEqual({ ok: true, allowed: expected, day: '2026-03-15', remaining: Math.max(0, 10 - used - expected) });
    else expect(code(d)).toBe(expected);
  });

  it('defaults the Free Beta allowance to 250 rows a day', () => {
    expect(code(decideUsage(account({ dailyRows: null }), { rows: 249 }, { kind: 'batch_row', rows: 1 }, NOW))).toBeNull();
    expect(code(decideUsage(account({ dailyRows: null }), { rows: 250 }, { kind: 'batch_row', rows: 1 }, NOW))).toBe('ADDR_ERR_QUOTA_EXCEEDED');
  });

  it('refuses a production account past its included lookups with overage off, with limits', () => {
    const d = decideUsage(account({ plan: 'production', includedLookups: 100 }), { rows: 100 }, { kind: 'validation', rows: 1 }, NOW);
    expect(d.ok).toBe(false);
    if (d.ok) return;
    expect(d.error.code).toBe('ADDR_ERR_LOOKUP_LIMIT');
    expect(d.error.kind).toBe('quota');
    expect(d.error.details).toEqual({ limits: { remainingLookupCredits: 0, includedLookups: 100, usedLookups: 100, overageEnabled: false } });
  });

  it('lets a production account with overage go past its included lookups', () => {
    expect(decideUsage(account({ plan: 'production', includedLookups: 100, overage: true }), { rows: 500 }, { kind: 'validation', rows: 3 }, NOW))
      .toMatchObject({ ok: true, allowed: 3, remaining: null });
  });

  it('never refuses the unlimited plan', () => {
    expect(decideUsage(account({ plan: 'unlimited', emailVerified: false }), { rows: 1e9 }, { kind: 'validation', rows: 1000 }, NOW))
      .toMatchObject({ ok: true, allowed: 1000 });
  });

  it('checks suspended, then email verification, then the feature, then the quota', () => {
    const all = account({ status: 'suspended', emailVerified: false });
    expect(code(decideUsage(all, { rows: 10 }, { kind: 'autocomplete', rows: 1 }, NOW))).toBe('ADDR_ERR_ACCOUNT_SUSPENDED');
    expect(code(decideUsage({ ...all, status: 'active' }, { rows: 10 }, { kind: 'autocomplete', rows: 1 }, NOW))).toBe('ADDR_ERR_EMAIL_UNVERIFIED');
    expect(code(decideUsage(account(), { rows: 10 }, { kind: 'autocomplete', rows: 1 }, NOW))).toBe('ADDR_ERR_FEATURE_UNAVAILABLE');
    expect(code(decideUsage(account(), { rows: 10 }, { kind: 'validation', rows: 1 }, NOW))).toBe('ADDR_ERR_QUOTA_EXCEEDED');
  });

  it('requires email verification on Free Beta only', () => {
    expect(code(decideUsage(account({ plan: 'production', emailVerified: false }), { rows: 0 }, { kind: 'validation', rows: 1 }, NOW))).toBeNull();
  });

  it('meters autocomplete apart: allowed by flag or plan, never against the row allowance', () => {
    expect(code(decideUsage(account({ autocomplete: true }), { rows: 10 }, { kind: 'autocomplete', rows: 1 }, NOW))).toBeNull();
    expect(code(decideUsage(account({ plan: 'production', includedLookups: 1 }), { rows: 1 }, { kind: 'autocomplete', rows: 1 }, NOW))).toBeNull();
    expect(code(decideUsage(account({ plan: 'production', autocomplete: false }), { rows: 0 }, { kind: 'autocomplete', rows: 1 }, NOW))).toBe('ADDR_ERR_FEATURE_UNAVAILABLE');
  });
});

describe('usageWindow', () => {
  it('is the UTC day for Free Beta and the UTC calendar month for production', () => {
    expect(usageWindow(account(), NOW)).toEqual({ from: '2026-03-15', to: '2026-03-15' });
    expect(usageWindow(account({ plan: 'production' }), NOW)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
  });
});
