// Helpers of the address-point tests: the fixture paths, a locality layer that can
// locate ZIPs by position (the fake validation store plus a KDBush locator over its
// ZIPs), and a fresh data directory with some fixtures imported.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import type { LocalityStore, ZipLocator, ZipRecord, ZipTable } from '../../src/core/model/ports.js';
import { openPointStore, openPointsDatabase } from '../../src/store/points-db.js';
import type { SqlitePointStore } from '../../src/store/points-db.js';
import { importPoints } from '../../src/store/points-import.js';
import type { ImportSummary } from '../../src/store/points-import.js';
import { zipLocator } from '../../src/store/zip-locator.js';
import { fakeLocalityStore, fakeZipRecords } from '../core/validate-fake-store.js';

/** The directory of the point fixtures. */
export const POINT_FIXTURES = fileURLToPath(new URL('../../fixtures/points/', import.meta.url));

/** The fake locality store (with ZIPs of a test's own) with a nearest-ZIP locator over its ZIPs, and their list. */
export function fakeLocality(extra: readonly ZipRecord[] = []): LocalityStore & ZipLocator & ZipTable {
  const records = fakeZipRecords(extra);
  return Object.assign(fakeLocalityStore({ extra }), zipLocator(records, (z) => z), { allZips: () => records });
}

/** A fresh temporary data directory and its cleanup. */
export function tempDataDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'addr-points-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A fresh temporary data directory per call, each removed after the test that made it (call at a file's top level). */
export function dataDirPerTest(): () => string {
  const made: { cleanup(): void }[] = [];
  afterEach(() => {
    for (const d of made.splice(0)) d.cleanup();
  });
  return () => {
    const d = tempDataDir();
    made.push(d);
    return d.dir;
  };
}

/** Imports fixture files into a data directory (in-process); `complete`: as sources known complete (--complete). */
export async function importFixtures(dir: string, files: readonly string[], locality: LocalityStore & ZipLocator & ZipTable = fakeLocality(), complete = false): Promise<ImportSummary[]> {
  const db = openPointsDatabase(dir, true);
  if (db === null) throw new Error('no database');
  try {
    const out: ImportSummary[] = [];
    for (const f of files) out.push(await importPoints(db, { input: { kind: 'file', path: join(POINT_FIXTURES, f) }, format: null, source: null, complete, locality, now: new Date('2026-03-01T00:00:00Z') }));
    return out;
  } finally {
    db.close();
  }
}

/** Opens the point store of a data directory (it must exist). */
export function pointStoreOf(dir: string): SqlitePointStore {
  const store = openPointStore(dir);
  if (store === null) throw new Error('no point store');
  return store;
}
