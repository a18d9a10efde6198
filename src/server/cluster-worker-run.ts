/**
 * One worker of `addr serve --workers N` (src/server/cluster.ts, run by
 * cluster-worker.ts): a whole server (engine, account store connection,
 * routes) on the port the workers share, whose spreadsheet jobs run in the
 * primary process. It stops when the primary says so, on its own SIGTERM or
 * SIGINT, or when the primary is gone.
 */
import { isAddrError } from '../core/model/errors.js';
import { exitCodeFor } from '../core/model/exit-codes.js';
import { WORKER_CONFIG_ENV } from './cluster.js';
import type { ToPrimary, ToWorker, WorkerConfig } from './cluster.js';
import { startServer } from './listen.js';
import type { RunningServer } from './listen.js';
import type { RunnerLink } from './spreadsheets/spreadsheet-jobs.js';

/** Runs the worker until its server has closed; `onListening` is called once it listens. */
export async function runClusterWorker(onListening: () => void = () => undefined): Promise<void> {
  const send = (message: ToPrimary): void => {
    if (process.connected) process.send?.(message);
  };

  let workers = 1;
  let server: RunningServer | null = null;
  let seq = 0;
  const removals = new Map<number, () => void>();

  // Spreadsheet jobs run in the primary: this worker stores uploads and reads the jobs' files; the rest is asked of it.
  const runner: RunnerLink = {
    enqueue: (id) => send({ type: 'addr:enqueue', id }),
    remove: (id) => new Promise<void>((resolve) => {
      if (!process.connected) {
        resolve();
        return;
      }
      seq += 1;
      removals.set(seq, resolve);
      send({ type: 'addr:remove', id, seq });
    }),
    close: async () => undefined,
  };

  let stopRequested = false;
  process.on('message', (message: ToWorker) => {
    if (message.type === 'addr:workers') workers = message.count;
    else if (message.type === 'addr:removed') {
      removals.get(message.seq)?.();
      removals.delete(message.seq);
    } else if (message.type === 'addr:shutdown') {
      stopRequested = true;
      if (message.now) server?.app.server.closeAllConnections();
      void server?.close();
    }
  });
  // The primary gone (killed): nobody will restart this worker or run its jobs; finish what is in flight and go.
  process.on('disconnect', () => {
    stopRequested = true;
    void server?.close();
  });

  const config = JSON.parse(process.env[WORKER_CONFIG_ENV] ?? '{}') as WorkerConfig;
  try {
    server = await startServer({
      ...config,
      logStream: process.stderr,
      logLinesAtomic: true,
      jobsRunner: runner,
      workers: () => workers,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    send({ type: 'addr:failed', message, exitCode: exitCodeFor(isAddrError(err) ? err.kind : 'internal') });
    process.exitCode = 1;
    process.disconnect?.();
  }
  if (server !== null) {
    send({ type: 'addr:listening', url: server.url });
    onListening();
    if (stopRequested) void server.close();
    await server.closed;
    for (const resolve of removals.values()) resolve();
    if (process.connected) process.disconnect();
    setTimeout(() => process.exit(0), 2000).unref(); // closed: a handle left open does not keep the worker
  }
}
