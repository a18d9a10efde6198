/**
 * The "points" section of `npm run bench`: a generated OpenAddresses
 * CSV of 1,000,000 points (100,000 with --quick) around real ZIP centroids is
 * imported into a fresh points.sqlite; then, over the same addresses,
 * validation with the points loaded is timed against locality-only validation
 * (passes alternating, each rate the median of three passes after a warm-up;
 * the first pass with points also fills the store's held streets); then `addr validate -` and
 * `addr batch` as whole processes with the points and without (points-process-bench.ts), and `addr
 * serve --workers 2` answering the same addresses with the points and without
 * (serve-layers-bench.ts). Reverse
 * and autocomplete over the same kind of data are timed in
 * reverse-autocomplete-bench.ts.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import Database from 'better-sqlite3';
import { createEngine } from '../src/core/engine.js';
import { openPointStore, openPointsDatabase } from '../src/store/points-db.js';
import { importPoints } from '../src/store/points-import.js';
import { openLocalityStore } from '../src/store/sqlite-locality-store.js';
import { prng } from './generate-addresses.js';
import { benchPointProcesses } from './points-process-bench.js';
import { benchServeWithData } from './serve-layers-bench.js';
import { generateStreets, houseNumber, pointCsvChunks } from './generate-points.js';
import type { GeneratedStreet, ZipCentroid } from './generate-points.js';
import type { Figure } from './figure.js';


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

/** Addresses on the generated streets: most at a number that exists, some at one that does not, some without ZIP. */
function validationInputs(streets: readonly GeneratedStreet[], count: number): string[] {
  const rnd = prng(99);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const s = streets[Math.floor(rnd() * streets.length)] as GeneratedStreet;
    const k = Math.floor(rnd() * s.numbers);
    const number = rnd() < 0.85 ? houseNumber(k) : houseNumber(k) + 1000;
    const zip = rnd() < 0.8 ? ` ${s.zip.zip5}` : '';
    out.push(`${number} ${s.name}, ${s.zip.city}, ${s.zip.state}${zip}`);
  }
  return out;
}

/** Runs the section and returns its figures. */
export async function benchPoints(localityDb: string, quick: boolean, log: (line: string) => void): Promise<Figure[]> {
  const count = quick ? 100_000 : 1_000_000;
  const dir = mkdtempSync(join(tmpdir(), 'addr-bench-points-'));
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
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const summary = await importPoints(db, { input: { kind: 'file', path: csv }, format: null, source: null, locality, now: new Date() });
    const importSeconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    // CPU seconds of this process: on a machine shared with other work, wall time says more about the others.
    const importCpuSeconds = (cpu.user + cpu.system) / 1e6;
    db.close();
    const importRate = summary.rows_read / importSeconds;
    log(`points: imported ${summary.rows_imported.toLocaleString('en-US')} of ${summary.rows_read.toLocaleString('en-US')} generated rows in ${importSeconds.toFixed(1)} s (${importCpuSeconds.toFixed(1)} s of CPU)`);

    const points = openPointStore(dir);
    if (points === null) throw new Error('no point store');
    const withPoints = createEngine({ locality, points });
    const localityOnly = createEngine({ locality });
    const inputs = validationInputs(streets, quick ? 20_000 : 100_000);
    // Passes of the two engines alternate, so a change in the machine's load falls on both;
    // each rate is the median of its passes, by wall time and by this process's CPU time.
    const pass = (fn: (s: string) => unknown): { wall: number; cpu: number } => {
      const t = performance.now();
      const c = process.cpuUsage();
      for (const s of inputs) fn(s);
      const used = process.cpuUsage(c);
      return { wall: inputs.length / ((performance.now() - t) / 1000), cpu: inputs.length / ((used.user + used.system) / 1e6) };
    };
    const validateLocality = (s: string): unknown => localityOnly.validate(s);
    const validatePoints = (s: string): unknown => withPoints.validate(s);
    for (let i = 0; i < Math.min(5000, inputs.length); i++) {
      validateLocality(inputs[i] as string);
      validatePoints(inputs[i] as string);
    }
    const localityPasses: { wall: number; cpu: number }[] = [];
    const pointsPasses: { wall: number; cpu: number }[] = [];
    for (let r = 0; r < 3; r++) {
      localityPasses.push(pass(validateLocality));
      pointsPasses.push(pass(validatePoints));
    }
    const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[1] as number;
    const localityRate = median(localityPasses.map((p) => p.wall));
    const pointsRate = median(pointsPasses.map((p) => p.wall));
    const localityCpuRate = median(localityPasses.map((p) => p.cpu));
    const pointsCpuRate = median(pointsPasses.map((p) => p.cpu));
    const confirmed = inputs.slice(0, 2000).filter((s) => withPoints.validate(s).standardized.deliverability === 'D').length;
    log(`points: ${confirmed} of 2,000 bench addresses confirmed at the delivery point (D)`);
    const rates = (passes: readonly { wall: number; cpu: number }[]): string => passes.map((p) => `${Math.round(p.wall).toLocaleString('en-US')} (${Math.round(p.cpu).toLocaleString('en-US')} per CPU-s)`).join(', ');
    log(`points: validate passes, locality-only: ${rates(localityPasses)}; with points: ${rates(pointsPasses)} addr/s`);

    points.close();
    locality.close();
    const work = join(dir, 'processes');
    const processes: Figure[] = await benchPointProcesses(dir, inputs, work, log);
    const served: Figure[] = await benchServeWithData({ dataDir: dir, holds: `${count.toLocaleString('en-US')} points`, level: 'delivery_point', keepAccounts: true }, inputs, work, quick, log);
    return [
      { metric: `import of a generated ${count.toLocaleString('en-US')}-point OpenAddresses CSV (rows/s)`, value: importRate, unit: 'rows/s', peer: null, target: '≥ 100,000', pass: importRate >= 100_000 },
      { metric: '  the same per CPU-second of this process (wall time on a shared machine counts the others too)', value: summary.rows_read / importCpuSeconds, unit: 'rows/s', peer: null, target: '—', pass: null },
      { metric: 'validate with points loaded vs locality-only (addr/s)', value: pointsRate, unit: 'addr/s', peer: localityRate, target: '≥ 0.5× (within 2×)', pass: pointsRate >= localityRate / 2 },
      { metric: '  the same per CPU-second of this process', value: pointsCpuRate, unit: 'addr/s', peer: localityCpuRate, target: '≥ 0.5× (within 2×)', pass: pointsCpuRate >= localityCpuRate / 2 },
      ...processes,
      ...served,
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
