/**
 * What `addr batch` tells while and after it runs (docs/cli.md, `addr batch`): on a terminal a
 * spinner with rows done, rows/s and (for a file of known size) the time left; always a summary
 * of the whole file at the end.
 */
import type { Ora } from 'ora';
import { formatCount as int } from '../formats/format-count.js';
import type { BatchContext } from './batch-options.js';
import type { Sink } from './batch-sinks.js';
import { plural } from './resume-rules.js';
import type { RunState } from './run-state.js';

/** The spinner of a run on a terminal (does nothing elsewhere). */
export interface Progress {
  show(): void;
  stop(): void;
}

/** Starts the spinner when stderr is a terminal; `inputSize`: the input file's bytes, for the time left. */
export async function startProgress(ctx: BatchContext, state: RunState, inputSize: number | null): Promise<Progress> {
  // A terminal that reports no width (some pseudo-terminals) would make ora erase line after line.
  const columns = (ctx.stderr as { columns?: number }).columns;
  // ora (and its terminal helpers, ~65 ms to load) only for a terminal: a script's run starts without it.
  const spinner: Ora | null = ctx.stderr.isTTY === true && columns !== undefined && columns > 0
    ? (await import('ora')).default({ text: 'addr batch: starting', stream: ctx.stderr as NodeJS.WritableStream, discardStdin: false, hideCursor: false }).start()
    : null;
  return {
    show() {
      if (spinner === null) return;
      const elapsed = (performance.now() - state.started) / 1000;
      const rate = elapsed > 0 ? (state.rowsDone - state.startRows) / elapsed : 0;
      let eta = '';
      if (inputSize !== null && state.inOffset > state.startOffset && inputSize > state.inOffset) {
        const left = (elapsed * (inputSize - state.inOffset)) / (state.inOffset - state.startOffset);
        const secs = Math.round(left);
        eta = `, ETA ${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`;
      }
      spinner.text = `addr batch: ${plural(state.rowsDone, 'row')} done, ${int(Math.round(rate))} rows/s${eta}`;
    },
    stop() {
      spinner?.stop();
    },
  };
}

/** Writes the summary of the run on stderr; `extra` ends it (where the output went, what was not read). */
export function writeSummary(ctx: BatchContext, state: RunState, sink: Sink, extra: string): void {
  if (sink.gone) {
    // A reader that went away: say what it was given (and charged), not what was validated for it.
    ctx.stderr.write(`addr batch: stdout was closed by its reader after ${plural(sink.deliveredRows, 'row')}; only those are charged, and the rest of the input was not read\n`);
    return;
  }
  const order = ['VALIDATED', 'CORRECTED', 'PARTIAL', 'NOT_FOUND', 'ERROR'];
  const byStatus = order.map((s) => `${s} ${int(state.statuses[s] ?? 0)}`).join(', ');
  // The whole file: the rows and processing time of the runs a --resume continued, a workbook's writing included.
  const seconds = state.tally().elapsedMs / 1000;
  const rate = seconds > 0 ? Math.round(state.rowsDone / seconds) : 0;
  ctx.stderr.write(`addr batch: ${plural(state.rowsDone, 'row')} done in ${seconds.toFixed(1)} s (${int(rate)} rows/s): ${byStatus}; unprocessed ${int(state.unprocessed)}${extra}\n`);
}
