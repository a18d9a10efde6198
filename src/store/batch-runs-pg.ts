/**
 * Checkpoints of `addr batch` in the PostgreSQL account store (table
 * batch_runs of src/store/accounts-pg-schema.ts): the rows a run pays for and
 * the usage that counts them are written in one transaction, as
 * src/store/batch-runs-db.ts does in SQLite. Implements BatchRunStore.
 */
import type { BatchProgress, BatchRun, BatchRunStore } from '../accounts/batch-runs.js';
import type { ConsumeRequest } from '../accounts/account-store.js';
import type { UsageDecision } from '../accounts/decide-usage.js';
import { AddrError } from '../core/model/errors.js';
import { RUN_SELECT, toRun } from './account-rows.js';
import type { RunRow } from './account-rows.js';
import type { Query } from './pg-connection.js';

/** What the checkpoints need of the PostgreSQL account store (accounts-pg.ts): statements, transactions, decisions inside one. */
export interface PgRunHost {
  query: Query;
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T>;
  decideIn(q: Query, requests: readonly ConsumeRequest[]): Promise<UsageDecision[]>;
}

/** BatchRunStore over the PostgreSQL account store's pool. */
export class PgBatchRunStore implements BatchRunStore {
  private readonly accounts: PgRunHost;

  constructor(accounts: PgRunHost) {
    this.accounts = accounts;
  }

  async findRun(inputPath: string, outputPath: string): Promise<BatchRun | null> {
    const row = (await this.accounts.query(`${RUN_SELECT} WHERE b.input_path = $1 AND b.output_path = $2`, [inputPath, outputPath])).rows[0] as RunRow | undefined;
    return row === undefined ? null : toRun(row);
  }

  async startRun(run: Parameters<BatchRunStore['startRun']>[0], now: Date): Promise<BatchRun> {
    return this.accounts.transaction(async (q) => {
      const account = (await q('SELECT id FROM accounts WHERE name = $1', [run.account])).rows[0] as { id: number } | undefined;
      if (account === undefined) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [run.account]);
      await q('DELETE FROM batch_runs WHERE input_path = $1 AND output_path = $2', [run.input.path, run.outputPath]);
      const at = now.toISOString();
      const { rows } = await q(`INSERT INTO batch_runs (account_id, input_path, output_path, temp_path, input_size, input_mtime_ms, header_hash,
          settings, in_offset, in_line, out_bytes, state, pid, started_at, updated_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'running', $12, $13, $13) RETURNING id`, [
        account.id, run.input.path, run.outputPath, run.tempPath, run.input.size, run.input.mtimeMs, run.input.headerHash,
        run.settings, run.inOffset, run.inLine, run.outBytes, process.pid, at,
      ]);
      const id = (rows[0] as { id: number }).id;
      return toRun((await q(`${RUN_SELECT} WHERE b.id = $1`, [id])).rows[0] as RunRow);
    });
  }

  async claimRun(id: number, pid: number, now: Date): Promise<void> {
    await this.accounts.query("UPDATE batch_runs SET pid = $1, state = 'running', updated_at = $2 WHERE id = $3", [pid, now.toISOString(), id]);
  }

  async reserveRows(account: string, runId: number | null, rows: number, now: Date): Promise<UsageDecision> {
    return this.accounts.transaction(async (q) => {
      const [decision] = await this.accounts.decideIn(q, [{ account, request: { kind: 'batch_row', rows, partial: true }, now }]);
      const d = decision as UsageDecision;
      if (d.ok && runId !== null && d.allowed > 0) {
        await q('UPDATE batch_runs SET rows_paid = rows_paid + $1, updated_at = $2 WHERE id = $3', [d.allowed, now.toISOString(), runId]);
      }
      return d;
    });
  }

  async saveProgress(id: number, p: BatchProgress, now: Date): Promise<void> {
    await this.accounts.query(`UPDATE batch_runs SET rows_done = $1, in_offset = $2, in_line = $3, out_bytes = $4, tally = $5, state = $6, updated_at = $7,
        pid = CASE WHEN $6 = 'stopped' THEN NULL ELSE pid END WHERE id = $8`,
    [p.rowsDone, p.inOffset, p.inLine, p.outBytes, JSON.stringify(p.tally), p.state, now.toISOString(), id]);
  }

  async deleteRun(id: number): Promise<void> {
    await this.accounts.query('DELETE FROM batch_runs WHERE id = $1', [id]);
  }
}
