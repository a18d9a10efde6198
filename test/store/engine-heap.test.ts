import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineHeapMb } from '../../src/store/open-engine.js';
import { POINT_STORE_HEAP_MB, POINTS_DB_FILE } from '../../src/store/points-db.js';
import { RANGE_STORE_HEAP_MB, RANGES_DB_FILE } from '../../src/store/ranges-db.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function dataDir(files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'addr-heap-'));
  dirs.push(dir);
  for (const f of files) writeFileSync(join(dir, f), '');
  return dir;
}

describe('engineHeapMb: the heap cap of a worker thread makes room for the data it opens', () => {
  it('gives the imported points and ranges the room their caches may take', () => {
    const referenceDbPath = 'unused';
    const base = engineHeapMb({ referenceDbPath });
    expect(engineHeapMb({ referenceDbPath, dataDir: dataDir([]) })).toBe(base);
    expect(engineHeapMb({ referenceDbPath, dataDir: dataDir([POINTS_DB_FILE]) })).toBe(base + POINT_STORE_HEAP_MB);
    expect(engineHeapMb({ referenceDbPath, dataDir: dataDir([RANGES_DB_FILE]) })).toBe(base + RANGE_STORE_HEAP_MB);
    expect(engineHeapMb({ referenceDbPath, dataDir: dataDir([POINTS_DB_FILE, RANGES_DB_FILE]) })).toBe(base + POINT_STORE_HEAP_MB + RANGE_STORE_HEAP_MB);
    // The held streets alone may reach ~150 MB (1,500,000 points of ~100 bytes): more than the
    // engine's own cap, which is what made `addr batch` die with 1,000,000 points loaded.
    expect(POINT_STORE_HEAP_MB).toBeGreaterThan(150);
  });
});
