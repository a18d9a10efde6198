/**
 * Whole processes with address points loaded, part of the "points" section of `npm run bench`
 * (points-bench.ts): `addr validate -` over lines on stdin and `addr batch` over a one-column CSV
 * of the same addresses, each run against the data folder holding the imported points and against
 * an empty one (locality-only), alternating, two rounds, the faster of each kept. A process pays
 * what a user's run pays and the in-process passes do not: the start, the warm-up, the first read
 * of every street (the in-process figures are of passes after a warm-up pass).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Figure } from './figure.js';
import { timeAddr } from './time-child.js';


interface Timed {
  wall: number; // seconds
  cpu: number | null; // user + system seconds, worker threads included (null without /usr/bin/time)
}

/** Runs `addr ARGS` (time-child.ts) with stdin from `input` (or nothing) and stdout to `output`; throws on a failure. */
async function timed(args: readonly string[], input: string | null, output: string, dir: string): Promise<Timed> {
  const run = await timeAddr(args, dir, input, output);
  if (run.code !== 0) throw new Error(`addr ${args.join(' ')} exited ${String(run.code)}: ${run.stderr.trim()}`);
  return { wall: run.seconds, cpu: run.cpu };
}

function best(runs: readonly Timed[]): Timed {
  const wall = Math.min(...runs.map((r) => r.wall));
  const cpus = runs.map((r) => r.cpu).filter((c): c is number => c !== null);
  return { wall, cpu: cpus.length === runs.length ? Math.min(...cpus) : null };
}

/**
 * Times `addr validate -` and `addr batch` over `inputs` with the points of `pointsDir` and
 * without; `work` is a scratch folder.
 */
export async function benchPointProcesses(pointsDir: string, inputs: readonly string[], work: string, log: (line: string) => void): Promise<Figure[]> {
  const empty = join(work, 'no-points');
  mkdirSync(empty, { recursive: true });
  const lines = join(work, 'lines.txt');
  writeFileSync(lines, `${inputs.join('\n')}\n`);
  const csv = join(work, 'rows.csv');
  writeFileSync(csv, `address\n${inputs.map((s) => `"${s.replaceAll('"', '""')}"`).join('\n')}\n`);
  const runs = { validate: { points: [] as Timed[], locality: [] as Timed[] }, batch: { points: [] as Timed[], locality: [] as Timed[] } };
  for (let round = 0; round < 2; round++) {
    for (const [kind, dataDir] of [['points', pointsDir], ['locality', empty]] as const) {
      runs.validate[kind].push(await timed(['validate', '-', '--format', 'ndjson', '--data-dir', dataDir], lines, join(work, 'out.ndjson'), work));
      // --restart: each round starts the file anew (a finished run's journal would be resumed otherwise).
      runs.batch[kind].push(await timed(['batch', csv, '-o', join(work, `out-${kind}.csv`), '--restart', '--data-dir', dataDir], null, join(work, 'batch.log'), work));
    }
  }
  const n = inputs.length;
  const figures: Figure[] = [];
  for (const command of ['validate', 'batch'] as const) {
    const withPoints = best(runs[command].points);
    const without = best(runs[command].locality);
    const seconds = (rs: readonly Timed[]): string => rs.map((r) => `${r.wall.toFixed(2)} s${r.cpu === null ? '' : ` (${r.cpu.toFixed(2)} s CPU)`}`).join(', ');
    log(`points: addr ${command} process over ${n.toLocaleString('en-US')} addresses: with points ${seconds(runs[command].points)}; locality-only ${seconds(runs[command].locality)}`);
    const label = command === 'validate' ? '`addr validate -` process' : '`addr batch` process, one-column CSV';
    figures.push({ metric: `${label} with points loaded vs locality-only (addr/s; best of 2)`, value: n / withPoints.wall, unit: 'addr/s', peer: n / without.wall, target: '≥ 0.5×', pass: without.wall / withPoints.wall >= 0.5 });
    if (withPoints.cpu !== null && without.cpu !== null) {
      figures.push({ metric: '  the same per CPU-second (worker threads included)', value: n / withPoints.cpu, unit: 'addr/s', peer: n / without.cpu, target: '≥ 0.5×', pass: without.cpu / withPoints.cpu >= 0.5 });
    }
  }
  return figures;
}
