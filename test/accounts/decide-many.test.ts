// Several requests decided in turn (decideMany): the usage of a window is read only where an allowance counts it.
import { describe, expect, it } from 'vitest';
import { decideMany } from '../../src/accounts/decide-many.js';
import type { StoredAccount } from '../../src/accounts/decide-many.js';
import type { UsageDecision } from '../../src/accounts/decide-usage.js';
import type { Account, UsageKind } from '../../src/accounts/plans.js';

const NOW = new Date('2026-03-15T12:00:00Z');

function account(name: string, overrides: Partial<Account> = {}): Account {
  return {
    name, plan: 'production', email: null, emailVerified: true, status: 'active',
    dailyRows: null, includedLookups: 3, overage: false, autocomplete: true, createdAt: '2026-01-01T00:00:00Z', ...overrides,
  };
}

const ACCOUNTS: Record<string, StoredAccount> = {
  unlimited: { id: 1, account: account('unlimited', { overage: true }) },
  limited: { id: 2, account: account('limited') },
};

const ask = (name: string, kind: UsageKind, rows = 1): { account: string; request: { kind: UsageKind; rows: number }; now: Date } => ({ account: name, request: { kind, rows }, now: NOW });
const summary = (d: UsageDecision): number | string => (d.ok ? d.allowed : d.error.code);

describe('decideMany', () => {
  it('decides unlimited requests without reading usage, and counts the grants made before a window is read', () => {
    const reads: number[] = [];
    const used: Record<number, number> = { 1: 1_000_000, 2: 1 };
    const { decisions, grants } = decideMany(
      [ask('unlimited', 'validation'), ask('limited', 'autocomplete'), ask('unlimited', 'batch_row', 5), ask('limited', 'validation'), ask('limited', 'validation'), ask('limited', 'validation')],
      (name) => ACCOUNTS[name] ?? null,
      (id) => {
        reads.push(id);
        return used[id] ?? 0;
      },
    );
    expect(decisions.map(summary)).toEqual([1, 1, 5, 1, 1, 'ADDR_ERR_LOOKUP_LIMIT']); // 1 used + 2 granted of 3
    expect(reads).toEqual([2]); // the limited account's window, once; never the unlimited one's (nor for autocomplete)
    expect(grants).toEqual([
      { accountId: 1, day: '2026-03-15', kind: 'validation', units: 1 },
      { accountId: 2, day: '2026-03-15', kind: 'autocomplete', units: 1 },
      { accountId: 1, day: '2026-03-15', kind: 'batch_row', units: 5 },
      { accountId: 2, day: '2026-03-15', kind: 'validation', units: 2 },
    ]);
  });
});
