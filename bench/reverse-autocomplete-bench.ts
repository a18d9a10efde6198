/**
 * The "reverse+autocomplete" section of `npm run bench`: a generated
 * OpenAddresses CSV of 1,000,000 points (100,000 with --quick) around real ZIP
 * centroids is imported with the store's importer into a fresh points.sqlite;
 * then, in process over the engine as the CLI and server open it
 * (src/store/open-engine.ts), each call is timed for its p50 and p99:
 *   reverse       engine.reverse at positions within ~500 m of the generated
 *                 streets (limit 1, and limit 5), max distance 1 km
 *   autocomplete  engine.suggest on what a user has typed so far: prefixes of
 *                 3 to 15 characters of real generated addresses ("142 n mai"),
 *                 four in five with the house number, one in five the street
 *                 alone, in lower case, limit 5
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import Database from 'better-sqlite3';
import { openEngine } from '../src/store/open-engine.js';
import { openPointsDatabase } from '../src/store/points-db.js';
import { importPoints } from '../src/store/points-import.js';
import { openLocalityStore } from '../src/store/sqlite-locality-store.js';
import { prng } from './generate-addresses.js';
import { generateStreets, houseNumber, pointCsvChunks } from './generate-points.js';
import type { GeneratedStreet, ZipCentroid } from './generate-points.js';

/** One measured figure: p99 with the p50 beside it (wall clock); the CPU time of the calls beside them. */
export interface LatencyFigure { metric: string; p50: number; p99: number; cpuP50: number; cpuP99: number; target: number | null }

const ZIP_STRIDE = 50; // one ZIP in 50 carries generated streets (~800 ZIPs over every state)

function readZips(localityDb: string): ZipCentroid[] {
  const db = new Database(localityDb, { readonly: true, fileMustExist: true });
  try {
    const all = db.prepare("SELECT zip5, city, state, lat, lon FROM zips WHERE lat IS NOT NULL AND state NOT IN ('AA', 'AE', 'AP') ORDER BY zip5").all() as ZipCentroid[];
    return all.filter((_, i) => i % ZIP_STRIDE === 0);
  } finally {
    db.close();
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

/**
 * p50 and p99 of `fn` over `inputs`, after a warm-up on the first 500: wall clock, and the
 * process's CPU time (user + system) of each call — what the call costs when other processes
 * share the cores (the wall p99 then mostly measures the scheduler).
 */
function latencies<T>(inputs: readonly T[], fn: (input: T) => unknown): Omit<LatencyFigure, 'metric' | 'target'> {
  for (const x of inputs.slice(0, 500)) fn(x);
  const times: number[] = [];
  const cpu: number[] = [];
  for (const x of inputs) {
    const c = process.cpuUsage();
    const t = performance.now();
    fn(x);
    times.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), cpuP50: percentile(cpu, 0.5), cpuP99: percentile(cpu, 0.99) };
}

/** What a user has typed so far of a generated address: 3 to 15 characters, lower case. */
function typedPrefixes(streets: readonly GeneratedStreet[], count: number): string[] {
  const rnd = prng(13);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const s = streets[Math.floor(rnd() * streets.length)] as GeneratedStreet;
    const full = (rnd() < 0.8 ? `${houseNumber(Math.floor(rnd() * s.numbers))} ${s.name}` : s.name).toLowerCase();
    out.push(full.slice(0, 3 + Math.floor(rnd() * 13)));
  }
  return out;
}

/** Runs the section and returns its figures. */
export async function benchReverseAutocomplete(localityDb: string, quick: boolean, log: (line: string) => void): Promise<LatencyFigure[]> {
  const count = quick ? 100_000 : 1_000_000;
  const dir = mkdtempSync(join(tmpdir(), 'addr-bench-ac-'));
  try {
    const streets = generateStreets(readZips(localityDb), count);
    const csv = join(dir, 'generated.oa.csv');
    const out = createWriteStream(csv);
    for (const chunk of pointCsvChunks(streets)) if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    out.end();
    await finished(out);
    const locality = openLocalityStore(localityDb);
    const db = openPointsDatabase(dir, true);
    if (db === null) throw new Error('points database not created');
    const summary = await importPoints(db, { input: { kind: 'file', path: csv }, format: null, source: null, locality, now: new Date() });
    db.close();
    locality.close();
    log(`reverse+autocomplete: ${summary.rows_imported.toLocaleString('en-US')} generated points imported on ${streets.length.toLocaleString('en-US')} streets`);

    const { engine, close } = openEngine({ referenceDbPath: localityDb, dataDir: dir });
    try {
      const rnd = prng(5);
      const positions = Array.from({ length: quick ? 5_000 : 20_000 }, () => {
        const s = streets[Math.floor(rnd() * streets.length)] as GeneratedStreet;
        return [s.lat + (rnd() - 0.5) * 0.01, s.lon + (rnd() - 0.5) * 0.01] as const;
      });
      let found = 0;
      const reverse1 = latencies(positions, ([lat, lon]) => {
        if (engine.reverse(lat, lon).coverage === 'address_points') found++;
      });
      const reverse5 = latencies(positions, ([lat, lon]) => engine.reverse(lat, lon, { limit: 5 }));
      log(`reverse+autocomplete: ${Math.round((found / (positions.length + 500)) * 100)}% of the bench positions have a point within 1 km`);

      const queries = typedPrefixes(streets, quick ? 5_000 : 20_000);
      let answered = 0;
      const suggest = latencies(queries, (q) => {
        if (engine.suggest(q).suggestions.length > 0) answered++;
      });
      log(`reverse+autocomplete: ${Math.round((answered / (queries.length + 500)) * 100)}% of the typed prefixes get a suggestion (e.g. ${queries.slice(0, 4).map((q) => JSON.stringify(q)).join(', ')})`);
      return [
        { metric: 'reverse, nearest point within 1 km (engine.reverse), per call', ...reverse1, target: 2 },
        { metric: 'reverse, 5 nearest points within 1 km, per call', ...reverse5, target: 2 },
        { metric: 'autocomplete, prefixes of 3-15 characters (engine.suggest), per call', ...suggest, target: 5 },
      ];
    } finally {
      close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
