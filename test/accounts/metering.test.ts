// The metering service of src/accounts (meter.ts, unit-meter.ts, usage-ledger.ts, metered-account.ts)
// that the CLI, the server and the batch share, against both account stores: exact under concurrent
// admissions, refusals answered, units given back latest day first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountStore } from '../../src/accounts/account-store.js';
import { createMeter } from '../../src/accounts/meter.js';
import { meteredAccount, neverRefused, refusalPastAllowance } from '../../src/accounts/metered-account.js';
import { bulkMeter, decidingMeter } from '../../src/accounts/unit-meter.js';
import { UsageLedger } from '../../src/accounts/usage-ledger.js';
import { openAccountsDb } from '../../src/store/accounts-db.js';
import { openAccountsPg } from '../../src/store/accounts-pg.js';
import { STORE_KINDS, createDatabase, skipStore } from '../store/pg-fixture.js';
import type { StoreKind } from '../store/pg-fixture.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fresh(kind: StoreKind): Promise<AccountStore> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'addr-metering-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const store = openAccountsDb(dir);
    cleanups.push(() => store.close());
    return store;
  }
  const db = await createDatabase();
  cleanups.push(() => db.drop());
  const store = await openAccountsPg(db.url);
  cleanups.push(() => store.close());
  return store;
}

const DAY1 = new Date('2026-03-15T12:00:00Z');
const DAY2 = new Date('2026-03-16T12:00:00Z');

describe('the usage ledger', () => {
  it('gives back latest day first, never more than was noted', async () => {
    const ledger = new UsageLedger();
    ledger.add('2026-03-15', 3);
    ledger.add('2026-03-16', 2);
    ledger.add('2026-03-16', 0);
    expect(ledger.total).toBe(5);
    const released: [string, number][] = [];
    expect(await ledger.giveBack(4, async (day, n) => void released.push([day, n]))).toBe(4);
    expect(released).toEqual([['2026-03-16', 2], ['2026-03-15', 2]]);
    expect(await ledger.giveBack(9, async (day, n) => void released.push([day, n]))).toBe(1);
    expect(ledger.total).toBe(0);
  });
});

describe('the meter', () => {
  const fakeStore = (calls: number[]): AccountStore => ({
    consumeMany: async (requests) => {
      calls.push(requests.length);
      return requests.map(() => ({ ok: true, allowed: 1, day: '2026-03-15', remaining: null }));
    },
  }) as Partial<AccountStore> as AccountStore;

  it("gathers the requests of one turn into one decision, or decides each at once for a command", async () => {
    const gathered: number[] = [];
    const server = createMeter(fakeStore(gathered), () => DAY1, 0);
    const asked = [server.admit('a', 'validation', 1), server.admit('b', 'validation', 1), server.admit('a', 'validation', 1)];
    expect(gathered).toEqual([]); // decided on the next turn, together
    await Promise.all(asked);
    expect(gathered).toEqual([3]);
    const direct: number[] = [];
    const command = createMeter(fakeStore(direct), () => DAY1, 0, false);
    const one = command.admit('a', 'validation', 1);
    expect(direct).toEqual([1]); // asked of the store at once
    expect(await one).toMatchObject({ account: 'a', units: 1, day: '2026-03-15' });
  });
});

describe.each(STORE_KINDS)('metering over the %s store', (kind) => {
  describe.skipIf(skipStore(kind))(kind, () => {
    it('grants concurrent admissions exactly up to the allowance, then answers the refusal', async () => {
      const store = await fresh(kind);
      await store.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 25 }, DAY1);
      const meter = createMeter(store, () => DAY1, 0);
      const asked = await Promise.all(Array.from({ length: 40 }, () => meter.decide('acme', 'validation', 1)));
      expect(asked.filter((m) => m.ok)).toHaveLength(25);
      expect(asked.find((m) => !m.ok)).toMatchObject({ ok: false, error: { code: 'ADDR_ERR_QUOTA_EXCEEDED' } });
      await expect(meter.admit('acme', 'validation', 1)).rejects.toMatchObject({ code: 'ADDR_ERR_QUOTA_EXCEEDED' });
      expect((await store.usageByDay({ account: 'acme' }))[0]).toMatchObject({ validation: 25 });
      expect((await refusalPastAllowance(store, 'acme', 'batch_row')).code).toBe('ADDR_ERR_QUOTA_EXCEEDED');
    });

    it("a command's meter admits unit by unit and gives back what it did not deliver", async () => {
      const store = await fresh(kind);
      await store.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 3 }, DAY1);
      expect(await meteredAccount(store, { account: 'acme' }, DAY1)).toBe('acme');
      await expect(meteredAccount(store, { account: 'nope' }, DAY1)).rejects.toMatchObject({ code: 'ADDR_ERR_ACCOUNT_NOT_FOUND' });
      await expect(meteredAccount(store, { account: 'acme', key: 'k' }, DAY1)).rejects.toMatchObject({ code: 'ADDR_ERR_USAGE' });
      let now = DAY1;
      const meter = decidingMeter(store, 'acme', 'validation', () => now);
      expect(await meter.admit()).toBeNull();
      now = DAY2;
      expect(await meter.admit()).toBeNull();
      expect(await meter.admit()).toBeNull();
      expect(meter.admitted).toBe(3);
      await meter.giveBack(2);
      expect(meter.admitted).toBe(1);
      const usage = await store.usageByDay({ account: 'acme' });
      expect(usage.map((u) => [u.day, u.validation])).toEqual([['2026-03-15', 1], ['2026-03-16', 0]]);
    });

    it('an account that refuses nothing is recorded in bulk', async () => {
      const store = await fresh(kind);
      const local = await store.getAccount('local');
      expect(local !== null && neverRefused(local, 'validation')).toBe(true);
      const failures: unknown[] = [];
      const meter = bulkMeter(store, 'local', 'validation', () => DAY1, (err) => failures.push(err));
      for (let i = 0; i < 1500; i++) expect(await meter.admit()).toBeNull();
      await meter.giveBack(600); // 500 not yet written, 100 given back
      expect(meter.admitted).toBe(900);
      expect((await store.usageByDay({ account: 'local' }))[0]).toMatchObject({ day: '2026-03-15', validation: 900 });
      await meter.close();
      cleanups.pop(); // closed by the meter
      expect(failures).toEqual([]);
    });
  });
});
