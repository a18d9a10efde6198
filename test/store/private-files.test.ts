// The data directory addr creates is 0700 and its databases (with -wal and -shm) 0600, whatever the umask.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openAccountsDb } from '../../src/store/accounts-db.js';
import { openPointsDatabase } from '../../src/store/points-db.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const mode = (path: string): number => statSync(path).mode & 0o777;

describe.skipIf(process.platform === 'win32')('data directory permissions', () => {
  it('creates the folder 0700 and accounts.sqlite, points.sqlite, -wal and -shm 0600 under umask 000', async () => {
    const root = mkdtempSync(join(tmpdir(), 'addr-perm-'));
    dirs.push(root);
    const dataDir = join(root, 'share', 'addr');
    const old = process.umask(0);
    try {
      const store = openAccountsDb(dataDir);
      await store.record('local', 'validation', 1, new Date());
      const points = openPointsDatabase(dataDir, true);
      points?.exec('CREATE TABLE IF NOT EXISTS t (x); INSERT INTO t VALUES (1)');
      expect(mode(dataDir)).toBe(0o700);
      for (const file of ['accounts.sqlite', 'accounts.sqlite-wal', 'accounts.sqlite-shm', 'points.sqlite', 'points.sqlite-wal', 'points.sqlite-shm']) {
        expect([file, mode(join(dataDir, file))]).toEqual([file, 0o600]);
      }
      store.close();
      points?.close();
    } finally {
      process.umask(old);
    }
  });
});
