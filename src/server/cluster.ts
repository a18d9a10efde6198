/**
 * `addr serve --workers N` (N > 1): the primary process forks N workers
 * (node:cluster, src/server/cluster-worker.ts) that share the port, each
 * opening its own engine and its own connection to the account store; the
 * primary serves no request. It:
 * - loads no engine and opens no store: its workers load and open theirs in
 *   parallel, forked once the job runner (a light module) has started;
 * - runs the spreadsheet jobs (one JobRunner, src/server/spreadsheets/job-runner.ts,
 *   made before the workers are forked), which the workers reach by message:
 *   a job runs in exactly one process, and the jobs a stopped server left are
 *   resumed once, here, at start;
 * - prints the URL once the first worker listens, and tells every worker how
 *   many run (/healthz);
 * - replaces a worker that dies (its in-flight requests are the only loss);
 * - on SIGTERM or SIGINT asks every worker to finish its in-flight requests
 *   and stop, stops the jobs between chunks (their checkpoints stay), and
 *   resolves once all are gone; a second signal closes every connection now.
 * The workers write their request logs to the one stderr they share, in
 * whole lines (src/server/log-buffer.ts), so it stays one log.
 */
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { ensurePrivateDir } from '../store/private-files.js';
import { AddrError } from '../core/model/errors.js';
import type { ServerConfig } from './listen.js';
import type { JobRunner } from './spreadsheets/job-runner.js';

/** The environment variable a worker finds its configuration in (JSON). */
export const WORKER_CONFIG_ENV = 'ADDR_SERVE_WORKER_CONFIG';

/** A worker that dies sooner than this after it was forked is replaced only after this delay (no restart loop). */
const RESTART_DELAY_MS = 1000;

/** What a worker's configuration carries (ServerConfig without its stream). */
export type WorkerConfig = Omit<ServerConfig, 'logStream' | 'jobsRunner' | 'workers' | 'handleSignals' | 'logLinesAtomic'>;

/** Messages from the primary to a worker. */
export type ToWorker =
  | { type: 'addr:workers'; count: number }
  | { type: 'addr:shutdown'; now: boolean }
  | { type: 'addr:removed'; seq: number };

/** Messages from a worker to the primary. */
export type ToPrimary =
  | { type: 'addr:listening'; url: string }
  | { type: 'addr:failed'; message: string; exitCode: number }
  | { type: 'addr:enqueue'; id: string }
  | { type: 'addr:remove'; id: string; seq: number };

/** A JSON log line of the primary, in the shape of the workers' lines (src/server/app.ts). */
function logLine(stream: NodeJS.WritableStream, level: 'info' | 'warn' | 'error', msg: string, extra: Record<string, unknown> = {}): void {
  stream.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, role: 'primary', ...extra, msg })}\n`);
}

/**
 * Sends a message to a worker that may be going: one that failed to start disconnects right after it said so,
 * and a send that finds its channel closed is dropped (its exit is handled), not an 'error' of the primary.
 */
function sendTo(worker: Worker, message: ToWorker): void {
  if (worker.isConnected()) worker.send(message, undefined, undefined, () => undefined);
}

/** The spreadsheet jobs' runner of the primary; null (logged) when it cannot start: the workers serve every other route. */
async function startRunner(config: ServerConfig, log: NodeJS.WritableStream): Promise<JobRunner | null> {
  try {
    const [{ JobRunner: Runner }, { jobRunnerOptions }] = await Promise.all([import('./spreadsheets/job-runner.js'), import('./spreadsheets/open-spreadsheet-jobs.js')]);
    return new Runner(jobRunnerOptions(config, (err, job) => {
      logLine(log, 'error', 'spreadsheet job failed', { job: job.id, err: { message: err instanceof Error ? err.message : String(err) } });
    }));
  } catch (err) {
    // The workers serve every other route; the jobs stay queued on disk for the next start.
    logLine(log, 'error', 'the spreadsheet job runner could not start', { err: { message: err instanceof Error ? err.message : String(err) } });
    return null;
  }
}

/** Runs the workers until a signal stops them; resolves with the exit code. `onUrl` is called once, when the first worker listens. */
export async function runCluster(config: ServerConfig, workers: number, onUrl: (url: string) => void): Promise<number> {
  const log = config.logStream;
  const { logStream: _stream, jobsRunner: _runner, workers: _workers, handleSignals: _signals, logLinesAtomic: _atomic, ...rest } = config;
  const workerConfig: WorkerConfig = rest;
  cluster.setupPrimary({ exec: fileURLToPath(new URL('./cluster-worker.js', import.meta.url)), args: [], silent: false });

  // The runner first (its module is light: the batch machinery loads with the first job), so that it has listed
  // and resumed the jobs on disk before any worker takes an upload (it removes the directories of jobs not saved whole).
  // The data directory is made here (0700), as a worker would, before the runner makes it.
  try {
    ensurePrivateDir(config.dataDir);
  } catch {
    // The workers report it (the account store cannot be opened there either).
  }
  const runner = await startRunner(config, log);
  const listening = new Set<Worker>();
  const forkedAt = new Map<Worker, number>();
  let everListened = false;
  let stopping = false;
  let exitCode = 0;
  let resolveDone: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => {
    resolveDone = resolve;
  });

  const broadcast = (message: ToWorker): void => {
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker !== undefined) sendTo(worker, message);
    }
  };
  const announceCount = (): void => broadcast({ type: 'addr:workers', count: Math.max(1, listening.size) });

  const fork = (): void => {
    const worker = cluster.fork({ [WORKER_CONFIG_ENV]: JSON.stringify(workerConfig) });
    worker.on('error', () => undefined); // its channel closed under a send: its 'exit' follows
    forkedAt.set(worker, performance.now());
    worker.on('message', (message: ToPrimary) => {
      switch (message.type) {
        case 'addr:listening':
          // Started after a stop was asked (the request may have come before it listened for messages): it stops too.
          if (stopping) sendTo(worker, { type: 'addr:shutdown', now: false });
          listening.add(worker);
          if (!everListened) {
            everListened = true;
            onUrl(message.url);
          }
          announceCount();
          break;
        case 'addr:failed':
          // A worker that cannot start (reference data, accounts store): the server cannot either.
          if (!everListened && !stopping) {
            log.write(`error: ${message.message}\n`);
            exitCode = message.exitCode;
            void stop(false);
          }
          break;
        case 'addr:enqueue':
          runner?.enqueue(message.id);
          break;
        case 'addr:remove':
          void Promise.resolve(runner?.remove(message.id)).finally(() => {
            sendTo(worker, { type: 'addr:removed', seq: message.seq });
          });
          break;
        default:
          break;
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker);
    const age = performance.now() - (forkedAt.get(worker) ?? 0);
    forkedAt.delete(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) void finish();
      return;
    }
    announceCount();
    logLine(log, 'warn', 'worker died: starting another', { worker_pid: worker.process.pid, code, signal });
    if (age < RESTART_DELAY_MS) setTimeout(() => { if (!stopping) fork(); }, RESTART_DELAY_MS).unref();
    else fork();
  });

  let finished = false;
  const finish = async (): Promise<void> => {
    if (finished) return;
    finished = true;
    await runner?.close();
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    cluster.removeAllListeners('exit');
    logLine(log, 'info', 'closed');
    resolveDone(exitCode);
  };
  const stop = async (now: boolean): Promise<void> => {
    stopping = true;
    broadcast({ type: 'addr:shutdown', now });
    if (Object.keys(cluster.workers ?? {}).length === 0) await finish();
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      logLine(log, 'warn', 'second signal: closing every connection now', { signal });
      void stop(true);
      return;
    }
    logLine(log, 'info', 'shutting down: finishing in-flight requests', { signal, workers: listening.size });
    void stop(false);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  // Each worker loads and opens everything itself, in parallel; the primary loads no engine.
  for (let i = 0; i < workers; i++) fork();
  return done;
}

/**
 * The number of workers of `--workers`, checked. By default one per CPU when the accounts are in
 * PostgreSQL, and one process with accounts.sqlite: processes sharing one SQLite file wait on its
 * write lock for every quota decision (measured: ~168 us of CPU a request with two, ~70 us with
 * one), so the embedded store keeps the one-process server it had unless --workers asks.
 */
export function workerCount(flag: number | undefined, cpus: number, sharedStore: boolean): number {
  const n = flag ?? (sharedStore ? cpus : 1);
  if (!Number.isInteger(n) || n < 1) throw new AddrError('ADDR_ERR_USAGE', ['--workers takes a whole number of processes, at least 1.']);
  return n;
}
