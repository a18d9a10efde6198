/**
 * One step of the range-layer scale bench (ranges-scale-bench.ts), run in a process of its own
 * so that its peak RSS is its own: prints one JSON line on stdout.
 *
 *   import-ranges STEM.shp DATA_DIR LOCALITY_DB   import a generated ADDRFEAT shapefile
 *   import-points DATA_DIR LOCALITY_DB FILE.csv...  import generated OpenAddresses CSV files, one source each
 *   query SPEC.json                              validate and reverse over the imported data
 */
import { readFileSync, statSync } from 'node:fs';
import { peakRssMb } from './peak-rss.js';
import { createEngine } from '../src/core/engine.js';
import type { Engine } from '../src/core/engine.js';
import { openPointStore, openPointsDatabase } from '../src/store/points-db.js';
import { importPoints } from '../src/store/points-import.js';
import { SqlitePointSearch } from '../src/store/points-search.js';
import { openRangeStore, openRangesDatabase, rangesDbPath } from '../src/store/ranges-db.js';
import { importRanges } from '../src/store/ranges-import.js';
import { openLocalityStore } from '../src/store/sqlite-locality-store.js';
import { addrfeatFiles } from '../src/store/tiger-reader.js';

/** What a query step is asked. */
export interface QuerySpec {
  localityDb: string;
  rangesDir: string | null;
  pointsDir: string | null;
  inputs: string[]; // addresses to validate
  positions: [number, number][]; // positions to reverse
  typed: string[]; // autocomplete queries being typed
}

/** Wall-clock and CPU-time percentiles of calls, in ms (the CPU time leaves out the machine's other work). */
export interface Latency { p50: number; p99: number; cpuP50: number; cpuP99: number }

/** Times each call: wall clock and this process's CPU time. */
function latencies<T>(inputs: readonly T[], fn: (input: T) => void): Latency {
  for (const x of inputs.slice(0, 500)) fn(x);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const x of inputs) {
    const c = process.cpuUsage();
    const t = performance.now();
    fn(x);
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(wall, 0.5), p99: percentile(wall, 0.99), cpuP50: percentile(cpu, 0.5), cpuP99: percentile(cpu, 0.99) };
}

/** What a query step measured. */
export interface QueryFigures {
  localityRate: number; // addr/s, median of three passes
  layersRate: number;
  localityCpuRate: number; // addr per CPU second
  layersCpuRate: number;
  levels: Record<string, number>; // quality.level of the inputs with the layers loaded
  warmPasses: number; // passes over the inputs before those measured (the first one included)
  reverse: Latency & { coverage: Record<string, number> };
  suggest: Latency & { answered: number };
  maxRssMb: number;
}

/** The most passes over a query step's inputs before the three measured. */
const MAX_WARM_PASSES = 4;

async function importRangesStep(shp: string, dataDir: string, localityDb: string): Promise<void> {
  const locality = openLocalityStore(localityDb);
  const db = openRangesDatabase(dataDir, true);
  if (db === null) throw new Error('ranges database not created');
  const [file] = await addrfeatFiles([shp]);
  const t = performance.now();
  const c = process.cpuUsage();
  const summary = await importRanges(db, { file: file!, locality, now: new Date() });
  const seconds = (performance.now() - t) / 1000;
  const cpu = process.cpuUsage(c);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  locality.close();
  const bytes = statSync(rangesDbPath(dataDir)).size;
  console.log(JSON.stringify({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rows: summary.rows_read, imported: summary.rows_imported, edges: summary.edges, streets: summary.streets, skipped: summary.skipped, bytes, maxRssMb: peakRssMb() }));
}

async function importPointsStep(dataDir: string, localityDb: string, csvs: readonly string[]): Promise<void> {
  const locality = openLocalityStore(localityDb);
  const db = openPointsDatabase(dataDir, true);
  if (db === null) throw new Error('points database not created');
  const t = performance.now();
  const c = process.cpuUsage();
  let rows = 0;
  let imported = 0;
  for (const csv of csvs) {
    const summary = await importPoints(db, { input: { kind: 'file', path: csv }, format: null, source: null, locality, now: new Date() });
    if (summary.outcome !== 'imported') throw new Error(`${csv}: ${summary.outcome}${summary.same_as !== null ? ` (same as ${summary.same_as})` : ''}`);
    rows += summary.rows_read;
    imported += summary.rows_imported;
  }
  const seconds = (performance.now() - t) / 1000;
  const cpu = process.cpuUsage(c);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  locality.close();
  console.log(JSON.stringify({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, rows, imported, files: csvs.length, maxRssMb: peakRssMb() }));
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

function query(spec: QuerySpec): void {
  const locality = openLocalityStore(spec.localityDb);
  const ranges = spec.rangesDir !== null ? openRangeStore(spec.rangesDir) : null;
  const points = spec.pointsDir !== null ? openPointStore(spec.pointsDir) : null;
  const base = { locality, zips: locality, names: locality };
  const layers: Engine = createEngine({
    ...base,
    ...(ranges !== null ? { ranges } : {}),
    ...(points !== null ? { points, pointSearch: new SqlitePointSearch(points.db, points) } : {}),
  });
  const localityOnly = createEngine(base);
  const { inputs } = spec;
  const pass = (engine: Engine): { wall: number; cpu: number } => {
    const t = performance.now();
    const c = process.cpuUsage();
    for (const s of inputs) engine.validate(s);
    const used = process.cpuUsage(c);
    return { wall: inputs.length / ((performance.now() - t) / 1000), cpu: inputs.length / ((used.user + used.system) / 1e6) };
  };
  const levels: Record<string, number> = {};
  for (const s of inputs) {
    localityOnly.validate(s);
    const level = layers.validate(s).quality.level;
    levels[level] = (levels[level] ?? 0) + 1;
  }
  // More warm-up passes while V8 is still compiling what the first made hot: on two cores its
  // compiler threads run behind (hundreds of functions queued by the first pass), and their CPU
  // would count in the passes measured. Warm when a pass's CPU time is within 5% of its wall time.
  let warmPasses = 1;
  const settled = (p: { wall: number; cpu: number }): boolean => p.cpu >= p.wall / 1.05;
  while (warmPasses < MAX_WARM_PASSES) {
    warmPasses++;
    if ([pass(localityOnly), pass(layers)].every(settled)) break;
  }
  const lp: { wall: number; cpu: number }[] = [];
  const rp: { wall: number; cpu: number }[] = [];
  for (let r = 0; r < 3; r++) {
    lp.push(pass(localityOnly));
    rp.push(pass(layers));
  }
  const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[1] as number;
  const coverage: Record<string, number> = {};
  const reverse = latencies(spec.positions, ([lat, lon]) => {
    const r = layers.reverse(lat, lon);
    coverage[r.coverage] = (coverage[r.coverage] ?? 0) + 1;
  });
  let answered = 0;
  const suggest = latencies(spec.typed, (q) => {
    if (layers.suggest(q).suggestions.length > 0) answered++;
  });
  const figures: QueryFigures = {
    localityRate: median(lp.map((p) => p.wall)), layersRate: median(rp.map((p) => p.wall)),
    localityCpuRate: median(lp.map((p) => p.cpu)), layersCpuRate: median(rp.map((p) => p.cpu)),
    levels, warmPasses, reverse: { ...reverse, coverage }, suggest: { ...suggest, answered }, maxRssMb: peakRssMb(),
  };
  ranges?.close();
  points?.close();
  locality.close();
  console.log(JSON.stringify(figures));
}

const [step, a, b, c, ...more] = process.argv.slice(2);
if (step === 'import-ranges') await importRangesStep(a as string, b as string, c as string);
else if (step === 'import-points') await importPointsStep(a as string, b as string, [c as string, ...more]);
else if (step === 'query') query(JSON.parse(readFileSync(a as string, 'utf8')) as QuerySpec);
else {
  console.error('usage: ranges-scale-worker import-ranges|import-points|query ...');
  process.exitCode = 2;
}
