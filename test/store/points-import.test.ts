// The address-point importer over the fixtures of fixtures/points (docs/data.md §4):
// every format and quirk, duplicates, inference by position, idempotent re-import, atomic
// replacement, and an interrupted import that leaves nothing behind.
import { copyFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { INFERRED } from '../../src/core/model/ports.js';
import { openPointsDatabase } from '../../src/store/points-db.js';
import { importPoints, sourceNameOf } from '../../src/store/points-import.js';
import type { ImportSummary } from '../../src/store/points-import.js';
import { POINT_FIXTURES, dataDirPerTest, fakeLocality, importFixtures, pointStoreOf } from './points-fixtures.js';

const dataDir = dataDirPerTest();

function counts(s: ImportSummary): Record<string, number> {
  return Object.fromEntries(Object.entries(s.skipped).map(([k, v]) => [k, v.count]));
}

describe('addr data import: OpenAddresses CSV', () => {
  it('reads headers in any order and case, trims, keeps leading zeros, fractions and units, and reports what it skipped', async () => {
    const dir = dataDir();
    const [s] = await importFixtures(dir, ['sebastopol.oa.csv']);
    expect(s).toMatchObject({ source: 'sebastopol.oa', format: 'openaddresses', outcome: 'imported', rows_read: 22, rows_imported: 15, rows_skipped: 7, number_zero: 1 });
    expect(counts(s as ImportSummary)).toEqual({ duplicate: 1, no_number: 1, no_street: 1, no_coordinates: 3, malformed: 1 });
    expect(s?.skipped.no_coordinates?.lines).toEqual([20, 21, 22]);
    expect(s?.skipped.malformed?.lines).toEqual([23]);
    expect(s?.states).toEqual(['CA']);
    const store = pointStoreOf(dir);
    try {
      const [bodega] = store.streetsInZip('95472', 'BODEGA');
      expect(bodega).toMatchObject({ street: 'BODEGA', suffix: 'AVE', city: 'SEBASTOPOL', state: 'CA', zip5: '95472', points: 5 });
      const id = bodega?.id ?? 0;
      expect(store.pointsAt(id, '104')).toHaveLength(1); // " 104 " trimmed
      expect(store.pointsAt(id, '115')[0]).toMatchObject({ number_fraction: '1/2', number_int: 115 });
      expect(store.pointsAt(id, '121A')[0]).toMatchObject({ number_int: 121 });
      const [florence] = store.streetsInZip('95472', 'FLORENCE');
      expect(store.pointsAt(florence?.id ?? 0, '00300')[0]).toMatchObject({ number: '00300', number_int: 300 });
      const [main] = store.streetsInZip('95472', 'MAIN').filter((st) => st.predir === 'N');
      expect(store.pointsAt(main?.id ?? 0, '210').map((p) => [p.unit_type, p.unit_number])).toEqual([['#', '101'], ['APT', '4']]);
      // A county abbreviation (CI) is brought to the C1 standard; city, state and ZIP come from the position:
      // the city surely (every ZIP about as near is Sebastopol's), the ZIP not (Sebastopol has two).
      const [oak] = store.streetsInZip('95472', 'OAK');
      expect(oak).toMatchObject({ suffix: 'CIR', city: 'SEBASTOPOL' });
      expect(store.pointsAt(oak?.id ?? 0, '12')[0]?.inferred).toBe(INFERRED.city | INFERRED.state | INFERRED.zip5 | INFERRED.citySure);
      expect(store.coversZip('95472')).toBe(true);
      expect(store.coversZip('95444')).toBe(false);
    } finally {
      store.close();
    }
  });

  it('reads GEOM WKT with and without a space, HASH, and ZIP+4 postcodes; a geometry that is not a point is malformed', async () => {
    const dir = dataDir();
    const [s] = await importFixtures(dir, ['sebastopol-geom.oa.csv']);
    expect(s).toMatchObject({ rows_read: 3, rows_imported: 2 });
    expect(counts(s as ImportSummary)).toEqual({ malformed: 1 });
    const store = pointStoreOf(dir);
    try {
      const [st] = store.streetsInZip('95472', 'HEALDSBURG');
      expect(store.pointsAt(st?.id ?? 0, '300')[0]).toMatchObject({ zip4: '1234', lat: 38.41, lon: -122.82, inferred: 0 });
      expect(store.pointsAt(st?.id ?? 0, '302')[0]).toMatchObject({ zip4: '1236' });
    } finally {
      store.close();
    }
  });
});

describe('addr data import: GeoJSON lines and NAD', () => {
  it('reads GeoJSON lines with nulls, whitespace, string coordinates, null geometry and a broken line', async () => {
    const dir = dataDir();
    const [s] = await importFixtures(dir, ['graton.geojsonl']);
    expect(s).toMatchObject({ format: 'geojson', rows_read: 7, rows_imported: 4 });
    expect(counts(s as ImportSummary)).toEqual({ no_coordinates: 1, no_number: 1, malformed: 1 });
    const store = pointStoreOf(dir);
    try {
      const [graton] = store.streetsInZip('95444', 'GRATON');
      expect(graton).toMatchObject({ suffix: 'RD', city: 'GRATON', points: 3 });
      expect(store.pointsAt(graton?.id ?? 0, '9010')[0]).toMatchObject({ lat: 38.4361, lon: -122.8686 });
    } finally {
      store.close();
    }
  });

  it('reads NAD text with recent and with release-4 column names', async () => {
    const dir = dataDir();
    const [recent, r4] = await importFixtures(dir, ['nad-recent.txt', 'nad-r4.csv']);
    expect(recent).toMatchObject({ format: 'nad', rows_imported: 3, rows_skipped: 0, rows_inferred: 0 });
    expect(r4).toMatchObject({ format: 'nad', rows_imported: 2, rows_skipped: 0 });
    const store = pointStoreOf(dir);
    try {
      const [petaluma] = store.streetsInZip('95472', 'PETALUMA');
      expect(petaluma).toMatchObject({ suffix: 'AVE', points: 3 });
      expect(store.pointsAt(petaluma?.id ?? 0, '400')[0]).toMatchObject({ zip4: '2501', city: 'SEBASTOPOL' });
      expect(store.pointsAt(petaluma?.id ?? 0, '402')[0]).toMatchObject({ unit_type: 'STE', unit_number: '5' });
      const high = store.streetsInZip('95472', 'HIGH');
      expect(high.map((h) => `${h.predir ?? ''} ${h.suffix ?? '-'}`).sort()).toEqual(['N -', 'N ST']);
      const withoutType = high.find((h) => h.suffix === null);
      expect(store.pointsAt(withoutType?.id ?? 0, '502B')[0]).toMatchObject({ number_int: 502, zip4: null });
    } finally {
      store.close();
    }
  });

  it('reads gzip files and stdin streams, telling GeoJSON from CSV by the first character', async () => {
    const dir = dataDir();
    const gz = join(dir, 'graton.geojsonl.gz');
    writeFileSync(gz, gzipSync(readFileSync(join(POINT_FIXTURES, 'graton.geojsonl'))));
    const db = openPointsDatabase(dir, true);
    if (db === null) throw new Error('no db');
    try {
      const locality = fakeLocality();
      const now = new Date();
      const fromGz = await importPoints(db, { input: { kind: 'file', path: gz }, format: null, source: null, locality, now });
      expect(fromGz).toMatchObject({ source: 'graton', format: 'geojson', rows_imported: 4 });
      const csv = readFileSync(join(POINT_FIXTURES, 'sebastopol.oa.csv'));
      const fromStdin = await importPoints(db, { input: { kind: 'stream', stream: Readable.from([csv.subarray(0, 100), csv.subarray(100)]), name: 'piped' }, format: null, source: null, locality, now });
      expect(fromStdin).toMatchObject({ source: 'piped', format: 'openaddresses', rows_imported: 15 });
    } finally {
      db.close();
    }
  });

  it('hashes the decoded rows: the same file gzipped, or piped gzipped, is the source already imported', async () => {
    const dir = dataDir();
    const plain = readFileSync(join(POINT_FIXTURES, 'graton.geojsonl'));
    writeFileSync(join(dir, 'graton.geojsonl'), plain);
    writeFileSync(join(dir, 'graton.geojsonl.gz'), gzipSync(plain, { level: 9 }));
    const db = openPointsDatabase(dir, true);
    if (db === null) throw new Error('no db');
    try {
      const locality = fakeLocality();
      const now = new Date();
      const file = (name: string, source: string | null): Promise<ImportSummary> => importPoints(db, { input: { kind: 'file', path: join(dir, name) }, format: null, source, locality, now });
      expect(await file('graton.geojsonl', null)).toMatchObject({ outcome: 'imported', rows_imported: 4 });
      expect(await file('graton.geojsonl.gz', null)).toMatchObject({ outcome: 'unchanged' });
      expect(await file('graton.geojsonl.gz', 'copy')).toMatchObject({ outcome: 'already_imported', same_as: 'graton' });
      const piped = await importPoints(db, { input: { kind: 'stream', stream: Readable.from([gzipSync(plain)]), name: 'piped' }, format: null, source: null, locality, now });
      expect(piped).toMatchObject({ outcome: 'already_imported', same_as: 'graton' });
      expect(db.prepare('SELECT COUNT(*) AS n FROM points').get()).toEqual({ n: 4 });
    } finally {
      db.close();
    }
  });
});

describe('addr data import: CSV line ends, quoting and county abbreviations', () => {
  it('reads CRLF lines, a quoted street with a comma and doubled quotes, and brings BL, TE, CM, PW, LA, LP to the C1 standard', async () => {
    const dir = dataDir();
    const file = join(dir, 'county.csv');
    const rows = [
      'LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID',
      '-122.8290,38.4020,1,"Ocean View BL",,,,,95472,1',
      '-122.8291,38.4021,2,"Vista TE",,,,,95472,2',
      '-122.8292,38.4022,3,"Village CM",,,,,95472,3',
      '-122.8293,38.4023,4,"Gravenstein PW",,,,,95472,4',
      '-122.8294,38.4024,5,"Apple LA",,,,,95472,5',
      '-122.8295,38.4025,6,"Cherry LP",,,,,95472,6',
      '-122.8296,38.4026,7,"Lover\'s ""Lane"", Upper",,,,,95472,7',
    ];
    writeFileSync(file, `${rows.join('\r\n')}\r\n`);
    const db = openPointsDatabase(dir, true);
    if (db === null) throw new Error('no db');
    try {
      const s = await importPoints(db, { input: { kind: 'file', path: file }, format: null, source: null, locality: fakeLocality(), now: new Date() });
      expect(s).toMatchObject({ rows_read: 7, rows_imported: 7, rows_skipped: 0 });
    } finally {
      db.close();
    }
    const store = pointStoreOf(dir);
    try {
      const suffixOf = (key: string): (string | null)[] => store.streetsInZip('95472', key).map((st) => st.suffix);
      expect([suffixOf('OCEAN VIEW'), suffixOf('VISTA'), suffixOf('VILLAGE'), suffixOf('GRAVENSTEIN'), suffixOf('APPLE'), suffixOf('CHERRY')])
        .toEqual([['BLVD'], ['TER'], ['CMN'], ['PKWY'], ['LN'], ['LOOP']]);
      // The quoted street arrives whole (comma and quotes inside the field, no stray \r): one street, one point.
      const names = store.streetNamesInZip('95472');
      expect(names.filter((n) => n.includes('LOVER'))).toHaveLength(1);
      expect(names.some((n) => n.includes('\r'))).toBe(false);
    } finally {
      store.close();
    }
  });
});

describe('addr data import: points outside the reach of the locality layer', () => {
  it('imports a row whose ZIP (or ZIP, city and state) the source gives wherever its point lies, and skips one that gives none as no_locality', async () => {
    const dir = dataDir();
    const file = join(dir, 'far.csv');
    const rows = [
      'LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID',
      '21.212121,12.121212,100,Main St,,,,,,no locality at all', // line 2
      '31.313131,13.131313, 200 , Main St ,,,,,95472,a ZIP the reference knows',
      '41.414141,14.141414,0,Elm St,,Springfield,,IL,62799,ZIP city and state given and the ZIP unknown to the reference',
      '51.515151,15.151515,00,Elm St,,,,,95472,number 00',
      '61.616161,16.161616,00300,Main St,,,,,95472,leading zeros',
      '71.717171,17.171717,400,Vireo Rd,,input city,,input region,input postcode,nothing usable', // line 7
    ];
    writeFileSync(file, `${rows.join('\n')}\n`);
    const db = openPointsDatabase(dir, true);
    if (db === null) throw new Error('no db');
    let s: ImportSummary;
    try {
      s = await importPoints(db, { input: { kind: 'file', path: file }, format: null, source: null, locality: fakeLocality(), now: new Date() });
    } finally {
      db.close();
    }
    expect(s).toMatchObject({ rows_read: 6, rows_imported: 4, number_zero: 2, states: ['CA', 'IL'] });
    expect(s.skipped.no_locality).toEqual({ count: 2, lines: [2, 7] });
    const store = pointStoreOf(dir);
    try {
      const [main] = store.streetsInZip('95472', 'MAIN');
      expect(main).toMatchObject({ city: 'SEBASTOPOL', state: 'CA', suffix: 'ST' });
      expect(store.pointsAt(main?.id ?? 0, '200')[0]).toMatchObject({ number: '200', inferred: INFERRED.city | INFERRED.state }); // trimmed; the ZIP is the source's
      expect(store.pointsAt(main?.id ?? 0, '300')[0]?.number).toBe('00300');
      expect(store.pointsAt(store.streetsInZip('95472', 'ELM')[0]?.id ?? 0, '0')[0]?.number).toBe('00');
      const [springfield] = store.streetsInZip('62799', 'ELM');
      expect(springfield).toMatchObject({ city: 'SPRINGFIELD', state: 'IL' });
      expect(store.pointsAt(springfield?.id ?? 0, '0')[0]?.inferred).toBe(0);
    } finally {
      store.close();
    }
  });
});

describe('addr data import: sources', () => {
  it('names a source after its file', () => {
    expect(sourceNameOf('/x/us-ak-kodiak.csv.gz')).toBe('us-ak-kodiak');
    expect(sourceNameOf('bucks.geojsonl')).toBe('bucks');
  });

  it('names in the data version only the sources that gave points', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'nothing-usable.csv'), 'LON,LAT,NUMBER,STREET\n,,12,Main St\n');
    await importFixtures(dir, ['nad-r4.csv']);
    const db = openPointsDatabase(dir, true);
    if (db === null) throw new Error('no db');
    try {
      const empty = await importPoints(db, { input: { kind: 'file', path: join(dir, 'nothing-usable.csv') }, format: null, source: null, locality: fakeLocality(), now: new Date() });
      expect(empty).toMatchObject({ outcome: 'imported', rows_imported: 0 });
    } finally {
      db.close();
    }
    const store = pointStoreOf(dir);
    expect(store.dataVersion()).toMatch(/^points:nad-r4@\d{4}-\d\d-\d\d$/);
    store.close();
  });

  it('adds nothing for the same file twice or the same content under another name', async () => {
    const dir = dataDir();
    copyFileSync(join(POINT_FIXTURES, 'nad-r4.csv'), join(dir, 'copy.csv'));
    const [first, again] = await importFixtures(dir, ['nad-r4.csv', 'nad-r4.csv']);
    expect(first?.outcome).toBe('imported');
    expect(again?.outcome).toBe('unchanged');
    const db = openPointsDatabase(dir, true);
    if (db === null) throw new Error('no db');
    try {
      const copy = await importPoints(db, { input: { kind: 'file', path: join(dir, 'copy.csv') }, format: null, source: null, locality: fakeLocality(), now: new Date() });
      expect(copy).toMatchObject({ outcome: 'already_imported', same_as: 'nad-r4' });
      expect(db.prepare('SELECT COUNT(*) AS n FROM points').get()).toEqual({ n: 2 });
    } finally {
      db.close();
    }
  });

  it('packs the streets of a source imported before packed values when the same file comes again', async () => {
    const dir = dataDir();
    await importFixtures(dir, ['sebastopol.oa.csv', 'nad-r4.csv']);
    const db = openPointsDatabase(dir, true);
    if (db === null) throw new Error('no db');
    try {
      const packed = (): { street_id: number; packed: Buffer }[] => db.prepare('SELECT street_id, packed FROM street_points ORDER BY street_id').all() as { street_id: number; packed: Buffer }[];
      const written = packed();
      expect(written.length).toBeGreaterThan(3);
      // As a database of an earlier version holds them: no packed values.
      db.exec('DELETE FROM street_points');
      const again = await importPoints(db, { input: { kind: 'file', path: join(POINT_FIXTURES, 'sebastopol.oa.csv') }, format: null, source: null, locality: fakeLocality(), now: new Date() });
      expect(again.outcome).toBe('unchanged');
      // The source's streets are packed from their rows, byte for byte as the import packs them; the other source's wait for its own file.
      const sebastopol = (db.prepare("SELECT s.id FROM streets s JOIN sources src ON src.id = s.source_id WHERE src.name = 'sebastopol.oa'").all() as { id: number }[]).map((r) => r.id);
      expect(sebastopol.length).toBeGreaterThan(0);
      expect(packed()).toEqual(written.filter((w) => sebastopol.includes(w.street_id)));
    } finally {
      db.close();
    }
  });

  it('replaces a changed source whole, keeps the place_id of unchanged points, and leaves other sources alone', async () => {
    const dir = dataDir();
    const file = join(dir, 'graton.geojsonl');
    copyFileSync(join(POINT_FIXTURES, 'graton.geojsonl'), file);
    await importFixtures(dir, ['nad-r4.csv']);
    const db = openPointsDatabase(dir, true);
    if (db === null) throw new Error('no db');
    try {
      const run = (): Promise<ImportSummary> => importPoints(db, { input: { kind: 'file', path: file }, format: null, source: null, locality: fakeLocality(), now: new Date() });
      await run();
      const ids = (): string[] => (db.prepare("SELECT p.place_id FROM points p JOIN streets s ON s.id = p.street_id JOIN sources src ON src.id = s.source_id WHERE src.name = 'graton' ORDER BY p.place_id").all() as { place_id: string }[]).map((r) => r.place_id);
      const before = ids();
      writeFileSync(file, readFileSync(file, 'utf8').split('\n').filter((l) => !l.includes('"9000"')).join('\n'));
      expect(await run()).toMatchObject({ outcome: 'replaced', rows_imported: 3 });
      const after = ids();
      expect(after).toHaveLength(3);
      expect(before).toEqual(expect.arrayContaining(after));
      expect(db.prepare('SELECT COUNT(*) AS n FROM points').get()).toEqual({ n: 5 }); // 3 + nad-r4's 2
      // Each street's packed value (street_points) is replaced with its street: none left behind.
      expect(db.prepare('SELECT COUNT(*) AS n FROM street_points WHERE street_id NOT IN (SELECT id FROM streets)').get()).toEqual({ n: 0 });
      expect(db.prepare('SELECT COUNT(*) AS n FROM street_points').get()).toEqual(db.prepare('SELECT COUNT(*) AS n FROM streets').get());
    } finally {
      db.close();
    }
  });

  it('leaves no half source when the input fails mid-way, and keeps the earlier import of the source', async () => {
    const dir = dataDir();
    await importFixtures(dir, ['nad-r4.csv']);
    const db = openPointsDatabase(dir, true);
    if (db === null) throw new Error('no db');
    const lines = readFileSync(join(POINT_FIXTURES, 'sebastopol.oa.csv'), 'utf8');
    async function* failing(): AsyncGenerator<string> {
      yield lines;
      // Enough rows that the importer has written some before the failure.
      for (let i = 0; i < 5; i++) yield `${1000 + i},Bodega Avenue,-122.83,38.40,,,,,95472,x${i}\n`;
      throw new Error('disk unplugged');
    }
    try {
      const input = (name: string, stream: Readable) => ({ kind: 'stream' as const, stream, name });
      await expect(importPoints(db, { input: input('sebastopol', Readable.from(failing())), format: null, source: null, locality: fakeLocality(), now: new Date() })).rejects.toThrow('disk unplugged');
      await expect(importPoints(db, { input: input('nad-r4', Readable.from(failing())), format: null, source: null, locality: fakeLocality(), now: new Date() })).rejects.toThrow('disk unplugged');
      const controller = new AbortController();
      controller.abort();
      await expect(importPoints(db, { input: input('aborted', Readable.from([lines])), format: null, source: null, locality: fakeLocality(), now: new Date(), signal: controller.signal })).rejects.toMatchObject({ code: 'ADDR_ERR_IMPORT_INTERRUPTED' });
      // A device or a pipe by its path would be read empty once hashed: refused, not imported as nothing.
      await expect(importPoints(db, { input: { kind: 'file', path: '/dev/null' }, format: null, source: 'null', locality: fakeLocality(), now: new Date() })).rejects.toMatchObject({ code: 'ADDR_ERR_IMPORT_READ', message: expect.stringContaining("'/dev/null' is not a regular file") });
      expect(db.prepare('SELECT name, rows_imported FROM sources').all()).toEqual([{ name: 'nad-r4', rows_imported: 2 }]);
      expect(db.prepare('SELECT COUNT(*) AS n FROM points').get()).toEqual({ n: 2 });
      expect(db.inTransaction).toBe(false);
    } finally {
      db.close();
    }
  });

  it('refuses a file whose header lacks the columns of its format, recording nothing', async () => {
    const dir = dataDir();
    const db = openPointsDatabase(dir, true);
    if (db === null) throw new Error('no db');
    try {
      const run = (text: string, name: string, format: 'openaddresses' | 'nad' | null = null) =>
        importPoints(db, { input: { kind: 'stream', stream: Readable.from([Buffer.from(text)]), name }, format, source: null, locality: fakeLocality(), now: new Date() });
      await expect(run('# Notes\n\nSome prose, not points.\n', 'notes')).rejects.toMatchObject({ code: 'ADDR_ERR_IMPORT_READ', message: expect.stringContaining('no LON/LAT or GEOM, no NUMBER, no STREET column') });
      await expect(run('LON,LAT,STREET\n-122.8,38.4,Main St\n', 'no-number')).rejects.toMatchObject({ message: expect.stringContaining('(lon, lat, street) has no NUMBER column') });
      await expect(run('OID,Add_Number,StreetName\n1,10,Main\n', 'nad', 'nad')).rejects.toMatchObject({ message: expect.stringContaining('no Longitude/Latitude column') });
      expect(db.prepare('SELECT COUNT(*) AS n FROM sources').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it('fails a broken gzip as an input error after rows went to the worker, keeps nothing, and leaves no worker thread behind', async () => {
    const dir = dataDir();
    const db = openPointsDatabase(dir, true);
    if (db === null) throw new Error('no db');
    // Threads of this process (Linux): the import's worker must be gone once it settles, however it ends.
    const threads = (): number => (existsSync('/proc/self/task') ? readdirSync('/proc/self/task').length : 0);
    try {
      const rows = Array.from({ length: 3000 }, (_, i) => `-122.8${i % 10},38.40,${100 + i},Bodega Avenue,95472`);
      const gz = gzipSync(`LON,LAT,NUMBER,STREET,POSTCODE\n${rows.join('\n')}\n`);
      const run = (file: string, source: string) => importPoints(db, { input: { kind: 'file', path: join(dir, file) }, format: null, source, locality: fakeLocality(), now: new Date() });
      writeFileSync(join(dir, 'fine.csv.gz'), gz);
      await expect(run('fine.csv.gz', 'fine')).resolves.toMatchObject({ rows_read: 3000, rows_imported: 3000 });
      const before = threads(); // counted after a first import started the thread pools
      writeFileSync(join(dir, 'broken.csv.gz'), gz.subarray(0, gz.length - 8)); // no trailer: the data is all there, the end is not
      await expect(run('broken.csv.gz', 'broken')).rejects.toMatchObject({ code: 'ADDR_ERR_IMPORT_READ', message: expect.stringContaining('not a valid gzip file') });
      expect(db.prepare('SELECT name FROM sources').all()).toEqual([{ name: 'fine' }]);
      expect(db.prepare('SELECT COUNT(*) AS n FROM points').get()).toEqual({ n: 3000 });
      expect(threads()).toBe(before);
    } finally {
      db.close();
    }
  });

  it('reports a missing file as an input error', async () => {
    const dir = dataDir();
    await expect(importFixtures(dir, ['no-such-file.csv'])).rejects.toMatchObject({ code: 'ADDR_ERR_IMPORT_READ' });
  });

  it('removes a source with its points and lists the rest', async () => {
    const dir = dataDir();
    await importFixtures(dir, ['nad-r4.csv', 'nad-recent.txt']);
    const store = pointStoreOf(dir);
    try {
      expect(store.removeSource('nad-r4')).toBe(true);
      expect(store.removeSource('nad-r4')).toBe(false);
      expect(store.listSources().map((s) => [s.name, s.rows_imported, s.states, s.zip_count])).toEqual([['nad-recent', 3, ['CA'], 1]]);
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM points').get()).toEqual({ n: 3 });
      expect(store.db.prepare('SELECT COUNT(*) AS n FROM streets').get()).toEqual({ n: 1 });
      expect(store.db.prepare('SELECT street_id FROM street_points').all()).toEqual(store.db.prepare('SELECT id AS street_id FROM streets').all());
    } finally {
      store.close();
    }
  });
});
