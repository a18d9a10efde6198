/**
 * The serve section of `npm run bench`: `addr serve --workers 2` (the built
 * CLI, its own processes, request logs on, written to a file) answering POST
 * /v1/validate with a Bearer key and metering (a production account with
 * overage on, so every request is decided and recorded, never refused),
 * against a bare node:http JSON echo server run as a 2-process node:cluster
 * (its own processes too) measured in the same run. Then two instances
 * (`--workers 1` each) with separate data folders sharing one PostgreSQL
 * database (a database made for the run and dropped after; skipped with a line
 * when PostgreSQL is not reachable: ADDR_BENCH_POSTGRES_URL, else
 * postgres://postgres@127.0.0.1:5432/test), loaded at once, p50/p99 of each. autocannon drives both, from a process of its own
 * (load-generator.ts) started for each run: 32 connections, pipelining 1, the same bodies (real addresses from the generator), a
 * warm-up (10 s: the workers' JIT compiling is start-up, not the steady state measured), then the measured run.
 * Targets: >= 0.6x the echo's req/s; p99 <= 10 ms; no errors or non-2xx; the
 * usage recorded equals the requests answered.
 * The long run (`--serve-long`, 60 s): the same, with the server's RSS at the
 * start and the end of the run (it must stay flat).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, closeSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateApiKey } from '../src/accounts/api-keys.js';
import type { NewApiKey } from '../src/accounts/api-keys.js';
import { openAccountsDb } from '../src/store/accounts-db.js';
import { generateAddresses, oneLine } from './generate-addresses.js';
import type { Locality } from './generate-addresses.js';
import type { Load, LoadRequest } from './load-generator.js';
import type { Figure } from './figure.js';


export const BIN = fileURLToPath(new URL('../bin/addr.js', import.meta.url));
const LOAD_GENERATOR = fileURLToPath(new URL('./load-generator.js', import.meta.url));
const CONNECTIONS = 32;
export const WORKERS = 2; // addr serve --workers, and the echo's processes
const BODIES = 64; // distinct request bodies autocannon cycles through

// The baseline: read the body, parse it, answer it back as JSON with an id, as a JSON API does at the least;
// in WORKERS processes of a node:cluster sharing the port, as addr serve --workers runs.
const ECHO = `
const cluster = require('node:cluster');
const http = require('node:http');
const { randomUUID } = require('node:crypto');
if (cluster.isPrimary) {
  for (let i = 0; i < Number(process.argv[2]); i++) cluster.fork();
  process.on('SIGTERM', () => { for (const w of Object.values(cluster.workers)) w.kill(); process.exit(0); });
} else http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let body;
    try { body = JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { res.writeHead(400).end(); return; }
    const id = randomUUID();
    const out = JSON.stringify({ id, echo: body });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': id, 'content-length': Buffer.byteLength(out) });
    res.end(out);
  });
}).listen(Number(process.argv[1]), '127.0.0.1');
`;

/** A process and its descendants (Linux /proc), for the RSS and CPU of a server of several processes. */
function processTree(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter((x) => x !== '').map(Number);
  } catch {
    // not Linux, or gone
  }
  return [pid, ...children.flatMap((c) => processTree(c))];
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 200 (the child is listening). */
export async function waitReady(url: string, child: ChildProcess): Promise<void> {
  const giveUpAt = performance.now() + 30_000;
  while (performance.now() < giveUpAt) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${String(child.exitCode)}`);
    try {
      const res = await fetch(url, { method: 'GET' });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${url} did not answer in 30 s`);
}

/** Resident set size of a process and its descendants, in MB (Linux /proc), or NaN. */
function rssMb(pid: number | undefined): number {
  try {
    return processTree(pid).reduce((mb, p) => {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1];
      return mb + (kb === undefined ? Number.NaN : Number(kb) / 1024);
    }, 0);
  } catch {
    return Number.NaN;
  }
}

/** CPU time (user + system) of a process and its descendants so far, in ms (Linux /proc), or NaN. */
function cpuMs(pid: number | undefined): number {
  try {
    return processTree(pid).reduce((ms, p) => {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3 (state) on
      return ms + ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
    }, 0);
  } catch {
    return Number.NaN;
  }
}

export interface Measured {
  warm: Load;
  measured: Load;
  cpuPerRequestUs: number; // the server's CPU time over the measured run, per request answered
}

/**
 * Drives `url` (the server `server`) from a fresh process (load-generator.ts), `warmup` seconds
 * then `seconds`; returns the figures of both runs and the server's CPU per request.
 */
export function load(url: string, server: ChildProcess, bodies: readonly string[], headers: Record<string, string>, warmup: number, seconds: number, connections = CONNECTIONS): Promise<Measured> {
  const request: LoadRequest = { url, connections, warmup, seconds, headers, bodies: [...bodies] };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LOAD_GENERATOR], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines: Load[] = [];
    let cpuAtStart = Number.NaN;
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      for (let nl = out.indexOf('\n'); nl >= 0; nl = out.indexOf('\n')) {
        lines.push(JSON.parse(out.slice(0, nl)) as Load);
        out = out.slice(nl + 1);
        if (lines.length === 1) cpuAtStart = cpuMs(server.pid);
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const [warm, measured] = lines;
      if (code !== 0 || warm === undefined || measured === undefined) {
        reject(new Error(`the load generator exited with ${String(code)}`));
        return;
      }
      const requests = measured.ok + measured.bad;
      resolve({ warm, measured, cpuPerRequestUs: requests > 0 ? ((cpuMs(server.pid) - cpuAtStart) * 1000) / requests : Number.NaN });
    });
    child.stdin.end(JSON.stringify(request));
  });
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Adds the bench's account (production, overage on: every request decided and recorded, never refused) and `key` to the accounts database of `dataDir`. */
export async function addAccount(dataDir: string, key: NewApiKey): Promise<void> {
  const store = openAccountsDb(dataDir);
  await store.createAccount({ name: 'bench', plan: 'production', overage: true }, new Date());
  await store.addKey({ prefix: key.prefix, account: 'bench', hash: key.hash, createdAt: new Date().toISOString() });
  store.close();
}

/** Runs the section; `long` is the 60-second run with RSS at its start and end. */
export async function benchServe(localities: Locality[] | undefined, quick: boolean, long: boolean, log: (line: string) => void): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'addr-bench-serve-'));
  const seconds = long ? 60 : quick ? 3 : 10;
  // The warm-up lasts until the workers' JIT has compiled what they run: on the 2-core machine shared with autocannon, V8's
  // optimizing compiler still took 49% of the server's CPU samples in the first second after a 2 s warm-up, 12% in the
  // fourth and 3% in the seventh (perf, 2026-11-28), and a 3 s warm-up put that start-up cost into the measured run
  // (108-147 us of CPU a request against 83-93 us after 12 s). The echo has next to nothing to compile.
  const warmup = quick ? 1 : 10;
  const bodies = generateAddresses(BODIES, 7, localities).map((a) => JSON.stringify({ input: oneLine(a) }));
  const children: ChildProcess[] = [];
  try {
    const key = generateApiKey();
    await addAccount(dir, key);

    const echoPort = await freePort();
    const echo = spawn(process.execPath, ['-e', ECHO, String(echoPort), String(WORKERS)], { stdio: 'ignore' });
    children.push(echo);
    const servePort = await freePort();
    const logFd = openSync(join(dir, 'serve.log'), 'w');
    const spawnedAt = performance.now();
    const serve = spawn(process.execPath, [BIN, 'serve', '--port', String(servePort), '--workers', String(WORKERS), '--data-dir', dir], { stdio: ['ignore', 'ignore', logFd] });
    closeSync(logFd);
    children.push(serve);
    const echoUrl = `http://127.0.0.1:${echoPort}`;
    const serveUrl = `http://127.0.0.1:${servePort}`;
    await waitReady(`${echoUrl}/`, echo).catch(() => undefined); // the echo answers 400 to a GET without a body: any answer will do
    await waitReady(`${serveUrl}/healthz`, serve);
    const startupMs = performance.now() - spawnedAt; // process start, engine and databases opened, listening, first answer

    const json = { 'content-type': 'application/json' };
    const auth = { ...json, authorization: `Bearer ${key.key}` };
    log(`serve: warm-up ${warmup} s each, then ${seconds} s each, ${CONNECTIONS} connections`);
    const echoRun = await load(echoUrl, echo, bodies, json, warmup, seconds);
    const e = echoRun.measured;
    let rssStart = Number.NaN;
    const sampleStart = setTimeout(() => (rssStart = rssMb(serve.pid)), (warmup + seconds / 10) * 1000); // a tenth into the measured run
    const serveRun = await load(serveUrl, serve, bodies, auth, warmup, seconds);
    const { warm, measured: s } = serveRun;
    clearTimeout(sampleStart);
    const rssEnd = rssMb(serve.pid);
    await stop(serve);
    await stop(echo);
    const check = openAccountsDb(dir);
    const recorded = (await check.usageByDay({ account: 'bench' })).reduce((sum, row) => sum + row.validation, 0);
    check.close();
    // Every 2xx is one validation recorded. autocannon stops counting at the end of a run with up to one
    // request in flight per connection, which the server still serves and records: at most 2 x 32 more.
    const answered = warm.ok + s.ok;
    const cutOff = recorded - answered;
    log(`serve (--workers ${WORKERS}, echo ${WORKERS} processes): echo ${e.rps.toFixed(0)} req/s p99 ${e.p99} ms, ${echoRun.cpuPerRequestUs.toFixed(0)} us of CPU a request; addr serve ${s.rps.toFixed(0)} req/s p50 ${s.p50} ms p99 ${s.p99} ms, ${serveRun.cpuPerRequestUs.toFixed(0)} us of CPU a request, ${s.bad} errors; RSS ${rssStart.toFixed(0)} -> ${rssEnd.toFixed(0)} MB`);
    const label = long ? `, ${seconds} s run` : '';
    const shared = await benchSharedPostgres(bodies, warmup, seconds, log);
    return [
      { metric: `serve --workers ${WORKERS}: POST /v1/validate with key + metering, req/s (vs ${WORKERS}-process node:http cluster JSON echo)${label}`, value: s.rps, unit: 'req/s', peer: e.rps, target: '≥ 0.6×', pass: s.rps >= 0.6 * e.rps },
      { metric: `serve --workers ${WORKERS}: POST /v1/validate latency p99 at ${CONNECTIONS} connections (p50 ${s.p50} ms; echo p99 ${e.p99} ms)${label}`, value: s.p99, unit: 'ms', peer: null, target: '≤ 10 ms', pass: s.p99 <= 10 },
      { metric: `serve: errors and non-2xx answers of ${s.ok + s.bad} requests${label}`, value: s.bad, unit: 'count', peer: null, target: '0', pass: s.bad === 0 },
      {
        metric: `serve: validations recorded vs 2xx answers counted (warm-up included; ${cutOff} in flight when autocannon stopped)`,
        value: recorded,
        unit: 'count',
        peer: answered,
        target: `+0..${2 * CONNECTIONS}`,
        pass: cutOff >= 0 && cutOff <= 2 * CONNECTIONS,
      },
      { metric: 'serve: start-up, from spawning `addr serve` to its first /healthz answer', value: startupMs, unit: 'ms', peer: null, target: '< 1,000 ms', pass: startupMs < 1000 },
      { metric: `serve: server RSS at start -> end of the measured run (${rssStart.toFixed(0)} -> ${rssEnd.toFixed(0)} MB)${label}`, value: rssEnd, unit: 'MB', peer: rssStart, target: long ? 'flat (≤ +10%)' : '—', pass: long ? rssEnd <= rssStart * 1.1 : null },
      ...shared,
    ];
  } finally {
    await Promise.all(children.map(stop));
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Two instances with separate data folders sharing one PostgreSQL database (made for the run, dropped after),
 * loaded at once with CONNECTIONS / 2 connections each: their req/s and p50/p99, and the usage recorded.
 */
async function benchSharedPostgres(bodies: readonly string[], warmup: number, seconds: number, log: (line: string) => void): Promise<Figure[]> {
  const { default: pg } = await import('pg');
  const { openAccountsPg } = await import('../src/store/accounts-pg.js');
  const admin = process.env.ADDR_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `addr_bench_${process.pid}`;
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
  } catch (err) {
    await client.end().catch(() => undefined);
    log(`serve: PostgreSQL at ${admin.replace(/:[^:@/]*@/, ':***@')} is not reachable (${(err as Error).message}): the shared-database run is skipped`);
    return [];
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'addr-bench-shared-')));
  const children: ChildProcess[] = [];
  try {
    const store = await openAccountsPg(url.toString());
    await store.createAccount({ name: 'bench', plan: 'production', overage: true }, new Date());
    const key = generateApiKey();
    await store.addKey({ prefix: key.prefix, account: 'bench', hash: key.hash, createdAt: new Date().toISOString() });
    const ports = [await freePort(), await freePort()];
    for (const [i, dir] of dirs.entries()) {
      children.push(spawn(process.execPath, [BIN, 'serve', '--port', String(ports[i]), '--workers', '1', '--log-level', 'warn', '--data-dir', dir, '--accounts-url', url.toString()], { stdio: 'ignore' }));
    }
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    await Promise.all(urls.map((u, i) => waitReady(`${u}/healthz`, children[i] as ChildProcess)));
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${key.key}` };
    const runs = await Promise.all(urls.map((u, i) => load(u, children[i] as ChildProcess, bodies, auth, warmup, seconds, CONNECTIONS / 2)));
    await Promise.all(children.map(stop));
    const recorded = (await store.usageByDay({ account: 'bench' })).reduce((sum, row) => sum + row.validation, 0);
    await store.close();
    const answered = runs.reduce((n, r) => n + r.warm.ok + r.measured.ok, 0);
    const bad = runs.reduce((n, r) => n + r.measured.bad + r.warm.bad, 0);
    const total = runs.reduce((n, r) => n + r.measured.rps, 0);
    const [a, b] = runs.map((r) => r.measured) as [Load, Load];
    log(`serve, two instances sharing PostgreSQL (${CONNECTIONS / 2} connections each): ${a.rps.toFixed(0)} + ${b.rps.toFixed(0)} req/s, p50 ${a.p50}/${b.p50} ms, p99 ${a.p99}/${b.p99} ms, ${bad} errors; ${recorded} recorded for ${answered} answered`);
    return [
      { metric: `serve, 2 instances (--workers 1, separate data folders) sharing one PostgreSQL database: req/s together (${CONNECTIONS / 2} connections each)`, value: total, unit: 'req/s', peer: null, target: '—', pass: null },
      { metric: `serve, 2 instances sharing PostgreSQL: latency p99 of each (p50 ${a.p50} / ${b.p50} ms)`, value: Math.max(a.p99, b.p99), unit: 'ms', peer: null, target: '≤ 10 ms', pass: Math.max(a.p99, b.p99) <= 10 },
      { metric: `serve, 2 instances sharing PostgreSQL: errors and non-2xx answers`, value: bad, unit: 'count', peer: null, target: '0', pass: bad === 0 },
      { metric: 'serve, 2 instances sharing PostgreSQL: validations recorded vs 2xx answers counted', value: recorded, unit: 'count', peer: answered, target: `+0..${2 * CONNECTIONS}`, pass: recorded - answered >= 0 && recorded - answered <= 2 * CONNECTIONS },
    ];
  } finally {
    await Promise.all(children.map(stop));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
