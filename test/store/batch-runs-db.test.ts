// Checkpoints of addr batch, in both account stores (SQLite; PostgreSQL, each test its own database):
// reserved rows recorded with their usage in one transaction; the daily reset and plan changes seen by the reservation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountStore } from '../../src/accounts/account-store.js';
import type { BatchRunStore } from '../../src/accounts/batch-runs.js';
import { openAccountStore } from '../../src/store/open-accounts.js';
import { STORE_KINDS, createDatabase, skipStore } from './pg-fixture.js';
import type { StoreKind } from './pg-fixture.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const DAY1 = new Date('2026-03-15T23:59:00Z');
const DAY2 = new Date('2026-03-16T00:00:01Z');

async function open(kind: StoreKind): Promise<{ accounts: AccountStore; runs: BatchRunStore }> {
  let url: string | null = null;
  const dir = mkdtempSync(join(tmpdir(), 'addr-batch-runs-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  if (kind === 'postgres') {
    const db = await createDatabase();
    cleanups.push(() => db.drop());
    url = db.url;
  }
  const accounts = await openAccountStore({ dataDir: dir, url });
  cleanups.push(() => accounts.close());
  await accounts.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 10 }, DAY1);
  return { accounts, runs: accounts.batchRuns() };
}

const INPUT = { path: '/data/in.csv', size: 100, mtimeMs: 1.5, headerHash: 'h' };

describe.each(STORE_KINDS)('batch runs in the %s store', (kind) => {
  it.skipIf(skipStore(kind))('grants what is left, records usage and paid rows together, and resets at midnight UTC', async () => {
    const { accounts, runs } = await open(kind);
    const run = await runs.startRun({ account: 'acme', input: INPUT, outputPath: '/data/out.csv', tempPath: '/data/out.csv.partial', settings: '{}', inOffset: 10, inLine: 2, outBytes: 20 }, DAY1);
    expect(await runs.reserveRows('acme', run.id, 6, DAY1)).toMatchObject({ ok: true, allowed: 6, remaining: 4 });
    expect(await runs.reserveRows('acme', run.id, 6, DAY1)).toMatchObject({ ok: true, allowed: 4, remaining: 0 });
    const refused = await runs.reserveRows('acme', run.id, 1, DAY1);
    expect(refused).toMatchObject({ ok: false, error: { code: 'ADDR_ERR_QUOTA_EXCEEDED' } });
    expect(await runs.findRun('/data/in.csv', '/data/out.csv')).toMatchObject({ input: INPUT, rowsPaid: 10, rowsDone: 0, state: 'running', pid: process.pid });
    expect(await accounts.usageByDay({ account: 'acme' })).toEqual([{ account: 'acme', day: '2026-03-15', validation: 0, batch_row: 10, autocomplete: 0 }]);
    // The next UTC day the allowance is whole again.
    expect(await runs.reserveRows('acme', run.id, 12, DAY2)).toMatchObject({ ok: true, allowed: 10 });
    expect((await runs.findRun('/data/in.csv', '/data/out.csv'))?.rowsPaid).toBe(20);
    await runs.saveProgress(run.id, { rowsDone: 20, inOffset: 99, inLine: 22, outBytes: 500, tally: { statuses: { VALIDATED: 20 }, elapsedMs: 1500 }, state: 'stopped' }, DAY2);
    expect(await runs.findRun('/data/in.csv', '/data/out.csv')).toMatchObject({ rowsDone: 20, inOffset: 99, inLine: 22, outBytes: 500, tally: { statuses: { VALIDATED: 20 }, elapsedMs: 1500 }, state: 'stopped', pid: null });
    await runs.claimRun(run.id, 4242, DAY2);
    expect(await runs.findRun('/data/in.csv', '/data/out.csv')).toMatchObject({ state: 'running', pid: 4242 });
    await runs.deleteRun(run.id);
    expect(await runs.findRun('/data/in.csv', '/data/out.csv')).toBeNull();
    await expect(runs.startRun({ account: 'nobody', input: INPUT, outputPath: '/o', tempPath: '/o.partial', settings: '{}', inOffset: 0, inLine: 2, outBytes: 0 }, DAY1))
      .rejects.toThrow(expect.objectContaining({ code: 'ADDR_ERR_ACCOUNT_NOT_FOUND' }));
  });

  it.skipIf(skipStore(kind))('sees plan changes at once and records nothing for a refusal', async () => {
    const { accounts, runs } = await open(kind);
    await accounts.updateAccount('acme', { status: 'suspended' });
    expect(await runs.reserveRows('acme', null, 0, DAY1)).toMatchObject({ ok: false, error: { code: 'ADDR_ERR_ACCOUNT_SUSPENDED' } });
    await accounts.updateAccount('acme', { status: 'active', plan: 'unlimited' });
    expect(await runs.reserveRows('acme', null, 1000, DAY1)).toMatchObject({ ok: true, allowed: 1000, remaining: null });
    await accounts.updateAccount('acme', { plan: 'free_beta' });
    expect(await runs.reserveRows('acme', null, 1, DAY1)).toMatchObject({ ok: false });
    expect((await accounts.usageByDay({ account: 'acme' }))[0]?.batch_row).toBe(1000);
  });
});
