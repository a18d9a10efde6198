/**
 * `npm run bench` (after a build): figures measured in one run, on one machine,
 * printed as one aligned table with ratios against the peers and the targets of
 * docs/performance.md. A missed target is reported as FAIL in the table, never as an exit code.
 *
 *   cli (headline)        whole processes over 100,000 messy lines generated from the regression
 *                         corpus: `addr normalize -` and `addr validate -` vs a parse-address
 *                         parseLocation process, and in process on the same lines (cli-bench.ts);
 *                         `--only cli` runs it alone
 *   (below: generated clean addresses, the fast path's shapes)
 *   normalize throughput  our normalize vs parse-address's parseLocation and
 *                         addresser's parseAddress, on the same generated addresses
 *   validate throughput   what `addr validate` does per address — normalize with the
 *                         place lookup, then validateAddress over the real locality
 *                         store — vs parseLocation
 *   cold start            median wall time of `addr validate` / `addr normalize`
 *                         spawned as a process, vs `node -e 0`
 *   extract               Engine.extractor over generated prose with sparse addresses
 *                         (bench/extract-bench.ts), MB/s on one core and heap growth
 *   peak RSS              of this process (everything above included)
 *   points                import of a generated 1,000,000-point OpenAddresses CSV, validate
 *                         with points vs locality-only (points-bench.ts)
 *   reverse+autocomplete  p50/p99 of engine.reverse and engine.suggest over 1,000,000
 *                         generated, imported points (reverse-autocomplete-bench.ts)
 *   batch                 `addr batch` on a generated 1,000,000-row CSV vs a csv-parse ->
 *                         csv-stringify copy, peak RSS, and at 2,000,000 rows (batch-bench.ts);
 *                         `--only batch` runs this section alone, `--only batch-csv` its 1M-row CSV
 *                         part (with CPU seconds), `--only batch-xlsx` its workbook part
 *   ranges                the range layer at national scale (ranges-scale-bench.ts): import of a
 *                         generated 5,000,000-edge ADDRFEAT shapefile (edges/s, bytes per edge),
 *                         validate with ranges vs locality-only, reverse p99 and peak RSS; and the
 *                         same with 10,000,000 points too (CSV files of a state each). `--edges N`, `--points N` set the sizes
 *                         (--quick: 200,000 and 400,000); the generated files and databases are
 *                         kept in `--cache DIR` (default: addr-bench-cache in the temporary folder)
 *   serve                 `addr serve --workers 2` POST /v1/validate with key and metering vs a bare
 *                         2-process node:http cluster JSON echo, autocannon 32 connections, then two
 *                         instances sharing one PostgreSQL database (serve-bench.ts); `--only serve`
 *                         runs it alone, `--serve-long` makes its run 60 s with the server's RSS at start and end
 *
 * Flags:
 *   --quick           10,000 addresses and 5 cold-start runs (fast iteration)
 *   --only NAME       run only one loop, no table (for `node --cpu-prof`); NAME is one of
 *                     normalize, parseLocation, addresser, normalize+places, validate, extract;
 *                     or reverse+autocomplete, which prints that section's table alone
 *   --addresses N     override the number of addresses
 *
 * The addresses come from bench/generate-addresses.ts, with real (city, state,
 * ZIP) rows read from db/locality.sqlite so that validation hits real data; the
 * generator's built-in localities are used when the database is missing.
 */
import { peakRssMb } from './peak-rss.js';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { normalize } from '../src/core/parse/normalize.js';
import { placeLookup } from '../src/core/locality/place-lookup.js';
import type { LocalityStore } from '../src/core/model/ports.js';
import { validateAddress } from '../src/core/validate/validate.js';
import { defaultLocalityDbPath } from '../src/store/data-location.js';
import { openLocalityStore } from '../src/store/sqlite-locality-store.js';
import { createEngine } from '../src/core/engine.js';
import { benchCli } from './cli-bench.js';
import { benchExtract } from './extract-bench.js';
import { benchBatch, benchBatchXlsx } from './batch-bench.js';
import { generateAddresses, oneLine } from './generate-addresses.js';
import { benchPoints } from './points-bench.js';
import type { Locality } from './generate-addresses.js';
import { benchRangesScale, DEFAULT_CACHE, scaleSizes } from './ranges-scale-bench.js';
import { benchReverseAutocomplete } from './reverse-autocomplete-bench.js';
import { benchServe } from './serve-bench.js';
import type { Figure } from './figure.js';
import type { LatencyFigure } from './reverse-autocomplete-bench.js';

const SEED = 42;
const LOCALITY_SAMPLE = 400; // real (city, state, ZIP) rows spread over the ZIP range
// addresser runs 30-60× slower than normalize: on the full set it alone would take
// minutes, so it is measured on a prefix of the same addresses.
const ADDRESSER_LIMIT = 20_000;
const COLD_ADDRESS = '1600 Pennsylvania Ave NW, Washington, DC 20500';
const BIN = fileURLToPath(new URL('../bin/addr.js', import.meta.url));

// The peers are CommonJS without type declarations: load them through require
// and type only the one function each is measured by.
const requireCjs = createRequire(import.meta.url);
const parseAddressLib = requireCjs('parse-address') as { parseLocation(address: string): unknown };
const addresser = requireCjs('addresser') as { parseAddress(address: string): unknown };

interface Settings {
  count: number; // addresses per throughput pass
  rounds: number; // measured passes per contestant (the median is kept)
  coldRuns: number; // measured spawns per command (the median is kept)
  only: string | null; // the one contestant to run alone
  quick: boolean;
  edges: number; // edges of the ranges section
  points: number; // points of the ranges section
  cacheDir: string; // where the ranges section keeps its generated files and databases
}

/** A positive integer flag (--edges 5000000); null when absent; throws on a bad value. */
function sizeFlag(argv: readonly string[], flag: string): number | null {
  const at = argv.indexOf(flag);
  if (at < 0) return null;
  const n = Number(argv[at + 1]);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} takes a positive whole number, not '${argv[at + 1] ?? ''}'`);
  return n;
}

function readSettings(argv: readonly string[]): Settings {
  const quick = argv.includes('--quick');
  const at = argv.indexOf('--addresses');
  const asked = at >= 0 ? Number.parseInt(argv[at + 1] ?? '', 10) : Number.NaN;
  return {
    count: Number.isFinite(asked) && asked > 0 ? asked : quick ? 10_000 : 100_000,
    rounds: 3,
    coldRuns: quick ? 5 : 15,
    only: argv.includes('--only') ? (argv[argv.indexOf('--only') + 1] ?? '') : null,
    quick,
    edges: sizeFlag(argv, '--edges') ?? scaleSizes(quick).edges,
    points: sizeFlag(argv, '--points') ?? scaleSizes(quick).points,
    cacheDir: argv.includes('--cache') ? (argv[argv.indexOf('--cache') + 1] ?? DEFAULT_CACHE) : DEFAULT_CACHE,
  };
}

/** A few hundred real localities, evenly spread over the ZIPs; null when the database is missing. */
function readLocalities(path: string, sample: number): Locality[] | null {
  if (!existsSync(path)) return null;
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    // Military "cities" (APO/FPO) take no street address: leave them out.
    const rows = db
      .prepare<[], Locality>("SELECT city, state, zip5 FROM zips WHERE state NOT IN ('AA', 'AE', 'AP') ORDER BY zip5")
      .all();
    if (rows.length === 0) return null;
    const step = Math.max(1, Math.floor(rows.length / sample));
    const out: Locality[] = [];
    for (let i = 0; i < rows.length && out.length < sample; i += step) out.push(rows[i] as Locality);
    return out;
  } finally {
    db.close();
  }
}

// Every result feeds this sink, so no loop body is dead code to the optimizer.
let sink = 0;

/** Milliseconds taken by one pass of `fn` over `inputs`. */
function timePass(fn: (s: string) => unknown, inputs: readonly string[]): number {
  let kept = 0;
  const started = performance.now();
  for (let i = 0; i < inputs.length; i++) {
    if (fn(inputs[i] as string) !== null) kept++;
  }
  const ms = performance.now() - started;
  sink += kept;
  return ms;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

interface Contestant {
  name: string;
  fn: (s: string) => unknown;
  limit?: number; // measured on the first `limit` inputs only (for a peer too slow for the full set)
}

/** Addresses per second of each contestant: warm-up pass, then `rounds` interleaved passes, median kept. */
function throughput(contestants: readonly Contestant[], inputs: readonly string[], rounds: number, beforePass?: (name: string) => void): Map<string, number> {
  const own = new Map(contestants.map((c) => [c.name, c.limit === undefined ? inputs : inputs.slice(0, c.limit)]));
  // A whole pass each, untimed: a first pass over 100,000 addresses still runs partly unoptimized
  // code and fills caches (validate's first pass runs at ~60% of its later ones).
  for (const c of contestants) timePass(c.fn, own.get(c.name) ?? inputs);
  const times = new Map<string, number[]>(contestants.map((c) => [c.name, []]));
  for (let r = 0; r < rounds; r++) {
    // Rotating the order spreads drift (thermal, GC of the previous contestant) over all of them.
    for (let k = 0; k < contestants.length; k++) {
      const c = contestants[(k + r) % contestants.length] as Contestant;
      beforePass?.(c.name);
      times.get(c.name)?.push(timePass(c.fn, own.get(c.name) ?? inputs));
    }
  }
  return new Map([...times].map(([name, ms]) => [name, ((own.get(name) ?? inputs).length / median(ms)) * 1000]));
}

interface Spawned {
  ms: number; // median wall time
  status: number | null; // exit status of the last run
  stderr: string; // stderr of the last run, for diagnosis
}

/** Median wall time of spawning each command `runs` times (after 2 warm-up runs), interleaved. */
function coldStart(commands: ReadonlyMap<string, readonly string[]>, runs: number): Map<string, Spawned> {
  const times = new Map<string, number[]>([...commands.keys()].map((k) => [k, []]));
  const last = new Map<string, { status: number | null; stderr: string }>();
  for (let r = -2; r < runs; r++) {
    for (const [name, args] of commands) {
      const started = performance.now();
      const res = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
      const ms = performance.now() - started;
      if (r >= 0) times.get(name)?.push(ms);
      last.set(name, { status: res.status, stderr: res.stderr });
    }
  }
  return new Map([...times].map(([name, ms]) => {
    const l = last.get(name) ?? { status: null, stderr: '' };
    return [name, { ms: median(ms), status: l.status, stderr: l.stderr }];
  }));
}

type Row = [metric: string, addr: string, peer: string, ratio: string, target: string, result: string];

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const ms1 = (n: number): string => `${n.toFixed(1)} ms`;
const times = (n: number): string => `${n.toFixed(2)}×`;
const verdict = (ok: boolean): string => (ok ? 'PASS' : 'FAIL');

/** An aligned markdown table. */
function renderTable(header: Row, rows: readonly Row[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  // Numbers read best right-aligned; the metric and the verdict stay left.
  const right = [false, true, true, true, false, false];
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((c, i) => (right[i] ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (right[i] ? `${'-'.repeat(w + 1)}:` : `:${'-'.repeat(w + 1)}`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function openStore(path: string): LocalityStore | null {
  try {
    return openLocalityStore(path);
  } catch (err) {
    console.error(`validate: reference database unavailable (${err instanceof Error ? err.message : String(err)})`);
    return null;
  }
}

/** The rows of a section's figures: each in its unit (`withUnit`: the units printed after the value), beside its peer and target. */
function figureRows(figures: readonly Figure[], withUnit: ReadonlySet<string> = new Set()): Row[] {
  const fmt = (v: number, unit: string): string => (unit === 'ms' ? `${v.toFixed(2)} ms` : withUnit.has(unit) ? `${int(v)} ${unit}` : int(v));
  return figures.map((f) => [
    f.metric,
    fmt(f.value, f.unit),
    f.peer === null ? '—' : `${fmt(f.peer, f.unit)}${f.unit === 'ms' ? ' (p50)' : ''}`,
    f.peer === null || f.unit === 'ms' ? '—' : times(f.value / f.peer),
    f.target,
    f.pass === null ? 'info' : verdict(f.pass),
  ]);
}

/** The rows of the ranges section: sizes with their unit. */
const scaleRows = (figures: readonly Figure[]): Row[] => figureRows(figures, new Set(['MB', 'B']));

/** The rows of the reverse+autocomplete section: p99 against its target, p50 beside it; then the CPU time of the same calls. */
function latencyRows(figures: readonly LatencyFigure[]): Row[] {
  const ms2 = (n: number): string => `${n.toFixed(2)} ms`;
  return figures.flatMap((f): Row[] => [
    [`${f.metric}, p99`, ms2(f.p99), `${ms2(f.p50)} (p50)`, '—', f.target === null ? '—' : `≤ ${f.target} ms`, f.target === null ? 'info' : verdict(f.p99 <= f.target)],
    ['  the same calls, CPU time (user + system), p99', ms2(f.cpuP99), `${ms2(f.cpuP50)} (p50)`, '—', '—', 'info'],
  ]);
}

/** Runs the benchmark and prints the table. */
const USAGE = `usage: npm run bench -- [--quick] [--addresses N] [--only SECTION] [--serve-long] [--edges N] [--points N] [--cache DIR]
  --quick          fewer addresses, rows and runs (fast iteration)
  --addresses N    addresses of the throughput loops (default 100,000)
  --only SECTION   one section or loop, no table: normalize, parseLocation, addresser, normalize+places,
                   validate, extract, cli, points, reverse+autocomplete, ranges, batch, batch-csv, batch-xlsx, serve
  --serve-long     a 60 s serve run, with the server's RSS at start and end
  --edges N        generated TIGER/Line edges of the ranges section (default 5,000,000; --quick 200,000)
  --points N       generated points beside them (default 10,000,000; --quick 400,000)
  --cache DIR      where the ranges section keeps generated files and databases between runs`;

async function main(argv: readonly string[]): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const settings = readSettings(argv);
  const dbPath = defaultLocalityDbPath();
  if (settings.only === 'cli') {
    const figures = await benchCli(dbPath, settings.quick, (line) => console.log(line));
    console.log(renderTable(['metric', 'addr', 'peer / baseline', 'ratio', 'target', 'result'], figureRows(figures)));
    return;
  }
  if (settings.only === 'points') {
    const figures = await benchPoints(dbPath, settings.quick, (line) => console.log(line));
    console.log(renderTable(['metric', 'addr', 'peer / baseline', 'ratio', 'target', 'result'], figureRows(figures)));
    return;
  }
  if (settings.only === 'ranges') {
    const figures = await benchRangesScale(dbPath, { edges: settings.edges, points: settings.points, cacheDir: settings.cacheDir, log: (line) => console.log(line) });
    console.log(renderTable(['metric', 'addr', 'peer / baseline', 'ratio', 'target', 'result'], scaleRows(figures)));
    return;
  }
  if (settings.only === 'reverse+autocomplete') {
    const figures = await benchReverseAutocomplete(dbPath, settings.quick, (line) => console.log(line));
    console.log(renderTable(['metric', 'addr', 'peer / baseline', 'ratio', 'target', 'result'], latencyRows(figures)));
    return;
  }
  const localities = readLocalities(dbPath, LOCALITY_SAMPLE);
  if (settings.only === 'batch' || settings.only === 'batch-csv') {
    const figures = await benchBatch(localities ?? undefined, settings.quick, (line) => console.log(line), settings.only === 'batch-csv');
    console.log(renderTable(['metric', 'addr', 'peer / baseline', 'ratio', 'target', 'result'], figureRows(figures)));
    return;
  }
  if (settings.only === 'batch-xlsx') {
    const figures = await benchBatchXlsx(localities ?? undefined, settings.quick, (line) => console.log(line));
    console.log(renderTable(['metric', 'addr', 'peer / baseline', 'ratio', 'target', 'result'], figureRows(figures)));
    return;
  }
  const serveLong = argv.includes('--serve-long');
  if (settings.only === 'serve') {
    const figures = await benchServe(localities ?? undefined, settings.quick, serveLong, (line) => console.log(line));
    console.log(renderTable(['metric', 'addr', 'peer / baseline', 'ratio', 'target', 'result'], figureRows(figures)));
    return;
  }
  const inputs = generateAddresses(settings.count, SEED, localities ?? undefined).map(oneLine);

  let addresserErrors = 0;
  const store = openStore(dbPath);
  const contestants: Contestant[] = [
    { name: 'normalize', fn: (s) => normalize(s) },
    { name: 'parseLocation', fn: (s) => parseAddressLib.parseLocation(s) },
    {
      name: 'addresser',
      limit: ADDRESSER_LIMIT,
      fn: (s) => {
        try {
          return addresser.parseAddress(s);
        } catch {
          addresserErrors++;
          return null;
        }
      },
    },
  ];
  if (store) {
    // What `addr validate` does per address (src/commands/validate.ts): the parser
    // asks the locality layer for place names, and each result gets an id and a latency.
    const places = placeLookup(store);
    contestants.push(
      { name: 'normalize+places', fn: (s) => normalize(s, { places }) },
      {
        name: 'validate',
        fn: (s) => validateAddress(normalize(s, { places }), store, { requestId: randomUUID(), startedAt: performance.now(), now: () => performance.now() }),
      },
    );
  }

  if (settings.only === 'extract') {
    if (!store) throw new Error('extract needs the locality database');
    for (const spacing of [65536, 4096]) {
      const f = benchExtract(createEngine({ locality: store }), settings.quick ? 10 : 100, localities ?? undefined, spacing);
      console.log(`extract only, ${f.megabytes} MB, an address per ~${spacing / 1024} KB: ${(f.megabytes / f.seconds).toFixed(1)} MB/s (${(f.megabytes / f.cpuSeconds).toFixed(1)} MB/s of CPU time), ${int(f.found)} of ${int(f.planted)} addresses, heap +${f.heapGrowthMb.toFixed(0)} MB (sink ${sink})`);
    }
    return;
  }
  if (settings.only !== null) {
    const alone = contestants.find((c) => c.name === settings.only);
    if (!alone) {
      console.error(`--only: expected one of ${contestants.map((c) => c.name).join(', ')}`);
      process.exitCode = 2;
      return;
    }
    const own = alone.limit === undefined ? inputs : inputs.slice(0, alone.limit);
    const passes: string[] = [];
    for (let r = 0; r < 1 + settings.rounds; r++) passes.push(int((own.length / timePass(alone.fn, own)) * 1000));
    console.log(`${alone.name} only, ${int(own.length)} addresses: ${passes.join(', ')} addr/s per pass (sink ${sink})`);
    return;
  }

  const cpuList = cpus();
  console.log('# addr bench');
  console.log(`node ${process.version} · ${process.platform}/${process.arch} · ${cpuList.length} CPU · ${cpuList[0]?.model.trim() ?? 'unknown CPU'}`);
  console.log(`${int(inputs.length)} one-line addresses (seed ${SEED}, ${localities ? `${localities.length} real localities from ${dbPath}` : 'built-in localities: database missing'})${settings.quick ? ' · --quick' : ''}`);
  console.log(`throughput: 1 warm-up pass, median of ${settings.rounds} passes · cold start: 2 warm-up runs, median of ${settings.coldRuns}`);
  console.log('');

  // The headline: messy lines, whole processes (measured first, before this process holds the rest).
  const cliRows = existsSync(dbPath) ? figureRows(await benchCli(dbPath, settings.quick, (line) => console.log(line))) : [];
  const perSecond = throughput(contestants, inputs, settings.rounds, (name) => {
    if (name === 'addresser') addresserErrors = 0; // keeps the count of the last full pass
  });
  const ours = perSecond.get('normalize') ?? 0;
  const parseLocation = perSecond.get('parseLocation') ?? 0;
  const addresserRate = perSecond.get('addresser') ?? 0;
  const validateRate = perSecond.get('validate');
  const withPlaces = perSecond.get('normalize+places');

  const cold = coldStart(new Map([
    ['node -e 0', ['-e', '0']],
    ['addr validate', [BIN, 'validate', COLD_ADDRESS]],
    ['addr normalize', [BIN, 'normalize', COLD_ADDRESS]],
  ]), settings.coldRuns);
  const baseline = cold.get('node -e 0')?.ms ?? Number.NaN;

  const rows: Row[] = [
    ...cliRows,
    ['generated clean addresses: normalize throughput (addr/s) vs parse-address parseLocation', int(ours), int(parseLocation), times(ours / parseLocation), '≥ 4×', verdict(ours / parseLocation >= 4)],
    [`normalize throughput (addr/s) vs addresser parseAddress${inputs.length > ADDRESSER_LIMIT ? ` (first ${int(ADDRESSER_LIMIT)})` : ''}`, int(ours), int(addresserRate), times(ours / addresserRate), '—', 'info'],
    withPlaces === undefined
      ? ['normalize with place lookup (as the CLI) vs parseLocation', 'n/a', int(parseLocation), 'n/a', '—', 'no database']
      : ['normalize with place lookup (as the CLI) vs parseLocation', int(withPlaces), int(parseLocation), times(withPlaces / parseLocation), '—', 'info'],
    validateRate === undefined
      ? ['validate throughput (addr/s) vs parse-address parseLocation', 'n/a', int(parseLocation), 'n/a', '≥ 2×', 'FAIL (no database)']
      : ['validate throughput (addr/s) vs parse-address parseLocation', int(validateRate), int(parseLocation), times(validateRate / parseLocation), '≥ 2×', verdict(validateRate / parseLocation >= 2)],
  ];
  for (const [name, target] of [['addr validate', 3], ['addr normalize', null]] as const) {
    const run = cold.get(name);
    if (!run) continue;
    const ratio = run.ms / baseline;
    const failed = run.status !== 0;
    rows.push([
      `cold start \`${name} "<address>"\` vs \`node -e 0\` (median)`,
      ms1(run.ms),
      ms1(baseline),
      times(ratio),
      target === null ? '—' : `≤ ${target}×`,
      failed ? `FAIL (exit ${String(run.status)})` : target === null ? 'info' : verdict(ratio <= target),
    ]);
  }
  if (existsSync(dbPath)) rows.push(...figureRows(await benchPoints(dbPath, settings.quick, (line) => console.log(line))));
  if (store) {
    // 100 MB of prose (10 with --quick), generated and fed in 64 KB chunks: never held whole. The
    // target is for sparse addresses (one per ~64 KB); one per ~4 KB is reported beside it.
    for (const [label, spacing, target] of [['sparse, one address per ~64 KB', 65536, true], ['dense, one address per ~4 KB', 4096, false]] as const) {
      const f = benchExtract(createEngine({ locality: store }), settings.quick ? 10 : 100, localities ?? undefined, spacing);
      const rate = f.megabytes / f.seconds;
      const cpuRate = f.megabytes / f.cpuSeconds;
      rows.push([`extract throughput (MB/s), ${f.megabytes} MB of prose, ${label}`, rate.toFixed(1), '—', '—', target ? '≥ 20' : '—', target ? verdict(rate >= 20) : 'info']);
      rows.push([`  the same by CPU time of this process (MB per CPU second; the wall figure counts other load)`, cpuRate.toFixed(1), '—', '—', '—', 'info']);
      rows.push([`  addresses found of those planted`, int(f.found), int(f.planted), times(f.found / f.planted), '—', 'info']);
      rows.push([`  heap growth over the ${f.megabytes} MB stream`, `${f.heapGrowthMb.toFixed(0)} MB`, '—', '—', 'bounded', 'info']);
    }
  } else {
    rows.push(['extract throughput (MB/s)', 'n/a', '—', '—', '≥ 20', 'FAIL (no database)']);
  }
  if (existsSync(dbPath)) rows.push(...latencyRows(await benchReverseAutocomplete(dbPath, settings.quick, (line) => console.log(line))));
  if (existsSync(dbPath)) rows.push(...scaleRows(await benchRangesScale(dbPath, { edges: settings.edges, points: settings.points, cacheDir: settings.cacheDir, log: (line) => console.log(line) })));
  rows.push(...figureRows(await benchBatch(localities ?? undefined, settings.quick, (line) => console.log(line))));
  rows.push(...figureRows(await benchServe(localities ?? undefined, settings.quick, serveLong, (line) => console.log(line))));
  const rssMb = peakRssMb();
  rows.push(['peak RSS of this bench process', `${rssMb.toFixed(0)} MB`, '—', '—', '—', 'info']);

  console.log(renderTable(['metric', 'addr', 'peer / baseline', 'ratio', 'target', 'result'], rows));
  console.log('');
  console.log(`addresser threw on ${int(addresserErrors)} of ${int(Math.min(inputs.length, ADDRESSER_LIMIT))} inputs per pass (caught, counted in its time).`);
  for (const [name, run] of cold) {
    if (run.status !== 0) console.log(`${name} exited ${String(run.status)}: ${run.stderr.trim().split('\n')[0] ?? ''}`);
  }
  console.log(`(sink ${sink})`);
}

await main(process.argv.slice(2));
