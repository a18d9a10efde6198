/**
 * Where an `addr batch` run stands while it runs: its position in the input, the rows by status
 * and the processing time of the whole file (a resumed run starts from its checkpoint's tally),
 * the rows left unprocessed and why the run stops; and its checkpoint saved from them.
 */
import type { BatchRun, BatchRunStore, BatchTally } from '../accounts/batch-runs.js';
import type { AddrError } from '../core/model/errors.js';
import type { Sink } from './batch-sinks.js';
import type { RunPosition } from './open-run.js';

/** Why the rows after `line` are not processed: a refusal, or (null) an allowance that ran out partway. */
export interface RunStop {
  reason: AddrError | null;
  line: number;
}

export class RunState implements RunPosition {
  rowsDone: number;
  inOffset: number;
  inLine: number;
  readonly startRows: number;
  readonly startOffset: number;
  readonly statuses: Record<string, number>;
  unprocessed = 0;
  stop: RunStop | null = null;
  signal: string | null = null; // the signal that interrupted the run
  private readonly elapsedBefore: number;

  constructor(readonly started: number, position: RunPosition, checkpoint: BatchRun | null) {
    this.rowsDone = position.rowsDone;
    this.inOffset = position.inOffset;
    this.inLine = position.inLine;
    this.startRows = position.rowsDone;
    this.startOffset = position.inOffset;
    this.statuses = { ...(checkpoint?.tally.statuses ?? {}) };
    this.elapsedBefore = checkpoint?.tally.elapsedMs ?? 0;
  }

  /** Rows by status and processing time of the whole file. */
  tally(): BatchTally {
    return { statuses: { ...this.statuses }, elapsedMs: this.elapsedBefore + (performance.now() - this.started) };
  }

  /** Counts a written chunk: its rows by status, and where the input stands after it. */
  count(statuses: Readonly<Record<string, number>>, done: { rows: number; endOffset: number; nextLine: number } | undefined): void {
    for (const [status, n] of Object.entries(statuses)) this.statuses[status] = (this.statuses[status] ?? 0) + n;
    if (done === undefined) return;
    this.rowsDone += done.rows;
    this.inOffset = done.endOffset;
    this.inLine = done.nextLine;
  }
}

/** Saves the run's checkpoint (none without one). */
export async function saveCheckpoint(runs: BatchRunStore, run: BatchRun | null, s: RunState, sink: Sink, state: BatchRun['state']): Promise<void> {
  if (run === null) return;
  await runs.saveProgress(run.id, { rowsDone: s.rowsDone, inOffset: s.inOffset, inLine: s.inLine, outBytes: sink.bytes, tally: s.tally(), state }, new Date());
}
