// Helpers of the address-range tests: the TIGER/Line sample county (fixtures/tiger).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEngine } from '../../src/store/open-engine.js';
import type { OpenedEngine } from '../../src/store/open-engine.js';
import { openRangesDatabase } from '../../src/store/ranges-db.js';
import { importRanges } from '../../src/store/ranges-import.js';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import { openLocalityStore } from '../../src/store/sqlite-locality-store.js';
import { addrfeatFiles } from '../../src/store/tiger-reader.js';
import { importFixtures } from './points-fixtures.js';

/** The Meagher County, MT ADDRFEAT zip as the Census Bureau ships it (public domain). */
export const MEAGHER_ZIP = fileURLToPath(new URL('../../fixtures/tiger/tl_2021_30059_addrfeat.zip', import.meta.url));

/**
 * An engine over the real locality database and a data directory holding the sample's ranges
 * (and the address points of `pointFiles`, fixtures/points, when given); close() removes the directory.
 */
export async function engineWithMeagher(pointFiles: readonly string[] = []): Promise<OpenedEngine> {
  const dir = mkdtempSync(join(tmpdir(), 'addr-ranges-engine-'));
  const db = openRangesDatabase(dir, true)!;
  const locality = openLocalityStore(defaultLocalityDbPath());
  try {
    const [file] = await addrfeatFiles([MEAGHER_ZIP]);
    await importRanges(db, { file: file!, locality, now: new Date() });
    if (pointFiles.length > 0) await importFixtures(dir, pointFiles, locality);
  } finally {
    db.close();
    locality.close();
  }
  const opened = openEngine({ referenceDbPath: defaultLocalityDbPath(), dataDir: dir });
  return {
    engine: opened.engine,
    close: () => {
      opened.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
