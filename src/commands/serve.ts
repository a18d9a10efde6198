/**
 * addr serve — the JSON REST API of both contract variants (docs/api.md),
 * over the same engine and accounts database as the CLI. Flags, help and
 * examples are registered in program.ts; this resolves the paths and runs the
 * server until SIGTERM or SIGINT, then exits 0 once in-flight requests finish.
 *
 * The locality database and the data directory (accounts.sqlite, points.sqlite)
 * come from store/data-location.ts (ADDR_REFERENCE_DB, --data-dir, ADDR_DATA_DIR);
 * the accounts from --accounts-url or ADDR_ACCOUNTS_URL when given (PostgreSQL).
 * With --workers N > 1 (the default with accounts in PostgreSQL on a machine of
 * several CPUs; one process with accounts.sqlite) the server runs as N worker
 * processes sharing the port (src/server/cluster.ts).
 */
import { AddrError } from '../core/model/errors.js';
import { HTTP_LIMITS } from '../server/primary-limits.js';
import { EXIT_OK } from '../core/model/exit-codes.js';
import type { CommandContext } from './io.js';
import type { ServeFlags } from './options.js';
import { availableParallelism } from 'node:os';
import { engineLocation } from '../store/data-location.js';
import { accountsUrl } from '../store/open-accounts.js';
import { runCluster, workerCount } from '../server/cluster.js';
import type { ServerConfig } from '../server/listen.js';

/** Default TCP port. */
export const DEFAULT_PORT = 8080;

/** Default listening address: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

/** Runs `addr serve` until it is told to stop; returns the exit code. */
export async function runServe(flags: ServeFlags, ctx: CommandContext): Promise<number> {
  const http = {
    ...(flags.headerTimeout === undefined ? {} : { headersTimeoutMs: flags.headerTimeout }),
    ...(flags.requestTimeout === undefined ? {} : { requestTimeoutMs: flags.requestTimeout }),
    ...(flags.keepAliveTimeout === undefined ? {} : { keepAliveTimeoutMs: flags.keepAliveTimeout }),
    ...(flags.maxConnections === undefined ? {} : { maxConnections: flags.maxConnections }),
  };
  const headers = http.headersTimeoutMs ?? HTTP_LIMITS.headersTimeoutMs;
  const whole = http.requestTimeoutMs ?? HTTP_LIMITS.requestTimeoutMs;
  if (headers > whole) {
    throw new AddrError('ADDR_ERR_USAGE', [`--header-timeout (${headers / 1000} s) cannot be longer than --request-timeout (${whole / 1000} s), which includes the headers: raise --request-timeout or lower --header-timeout.`]);
  }
  const location = engineLocation(flags.dataDir, ctx.env);
  const config: ServerConfig = {
    host: flags.host ?? DEFAULT_HOST,
    port: flags.port ?? DEFAULT_PORT,
    contract: flags.contract ?? 'a',
    ...location,
    accountsUrl: accountsUrl(flags.accountsUrl, ctx.env),
    logLevel: flags.logLevel ?? 'info',
    logBodies: flags.logBodies ?? false,
    ...(flags.spreadsheetRetention === undefined ? {} : { spreadsheetRetentionHours: flags.spreadsheetRetention }),
    logStream: ctx.stderr,
    http,
    cors: flags.cors ?? null,
  };
  const workers = workerCount(flags.workers, availableParallelism(), config.accountsUrl !== null && config.accountsUrl !== undefined);
  if (workers > 1) {
    // The primary loads no engine and opens no store: the workers, forked at once, open theirs in parallel. A missing
    // reference or an unreachable store fails each of them alike; the primary reports the first (one error, exit 4).
    // Two workers migrating a store at once is safe: each migration runs under the store's write lock.
    return runCluster(config, workers, (url) => ctx.stdout.write(`${url}\n`));
  }
  // Only here: the primary of --workers needs none of the server.
  const { exports: entry, saveCache } = await (await import('../server/load-server.js')).loadServer();
  const server = await entry.startServer(config);
  saveCache();
  // The URL on stdout whatever --log-level (the log's "listening" line is info): with --port 0 it says the port chosen.
  ctx.stdout.write(`${server.url}\n`);
  await server.closed;
  return EXIT_OK;
}
