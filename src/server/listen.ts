/**
 * startServer: opens the engine and the accounts database, builds the app,
 * listens, and shuts down gracefully on SIGTERM or SIGINT: it stops accepting
 * connections, lets in-flight requests finish (up to LIMITS.shutdownGraceMs,
 * then closes what is left), closes the databases and resolves `closed`.
 * A second signal closes every connection at once. Called only by
 * src/commands/serve.ts, which resolves the paths and flags.
 */
import type { FastifyInstance } from 'fastify';
import { AddrError, isAddrError } from '../core/model/errors.js';
import type { AccountStore } from '../accounts/account-store.js';
import { openAccountStore } from '../store/open-accounts.js';
import { openEngine } from '../store/open-engine.js';
import { buildApp } from './app.js';
import { ExtractPool } from './extract-pool.js';
import type { HttpLimits } from './app.js';
import type { CorsOrigins } from './cors.js';
import type { Contract } from './contract.js';
import { LIMITS } from './limits.js';
import { LogBuffer } from './log-buffer.js';
import { openSpreadsheetJobs } from './spreadsheets/open-spreadsheet-jobs.js';
import type { RunnerLink } from './spreadsheets/spreadsheet-jobs.js';

/** How to run the server. */
export interface ServerConfig {
  host: string;
  port: number; // 0 picks a free port
  contract: Contract;
  referenceDbPath: string; // the locality database
  dataDir: string; // where accounts.sqlite and the imported address points (points.sqlite) live
  accountsUrl?: string | null; // the PostgreSQL account store (postgres://…) instead of accounts.sqlite
  logLevel: string; // pino level: fatal, error, warn, info, debug, trace or silent
  logBodies: boolean;
  logStream: NodeJS.WritableStream; // where the JSON log lines go (stderr)
  handleSignals?: boolean; // install SIGTERM/SIGINT handlers (default true)
  http?: Partial<HttpLimits>; // timeouts and the connection cap (default: LIMITS.http)
  cors?: CorsOrigins | null; // origins browser pages may call from (default: none)
  spreadsheetRetentionHours?: number; // how long finished spreadsheet jobs are kept (default LIMITS.spreadsheets.retentionHours)
  jobsRunner?: RunnerLink; // where spreadsheet jobs run (src/server/cluster.ts: the primary); default: in this process
  workers?: () => number; // worker processes answering on the port (default 1)
  logLinesAtomic?: boolean; // write the log in whole lines of at most PIPE_BUF bytes (several processes share stderr)
}

/** A running server. */
export interface RunningServer {
  url: string; // http://host:port
  app: FastifyInstance;
  /** Stops accepting, waits for in-flight requests, closes the databases. */
  close(): Promise<void>;
  closed: Promise<void>; // resolves once closed
}

/** Starts the server; throws ADDR_ERR_STORE_* (reference data), ADDR_ERR_ACCOUNTS_DB, ADDR_ERR_ACCOUNTS_UNREACHABLE or ADDR_ERR_USAGE (address in use). */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const startedAt = performance.now();
  const opened = openEngine({ referenceDbPath: config.referenceDbPath, dataDir: config.dataDir }); // points.sqlite too, when imported
  let accounts: AccountStore;
  try {
    // A lock of accounts.sqlite held elsewhere is waited for off the event loop (src/accounts/meter.ts); keys and accounts are cached while watched.
    accounts = await openAccountStore({ dataDir: config.dataDir, url: config.accountsUrl ?? null }, { busyTimeoutMs: 0, watch: true });
  } catch (err) {
    opened.close();
    throw err;
  }
  const logs = new LogBuffer(config.logStream, config.logLinesAtomic === true); // one write per event-loop turn
  const spreadsheets = openSpreadsheetJobs(config, (err, job) => app.log.error({ err, job: job.id }, 'spreadsheet job failed'), config.jobsRunner);
  const flushLogs = (): void => logs.flush();
  process.on('exit', flushLogs);
  const extractPool = new ExtractPool({ referenceDbPath: config.referenceDbPath, dataDir: config.dataDir }); // its thread starts at the first large text
  const app = buildApp({
    extractOffThread: (text, options) => extractPool.extract(text, options),
    engine: opened.engine,
    accounts,
    contract: config.contract,
    logBodies: config.logBodies,
    logger: { level: config.logLevel, stream: logs },
    ...(config.http === undefined ? {} : { http: config.http }),
    ...(config.cors === undefined ? {} : { cors: config.cors }),
    spreadsheets,
    ...(config.workers === undefined ? {} : { workers: config.workers }),
  });
  const closeStores = (): void => {
    void extractPool.close();
    void accounts.close();
    opened.close();
    logs.flush();
    process.off('exit', flushLogs);
  };
  let url: string;
  try {
    url = await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await app.close().catch(() => undefined);
    closeStores();
    if (isAddrError(err)) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new AddrError('ADDR_ERR_USAGE', [`Cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`], { cause: err });
    }
    throw err;
  }
  app.log.info({ url, contract: config.contract, data_dir: config.dataDir, accounts: accounts.location, startup_ms: Math.round(performance.now() - startedAt) }, 'listening');

  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  let closing: Promise<void> | null = null;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (closing !== null) {
      app.log.warn({ signal }, 'second signal: closing every connection now');
      app.server.closeAllConnections();
      return;
    }
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    void close();
  };
  const close = (): Promise<void> => {
    closing ??= (async () => {
      const force = setTimeout(() => {
        app.log.warn({ grace_ms: LIMITS.shutdownGraceMs }, 'requests still running after the grace period: closing their connections');
        app.server.closeAllConnections();
      }, LIMITS.shutdownGraceMs);
      force.unref();
      try {
        await app.close();
      } finally {
        clearTimeout(force);
        closeStores();
        if (config.handleSignals !== false) {
          process.off('SIGTERM', onSignal);
          process.off('SIGINT', onSignal);
        }
        app.log.info('closed');
        logs.flush();
        resolveClosed();
      }
    })();
    return closing;
  };
  if (config.handleSignals !== false) {
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  }
  return { url, app, close, closed };
}
