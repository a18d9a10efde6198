/**
 * The port of `addr batch` checkpoints (docs/cli.md, `addr batch`). A run of one input file to
 * one output file is recorded with how far it got; the rows it pays for are
 * recorded in the same transaction as the usage they count, so a run killed
 * at any moment is resumed with every row written exactly once and never paid
 * twice. Each account store keeps them beside the accounts (src/store/batch-runs-db.ts,
 * src/store/accounts-pg.ts).
 */
import type { UsageDecision } from './decide-usage.js';

/** What identifies the input of a run, so that --resume refuses a changed file. */
export interface InputIdentity {
  path: string; // absolute, resolved
  size: number; // bytes
  mtimeMs: number;
  headerHash: string; // SHA-256 of the first record (hex)
}

/** A batch run's checkpoint. */
export interface BatchRun {
  id: number;
  account: string;
  input: InputIdentity;
  outputPath: string; // absolute
  tempPath: string; // the partial output beside it
  settings: string; // JSON of the settings a resume must reuse (formats, mapping, sheet)
  rowsDone: number; // data rows written to the partial output (and counted below)
  rowsPaid: number; // data rows whose usage is recorded (>= rowsDone after a kill)
  inOffset: number; // input position after the last row done (bytes for CSV/TSV, rows for XLSX)
  inLine: number; // input line of the next row (1-based, the header is line 1)
  outBytes: number; // length of the partial output holding exactly rowsDone rows
  tally: BatchTally; // of the rowsDone rows
  state: 'running' | 'stopped'; // stopped: left unfinished by the allowance (the partial output is at outputPath)
  pid: number | null; // the process running it
  startedAt: string;
  updatedAt: string;
}

/** What the rows done so far came to, for a summary of the whole file after --resume. */
export interface BatchTally {
  statuses: Record<string, number>; // rows by status (VALIDATED ... ERROR)
  elapsedMs: number; // processing time of the runs that did them
}

/** Where a run stands after writing rows. */
export interface BatchProgress {
  rowsDone: number;
  inOffset: number;
  inLine: number;
  outBytes: number;
  tally: BatchTally;
  state: BatchRun['state'];
}

/** Checkpoints of batch runs, and the reservation of their rows. */
export interface BatchRunStore {
  /** The checkpoint of a run of this input to this output, or null. */
  findRun(inputPath: string, outputPath: string): Promise<BatchRun | null>;
  /** Records a new run (replacing any checkpoint of the same input and output). */
  startRun(run: Pick<BatchRun, 'account' | 'input' | 'outputPath' | 'tempPath' | 'settings' | 'inOffset' | 'inLine' | 'outBytes'>, now: Date): Promise<BatchRun>;
  /** Marks a run as taken over by this process. */
  claimRun(id: number, pid: number, now: Date): Promise<void>;
  /**
   * Decides `rows` more batch rows for the account and, in the same
   * transaction, records them as usage and (with a run) adds them to its paid
   * rows. A partial grant is allowed (the rows left in the allowance).
   */
  reserveRows(account: string, runId: number | null, rows: number, now: Date): Promise<UsageDecision>;
  /** Records how far a run got. */
  saveProgress(id: number, progress: BatchProgress, now: Date): Promise<void>;
  /** Forgets a finished or abandoned run. */
  deleteRun(id: number): Promise<void>;
}
