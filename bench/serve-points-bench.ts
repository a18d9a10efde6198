/**
 * `addr serve` with address points loaded, part of the "points" section of `npm run bench`
 * (points-bench.ts): `addr serve --workers 2` over the data folder holding the imported points
 * and over an empty one (locality-only), each with an account and key (a production account with
 * overage, as the serve section), answering POST /v1/validate with the points section's
 * addresses (the first BODIES of them, cycled), driven as the serve section drives it
 * (serve-bench.ts: autocannon from a process of its own, 32 connections, a warm-up, then the
 * measured run), the two servers alternated over two rounds, the faster run of each kept.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateApiKey } from '../src/accounts/api-keys.js';
import type { NewApiKey } from '../src/accounts/api-keys.js';
import { openAccountsDb } from '../src/store/accounts-db.js';
import type { Figure } from './figure.js';
import { BIN, WORKERS, freePort, load, stop, waitReady } from './serve-bench.js';
import type { Measured } from './serve-bench.js';

const BODIES = 2_000; // distinct request bodies, cycled

/** Adds the bench's account and key to the accounts database of `dataDir`. */
async function addAccount(dataDir: string, key: NewApiKey): Promise<void> {
  const store = openAccountsDb(dataDir);
  await store.createAccount({ name: 'bench', plan: 'production', overage: true }, new Date());
  await store.addKey({ prefix: key.prefix, account: 'bench', hash: key.hash, createdAt: new Date().toISOString() });
  store.close();
}

/** Times `addr serve --workers 2` over `pointsDir` and over an empty folder; `work` is a scratch folder. */
export async function benchServeWithPoints(pointsDir: string, inputs: readonly string[], work: string, quick: boolean, log: (line: string) => void): Promise<Figure[]> {
  const empty = join(work, 'serve-no-points');
  mkdirSync(empty, { recursive: true });
  const key = generateApiKey();
  await addAccount(pointsDir, key);
  await addAccount(empty, key);
  const bodies = inputs.slice(0, BODIES).map((input) => JSON.stringify({ input }));
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${key.key}` };
  const [warmup, seconds] = quick ? [1, 3] : [10, 10];
  const servers: { kind: 'points' | 'locality'; child: ChildProcess; url: string }[] = [];
  try {
    for (const [kind, dataDir] of [['points', pointsDir], ['locality', empty]] as const) {
      const port = await freePort();
      const child = spawn(process.execPath, [BIN, 'serve', '--port', String(port), '--workers', String(WORKERS), '--log-level', 'warn', '--data-dir', dataDir], { stdio: 'ignore' });
      servers.push({ kind, child, url: `http://127.0.0.1:${port}` });
      await waitReady(`http://127.0.0.1:${port}/healthz`, child);
    }
    // The points must answer: the first addresses asked of each server, by the level of their answers.
    const levels = await Promise.all(servers.map(async ({ url }) => {
      const count: Record<string, number> = {};
      for (const body of bodies.slice(0, 100)) {
        const res = await fetch(`${url}/v1/validate`, { method: 'POST', headers, body });
        const level = ((await res.json()) as { quality?: { level?: string } }).quality?.level ?? `HTTP ${res.status}`;
        count[level] = (count[level] ?? 0) + 1;
      }
      return count;
    }));
    log(`points: addr serve answer levels of the first 100 addresses: with points ${JSON.stringify(levels[0])}; locality-only ${JSON.stringify(levels[1])}`);
    if ((levels[0]?.delivery_point ?? 0) === 0) throw new Error('addr serve with points confirmed no address at a delivery point: the points were not loaded');
    const runs = { points: [] as Measured[], locality: [] as Measured[] };
    for (let round = 0; round < 2; round++) {
      for (const { kind, child, url } of servers) runs[kind].push(await load(url, child, bodies, headers, round === 0 ? warmup : 1, seconds));
    }
    const best = (rs: readonly Measured[]): Measured => rs.reduce((a, b) => (b.measured.rps > a.measured.rps ? b : a));
    const withPoints = best(runs.points);
    const without = best(runs.locality);
    const describe = (rs: readonly Measured[]): string => rs.map((r) => `${r.measured.rps.toFixed(0)} req/s (p99 ${r.measured.p99} ms, ${r.cpuPerRequestUs.toFixed(0)} us of CPU a request, ${r.measured.bad} errors)`).join(', ');
    log(`points: addr serve --workers ${WORKERS} over ${bodies.length.toLocaleString('en-US')} addresses: with points ${describe(runs.points)}; locality-only ${describe(runs.locality)}`);
    const errors = [...runs.points, ...runs.locality].reduce((n, r) => n + r.measured.bad + r.warm.bad, 0);
    return [
      { metric: `\`addr serve --workers ${WORKERS}\`, POST /v1/validate with points loaded vs locality-only (req/s; best of 2)`, value: withPoints.measured.rps, unit: 'req/s', peer: without.measured.rps, target: '≥ 0.5×', pass: withPoints.measured.rps >= 0.5 * without.measured.rps && errors === 0 },
      { metric: '  the same per CPU-second of the servers (requests a CPU-second)', value: 1e6 / withPoints.cpuPerRequestUs, unit: 'req/s', peer: 1e6 / without.cpuPerRequestUs, target: '≥ 0.5×', pass: without.cpuPerRequestUs / withPoints.cpuPerRequestUs >= 0.5 },
    ];
  } finally {
    await Promise.all(servers.map((s) => stop(s.child)));
  }
}
