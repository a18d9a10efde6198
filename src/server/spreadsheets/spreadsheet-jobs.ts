/**
 * The spreadsheet jobs as the routes see them (POST /v1/spreadsheets and the
 * routes of one job). Every answer is read from the job's files on disk
 * (job-files.ts: `job.json`, written whole by the runner at every change, and
 * the batch checkpoint for the rows done so far), never from one process's
 * memory: with `addr serve --workers N` every worker answers every route of a
 * job alike, whichever of them received it.
 *
 * The jobs themselves run in one runner per data directory (job-runner.ts):
 * in this process (`runner` absent: it is made here), or, with several
 * workers, in the primary process, which the workers reach through a
 * RunnerLink (src/server/cluster.ts).
 */
import type { AccountStore } from '../../accounts/account-store.js';
import { openAccountStore } from '../../store/open-accounts.js';
import { JobFiles, statusColumn } from './job-files.js';
import type { SpreadsheetJob } from './job-files.js';
import { JobRunner } from './job-runner.js'; // light: the batch machinery it runs loads with the first job
import type { JobRunnerOptions } from './job-runner.js';
import type { ResultPage } from './sheet-scan.js';

export { statusColumn };

/** How the jobs run (see JobRunnerOptions). */
export type SpreadsheetJobsOptions = JobRunnerOptions;

/** What the routes ask of the runner, wherever it runs. */
export interface RunnerLink {
  /** A job's record is saved as `queued`: run it when its turn comes. */
  enqueue(id: string): void;
  /** Stop the job if it runs and forget its checkpoint; resolves once done (the files are removed after). */
  remove(id: string): Promise<void>;
  close(): Promise<void>;
}

/** The jobs of one data directory, as every route reads them. */
export class SpreadsheetJobs {
  readonly files: JobFiles;
  private readonly runner: RunnerLink;
  private readonly now: () => Date;
  private store: Promise<AccountStore> | null = null;

  /** With no `runner`, the jobs run in this process (and those a stopped server left are resumed now). */
  constructor(readonly options: SpreadsheetJobsOptions, runner?: RunnerLink) {
    this.now = options.now ?? (() => new Date());
    this.files = new JobFiles(options.dataDir);
    this.runner = runner ?? new JobRunner(options);
  }

  private accounts(): Promise<AccountStore> {
    this.store ??= openAccountStore({ dataDir: this.options.dataDir, url: this.options.accountsUrl ?? null });
    return this.store;
  }

  private expired(job: SpreadsheetJob): boolean {
    return job.expiresAt !== null && Date.parse(job.expiresAt) <= this.now().getTime();
  }

  /** A job of `account`; null when there is none with that id, it is another account's, or it expired. */
  async get(id: string, account: string): Promise<SpreadsheetJob | null> {
    const job = this.files.load(id);
    if (job === null || job.account !== account || this.expired(job)) return null;
    if (job.status === 'running') {
      // Rows done so far: the checkpoint `addr batch` keeps (at most ~250 ms old).
      const run = await (await this.accounts()).batchRuns().findRun(this.files.inputPath(job), this.files.resultPath(job));
      if (run !== null) return { ...job, rowsDone: run.rowsDone };
    }
    return job;
  }

  /** Jobs of the account waiting or running. */
  pendingOf(account: string): number {
    return this.files.list().filter((job) => job.account === account && (job.status === 'queued' || job.status === 'running')).length;
  }

  /** Queues a job whose input is stored (files.inputPath) and checked. */
  add(job: SpreadsheetJob): void {
    this.files.save(job);
    this.runner.enqueue(job.id);
  }

  /** A page of a finished job's result. */
  async page(job: SpreadsheetJob, page: { offset: number; limit: number; status?: string }): Promise<ResultPage> {
    const { readResultPage } = await import('./sheet-scan.js'); // the sheet readers, loaded at the first page asked
    return readResultPage(this.files.resultPath(job), job.outputFormat, statusColumn(job), page);
  }

  /** Removes a job: a running one is stopped first (rows already reserved stay counted). */
  async remove(id: string): Promise<void> {
    await this.runner.remove(id);
    this.files.remove(id);
  }

  /** Stops the runner (when it runs here) and closes the store. */
  async close(): Promise<void> {
    await this.runner.close();
    if (this.store !== null) await (await this.store.catch(() => null))?.close();
  }
}
