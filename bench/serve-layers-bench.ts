/**
 * `addr serve` with street data loaded, in the "points" and "ranges" sections of `npm run bench`
 * (points-bench.ts, ranges-scale-bench.ts): `addr serve --workers 2` over the data folder holding
 * the imported points or ranges and over an empty one (locality-only), each with an account and
 * key (a production account with overage, as the serve section), answering POST /v1/validate with
 * the section's addresses (the first BODIES of them, cycled), driven as the serve section drives
 * it (serve-bench.ts: autocannon from a process of its own, 32 connections, a warm-up, then the
 * measured run), the two servers alternated over two rounds, the faster run of each kept. Before
 * the runs, the first addresses are asked of each server: the one with the data must answer some
 * at the layer's level, or the step fails (its figures would measure nothing).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateApiKey } from '../src/accounts/api-keys.js';
import type { Figure } from './figure.js';
import { BIN, WORKERS, addAccount, freePort, load, stop, waitReady } from './serve-bench.js';
import type { Measured } from './serve-bench.js';

const BODIES = 2_000; // distinct request bodies, cycled
const CHECKED = 100; // addresses asked first, for the levels of their answers

/** What is served: the data folder, what it holds (for the figures' names) and the level its answers must reach. */
export interface ServedData {
  dataDir: string;
  holds: string; // "1,000,000 points", say
  level: string; // quality.level some of the first answers must have
  keepAccounts: boolean; // false: what the runs made in dataDir (accounts database, spreadsheet jobs folder) is removed after them (a cached folder)
}

/** The levels of the answers to `bodies` from the server at `url`. */
async function answerLevels(url: string, bodies: readonly string[], headers: Record<string, string>): Promise<Record<string, number>> {
  const count: Record<string, number> = {};
  for (const body of bodies) {
    const res = await fetch(`${url}/v1/validate`, { method: 'POST', headers, body });
    const level = ((await res.json()) as { quality?: { level?: string } }).quality?.level ?? `HTTP ${res.status}`;
    count[level] = (count[level] ?? 0) + 1;
  }
  return count;
}

/** Times `addr serve --workers 2` over `data` and over an empty folder; `work` is a scratch folder. */
export async function benchServeWithData(data: ServedData, inputs: readonly string[], work: string, quick: boolean, log: (line: string) => void): Promise<Figure[]> {
  const empty = join(work, 'serve-locality-only');
  rmSync(empty, { recursive: true, force: true });
  mkdirSync(empty, { recursive: true });
  const found = new Set(readdirSync(data.dataDir));
  const key = generateApiKey();
  await addAccount(data.dataDir, key);
  await addAccount(empty, key);
  const bodies = inputs.slice(0, BODIES).map((input) => JSON.stringify({ input }));
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${key.key}` };
  const [warmup, seconds] = quick ? [1, 3] : [10, 10];
  const servers: { kind: 'data' | 'locality'; child: ChildProcess; url: string }[] = [];
  try {
    for (const [kind, dataDir] of [['data', data.dataDir], ['locality', empty]] as const) {
      const port = await freePort();
      const child = spawn(process.execPath, [BIN, 'serve', '--port', String(port), '--workers', String(WORKERS), '--log-level', 'warn', '--data-dir', dataDir], { stdio: 'ignore' });
      servers.push({ kind, child, url: `http://127.0.0.1:${port}` });
      await waitReady(`http://127.0.0.1:${port}/healthz`, child);
    }
    const levels = await Promise.all(servers.map(({ url }) => answerLevels(url, bodies.slice(0, CHECKED), headers)));
    log(`serve with ${data.holds}: answer levels of the first ${CHECKED} addresses: with the data ${JSON.stringify(levels[0])}; locality-only ${JSON.stringify(levels[1])}`);
    if ((levels[0]?.[data.level] ?? 0) === 0) throw new Error(`addr serve with ${data.holds} answered none of the first ${CHECKED} addresses at the ${data.level} level: the data was not loaded`);
    const runs = { data: [] as Measured[], locality: [] as Measured[] };
    for (let round = 0; round < 2; round++) {
      for (const { kind, child, url } of servers) runs[kind].push(await load(url, child, bodies, headers, round === 0 ? warmup : 1, seconds));
    }
    const best = (rs: readonly Measured[]): Measured => rs.reduce((a, b) => (b.measured.rps > a.measured.rps ? b : a));
    const withData = best(runs.data);
    const without = best(runs.locality);
    const describe = (rs: readonly Measured[]): string => rs.map((r) => `${r.measured.rps.toFixed(0)} req/s (p99 ${r.measured.p99} ms, ${r.cpuPerRequestUs.toFixed(0)} us of CPU a request, ${r.measured.bad} errors)`).join(', ');
    log(`serve with ${data.holds}: addr serve --workers ${WORKERS} over ${bodies.length.toLocaleString('en-US')} addresses: with the data ${describe(runs.data)}; locality-only ${describe(runs.locality)}`);
    const errors = [...runs.data, ...runs.locality].reduce((n, r) => n + r.measured.bad + r.warm.bad, 0);
    return [
      { metric: `\`addr serve --workers ${WORKERS}\`, POST /v1/validate with ${data.holds} loaded vs locality-only (req/s; best of 2)`, value: withData.measured.rps, unit: 'req/s', peer: without.measured.rps, target: '≥ 0.5×', pass: withData.measured.rps >= 0.5 * without.measured.rps && errors === 0 },
      { metric: '  the same per CPU-second of the servers (requests a CPU-second)', value: 1e6 / withData.cpuPerRequestUs, unit: 'req/s', peer: 1e6 / without.cpuPerRequestUs, target: '≥ 0.5×', pass: without.cpuPerRequestUs / withData.cpuPerRequestUs >= 0.5 },
    ];
  } finally {
    await Promise.all(servers.map((s) => stop(s.child)));
    rmSync(empty, { recursive: true, force: true });
    if (!data.keepAccounts) for (const made of readdirSync(data.dataDir).filter((f) => !found.has(f))) rmSync(join(data.dataDir, made), { recursive: true, force: true });
  }
}
