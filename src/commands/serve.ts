/**
 * addr serve — the JSON REST API of both contract variants (DESIGN.md §5),
 * over the same engine and accounts database as the CLI. Flags, help and
 * examples are registered in program.ts; this resolves the paths and runs the
 * server until SIGTERM or SIGINT, then exits 0 once in-flight requests finish.
 *
 * The locality database path comes from reference-db.ts (ADDR_REFERENCE_DB),
 * the data directory (accounts.sqlite) from --data-dir or ADDR_DATA_DIR.
 */
import { startServer } from '../server/listen.js';
import { EXIT_OK } from './exit-codes.js';
import type { CommandContext } from './io.js';
import type { ServeFlags } from './options.js';
import { engineLocation } from './engine-location.js';

/** Default TCP port. */
export const DEFAULT_PORT = 8080;

/** Default listening address: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

/** Runs `addr serve` until it is told to stop; returns the exit code. */
export async function runServe(flags: ServeFlags, ctx: CommandContext): Promise<number> {
  const server = await startServer({
    host: flags.host ?? DEFAULT_HOST,
    port: flags.port ?? DEFAULT_PORT,
    contract: flags.contract ?? 'a',
    ...engineLocation(flags.dataDir, ctx.env),
    logLevel: flags.logLevel ?? 'info',
    logBodies: flags.logBodies ?? false,
    ...(flags.spreadsheetRetention === undefined ? {} : { spreadsheetRetentionHours: flags.spreadsheetRetention }),
    logStream: ctx.stderr,
  });
  await server.closed;
  return EXIT_OK;
}
