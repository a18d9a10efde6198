// The ADDRFEAT generator of the range scale bench (bench/generate-edges.ts): the shapefile it
// writes is one the real importer reads, with the edges, alternate names, ranges and ZIPs it
// was asked for, and a number of a generated block validates at the range layer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blockSides, generateEdgeStreets, writeAddrfeat } from '../../bench/generate-edges.js';
import type { EdgeZip } from '../../bench/generate-edges.js';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import { openEngine } from '../../src/store/open-engine.js';
import { openRangesDatabase } from '../../src/store/ranges-db.js';
import { importRanges } from '../../src/store/ranges-import.js';
import { openLocalityStore } from '../../src/store/sqlite-locality-store.js';
import { addrfeatFiles } from '../../src/store/tiger-reader.js';

const dir = mkdtempSync(join(tmpdir(), 'addr-gen-edges-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ZIPS: EdgeZip[] = [
  { zip5: '59645', city: 'WHITE SULPHUR SPRINGS', state: 'MT', lat: 46.6332, lon: -111.0506 },
  { zip5: '59642', city: 'RINGLING', state: 'MT', lat: 46.2716, lon: -110.8072 },
  { zip5: '95472', city: 'SEBASTOPOL', state: 'CA', lat: 38.3998, lon: -122.8594 },
];

describe('generated ADDRFEAT edges', () => {
  it('are deterministic, and import as the edges, names and ZIPs generated', async () => {
    const streets = generateEdgeStreets(ZIPS, ['SPRINGFIELD', 'GRATON'], 400);
    expect(generateEdgeStreets(ZIPS, ['SPRINGFIELD', 'GRATON'], 400)).toEqual(streets);
    expect(streets.reduce((n, s) => n + s.blocks, 0)).toBe(400);
    const stem = join(dir, 'tl_test_addrfeat');
    const made = writeAddrfeat(stem, streets);
    const alternates = streets.filter((s) => s.alt !== null).reduce((n, s) => n + s.blocks, 0);
    expect(made).toEqual({ edges: 400, records: 400 + alternates });

    const db = openRangesDatabase(dir, true)!;
    const locality = openLocalityStore(defaultLocalityDbPath());
    try {
      const [file] = await addrfeatFiles([`${stem}.shp`]);
      const summary = await importRanges(db, { file: file!, locality, now: new Date() });
      expect(summary).toMatchObject({ rows_read: made.records, rows_imported: made.records, rows_skipped: 0, edges: 400, alternate_names: alternates, states: ['CA', 'MT'] });
    } finally {
      db.close();
      locality.close();
    }

    const { engine, close } = openEngine({ referenceDbPath: defaultLocalityDbPath(), dataDir: dir });
    try {
      const s = streets.find((x) => x.rightZip === x.zip && !x.both && !/ (N|S|NE|NW|SE|SW)$/.test(x.name)) ?? streets[0]!;
      const [lo] = blockSides(s, 1).left;
      const r = engine.validate(`${lo + 2} ${s.name}, ${s.zip.city}, ${s.zip.state} ${s.zip.zip5}`);
      expect(r.quality.level).toBe('range');
      expect(r.standardized.zip5).toBe(s.zip.zip5);
      const past = engine.validate(`${(s.firstBlock + s.blocks + 5) * 100 + 1} ${s.name}, ${s.zip.city}, ${s.zip.state} ${s.zip.zip5}`);
      expect(past.reason_codes).toContain('HOUSE_NUMBER_OUT_OF_RANGE');
    } finally {
      close();
    }
  }, 30_000);
});
