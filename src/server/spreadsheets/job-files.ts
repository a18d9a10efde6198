/**
 * Where spreadsheet jobs are kept: one directory per job under
 * `<data dir>/spreadsheets/<id>/`, holding the uploaded input, the result
 * `addr batch` writes (with its `.partial` file while it runs) and `job.json`,
 * the job's record, replaced atomically (written aside, then renamed) so a
 * server killed at any moment finds every job whole when it starts again.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BatchFormat } from '../../batch/batch-files.js';
import type { ColumnMapping } from '../../core/spreadsheet/detect-columns.js';
import { RESULT_COLUMNS } from '../../core/spreadsheet/batch-row.js';

/** Where a job stands. */
export type JobStatus = 'queued' | 'running' | 'done' | 'partial' | 'failed';

/** A job's record. */
export interface SpreadsheetJob {
  id: string;
  account: string;
  status: JobStatus;
  fileName: string; // as uploaded (for the result's name)
  inputFormat: BatchFormat;
  outputFormat: BatchFormat;
  sheet: string | null; // the worksheet read (XLSX input)
  columns: string | null; // the column mapping asked for (the --columns syntax), null: detected
  headers: string[];
  mapping: ColumnMapping;
  rowsTotal: number; // data rows of the input
  rowsDone: number; // rows validated and written to the result
  unprocessed: number; // rows left out because the allowance ran out
  counts: Record<string, number> | null; // rows of the result by status, once finished
  error: { code: string; message: string } | null; // why a job failed, or why rows were left unprocessed
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  expiresAt: string | null; // when a finished job is removed (the retention period after it finished)
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new job id: `ss_` and 20 random letters and digits. */
export function newJobId(): string {
  return `ss_${[...randomBytes(20)].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')}`;
}

const ID_SHAPE = /^ss_[a-z0-9]{20}$/;

/** The jobs of one data directory. */
export class JobFiles {
  readonly root: string;

  constructor(dataDir: string) {
    mkdirSync(join(dataDir, 'spreadsheets'), { recursive: true });
    // Resolved: `addr batch` keys its checkpoints by real paths.
    this.root = realpathSync(join(dataDir, 'spreadsheets'));
  }

  /** The directory of a job; null for a string that is not a job id (so no path is built from it). */
  dir(id: string): string | null {
    return ID_SHAPE.test(id) ? join(this.root, id) : null;
  }

  inputPath(job: Pick<SpreadsheetJob, 'id' | 'inputFormat'>): string {
    return join(this.root, job.id, `input.${job.inputFormat}`);
  }

  resultPath(job: Pick<SpreadsheetJob, 'id' | 'outputFormat'>): string {
    return join(this.root, job.id, `result.${job.outputFormat}`);
  }

  /** Makes the directory of a new job. */
  create(id: string): string {
    const dir = join(this.root, id);
    mkdirSync(dir);
    return dir;
  }

  save(job: SpreadsheetJob): void {
    const path = join(this.root, job.id, 'job.json');
    writeFileSync(`${path}.tmp`, JSON.stringify(job));
    renameSync(`${path}.tmp`, path);
  }

  /** A job's record; null when there is none (never created, removed, or an upload not yet stored). */
  load(id: string): SpreadsheetJob | null {
    const dir = this.dir(id);
    if (dir === null) return null;
    let text: string;
    try {
      text = readFileSync(join(dir, 'job.json'), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return JSON.parse(text) as SpreadsheetJob;
  }

  /**
   * Every job on disk. With `removeIncomplete` (when the runner starts, before any upload can be under
   * way) directories without a record, uploads cut short, are removed; otherwise they may be uploads
   * another process is receiving now, and are left alone.
   */
  list(removeIncomplete = false): SpreadsheetJob[] {
    const jobs: SpreadsheetJob[] = [];
    for (const name of readdirSync(this.root)) {
      let job: SpreadsheetJob | null = null;
      try {
        job = this.load(name);
      } catch {
        continue; // removed by another process while read
      }
      if (job !== null) jobs.push(job);
      else if (removeIncomplete && this.dir(name) !== null) this.remove(name);
    }
    return jobs;
  }

  remove(id: string): void {
    const dir = this.dir(id);
    if (dir !== null) rmSync(dir, { recursive: true, force: true });
  }
}

/** The index of the status column of a job's result: the first result column, after the input's. */
export function statusColumn(job: Pick<SpreadsheetJob, 'headers'>): number {
  return job.headers.length + RESULT_COLUMNS.indexOf('status');
}
