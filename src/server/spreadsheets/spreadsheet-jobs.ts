/**
 * The spreadsheet jobs of `addr serve` (POST /v1/spreadsheets): each job is a
 * run of `addr batch` itself (src/batch/run-batch.ts: the same readers and
 * writers, column mapping, row validation, reservation of rows against the
 * account's allowance and checkpoints) from the stored upload to the job's
 * result file, in a worker pool of its own, under the job's account.
 *
 * - A bounded number of jobs run at a time, in all (`maxRunning`) and per
 *   account (`maxRunningPerAccount`); the others wait, in order, as `queued`.
 * - The server stopping aborts the running jobs between chunks: their
 *   checkpoints stay, and the next server on the same data directory resumes
 *   them where they stopped (every row once, none paid twice, as
 *   `addr batch --resume`).
 * - A finished job is kept `retentionMs`, then removed with its files.
 */
import { existsSync, rmSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { runBatch } from '../../batch/run-batch.js';
import { startBatchPool } from '../../batch/batch-pool.js';
import type { BatchPool } from '../../batch/batch-pool.js';
import { tempPathOf } from '../../batch/batch-files.js';
import type { BatchFlags } from '../../batch/batch-options.js';
import { RESULT_COLUMNS } from '../../core/batch-row.js';
import { decideUsage } from '../../accounts/decide-usage.js';
import { rowAllowance } from '../../accounts/plans.js';
import { isAddrError } from '../../core/errors.js';
import { openAccountsDb } from '../../store/accounts-db.js';
import type { SqliteAccountStore } from '../../store/accounts-db.js';
import { SqliteBatchRunStore } from '../../store/batch-runs-db.js';
import { JobFiles } from './job-files.js';
import type { SpreadsheetJob } from './job-files.js';
import { readResultPage } from './sheet-scan.js';
import type { ResultPage } from './sheet-scan.js';

/** How the jobs run. */
export interface SpreadsheetJobsOptions {
  dataDir: string; // accounts.sqlite and the jobs' files (spreadsheets/)
  referenceDbPath: string; // the engine's locality database, for the workers
  retentionMs: number; // how long a finished job is kept
  maxRunning: number; // jobs running at once on this server
  maxRunningPerAccount: number; // jobs of one account running at once
  workersPerJob: number; // worker threads of each job
  now?: () => Date;
  onError?: (err: unknown, job: SpreadsheetJob) => void; // a job failed for a reason that is not the input's
}

interface Running {
  pool: BatchPool;
  aborted: boolean;
  done: Promise<void>;
}

/** The jobs of one server. */
export class SpreadsheetJobs {
  readonly files: JobFiles;
  private readonly accounts: SqliteAccountStore;
  private readonly runs: SqliteBatchRunStore;
  private readonly running = new Map<string, Running>();
  private readonly jobs = new Map<string, SpreadsheetJob>();
  private queue: string[] = [];
  private closing = false;
  private readonly sweeper: NodeJS.Timeout;
  private readonly now: () => Date;

  /** Opens the jobs of the data directory: unfinished ones are queued again (running ones first, to resume), expired ones removed. */
  constructor(readonly options: SpreadsheetJobsOptions) {
    this.now = options.now ?? (() => new Date());
    this.files = new JobFiles(options.dataDir);
    this.accounts = openAccountsDb(options.dataDir);
    this.runs = new SqliteBatchRunStore(this.accounts);
    const found = this.files.list().sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const job of found) this.jobs.set(job.id, job);
    this.queue = [...found.filter((j) => j.status === 'running'), ...found.filter((j) => j.status === 'queued')].map((j) => j.id);
    this.sweep();
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, Math.min(options.retentionMs, 60_000)));
    this.sweeper.unref();
    this.schedule();
  }

  /** A job of `account`; null when there is none with that id, it is another account's, or it expired. */
  get(id: string, account: string): SpreadsheetJob | null {
    const job = this.jobs.get(id);
    if (job === undefined || job.account !== account || this.expired(job)) return null;
    if (job.status === 'running') {
      // Rows done so far: the checkpoint `addr batch` keeps (at most ~250 ms old).
      const run = this.runs.findRun(this.files.inputPath(job), this.files.resultPath(job));
      if (run !== null) return { ...job, rowsDone: run.rowsDone };
    }
    return job;
  }

  /** Jobs of the account waiting or running. */
  pendingOf(account: string): number {
    let n = 0;
    for (const job of this.jobs.values()) if (job.account === account && (job.status === 'queued' || job.status === 'running')) n++;
    return n;
  }

  /** Queues a job whose input is stored (files.inputPath) and checked. */
  add(job: SpreadsheetJob): void {
    this.files.save(job);
    this.jobs.set(job.id, job);
    this.queue.push(job.id);
    this.schedule();
  }

  /** A page of a finished job's result. */
  page(job: SpreadsheetJob, page: { offset: number; limit: number; status?: string }): Promise<ResultPage> {
    return readResultPage(this.files.resultPath(job), job.outputFormat, statusColumn(job), page);
  }

  /** Removes a job: a running one is stopped first (rows already reserved stay counted). */
  async remove(id: string): Promise<void> {
    this.queue = this.queue.filter((q) => q !== id);
    const running = this.running.get(id);
    if (running !== undefined) await this.abort(running);
    const job = this.jobs.get(id);
    if (job !== undefined) this.forgetRun(job);
    this.jobs.delete(id);
    this.files.remove(id);
    this.schedule();
  }

  /** Stops taking jobs and aborts the running ones, keeping their checkpoints for the next start. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.running.values()].map((r) => this.abort(r)));
    this.accounts.close();
  }

  private async abort(running: Running): Promise<void> {
    running.aborted = true;
    await running.pool.close();
    await running.done;
  }

  private expired(job: SpreadsheetJob): boolean {
    return job.expiresAt !== null && Date.parse(job.expiresAt) <= this.now().getTime();
  }

  private sweep(): void {
    for (const job of [...this.jobs.values()]) {
      if (this.expired(job)) {
        this.jobs.delete(job.id);
        this.files.remove(job.id);
      }
    }
  }

  private schedule(): void {
    if (this.closing) return;
    const perAccount = new Map<string, number>();
    for (const id of this.running.keys()) {
      const account = this.jobs.get(id)?.account ?? '';
      perAccount.set(account, (perAccount.get(account) ?? 0) + 1);
    }
    for (let i = 0; i < this.queue.length && this.running.size < this.options.maxRunning;) {
      const job = this.jobs.get(this.queue[i] as string);
      if (job === undefined) {
        this.queue.splice(i, 1);
        continue;
      }
      const n = perAccount.get(job.account) ?? 0;
      if (n >= this.options.maxRunningPerAccount) {
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      perAccount.set(job.account, n + 1);
      this.start(job);
    }
  }

  private start(job: SpreadsheetJob): void {
    const pool = startBatchPool(this.options.workersPerJob, { referenceDbPath: this.options.referenceDbPath, dataDir: this.options.dataDir });
    const running: Running = { pool, aborted: false, done: Promise.resolve() };
    running.done = this.execute(job, running).finally(() => {
      this.running.delete(job.id);
      this.schedule();
    });
    this.running.set(job.id, running);
  }

  private async execute(job: SpreadsheetJob, running: Running): Promise<void> {
    const input = this.files.inputPath(job);
    const output = this.files.resultPath(job);
    const update = (patch: Partial<SpreadsheetJob>): void => {
      Object.assign(job, patch);
      if (this.jobs.get(job.id) === job) this.files.save(job);
    };
    update({ status: 'running', startedAt: job.startedAt ?? this.now().toISOString() });
    // A job stopped with the server left a checkpoint: `addr batch --resume` continues it.
    const resume = this.runs.findRun(input, output) !== null;
    const flags: BatchFlags = {
      output,
      format: job.outputFormat,
      ...(job.sheet !== null && !resume ? { sheet: job.sheet } : {}),
      ...(job.columns !== null ? { columns: job.columns } : {}),
      account: job.account,
      workers: this.options.workersPerJob,
      ...(resume ? { resume: true } : { restart: true }),
      color: false,
    };
    // The run's messages on stderr (columns, progress, summary) say what the job's record says.
    const ctx = { stdin: Readable.from([]), stdout: discard(), stderr: discard(), env: {} };
    try {
      const code = await runBatch([input], flags, ctx, running.pool);
      // Aborted, or stopped by SIGTERM/SIGINT (the run's own handlers): the checkpoint stays for the next start.
      if (running.aborted || code !== 0) return;
      await this.finish(job, 'done', update);
    } catch (err) {
      if (running.aborted) return; // the server is stopping (the checkpoint stays) or the job was deleted
      if (isAddrError(err) && err.code === 'ADDR_ERR_BATCH_UNPROCESSED') {
        this.forgetRun(job); // the job ends here: its rows left are reported, not resumed
        await this.finish(job, 'partial', update);
        return;
      }
      this.forgetRun(job);
      if (!isAddrError(err) || err.kind === 'internal') this.options.onError?.(err, job);
      const message = isAddrError(err) && err.kind !== 'internal' ? err.message : 'The job failed inside the server; it has been logged.';
      update({
        status: 'failed', error: { code: isAddrError(err) ? err.code : 'ADDR_ERR_INTERNAL', message }, finishedAt: this.now().toISOString(),
        expiresAt: new Date(this.now().getTime() + this.options.retentionMs).toISOString(),
      });
    }
  }

  private async finish(job: SpreadsheetJob, status: 'done' | 'partial', update: (patch: Partial<SpreadsheetJob>) => void): Promise<void> {
    const { total, counts } = await readResultPage(this.files.resultPath(job), job.outputFormat, statusColumn(job), { offset: 0, limit: 0 });
    const finishedAt = this.now();
    const unprocessed = Math.max(0, job.rowsTotal - total);
    let error: SpreadsheetJob['error'] = null;
    if (status === 'partial') {
      const why = this.allowanceSpent(job.account);
      error = {
        code: why.code,
        message: `${why.message} ${rowsWere(total)} validated; the last ${unprocessed === 1 ? 'row' : `${unprocessed} rows`} of the file ${unprocessed === 1 ? 'was' : 'were'} left unprocessed: send them again once the allowance allows.`,
      };
    }
    update({
      status, error, rowsDone: total, unprocessed, counts,
      finishedAt: finishedAt.toISOString(), expiresAt: new Date(finishedAt.getTime() + this.options.retentionMs).toISOString(),
    });
  }

  /** The refusal an account whose allowance is spent gets (429 for Free Beta, 402 for production without overage). */
  private allowanceSpent(name: string): { code: string; message: string } {
    const account = this.accounts.getAccount(name);
    const allowance = account === null ? null : rowAllowance(account);
    const decision = account === null || allowance === null ? null : decideUsage(account, { rows: allowance }, { kind: 'batch_row', rows: 1 }, this.now());
    if (decision === null || decision.ok) return { code: 'ADDR_ERR_QUOTA_EXCEEDED', message: 'The allowance ran out.' };
    return { code: decision.error.code, message: decision.error.message };
  }

  /** Drops the checkpoint of a job and its partial files. */
  private forgetRun(job: SpreadsheetJob): void {
    const output = this.files.resultPath(job);
    const run = this.runs.findRun(this.files.inputPath(job), output);
    if (run !== null) this.runs.deleteRun(run.id);
    for (const path of [tempPathOf(output), `${tempPathOf(output)}.xml`]) if (existsSync(path)) rmSync(path, { force: true });
  }
}

/** "1 row was", "5 rows were". */
const rowsWere = (n: number): string => `${n} ${n === 1 ? 'row was' : 'rows were'}`;

const discard = (): Writable => new Writable({ write: (_chunk, _encoding, callback) => callback() });

/** The index of the status column of a job's result: the first result column, after the input's. */
export function statusColumn(job: Pick<SpreadsheetJob, 'headers'>): number {
  return job.headers.length + RESULT_COLUMNS.indexOf('status');
}
