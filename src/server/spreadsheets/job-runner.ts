/**
 * The runner of spreadsheet jobs: each job is a run of `addr batch` itself
 * (src/commands/batch.ts: the same readers and writers, column mapping, row
 * validation, reservation of rows against the account's allowance and
 * checkpoints) from the stored upload to the job's result file, in a worker
 * pool of its own, under the job's account. It writes every change of a job
 * to the job's `job.json` (job-files.ts), which is what every process serving
 * the routes reads (spreadsheet-jobs.ts).
 *
 * One runner per data directory: in the `addr serve` process, or with
 * `--workers N` in the primary process only (src/server/cluster.ts), so a job
 * runs in exactly one place and the jobs a stopped server left are resumed once.
 *
 * - A bounded number of jobs run at a time, in all (`maxRunning`) and per
 *   account (`maxRunningPerAccount`); the others wait, in order, as `queued`.
 * - Stopping aborts the running jobs between chunks: their checkpoints stay,
 *   and the next runner on the same data directory resumes them where they
 *   stopped (every row once, none paid twice, as `addr batch --resume`).
 * - A finished job is kept `retentionMs`, then removed with its files.
 */
import { existsSync, rmSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import type { AccountStore } from '../../accounts/account-store.js';
import { decideUsage } from '../../accounts/decide-usage.js';
import { rowAllowance } from '../../accounts/plans.js';
import { startBatchPool } from '../../batch/batch-pool.js';
import type { BatchPool } from '../../batch/batch-pool.js';
import { tempPathOf } from '../../batch/batch-files.js';
import type { BatchFlags } from '../../batch/batch-options.js';
import { isAddrError } from '../../core/model/errors.js';
import { openAccountStore } from '../../store/open-accounts.js';
import { JobFiles, statusColumn } from './job-files.js';
import type { SpreadsheetJob } from './job-files.js';

/** How the jobs run. */
export interface JobRunnerOptions {
  dataDir: string; // the jobs' files (spreadsheets/), and accounts.sqlite without an accounts URL
  accountsUrl?: string | null; // the PostgreSQL account store, when the server uses one
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

/** Runs the jobs of one data directory. */
export class JobRunner {
  readonly files: JobFiles;
  private readonly running = new Map<string, Running>();
  private readonly jobs = new Map<string, SpreadsheetJob>();
  private queue: string[] = [];
  private closing = false;
  private readonly sweeper: NodeJS.Timeout;
  private readonly now: () => Date;
  private store: Promise<AccountStore> | null = null;

  /** Opens the jobs of the data directory: unfinished ones are queued again (running ones first, to resume), expired ones removed. */
  constructor(readonly options: JobRunnerOptions) {
    this.now = options.now ?? (() => new Date());
    this.files = new JobFiles(options.dataDir);
    const found = this.files.list(true).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const job of found) this.jobs.set(job.id, job);
    this.queue = [...found.filter((j) => j.status === 'running'), ...found.filter((j) => j.status === 'queued')].map((j) => j.id);
    this.sweep();
    this.sweeper = setInterval(() => this.sweep(), Math.max(1000, Math.min(options.retentionMs, 60_000)));
    this.sweeper.unref();
    this.schedule();
  }

  /** The account store, opened at first use. */
  private accounts(): Promise<AccountStore> {
    this.store ??= openAccountStore({ dataDir: this.options.dataDir, url: this.options.accountsUrl ?? null });
    return this.store;
  }

  /** Queues a job whose record (`job.json`) is saved. */
  enqueue(id: string): void {
    if (this.closing || this.jobs.has(id)) return;
    const job = this.files.load(id);
    if (job === null || job.status !== 'queued') return;
    this.jobs.set(id, job);
    this.queue.push(id);
    this.schedule();
  }

  /** Stops a job if it runs and forgets it (rows already reserved stay counted); the caller removes its files. */
  async remove(id: string): Promise<void> {
    this.queue = this.queue.filter((q) => q !== id);
    const running = this.running.get(id);
    if (running !== undefined) await this.abort(running);
    const job = this.jobs.get(id) ?? this.files.load(id);
    if (job !== null) await this.forgetRun(job).catch(() => undefined);
    this.jobs.delete(id);
    this.schedule();
  }

  /** Stops taking jobs and aborts the running ones, keeping their checkpoints for the next start. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.running.values()].map((r) => this.abort(r)));
    if (this.store !== null) await (await this.store.catch(() => null))?.close();
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
    for (const job of this.files.list()) {
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
      this.jobs.delete(job.id);
      this.schedule();
    });
    this.running.set(job.id, running);
  }

  private async execute(job: SpreadsheetJob, running: Running): Promise<void> {
    const input = this.files.inputPath(job);
    const output = this.files.resultPath(job);
    const update = (patch: Partial<SpreadsheetJob>): void => {
      Object.assign(job, patch);
      // A job deleted meanwhile has no directory left: nothing to write.
      if (this.jobs.get(job.id) !== job || this.files.load(job.id) === null) return;
      try {
        this.files.save(job);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    };
    update({ status: 'running', startedAt: job.startedAt ?? this.now().toISOString() });
    try {
      // A job stopped with the server left a checkpoint: `addr batch --resume` continues it.
      const resume = (await (await this.accounts()).batchRuns().findRun(input, output)) !== null;
      const flags: BatchFlags = {
        output,
        format: job.outputFormat,
        ...(job.sheet !== null && !resume ? { sheet: job.sheet } : {}),
        ...(job.columns !== null ? { columns: job.columns } : {}),
        account: job.account,
        ...(this.options.accountsUrl == null ? {} : { accountsUrl: this.options.accountsUrl }),
        workers: this.options.workersPerJob,
        ...(resume ? { resume: true } : { restart: true }),
        color: false,
      };
      // The run's messages on stderr (columns, progress, summary) say what the job's record says.
      const ctx = { stdin: Readable.from([]), stdout: discard(), stderr: discard(), env: {} };
      const { runBatch } = await import('../../batch/run-batch.js'); // the batch machinery, loaded by the first job
      const code = await runBatch([input], flags, ctx, running.pool);
      // Aborted, or stopped by SIGTERM/SIGINT (the run's own handlers): the checkpoint stays for the next start.
      if (running.aborted || code !== 0) return;
      await this.finish(job, 'done', update);
    } catch (err) {
      if (running.aborted) return; // the server is stopping (the checkpoint stays) or the job was deleted
      if (isAddrError(err) && err.code === 'ADDR_ERR_BATCH_UNPROCESSED') {
        await this.forgetRun(job); // the job ends here: its rows left are reported, not resumed
        await this.finish(job, 'partial', update);
        return;
      }
      await this.forgetRun(job).catch(() => undefined);
      if (!isAddrError(err) || err.kind === 'internal') this.options.onError?.(err, job);
      const message = isAddrError(err) && err.kind !== 'internal' ? err.message : 'The job failed inside the server; it has been logged.';
      update({
        status: 'failed', error: { code: isAddrError(err) ? err.code : 'ADDR_ERR_INTERNAL', message }, finishedAt: this.now().toISOString(),
        expiresAt: new Date(this.now().getTime() + this.options.retentionMs).toISOString(),
      });
    }
  }

  private async finish(job: SpreadsheetJob, status: 'done' | 'partial', update: (patch: Partial<SpreadsheetJob>) => void): Promise<void> {
    const { readResultPage } = await import('./sheet-scan.js');
    const { total, counts } = await readResultPage(this.files.resultPath(job), job.outputFormat, statusColumn(job), { offset: 0, limit: 0 });
    const finishedAt = this.now();
    const unprocessed = Math.max(0, job.rowsTotal - total);
    let error: SpreadsheetJob['error'] = null;
    if (status === 'partial') {
      const why = await this.allowanceSpent(job.account);
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
  private async allowanceSpent(name: string): Promise<{ code: string; message: string }> {
    const account = await (await this.accounts()).getAccount(name);
    const allowance = account === null ? null : rowAllowance(account);
    const decision = account === null || allowance === null ? null : decideUsage(account, { rows: allowance }, { kind: 'batch_row', rows: 1 }, this.now());
    if (decision === null || decision.ok) return { code: 'ADDR_ERR_QUOTA_EXCEEDED', message: 'The allowance ran out.' };
    return { code: decision.error.code, message: decision.error.message };
  }

  /** Drops the checkpoint of a job and its partial files. */
  private async forgetRun(job: SpreadsheetJob): Promise<void> {
    const output = this.files.resultPath(job);
    for (const path of [tempPathOf(output), `${tempPathOf(output)}.xml`]) if (existsSync(path)) rmSync(path, { force: true });
    const runs = (await this.accounts()).batchRuns();
    const run = await runs.findRun(this.files.inputPath(job), output);
    if (run !== null) await runs.deleteRun(run.id);
  }
}

/** "1 row was", "5 rows were". */
const rowsWere = (n: number): string => `${n} ${n === 1 ? 'row was' : 'rows were'}`;

const discard = (): Writable => new Writable({ write: (_chunk, _encoding, callback) => callback() });

