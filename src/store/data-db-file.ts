/**
 * Opening a database of the data directory (points.sqlite, ranges.sqlite): WAL,
 * a busy timeout so an import in another process is waited for, and the
 * versioned migrations of that database.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { AddrError, isAddrError } from '../core/model/errors.js';
import type { ErrorCode } from '../core/model/errors.js';
import { migrateAccountsDb } from './accounts-db.js';
import type { Migration } from './accounts-migrations.js';
import { ensurePrivateDir, ensurePrivateFile } from './private-files.js';

/** How long a connection waits for a lock (an import in another process). */
export const BUSY_TIMEOUT_MS = 10_000;

/**
 * Opens (creating and migrating when `create`) the database at `path` in `dataDir`; null when it
 * does not exist and `create` is false. Failures are AddrErrors of `code` (path, message).
 */
export function openDataDb(dataDir: string, path: string, create: boolean, migrations: readonly Migration[], code: ErrorCode): Database.Database | null {
  if (!create && !existsSync(path)) return null;
  let db: Database.Database | null = null;
  try {
    if (create) {
      // The data directory 0700, its databases 0600 (store/private-files.ts).
      ensurePrivateDir(dataDir);
      ensurePrivateFile(path);
    }
    db = new Database(path, { timeout: BUSY_TIMEOUT_MS, fileMustExist: !create });
    db.pragma('journal_mode = WAL');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('synchronous = NORMAL');
    migrateAccountsDb(db, migrations);
    return db;
  } catch (err) {
    db?.close();
    if (isAddrError(err)) throw err;
    throw new AddrError(code, [path, err instanceof Error ? err.message : String(err)], { cause: err });
  }
}

/**
 * Starts a read transaction that ends with the current turn of the event loop, unless one is
 * open. Each statement outside a transaction takes and releases SQLite's shared locks (system
 * calls on the WAL index): tens of microseconds on a busy machine, more than the lookup itself.
 * The reads of one turn (one validation, or a run of them without I/O between) share one
 * snapshot instead; the transaction never outlives the turn, so an import in another process is
 * never held back (its WAL checkpoints wait at most for the turn).
 */
export function readInTurn(db: Database.Database): void {
  if (db.inTransaction || !db.open) return;
  db.exec('BEGIN');
  setImmediate(() => endReadTurn(db));
}

/** Ends the read transaction of readInTurn, if it is still open (before a write on the same connection). */
export function endReadTurn(db: Database.Database): void {
  if (db.open && db.inTransaction) db.exec('COMMIT');
}
