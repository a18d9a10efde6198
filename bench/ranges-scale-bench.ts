/**
 * The "ranges" section of `npm run bench`: the range layer at national scale.
 *
 * A TIGER/Line ADDRFEAT shapefile of 5,000,000 generated edges (generate-edges.ts; 200,000
 * with --quick, any number with --edges N) is imported into ranges.sqlite, and 10,000,000
 * generated points (generate-points.ts; 400,000 with --quick, --points N) into points.sqlite,
 * as users get them: OpenAddresses CSV files of one state each (a state of more points than
 * POINTS_PER_FILE in several), every file well below the points of one file whose streets are
 * packed (PACKED_POINTS_LIMIT, src/store/street-packer.ts). Then, each in a process of its own (ranges-scale-worker.ts, so
 * that its peak RSS is its own): validation with the ranges loaded against locality-only, reverse
 * geocoding p50/p99 and peak RSS; the same with the points and the ranges together; and
 * validation over the ranges of addresses on streets they lack (the points' streets).
 *
 * Generating and importing this much takes minutes, so the files and databases are kept in a
 * cache folder (--cache DIR; default: addr-bench-cache in the system's temporary folder) under
 * names that say what made them: the size, the generator's version and a hash of the import code
 * (the migrations are not in it: a cached database is migrated when opened, as a user's is).
 * A later run with the same size and the same import code reuses them, and reports the import
 * figures measured when they were made.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { prng } from './generate-addresses.js';
import { blockSides, generateEdgeStreets, writeAddrfeat } from './generate-edges.js';
import type { EdgeStreet, EdgeZip } from './generate-edges.js';
import { generateStreets, houseNumber, pointCsvChunks } from './generate-points.js';
import { PACKED_POINTS_LIMIT } from '../src/store/street-packer.js';
import type { GeneratedStreet } from './generate-points.js';
import type { QueryFigures, QuerySpec } from './ranges-scale-worker.js';
import type { Figure } from './figure.js';
import { benchServeWithData } from './serve-layers-bench.js';


/** Sizes and where the cache is. */
export interface ScaleOptions { edges: number; points: number; cacheDir: string; log: (line: string) => void }

const GENERATOR_VERSION = 1; // bump when generate-edges.ts or generate-points.ts writes other data
const POINT_ZIP_STRIDE = 50; // as points-bench.ts: one ZIP in 50 carries generated points
const POINTS_PER_FILE = 1_000_000; // the most points of one generated CSV file (a state of more is split by ZIP)
const WORKER = fileURLToPath(new URL('./ranges-scale-worker.js', import.meta.url));
const HERE = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));

/** Default sizes: the issue's national scale, or a quick pass. */
export function scaleSizes(quick: boolean): { edges: number; points: number } {
  return quick ? { edges: 200_000, points: 400_000 } : { edges: 5_000_000, points: 10_000_000 };
}

/** The default cache folder. */
export const DEFAULT_CACHE = join(tmpdir(), 'addr-bench-cache');

/** A short hash of the code that makes a database: a change to it makes the cached database stale. */
function codeHash(files: readonly string[]): string {
  const h = createHash('sha256');
  for (const f of files) h.update(readFileSync(HERE(f)));
  return h.digest('hex').slice(0, 12);
}

function readZips(localityDb: string): { zips: EdgeZip[]; places: string[] } {
  const db = new Database(localityDb, { readonly: true, fileMustExist: true });
  try {
    const zips = db.prepare("SELECT zip5, city, state, lat, lon FROM zips WHERE lat IS NOT NULL AND state NOT IN ('AA', 'AE', 'AP', 'FM', 'MH', 'PW') ORDER BY zip5").all() as EdgeZip[];
    const places = [...new Set(zips.map((z) => z.city))].filter((c) => /^[A-Z][A-Z ]{2,18}$/.test(c)).sort();
    return { zips, places };
  } finally {
    db.close();
  }
}

function runWorker<T>(args: readonly string[]): T {
  const res = spawnSync(process.execPath, [WORKER, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (res.status !== 0) throw new Error(`ranges-scale-worker ${args[0]} failed (${String(res.status)}): ${res.stderr.trim().split('\n').slice(-5).join(' | ')}`);
  const line = res.stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as T;
}

interface ImportFigures { seconds: number; cpuSeconds: number; rows: number; imported: number; edges?: number; bytes?: number; files?: number; maxRssMb: number; made: string }

/** The cached result of `make` in `dir` (made again when its marker is missing). */
function cached(dir: string, what: string, log: (l: string) => void, make: () => Omit<ImportFigures, 'made'>): ImportFigures {
  const marker = join(dir, 'figures.json');
  if (existsSync(marker)) {
    const f = JSON.parse(readFileSync(marker, 'utf8')) as ImportFigures;
    log(`ranges: ${what}: reused from the cache (${dir}, made ${f.made})`);
    return f;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const f = { ...make(), made: new Date().toISOString() };
  writeFileSync(marker, JSON.stringify(f));
  return f;
}

/** Addresses on the generated edges: in range with ZIP (70%), without ZIP (15%), past every range (15%). */
function edgeInputs(streets: readonly EdgeStreet[], count: number, seed: number): string[] {
  const rnd = prng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const s = streets[Math.floor(rnd() * streets.length)] as EdgeStreet;
    const sides = blockSides(s, Math.floor(rnd() * s.blocks));
    const [lo, hi] = rnd() < 0.5 ? sides.left : sides.right;
    const r = rnd();
    const n = r < 0.85 ? lo + 2 * Math.floor((rnd() * (hi - lo)) / 2) : (s.firstBlock + s.blocks + 5) * 100 + 1;
    out.push(`${n} ${s.name}, ${s.zip.city}, ${s.zip.state}${r < 0.7 || r >= 0.85 ? ` ${s.zip.zip5}` : ''}`);
  }
  return out;
}

function edgePositions(streets: readonly EdgeStreet[], count: number, seed: number): [number, number][] {
  const rnd = prng(seed);
  return Array.from({ length: count }, () => {
    const s = streets[Math.floor(rnd() * streets.length)] as EdgeStreet;
    const t = rnd() * s.blocks;
    return [s.lat + s.dLat * t + (rnd() - 0.5) * 0.001, s.lon + s.dLon * t + (rnd() - 0.5) * 0.001] as [number, number];
  });
}

/** What a user has typed of an address on the generated edges: 3 to 15 characters, lower case. */
function edgeTyped(streets: readonly EdgeStreet[], count: number, seed: number): string[] {
  const rnd = prng(seed);
  return Array.from({ length: count }, () => {
    const s = streets[Math.floor(rnd() * streets.length)] as EdgeStreet;
    const [lo] = blockSides(s, Math.floor(rnd() * s.blocks)).left;
    const full = (rnd() < 0.8 ? `${lo + 2 * Math.floor(rnd() * 40)} ${s.name}` : s.name).toLowerCase();
    return full.slice(0, 3 + Math.floor(rnd() * 13));
  });
}

function pointInputs(streets: readonly GeneratedStreet[], count: number, seed: number): string[] {
  const rnd = prng(seed);
  return Array.from({ length: count }, () => {
    const s = streets[Math.floor(rnd() * streets.length)] as GeneratedStreet;
    const zip = rnd() < 0.8 ? ` ${s.zip.zip5}` : '';
    return `${houseNumber(Math.floor(rnd() * s.numbers))} ${s.name}, ${s.zip.city}, ${s.zip.state}${zip}`;
  });
}

function pointPositions(streets: readonly GeneratedStreet[], count: number, seed: number): [number, number][] {
  const rnd = prng(seed);
  return Array.from({ length: count }, () => {
    const s = streets[Math.floor(rnd() * streets.length)] as GeneratedStreet;
    const i = rnd() * s.numbers;
    return [s.lat + s.dLat * i + (rnd() - 0.5) * 0.002, s.lon + s.dLon * i + (rnd() - 0.5) * 0.002] as [number, number];
  });
}

/**
 * The points' streets in files of one state each, by state (a state of more than POINTS_PER_FILE
 * points in several, its streets by ZIP): each file's streets in the order generated.
 */
export function pointFileGroups(streets: readonly GeneratedStreet[], perFile = POINTS_PER_FILE): { name: string; streets: GeneratedStreet[] }[] {
  const byState = new Map<string, GeneratedStreet[]>();
  for (const s of streets) {
    const list = byState.get(s.zip.state);
    if (list === undefined) byState.set(s.zip.state, [s]);
    else list.push(s);
  }
  const groups: { name: string; streets: GeneratedStreet[] }[] = [];
  for (const state of [...byState.keys()].sort()) {
    const all = byState.get(state) as GeneratedStreet[];
    const total = all.reduce((n, s) => n + s.numbers, 0);
    if (total <= perFile) {
      groups.push({ name: `points-${state.toLowerCase()}`, streets: all });
      continue;
    }
    // Split by ZIP: a ZIP's streets stay in one file (a file is a county or a few).
    let parts = 0;
    const partName = (): string => `points-${state.toLowerCase()}-${++parts}`;
    const byZip = [...all].sort((a, b) => (a.zip.zip5 < b.zip.zip5 ? -1 : a.zip.zip5 > b.zip.zip5 ? 1 : 0));
    const zipPoints = new Map<string, number>();
    for (const s of byZip) zipPoints.set(s.zip.zip5, (zipPoints.get(s.zip.zip5) ?? 0) + s.numbers);
    let part: GeneratedStreet[] = [];
    let held = 0;
    for (let i = 0; i < byZip.length; i++) {
      const s = byZip[i] as GeneratedStreet;
      const zipStarts = i === 0 || (byZip[i - 1] as GeneratedStreet).zip.zip5 !== s.zip.zip5;
      if (zipStarts && held > 0 && held + (zipPoints.get(s.zip.zip5) as number) > perFile) {
        groups.push({ name: partName(), streets: part });
        part = [];
        held = 0;
      }
      part.push(s);
      held += s.numbers;
    }
    groups.push({ name: partName(), streets: part });
  }
  return groups;
}

/** Writes the points' CSV files into `dir` (kept when its marker says they were written) and returns their paths. */
async function writePointFiles(dir: string, streets: readonly GeneratedStreet[]): Promise<string[]> {
  const groups = pointFileGroups(streets);
  const paths = groups.map((g) => join(dir, `${g.name}.oa.csv`));
  const marker = join(dir, 'figures.json');
  if (existsSync(marker) && (JSON.parse(readFileSync(marker, 'utf8')) as { files?: number }).files === paths.length) return paths;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [i, g] of groups.entries()) {
    const points = g.streets.reduce((n, s) => n + s.numbers, 0);
    if (points >= PACKED_POINTS_LIMIT) throw new Error(`ranges: ${g.name} would hold ${points} points, not below the ${PACKED_POINTS_LIMIT} a file's streets are packed for`);
    const out = createWriteStream(paths[i] as string);
    for (const chunk of pointCsvChunks(g.streets, 11 + i)) if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    out.end();
    await finished(out);
  }
  writeFileSync(marker, JSON.stringify({ made: new Date().toISOString(), files: paths.length }));
  return paths;
}

/** Runs the section and returns its figures. */
export async function benchRangesScale(localityDb: string, opts: ScaleOptions): Promise<Figure[]> {
  const { log } = opts;
  const { zips, places } = readZips(localityDb);
  const int = (n: number): string => Math.round(n).toLocaleString('en-US');
  mkdirSync(opts.cacheDir, { recursive: true });

  // 1. The ADDRFEAT shapefile and its import.
  const edgeStreets = generateEdgeStreets(zips, places, opts.edges);
  const shpDir = join(opts.cacheDir, `addrfeat-${opts.edges}-g${GENERATOR_VERSION}`);
  const stem = join(shpDir, 'tl_bench_addrfeat');
  cached(shpDir, `the generated ${int(opts.edges)}-edge ADDRFEAT shapefile`, log, () => {
    const t = performance.now();
    const made = writeAddrfeat(stem, edgeStreets);
    log(`ranges: wrote ${int(made.edges)} edges (${int(made.records)} records) in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    return { seconds: (performance.now() - t) / 1000, cpuSeconds: 0, rows: made.records, imported: made.records, edges: made.edges, maxRssMb: 0 };
  });
  const rangesDir = join(opts.cacheDir, `ranges-${opts.edges}-g${GENERATOR_VERSION}-${codeHash(['../src/store/ranges-import.js', '../src/store/tiger-reader.js', '../src/core/points/point-address.js'])}`);
  const rangesImport = cached(rangesDir, `ranges.sqlite of ${int(opts.edges)} edges`, log, () => {
    log(`ranges: importing ${int(opts.edges)} generated edges ...`);
    return runWorker<Omit<ImportFigures, 'made'>>(['import-ranges', `${stem}.shp`, rangesDir, localityDb]);
  });
  log(`ranges: import of ${int(rangesImport.rows)} records (${int(rangesImport.edges ?? 0)} edges) took ${rangesImport.seconds.toFixed(0)} s (${rangesImport.cpuSeconds.toFixed(0)} CPU-s), peak RSS ${rangesImport.maxRssMb.toFixed(0)} MB, ${int(rangesImport.bytes ?? 0)} bytes`);

  // 2. The points.
  const pointZips = zips.filter((_, i) => i % POINT_ZIP_STRIDE === 0);
  const pointStreets = generateStreets(pointZips, opts.points);
  const csvDir = join(opts.cacheDir, `points-csv-${opts.points}-g${GENERATOR_VERSION}-by-state-${POINTS_PER_FILE}`);
  const csvFiles = await writePointFiles(csvDir, pointStreets);
  const pointsDir = join(opts.cacheDir, `points-${opts.points}-g${GENERATOR_VERSION}-by-state-${POINTS_PER_FILE}-${codeHash(['../src/store/points-import.js', '../src/store/points-import-worker.js', '../src/store/points-migrations.js', '../src/core/points/point-address.js'])}`);
  const pointsImport = cached(pointsDir, `points.sqlite of ${int(opts.points)} points in ${csvFiles.length} files`, log, () => {
    log(`ranges: importing ${int(opts.points)} generated points from ${csvFiles.length} files ...`);
    return runWorker<Omit<ImportFigures, 'made'>>(['import-points', pointsDir, localityDb, ...csvFiles]);
  });

  // 3. Queries, each setting in a process of its own.
  // Each spec is kept in the cache folder: `node dist/bench/ranges-scale-worker.js query FILE`
  // measures one setting again (two builds compared, a profile taken).
  const ask = (name: string, spec: QuerySpec): QueryFigures => {
    const file = join(opts.cacheDir, `query-spec-${name}.json`);
    writeFileSync(file, JSON.stringify(spec));
    return runWorker<QueryFigures>(['query', file]);
  };
  const n = opts.edges >= 1_000_000 ? 20_000 : 5_000;
  const rangesOnly = ask('edges', { localityDb, rangesDir, pointsDir: null, inputs: edgeInputs(edgeStreets, n, 31), positions: edgePositions(edgeStreets, n, 37), typed: edgeTyped(edgeStreets, n / 4, 59) });
  log(`ranges: ${Math.round((rangesOnly.suggest.answered / (n / 4 + 500)) * 100)}% of the typed prefixes get a suggestion from the ranges`);
  log(`ranges: validate levels with ranges: ${JSON.stringify(rangesOnly.levels)}; reverse coverage: ${JSON.stringify(rangesOnly.reverse.coverage)}; warm-up passes ${rangesOnly.warmPasses}`);
  const both = ask('both', {
    localityDb, rangesDir, pointsDir,
    inputs: [...edgeInputs(edgeStreets, n / 2, 41), ...pointInputs(pointStreets, n / 2, 43)],
    positions: [...edgePositions(edgeStreets, n / 2, 47), ...pointPositions(pointStreets, n / 2, 53)],
    typed: edgeTyped(edgeStreets, n / 4, 61),
  });
  log(`ranges: validate levels with points + ranges: ${JSON.stringify(both.levels)}; reverse coverage: ${JSON.stringify(both.reverse.coverage)}; warm-up passes ${both.warmPasses}`);
  // Addresses whose streets the edges lack (the points' streets, generated apart), over the edges
  // alone: what a user's addresses on streets TIGER/Line does not have cost.
  const lacking = ask('lacking', { localityDb, rangesDir, pointsDir: null, inputs: pointInputs(pointStreets, n / 2, 67), positions: [], typed: [] });
  log(`ranges: validate levels with ranges, addresses on streets they lack: ${JSON.stringify(lacking.levels)}; warm-up passes ${lacking.warmPasses}`);
  // addr serve over the edges' folder and over an empty one (serve-layers-bench.ts).
  const serveWork = mkdtempSync(join(tmpdir(), 'addr-bench-serve-ranges-'));
  const served = await benchServeWithData({ dataDir: rangesDir, holds: `${int(opts.edges)} edges`, level: 'range', keepAccounts: false }, edgeInputs(edgeStreets, 2_000, 71), serveWork, opts.edges < 1_000_000, log)
    .finally(() => rmSync(serveWork, { recursive: true, force: true }));

  const e = int(opts.edges);
  const p = int(opts.points);
  const edgeRate = (rangesImport.edges ?? rangesImport.rows) / rangesImport.seconds;
  return [
    { metric: `import of a generated ${e}-edge ADDRFEAT shapefile (${int(rangesImport.rows)} records), edges/s`, value: edgeRate, unit: 'edges/s', peer: null, target: '—', pass: null },
    { metric: '  the same per CPU-second of the import process', value: (rangesImport.edges ?? rangesImport.rows) / rangesImport.cpuSeconds, unit: 'edges/s', peer: null, target: '—', pass: null },
    { metric: '  peak RSS of the import process', value: rangesImport.maxRssMb, unit: 'MB', peer: null, target: '—', pass: null },
    { metric: `ranges.sqlite bytes per edge (${int(rangesImport.bytes ?? 0)} bytes)`, value: (rangesImport.bytes ?? 0) / (rangesImport.edges ?? 1), unit: 'B', peer: null, target: '—', pass: null },
    { metric: `validate with ${e} edges loaded vs locality-only (addr/s)`, value: rangesOnly.layersRate, unit: 'addr/s', peer: rangesOnly.localityRate, target: '≥ 0.5×', pass: rangesOnly.layersRate >= rangesOnly.localityRate / 2 },
    { metric: '  the same per CPU-second', value: rangesOnly.layersCpuRate, unit: 'addr/s', peer: rangesOnly.localityCpuRate, target: '≥ 0.5×', pass: rangesOnly.layersCpuRate >= rangesOnly.localityCpuRate / 2 },
    { metric: `reverse over ${e} edges (nearest edge within 1 km), p99 (p50 beside)`, value: rangesOnly.reverse.p99, unit: 'ms', peer: rangesOnly.reverse.p50, target: '≤ 2 ms', pass: rangesOnly.reverse.p99 <= 2 },
    { metric: '  the same calls, CPU time of the process, p99 (p50 beside)', value: rangesOnly.reverse.cpuP99, unit: 'ms', peer: rangesOnly.reverse.cpuP50, target: '≤ 2 ms', pass: rangesOnly.reverse.cpuP99 <= 2 },
    { metric: `autocomplete over ${e} edges, prefixes of 3-15 characters, p99 (p50 beside)`, value: rangesOnly.suggest.p99, unit: 'ms', peer: rangesOnly.suggest.p50, target: '—', pass: null },
    { metric: '  the same calls, CPU time of the process, p99 (p50 beside)', value: rangesOnly.suggest.cpuP99, unit: 'ms', peer: rangesOnly.suggest.cpuP50, target: '—', pass: null },
    { metric: `peak RSS of the query process, ${e} edges`, value: rangesOnly.maxRssMb, unit: 'MB', peer: null, target: 'bounded (docs/data.md)', pass: null },
    { metric: `validate with ${e} edges, addresses on streets they lack, vs locality-only (addr/s)`, value: lacking.layersRate, unit: 'addr/s', peer: lacking.localityRate, target: '≥ 0.5×', pass: lacking.layersRate >= lacking.localityRate / 2 },
    { metric: '  the same per CPU-second', value: lacking.layersCpuRate, unit: 'addr/s', peer: lacking.localityCpuRate, target: '≥ 0.5×', pass: lacking.layersCpuRate >= lacking.localityCpuRate / 2 },
    ...served,
    { metric: `import of ${p} generated points in ${int(pointsImport.files ?? 1)} OpenAddresses CSV files (one per state), rows/s`, value: pointsImport.rows / pointsImport.seconds, unit: 'rows/s', peer: null, target: '—', pass: null },
    { metric: `validate with ${p} points + ${e} edges vs locality-only (addr/s)`, value: both.layersRate, unit: 'addr/s', peer: both.localityRate, target: '≥ 0.5×', pass: both.layersRate >= both.localityRate / 2 },
    { metric: '  the same per CPU-second', value: both.layersCpuRate, unit: 'addr/s', peer: both.localityCpuRate, target: '≥ 0.5×', pass: both.layersCpuRate >= both.localityCpuRate / 2 },
    { metric: `reverse over ${p} points + ${e} edges, p99 (p50 beside)`, value: both.reverse.p99, unit: 'ms', peer: both.reverse.p50, target: '≤ 2 ms', pass: both.reverse.p99 <= 2 },
    { metric: '  the same calls, CPU time of the process, p99 (p50 beside)', value: both.reverse.cpuP99, unit: 'ms', peer: both.reverse.cpuP50, target: '≤ 2 ms', pass: both.reverse.cpuP99 <= 2 },
    { metric: `peak RSS of the query process, ${p} points + ${e} edges`, value: both.maxRssMb, unit: 'MB', peer: null, target: 'bounded (docs/data.md)', pass: null },
  ];
}
