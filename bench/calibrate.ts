/**
 * Measures how well `confidence` is calibrated (docs/validation.md, Confidence: among results
 * with confidence >= 0.9, at least 90% are right), after a build:
 *
 *   node dist/bench/calibrate.js [--seed N] [--cases N] [--signatures] [--examples N] [--wrong-above X]
 *
 * Builds a labelled set from the real reference database (bench/calibration-cases.ts:
 * real city/state/ZIP rows, generated streets, one known damage per case), runs
 * what `addr validate` runs on each — normalize with the place lookup, then
 * validateAddress — and prints the calibration table, the headline figure and a
 * table per damage category.
 *
 *   --seed N         PRNG seed (default 1); check a second seed before trusting a tuning
 *   --cases N        number of cases (default 8000)
 *   --signatures     also print right % per evidence signature (status, reasons, changes): what to tune
 *   --examples N     print up to N wrong results per category
 *   --wrong-above X  with --examples: only wrong results with confidence >= X (default 0)
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { normalize } from '../src/core/parse/normalize.js';
import { placeLookup } from '../src/core/locality/place-lookup.js';
import type { ZipRecord } from '../src/core/model/ports.js';
import { validateAddress } from '../src/core/validate/validate.js';
import { defaultLocalityDbPath } from '../src/store/data-location.js';
import { openLocalityStore } from '../src/store/sqlite-locality-store.js';
import { buildCases, calibrationTable, categoryTable, isRight, signatureTable } from './calibration-cases.js';
import type { Judged } from './calibration-cases.js';
import { prng } from './generate-addresses.js';

interface Settings { seed: number; cases: number; signatures: boolean; examples: number; wrongAbove: number }

function numberArg(argv: readonly string[], name: string, fallback: number): number {
  const at = argv.indexOf(name);
  const v = at >= 0 ? Number(argv[at + 1]) : Number.NaN;
  return Number.isFinite(v) ? v : fallback;
}

function readSettings(argv: readonly string[]): Settings {
  return {
    seed: numberArg(argv, '--seed', 1),
    cases: Math.max(1, Math.floor(numberArg(argv, '--cases', 8000))),
    signatures: argv.includes('--signatures'),
    examples: Math.max(0, Math.floor(numberArg(argv, '--examples', 0))),
    wrongAbove: numberArg(argv, '--wrong-above', 0),
  };
}

function readZips(path: string): ZipRecord[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], ZipRecord>('SELECT zip5, city, state, county, county_fips, lat, lon, timezone FROM zips ORDER BY zip5').all();
  } finally {
    db.close();
  }
}

function main(argv: readonly string[]): number {
  const settings = readSettings(argv);
  const path = defaultLocalityDbPath();
  if (!existsSync(path)) {
    console.error(`calibrate: reference database not found at ${path}; run npm run build`);
    return 4;
  }
  const store = openLocalityStore(path);
  const zips = readZips(path);
  const military = new Set(['AA', 'AE', 'AP']);
  const src = {
    store,
    civilian: zips.filter((z) => !military.has(z.state) && z.state !== 'PR'),
    pr: zips.filter((z) => z.state === 'PR'),
    military: zips.filter((z) => military.has(z.state)),
  };
  const started = performance.now();
  const cases = buildCases(src, prng(settings.seed), settings.cases);
  const places = placeLookup(store);
  const judged: (Judged & { input: string; got: string; want: string })[] = [];
  for (const c of cases) {
    const r = validateAddress(normalize(c.input, { places }), store);
    const s = r.standardized;
    const signature = [r.status, r.reason_codes.filter((x) => x !== 'NO_STREET_COVERAGE').join('+') || '-', r.change_codes.filter((x) => !x.endsWith('_STANDARDIZED')).join('+') || '-'].join(' ');
    judged.push({
      category: c.category,
      confidence: r.confidence,
      status: r.status,
      right: isRight(r, c.truth),
      signature,
      input: typeof c.input === 'string' ? c.input : JSON.stringify(c.input),
      got: `${r.status} ${r.confidence.toFixed(2)} ${s.city ?? '-'}, ${s.state ?? '-'} ${s.zip5 ?? '-'} [${r.reason_codes.join(' ')}]`,
      want: c.truth.kind === 'none' ? 'none' : `${c.truth.cities.join('|')}, ${c.truth.state} ${c.truth.zip5 ?? '-'}${c.truth.partialOk ? ' (or PARTIAL)' : ''}`,
    });
  }
  const seconds = (performance.now() - started) / 1000;

  const { table, headline } = calibrationTable(judged);
  console.log(`addr confidence calibration: seed ${settings.seed}, ${judged.length} cases, data ${store.dataVersion()}, ${seconds.toFixed(1)} s\n`);
  console.log(table);
  console.log('\n¹ accepted = VALIDATED or CORRECTED; PARTIAL and NOT_FOUND are capped low on purpose, and count as right when the input determines nothing.\n');
  console.log(headline);
  console.log('\n' + categoryTable(judged));
  if (settings.signatures) console.log('\n' + signatureTable(judged));
  if (settings.examples > 0) {
    const shown = new Map<string, number>();
    console.log('\nwrong results:');
    for (const j of judged) {
      if (j.right || j.confidence < settings.wrongAbove) continue;
      const n = shown.get(j.category) ?? 0;
      if (n >= settings.examples) continue;
      shown.set(j.category, n + 1);
      console.log(`  [${j.category}] ${j.input}\n      got ${j.got}\n      want ${j.want}`);
    }
  }
  store.close();
  return 0;
}

process.exitCode = main(process.argv.slice(2));
