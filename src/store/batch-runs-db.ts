/**
 * Checkpoints of `addr batch` in the accounts database (table batch_runs,
 * migration 2), so that the rows a run pays for and the usage that counts
 * them are written in one IMMEDIATE transaction. Implements BatchRunStore.
 */
import type { BatchProgress, BatchRun, BatchRunStore } from '../accounts/batch-runs.js';
import type Database from 'better-sqlite3';
import type { UsageDecision, UsageRequest } from '../accounts/decide-usage.js';
import { AddrError } from '../core/model/errors.js';
import { RUN_SELECT, toRun } from './account-rows.js';
import type { RunRow } from './account-rows.js';

/** What the checkpoints need of the SQLite account store (accounts-db.ts): its connection, and consume() inside a transaction. */
export interface SqliteRunHost {
  readonly db: Database.Database;
  consumeSync(name: string, request: UsageRequest, now: Date): UsageDecision;
}

/** BatchRunStore over the accounts database's connection. */
export class SqliteBatchRunStore implements BatchRunStore {
  private readonly accounts: SqliteRunHost;

  constructor(accounts: SqliteRunHost) {
    this.accounts = accounts;
  }

  async findRun(inputPath: string, outputPath: string): Promise<BatchRun | null> {
    const row = this.accounts.db.prepare(`${RUN_SELECT} WHERE b.input_path = ? AND b.output_path = ?`).get(inputPath, outputPath) as RunRow | undefined;
    return row === undefined ? null : toRun(row);
  }

  async startRun(run: Parameters<BatchRunStore['startRun']>[0], now: Date): Promise<BatchRun> {
    const db = this.accounts.db;
    return db.transaction(() => {
      const account = db.prepare('SELECT id FROM accounts WHERE name = ?').get(run.account) as { id: number } | undefined;
      if (account === undefined) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [run.account]);
      db.prepare('DELETE FROM batch_runs WHERE input_path = ? AND output_path = ?').run(run.input.path, run.outputPath);
      const at = now.toISOString();
      const info = db.prepare(`INSERT INTO batch_runs (account_id, input_path, output_path, temp_path, input_size, input_mtime_ms, header_hash,
          settings, in_offset, in_line, out_bytes, state, pid, started_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?)`).run(
        account.id, run.input.path, run.outputPath, run.tempPath, run.input.size, run.input.mtimeMs, run.input.headerHash,
        run.settings, run.inOffset, run.inLine, run.outBytes, process.pid, at, at,
      );
      const row = db.prepare(`${RUN_SELECT} WHERE b.id = ?`).get(info.lastInsertRowid) as RunRow;
      return toRun(row);
    }).immediate();
  }

  async claimRun(id: number, pid: number, now: Date): Promise<void> {
    this.accounts.db.prepare("UPDATE batch_runs SET pid = ?, state = 'running', updated_at = ? WHERE id = ?").run(pid, now.toISOString(), id);
  }

  async reserveRows(account: string, runId: number | null, rows: number, now: Date): Promise<UsageDecision> {
    const db = this.accounts.db;
    return db.transaction((): UsageDecision => {
      // consume() runs as a savepoint of this transaction: the usage and the paid rows commit together.
      const decision = this.accounts.consumeSync(account, { kind: 'batch_row', rows, partial: true }, now);
      if (decision.ok && runId !== null && decision.allowed > 0) {
        db.prepare('UPDATE batch_runs SET rows_paid = rows_paid + ?, updated_at = ? WHERE id = ?').run(decision.allowed, now.toISOString(), runId);
      }
      return decision;
    }).immediate();
  }

  async saveProgress(id: number, p: BatchProgress, now: Date): Promise<void> {
    this.accounts.db.prepare(`UPDATE batch_runs SET rows_done = ?, in_offset = ?, in_line = ?, out_bytes = ?, tally = ?, state = ?, updated_at = ?,
        pid = CASE WHEN ? = 'stopped' THEN NULL ELSE pid END WHERE id = ?`)
      .run(p.rowsDone, p.inOffset, p.inLine, p.outBytes, JSON.stringify(p.tally), p.state, now.toISOString(), p.state, id);
  }

  async deleteRun(id: number): Promise<void> {
    this.accounts.db.prepare('DELETE FROM batch_runs WHERE id = ?').run(id);
  }
}
