// Checkpoints of addr batch: reserved rows recorded with their usage in one transaction; the
// daily reset and plan changes seen by the reservation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openAccountsDb } from '../../src/store/accounts-db.js';
import type { SqliteAccountStore } from '../../src/store/accounts-db.js';
import { SqliteBatchRunStore } from '../../src/store/batch-runs-db.js';

const dirs: string[] = [];
const stores: SqliteAccountStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const DAY1 = new Date('2026-03-15T23:59:00Z');
const DAY2 = new Date('2026-03-16T00:00:01Z');

function open(): { accounts: SqliteAccountStore; runs: SqliteBatchRunStore } {
  const dir = mkdtempSync(join(tmpdir(), 'addr-batch-runs-'));
  dirs.push(dir);
  const accounts = openAccountsDb(dir);
  stores.push(accounts);
  accounts.createAccount({ name: 'acme', plan: 'free_beta', emailVerified: true, dailyRows: 10 }, DAY1);
  return { accounts, runs: new SqliteBatchRunStore(accounts) };
}

const INPUT = { path: '/data/in.csv', size: 100, mtimeMs: 1, headerHash: 'h' };

describe('batch runs store', () => {
  it('grants what is left, records usage and paid rows together, and resets at midnight UTC', () => {
    const { accounts, runs } = open();
    const run = runs.startRun({ account: 'acme', input: INPUT, outputPath: '/data/out.csv', tempPath: '/data/out.csv.partial', settings: '{}', inOffset: 10, inLine: 2, outBytes: 20 }, DAY1);
    expect(runs.reserveRows('acme', run.id, 6, DAY1)).toMatchObject({ ok: true, allowed: 6, remaining: 4 });
    expect(runs.reserveRows('acme', run.id, 6, DAY1)).toMatchObject({ ok: true, allowed: 4, remaining: 0 });
    const refused = runs.reserveRows('acme', run.id, 1, DAY1);
    expect(refused).toMatchObject({ ok: false, error: { code: 'ADDR_ERR_QUOTA_EXCEEDED' } });
    expect(runs.findRun('/data/in.csv', '/data/out.csv')).toMatchObject({ rowsPaid: 10, rowsDone: 0, state: 'running', pid: process.pid });
    expect(accounts.usageByDay({ account: 'acme' })).toEqual([{ account: 'acme', day: '2026-03-15', validation: 0, batch_row: 10, autocomplete: 0 }]);
    // The next UTC day the allowance is whole again.
    expect(runs.reserveRows('acme', run.id, 12, DAY2)).toMatchObject({ ok: true, allowed: 10 });
    expect(runs.findRun('/data/in.csv', '/data/out.csv')?.rowsPaid).toBe(20);
    runs.saveProgress(run.id, { rowsDone: 20, inOffset: 99, inLine: 22, outBytes: 500, tally: { statuses: { VALIDATED: 20 }, elapsedMs: 1500 }, state: 'stopped' }, DAY2);
    expect(runs.findRun('/data/in.csv', '/data/out.csv')).toMatchObject({ rowsDone: 20, inOffset: 99, inLine: 22, outBytes: 500, tally: { statuses: { VALIDATED: 20 }, elapsedMs: 1500 }, state: 'stopped', pid: null });
    runs.deleteRun(run.id);
    expect(runs.findRun('/data/in.csv', '/data/out.csv')).toBeNull();
  });

  it('sees plan changes at once and records nothing for a refusal', () => {
    const { accounts, runs } = open();
    accounts.updateAccount('acme', { status: 'suspended' });
    expect(runs.reserveRows('acme', null, 0, DAY1)).toMatchObject({ ok: false, error: { code: 'ADDR_ERR_ACCOUNT_SUSPENDED' } });
    accounts.updateAccount('acme', { status: 'active', plan: 'unlimited' });
    expect(runs.reserveRows('acme', null, 1000, DAY1)).toMatchObject({ ok: true, allowed: 1000, remaining: null });
    accounts.updateAccount('acme', { plan: 'free_beta' });
    expect(runs.reserveRows('acme', null, 1, DAY1)).toMatchObject({ ok: false });
    expect(accounts.usageByDay({ account: 'acme' })[0]?.batch_row).toBe(1000);
  });
});
