/**
 * Writes the locality reference file from its sources. The file is built under
 * a temporary name in the target directory and renamed into place at the end,
 * so a failed build never leaves a half-written database where the store looks.
 */
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { LocalityImportStats, LocalitySources } from './locality-import.js';
import { assembleLocalityRows, localityDataVersion } from './locality-import.js';
import { LOCALITY_SCHEMA, LOCALITY_SCHEMA_VERSION } from './locality-schema.js';

/** What a locality build wrote. */
export interface LocalityBuildSummary {
  path: string; // the database file
  dataVersion: string; // meta.data_version
  zipCount: number;
  placeCount: number;
  bytes: number; // file size
  seconds: number; // wall time of the build
  stats: LocalityImportStats; // source quirks handled
}

/** Builds the locality database at `outPath` from `sources` (atomically: temp file, then rename). */
export function buildLocalityDb(sources: LocalitySources, outPath: string, now: Date = new Date()): LocalityBuildSummary {
  const started = performance.now();
  const { zips, places, stats } = assembleLocalityRows(sources);
  const dataVersion = localityDataVersion(sources.versions);
  const dir = dirname(outPath);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(outPath)}.${process.pid}.tmp`);
  rmSync(tmp, { force: true });
  let db: Database.Database | null = null;
  try {
    db = new Database(tmp);
    // A read-only reference file: no WAL (readers would need -wal/-shm beside
    // it); durability comes from the final rename, not from fsyncs.
    db.pragma('journal_mode = DELETE');
    db.pragma('synchronous = OFF');
    db.exec(LOCALITY_SCHEMA);
    const insertZip = db.prepare(
      'INSERT INTO zips (zip5, city, state, county, county_fips, lat, lon, timezone, accuracy_m) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insertPlace = db.prepare('INSERT INTO places (state, key, city, zips, lat, lon) VALUES (?, ?, ?, ?, ?, ?)');
    const insertMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    db.transaction(() => {
      for (const z of zips) insertZip.run(z.zip5, z.city, z.state, z.county, z.county_fips, z.lat, z.lon, z.timezone, z.accuracy_m ?? null);
      for (const p of places) insertPlace.run(p.state, p.key, p.city, p.zips.join(' '), p.lat, p.lon);
      insertMeta.run('data_version', dataVersion);
      insertMeta.run('built_at', now.toISOString());
      insertMeta.run('zip_count', String(zips.length));
      insertMeta.run('place_count', String(places.length));
      insertMeta.run('schema_version', LOCALITY_SCHEMA_VERSION);
    })();
    db.exec('ANALYZE');
    db.exec('VACUUM');
    db.close();
    db = null;
    renameSync(tmp, outPath);
  } catch (err) {
    db?.close();
    rmSync(tmp, { force: true });
    rmSync(`${tmp}-journal`, { force: true });
    throw err;
  }
  return {
    path: outPath,
    dataVersion,
    zipCount: zips.length,
    placeCount: places.length,
    bytes: statSync(outPath).size,
    seconds: (performance.now() - started) / 1000,
    stats,
  };
}
