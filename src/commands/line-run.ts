/**
 * The run of a streaming command over lines (`addr normalize -`, `validate -`, `geocode -`):
 * lines read in batches (line-batches.ts), each batch's results written in one write, and,
 * once a run has more than POOL_AFTER lines and other processes left a core free meanwhile
 * (free-cores.ts), batches handed to worker threads (the pool of `addr batch`, batch-pool.ts,
 * running line-worker.ts; one fewer than the cores), this thread taking a batch itself whenever every worker is full; outputs are written in input order.
 *
 * Memory stays flat: input is read only while the workers have room (a few chunks each), and
 * stdout's back-pressure is awaited per batch. A reader that goes away (`| head -3`: EPIPE)
 * ends the run quietly (exit 0): input stops being read and the workers are stopped; the lines
 * metered but never delivered to the reader are given back to the account (the write of each
 * piece of output says which lines it carried, as `addr batch` does).
 */
import { availableParallelism, loadavg } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import type { AddrError } from '../core/model/errors.js';
import { BatchPool } from '../batch/batch-pool.js';
import { streamSink } from '../batch/batch-sinks.js';
import { readLineBatches } from './line-batches.js';
import { lineFormatter, openLineWork } from './line-work.js';
import type { LineBoot, LineChunk, LineChunkResult, LineSetup } from './line-work.js';
import { OutputBytes } from '../batch/output-bytes.js';
import { freeCoresSince } from './free-cores.js';

/** Lines validated on the main thread before worker threads are started: a short input is done before they would be up. */
export const POOL_AFTER = 8192;

/** Outputs kept waiting behind a worker's chunk before this thread waits for it (memory stays flat). */
const MAX_QUEUED = 16;

/** A chunk's output: its results' text, encoded, and where each result ends in it. */
interface Done {
  text: Uint8Array;
  ends: Uint32Array;
}

/** What a run needs besides its lines. */
export interface LineRunContext {
  setup: LineSetup;
  location: () => LineBoot; // where the engine reads its data (resolved with the first line)
  stdout: Writable;
  /** Admits one line (the meter); returns the refusal that stops the run, or null. */
  admit?: () => Promise<AddrError | null>;
  /** Gives back units admitted for lines whose results never reached the reader. */
  giveBack?: (units: number) => Promise<void>;
  /** Worker threads, when the run is long (default: one fewer than the cores, at least 1, at most 16; 0: none). */
  workers?: number;
}

/** How a run ended. */
export interface LineRunEnd {
  statuses: Map<string, number>; // results by status (validate), of every line processed
  refusal: AddrError | null; // the meter's refusal that stopped the run
  gone: boolean; // the reader went away
}

/**
 * The V8 flag of the streaming runs: TurboFan's budget of bytecode inlined into one optimized
 * function, 300 instead of V8's default of 920. Most of
 * the CPU a run spends warming up is TurboFan compiling the parser and the validation as their
 * paths get hot (37% of the first 10,000 lines of `addr validate -`, in perf), and again when
 * a new kind of line deoptimizes them; smaller inlined graphs compile faster. Measured on 30,000
 * and 100,000 messy lines, alternated (docs/performance.md): -15-20% and -5-10% of CPU, the
 * steady state unchanged within the noise. A V8 flag is the process's: set for the streaming
 * runs only (their worker threads share it), not for `addr serve` or the library.
 */
export const STREAMING_V8_FLAG = '--max-inlined-bytecode-size-cumulative=300';

/** Cores free beside this run's own thread, at which worker threads are worth their cost. */
const FREE_ENOUGH = 0.6;

/**
 * Whether the machine has a core to spare for worker threads. A worker costs CPU of its own (its
 * start, its warm-up, its own caches: ~25% more CPU for 100,000 lines): with no core free of other
 * work it would only slow the run. Measured over the run so far (free-cores.ts: what the other
 * processes left, less this run's main thread); where the system gives no CPU times, the cores
 * less the last minute's load average (which counts this run itself).
 */
function coreToSpare(freeSince: () => number | null): boolean {
  const free = freeSince();
  if (free !== null) return free - 1 >= FREE_ENOUGH;
  return availableParallelism() - (loadavg()[0] ?? 0) >= 1;
}

function isBrokenPipe(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null && 'code' in err ? (err as { code: unknown }).code : undefined;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

/** Runs the command over the lines of `input`; throws an output error other than a reader gone away. */
export async function runLines(input: Readable, ctx: LineRunContext): Promise<LineRunEnd> {
  setFlagsFromString(STREAMING_V8_FLAG);
  const format = lineFormatter(ctx.setup);
  const sink = streamSink(ctx.stdout);
  let failure: unknown = null;
  const onError = (err: unknown): void => {
    if (!isBrokenPipe(err)) failure ??= err;
  };
  ctx.stdout.on('error', onError);
  const statuses = new Map<string, number>();
  const count = (status: string | undefined, n = 1): void => {
    if (status !== undefined) statuses.set(status, (statuses.get(status) ?? 0) + n);
  };
  const gone = (): boolean => {
    if (failure !== null) throw failure;
    const err = (ctx.stdout as Writable & { errored?: unknown }).errored;
    if (err && !isBrokenPipe(err)) throw err;
    return sink.gone || err !== null && err !== undefined || ctx.stdout.destroyed || ctx.stdout.writableEnded;
  };
  const work = openLineWork(ctx.setup, ctx.location);
  const bytes = new OutputBytes('');
  let index = 0; // lines admitted so far
  let refusal: AddrError | null = null;
  let pool: BatchPool<LineChunk, LineChunkResult, LineSetup, LineBoot> | null = null;
  const workers = ctx.workers ?? Math.max(1, Math.min(availableParallelism() - 1, 16));
  const freeSince = freeCoresSince();
  // Outputs in input order: a chunk done on this thread, or one a worker has (its results come in submission order).
  const queue: (Done | 'worker')[] = [];
  const run = (lines: readonly string[], first: number): Done => {
    bytes.clear();
    for (let k = 0; k < lines.length; k++) {
      const result = work.result(lines[k] as string);
      count(result.status);
      bytes.push(format.item(result, first + k));
    }
    const ends = bytes.recordEnds();
    return { text: bytes.take(), ends };
  };
  const write = async (d: Done): Promise<void> => {
    if (!gone() && d.ends.length > 0) await sink.write(d.text, d.ends);
  };
  // Writes the outputs at the head of the queue that are ready; with `wait`, waits for the workers' until `keep` are left.
  const flush = async (wait: boolean, keep = 0): Promise<void> => {
    while (queue.length > keep) {
      const head = queue[0] as Done | 'worker';
      if (head !== 'worker') {
        queue.shift();
        await write(head);
        continue;
      }
      const r = wait ? await (pool as NonNullable<typeof pool>).take() : (pool as NonNullable<typeof pool>).takeReady();
      if (r === null) return;
      queue.shift();
      for (const [status, n] of Object.entries(r.statuses)) count(status, n);
      await write({ text: r.text, ends: r.ends });
    }
  };
  try {
    for await (const batch of readLineBatches(input)) {
      if (gone()) break;
      // Metered before it is processed, as the API meters a request; a refusal processes what was admitted.
      let admitted = batch.length;
      if (ctx.admit !== undefined) {
        work.open();
        for (let k = 0; k < batch.length; k++) {
          refusal = await ctx.admit();
          if (refusal !== null) {
            admitted = k;
            break;
          }
        }
      }
      const lines = admitted === batch.length ? batch : batch.slice(0, admitted);
      if (pool === null && workers > 0 && index >= POOL_AFTER && refusal === null && coreToSpare(freeSince)) {
        pool = new BatchPool<LineChunk, LineChunkResult, LineSetup, LineBoot>(workers, ctx.location(), new URL('./line-worker.js', import.meta.url));
        pool.configure(ctx.setup);
      }
      if (pool !== null && !pool.full) {
        const first = index;
        await pool.submit((seq) => ({ seq, first, lines }), () => []);
        queue.push('worker');
      } else {
        // No workers yet, or all of them busy: this thread takes the chunk.
        queue.push(run(lines, index));
      }
      index += lines.length;
      await flush(false);
      if (queue.length > MAX_QUEUED) await flush(true, MAX_QUEUED);
      if (refusal !== null || gone()) break;
    }
    // The rest of the output, in order.
    if (!gone()) await flush(true);
    if (!gone()) {
      const end = format.end(index);
      if (end !== '') await sink.write(Buffer.from(end));
    }
    await sink.settle();
    return { statuses, refusal, gone: gone() };
  } finally {
    // Stop reading when the reader went away, so a producer like `yes` gets SIGPIPE instead of this process waiting on it.
    input.destroy();
    await pool?.close();
    work.close();
    if (ctx.giveBack !== undefined) {
      // Lines metered whose results the reader never took (it went away, or the run failed).
      await sink.settle();
      if (index > sink.deliveredRows) await ctx.giveBack(index - sink.deliveredRows);
    }
    ctx.stdout.off('error', onError);
  }
}
