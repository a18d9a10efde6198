/**
 * addr batch IN [-o OUT] — validate every row of a CSV, TSV or XLSX file and
 * write it back with the result columns appended (docs/cli.md, `addr batch`).
 * Flags, help and examples are registered in program.ts.
 *
 * How a run goes, a module a step:
 * - plan-run.ts: the input and output, their formats, checked before anything is opened;
 *   sniff-input.ts: stdin's format and the field delimiters, from the first bytes;
 * - resume-rules.ts, open-run.ts: an unfinished run of the same input and output is
 *   continued (--resume), refused or discarded (--restart); a new run reads the header row,
 *   which gives the address columns (core/spreadsheet/detect-columns.ts) unless --columns
 *   maps them (the mapping used is printed on stderr), and writes the output's header;
 * - run-loop.ts: the input is cut into chunks of whole records (batch-inputs.ts) that
 *   worker threads validate (batch-pool.ts, batch-worker.ts, one engine each), and the
 *   results are written in input order to OUT.partial, renamed to OUT when
 *   complete; memory stays bounded whatever the size of the file;
 * - accounts/row-reservation.ts: before each chunk is handed to a worker its rows are reserved against
 *   the account's plan: the usage and the run's checkpoint (accounts.sqlite,
 *   batch_runs) are written in one IMMEDIATE transaction; after each chunk is
 *   written the checkpoint records rows, input offset and output length (run-state.ts), so a
 *   run interrupted anyhow (Ctrl-C, kill -9) resumes with --resume, every row
 *   exactly once and none paid twice;
 * - finish-run.ts: when the allowance runs out the allowed rows are written to OUT, the rest
 *   are counted and reported with the input line they start at (exit 3), and
 *   --resume continues there later; batch-progress.ts: the spinner and the summary.
 */
import type { Readable } from 'node:stream';
import { statSync } from 'node:fs';
import type { AccountStore } from '../accounts/account-store.js';
import { meteredAccount } from '../accounts/metered-account.js';
import type { BatchRunStore } from '../accounts/batch-runs.js';
import { AddrError } from '../core/model/errors.js';
import { describeMapping } from '../core/spreadsheet/detect-columns.js';
import { accountsUrl, openAccountStore } from '../store/open-accounts.js';
import { checkEngineStores } from '../store/check-engine-stores.js';
import type { BatchPool } from './batch-pool.js';
import type { BatchContext, BatchFlags } from './batch-options.js';
import { startProgress } from './batch-progress.js';
import { finishRun } from './finish-run.js';
import { resumeRun, startRun } from './open-run.js';
import { planRun } from './plan-run.js';
import type { Plan } from './plan-run.js';
import { checkpointToResume } from './resume-rules.js';
import { RowReservation } from '../accounts/row-reservation.js';
import { runLoop } from './run-loop.js';
import { RunState } from './run-state.js';
import { sniffInput } from './sniff-input.js';

/** Runs `addr batch` with the run's worker pool (startBatchPool), which it closes; returns the exit code. */
export async function runBatch(args: readonly string[], flags: BatchFlags, ctx: BatchContext, pool: BatchPool): Promise<number> {
  let accounts: AccountStore | null = null;
  try {
    const input = args[0];
    if (input === undefined || input === '') throw new AddrError('ADDR_ERR_USAGE', ['Give the file to validate (or - for stdin): addr batch customers.csv']);
    if (flags.resume && flags.restart) throw new AddrError('ADDR_ERR_USAGE', ['Give --resume or --restart, not both.']);
    const p = planRun(input, flags);
    if (flags.resume && (p.inputPath === null || p.outputPath === null)) {
      throw new AddrError('ADDR_ERR_BATCH_RESUME', ['--resume needs an input file and an output file (not stdin or stdout): the checkpoint is kept for a file.']);
    }
    // The engine's stores are opened here once, as `addr validate` opens them (address points from
    // the data directory when imported), to report missing or broken data (exit 4) before any work;
    // the engine itself runs in the workers, which open theirs (from the same location) while this
    // thread checks the account and reads the header.
    const location = pool.boot;
    checkEngineStores(location);
    accounts = await openAccountStore({ dataDir: location.dataDir, url: accountsUrl(flags.accountsUrl, ctx.env) });
    const runs = accounts.batchRuns();
    // The account a run is metered against: --key's, --account, or the local account.
    const account = await meteredAccount(accounts, flags, new Date());
    // Account state (suspended, unverified email) is refused before anything is read or written.
    const precheck = await runs.reserveRows(account, null, 0, new Date());
    if (!precheck.ok) throw precheck.error;
    return await runFile(p, flags, ctx, { accounts, account, runs, pool });
  } finally {
    await pool.close();
    await accounts?.close();
  }
}

interface RunContext {
  accounts: AccountStore;
  account: string;
  runs: BatchRunStore;
  pool: BatchPool; // started, not yet configured
}

async function runFile(p: Plan, flags: BatchFlags, ctx: BatchContext, rc: RunContext): Promise<number> {
  const started = performance.now();
  const sniffed = await sniffInput(p, flags, ctx.stdin as Readable);
  const previous = await checkpointToResume(p, flags, rc.runs, rc.account);
  const opened = previous !== null
    ? await resumeRun(p, sniffed, previous, rc.runs, ctx, new Date())
    : await startRun(p, sniffed, flags, rc.runs, rc.account, ctx, new Date());
  const { settings } = opened;
  ctx.stderr.write(`addr batch: columns ${describeMapping(settings.mapping, settings.headers)}\n`);
  if (settings.prefix !== 'addr_') ctx.stderr.write(`addr batch: the input already has addr_ columns; results are in ${settings.prefix}* columns\n`);

  const state = new RunState(started, opened.position, opened.run);
  const inputSize = p.inputPath !== null && settings.inFormat !== 'xlsx' ? statSync(p.inputPath).size : null;
  const progress = await startProgress(ctx, state, inputSize);
  const reservation = new RowReservation(rc.accounts, rc.runs, rc.account, opened.run, opened.prepaid);
  const parts = { plan: p, opened, state, reservation, runs: rc.runs };
  const failure = await runLoop({ ...parts, pool: rc.pool, progress });
  return finishRun({ ...parts, ctx }, failure);
}
