/**
 * How an `addr batch` run ends (docs/cli.md, `addr batch`), once the loop is over:
 * - failed: the checkpoint is saved, and nothing is left behind without one (stdin) or when the
 *   allowance refused the first row of a new run; the failure is thrown again;
 * - interrupted by a signal: the checkpoint is kept for --resume (exit 130 or 143);
 * - stopped by the allowance: the rows done are put at the output, the rest reported from the
 *   input line they start at (ADDR_ERR_BATCH_UNPROCESSED, exit 3), --resume continues there;
 * - complete: the output is put in place and the checkpoint forgotten.
 * A run without a checkpoint gives back the rows it reserved and never delivered.
 */
import { closeSync, existsSync, renameSync, unlinkSync } from 'node:fs';
import type { BatchRunStore } from '../accounts/batch-runs.js';
import { EXIT_OK } from '../core/model/exit-codes.js';
import { AddrError, isAddrError } from '../core/model/errors.js';
import { formatCount as int } from '../formats/format-count.js';
import { tempPathOf } from './batch-files.js';
import type { BatchContext } from './batch-options.js';
import { writeSummary } from './batch-progress.js';
import { writeWorkbookFromJournal } from './batch-xlsx.js';
import type { OpenedRun } from './open-run.js';
import type { Plan } from './plan-run.js';
import { plural } from './resume-rules.js';
import type { RowReservation } from '../accounts/row-reservation.js';
import type { Sink } from './batch-sinks.js';
import { SIGNAL_EXIT } from './run-loop.js';
import { saveCheckpoint } from './run-state.js';
import type { RunState } from './run-state.js';

export interface EndParts {
  plan: Plan;
  opened: OpenedRun;
  state: RunState;
  reservation: RowReservation;
  runs: BatchRunStore;
  ctx: BatchContext;
}

/** The rows the output took once every write settled; none when the output is not kept. */
async function deliveredRows(sink: Sink, outputKept: boolean): Promise<number> {
  await sink.settle();
  return outputKept ? sink.deliveredRows : 0;
}

/** Puts the rows done at the output: the partial file renamed, or the workbook written from the journal. */
async function publish(p: Plan, opened: OpenedRun, keepJournal: boolean): Promise<void> {
  const { tempPath, settings } = opened;
  if (p.outputPath === null || tempPath === null) return;
  if (settings.outFormat !== 'xlsx') {
    renameSync(tempPath, p.outputPath);
    return;
  }
  const book = tempPathOf(p.outputPath);
  await writeWorkbookFromJournal(tempPath, book, settings.sheet ?? 'Sheet1');
  renameSync(book, p.outputPath);
  if (!keepJournal) unlinkSync(tempPath);
}

/** Ends the run as the loop left it (`failure`: what the loop threw, or null); returns the exit code or throws. */
export async function finishRun(parts: EndParts, failure: unknown): Promise<number> {
  const { plan: p, opened, state, reservation, runs, ctx } = parts;
  const { run, sink, tempPath } = opened;
  const finishFile = (): void => {
    if (opened.fd !== null) {
      closeSync(opened.fd);
      opened.fd = null;
    }
  };
  if (failure !== null) {
    await saveCheckpoint(runs, run, state, sink, 'running');
    finishFile();
    await reservation.giveBackUndelivered(() => deliveredRows(sink, run === null && tempPath === null));
    // Without a checkpoint (stdin), or refused before the first row of a new run, nothing is left behind.
    const refusedAtStart = isAddrError(failure) && failure.kind === 'quota' && state.rowsDone === 0 && run !== null && run.rowsDone === 0;
    if (run !== null && refusedAtStart) await runs.deleteRun(run.id);
    if ((run === null || refusedAtStart) && tempPath !== null && existsSync(tempPath)) unlinkSync(tempPath);
    throw failure;
  }
  const toOutput = p.outputPath !== null ? ` -> ${p.outputPath}` : '';

  if (state.signal !== null) {
    await saveCheckpoint(runs, run, state, sink, 'running');
    finishFile();
    await reservation.giveBackUndelivered(() => deliveredRows(sink, true));
    writeSummary(ctx, state, sink, p.inputPath === null ? '; the rest of stdin was not read' : '');
    if (run !== null) {
      ctx.stderr.write(`addr batch: interrupted (${state.signal}); the checkpoint is kept: run the same command with --resume to finish from input line ${int(state.inLine)}.\n`);
    } else ctx.stderr.write(`addr batch: interrupted (${state.signal}).\n`);
    return SIGNAL_EXIT[state.signal] ?? 130;
  }

  if (state.stop !== null) {
    await saveCheckpoint(runs, run, state, sink, 'stopped');
    finishFile();
    await reservation.giveBackUndelivered(() => deliveredRows(sink, true));
    await publish(p, opened, true);
    writeSummary(ctx, state, sink, toOutput);
    const why = `${(state.stop.reason ?? await reservation.allowanceRefusal()).message} `;
    const next = run !== null ? 'Run the same command with --resume to continue there once the allowance allows.' : 'Run the rest again once the allowance allows.';
    throw new AddrError('ADDR_ERR_BATCH_UNPROCESSED', [
      `${why}${plural(state.rowsDone, 'row')} validated and written; ${plural(state.unprocessed, 'row')} left unprocessed, from input line ${int(state.stop.line)}. ${next}`,
    ]);
  }

  finishFile();
  await publish(p, opened, false);
  if (run !== null) await runs.deleteRun(run.id);
  await reservation.giveBackUndelivered(() => deliveredRows(sink, true));
  writeSummary(ctx, state, sink, toOutput);
  const others = opened.input.otherSheets;
  if (others.length > 0) {
    ctx.stderr.write(`addr batch: only the sheet '${opened.settings.sheet ?? ''}' is written; not carried to the output: the workbook's other sheet${others.length === 1 ? '' : 's'} ${others.map((n) => `'${n}'`).join(', ')}\n`);
  }
  return EXIT_OK;
}
