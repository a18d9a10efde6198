/**
 * addr batch IN [-o OUT] — validate every row of a CSV, TSV or XLSX file and
 * write it back with the result columns appended (docs/cli.md, `addr batch`).
 * Flags, help and examples are registered in program.ts.
 *
 * How a run goes:
 * - the header row gives the address columns (core/spreadsheet/detect-columns.ts) unless
 *   --columns maps them; the mapping used is printed on stderr;
 * - the input is cut into chunks of whole records (batch-text-input.ts) that
 *   worker threads validate (batch-worker.ts, one engine each), and the
 *   results are written in input order to OUT.partial, renamed to OUT when
 *   complete; memory stays bounded whatever the size of the file;
 * - before each chunk is handed to a worker its rows are reserved against the
 *   account's plan: the usage and the run's checkpoint (accounts.sqlite,
 *   batch_runs) are written in one IMMEDIATE transaction; after each chunk is
 *   written the checkpoint records rows, input offset and output length, so a
 *   run interrupted anyhow (Ctrl-C, kill -9) resumes with --resume, every row
 *   exactly once and none paid twice;
 * - when the allowance runs out the allowed rows are written to OUT, the rest
 *   are counted and reported with the input line they start at (exit 3), and
 *   --resume continues there later.
 */
import { closeSync, existsSync, ftruncateSync, openSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import type { Ora } from 'ora';
import type { Readable } from 'node:stream';
import { authenticate } from '../accounts/authenticate.js';
import type { BatchRun, BatchTally } from '../accounts/batch-runs.js';
import { decideUsage } from '../accounts/decide-usage.js';
import { LOCAL_ACCOUNT, rowAllowance } from '../accounts/plans.js';
import { columnsFromFlag, describeMapping, detectColumns } from '../core/spreadsheet/detect-columns.js';
import type { ColumnMapping } from '../core/spreadsheet/detect-columns.js';
import { AddrError, isAddrError } from '../core/model/errors.js';
import { RESULT_COLUMNS, resultPrefix } from '../core/spreadsheet/batch-row.js';
import type { AccountStore } from '../accounts/account-store.js';
import type { BatchRunStore } from '../accounts/batch-runs.js';
import { accountsUrl, openAccountStore } from '../store/open-accounts.js';
import { checkEngineStores } from '../store/check-engine-stores.js';
import type { BatchPool } from './batch-pool.js';
import type { ChunkRequest, ChunkResult, WorkerSetup } from './batch-protocol.js';
import {
  defaultOutputPath, delimiterOf, formatOfPath, readHead, outputExtensionAllowed, resolveInputFile, resolveOutputFile, sniffDelimiter, sniffFormat, tempPathOf, textInputIdentity, workbookIdentity,
} from './batch-files.js';
import type { BatchFormat } from './batch-files.js';
import { openSheetInput, openTextInput } from './batch-inputs.js';
import type { OpenedInput } from './batch-inputs.js';
import { sheetLayout, writeWorkbookFromJournal } from './batch-xlsx.js';
import { headerRowXml } from '../formats/xlsx/xlsx-rows.js';
import { formatRecord } from '../formats/csv/csv-record.js';
import { EXIT_OK } from '../core/model/exit-codes.js';
import type { BatchContext, BatchFlags } from './batch-options.js';
import { formatCount as int } from '../formats/format-count.js';
import { fileSink, streamSink } from './batch-sinks.js';
import type { Sink } from './batch-sinks.js';

/** Exit codes of a run stopped by a signal (128 + the signal number, as shells report them). */
const SIGNAL_EXIT: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143 };

/** What a resumed run must reuse. */
interface RunSettings {
  inFormat: BatchFormat;
  outFormat: BatchFormat;
  mapping: ColumnMapping;
  headers: string[];
  prefix: string;
  eol: string;
  bom: boolean;
  sheet: string | null; // the worksheet read (XLSX input), reused by --resume
  inDelimiter?: string; // CSV/TSV field delimiters (absent in checkpoints of older runs: the format's)
  outDelimiter?: string;
}

/** Where the rows come from and go to. */
interface Plan {
  inputPath: string | null; // null: stdin
  outputPath: string | null; // null: stdout
  inFormat: BatchFormat;
  outFormat: BatchFormat;
}

function plan(input: string, flags: BatchFlags, ctx: BatchContext): Plan {
  const fromStdin = input === '-';
  const inputPath = fromStdin ? null : resolveInputFile(input);
  let inFormat: BatchFormat;
  if (inputPath === null) inFormat = 'csv'; // refined from the first bytes once read
  else inFormat = formatOfPath(inputPath) ?? sniffFormat(readHead(inputPath, 4096));
  if (inputPath !== null && inFormat !== 'xlsx' && formatOfPath(inputPath) === null && sniffFormat(readHead(inputPath, 4)) === 'xlsx') inFormat = 'xlsx';
  const out = flags.output;
  const toStdout = out === '-' || (out === undefined && fromStdin);
  if (out !== undefined && out !== '-' && flags.format === undefined && !outputExtensionAllowed(out)) {
    throw new AddrError('ADDR_ERR_USAGE', [`addr batch writes CSV, TSV or XLSX, and '${out}' names another format by its extension: `
      + 'give -o a .csv, .tsv or .xlsx name, or --format csv|tsv|xlsx to write that format under this name.']);
  }
  const outFormat = flags.format ?? (out !== undefined && out !== '-' ? formatOfPath(out) : null) ?? inFormat;
  // Checked here, before the account is opened or a row read: a bad output costs nothing and records no run.
  const outputPath = toStdout ? null : resolveOutputFile(out ?? defaultOutputPath(inputPath as string, outFormat));
  if (outputPath !== null && inputPath !== null && outputPath === inputPath) {
    throw new AddrError('ADDR_ERR_BATCH_INPUT', [`The output '${out ?? outputPath}' is the input file; give another name with -o.`]);
  }
  if (outFormat === 'xlsx' && outputPath === null) throw new AddrError('ADDR_ERR_USAGE', ['An XLSX workbook cannot be written to stdout; give a file with -o, or pick a text format for stdout with --format csv or --format tsv.']);
  if (flags.delimiter !== undefined && inFormat === 'xlsx') throw new AddrError('ADDR_ERR_USAGE', ['--delimiter is the field delimiter of a CSV or TSV input; this input is a workbook.']);
  if (flags.sheet !== undefined && inFormat !== 'xlsx') throw new AddrError('ADDR_ERR_USAGE', ['--sheet picks a worksheet of an XLSX input; this input is not a workbook.']);
  void ctx;
  return { inputPath, outputPath, inFormat, outFormat };
}

/** The account a run is metered against: --key's, --account, or the local account. */
async function resolveAccount(store: AccountStore, flags: BatchFlags): Promise<string> {
  if (flags.account !== undefined && flags.key !== undefined) throw new AddrError('ADDR_ERR_USAGE', ['Give --account or --key, not both.']);
  if (flags.key !== undefined) return (await authenticate(store, flags.key, new Date())).name;
  const name = flags.account ?? LOCAL_ACCOUNT;
  if ((await store.getAccount(name)) === null) throw new AddrError('ADDR_ERR_ACCOUNT_NOT_FOUND', [name]);
  return name;
}

function alive(pid: number | null): boolean {
  if (pid === null || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const plural = (n: number, one: string, many = `${one}s`): string => `${int(n)} ${n === 1 ? one : many}`;

/** Runs `addr batch` with the run's worker pool (startBatchPool), which it closes; returns the exit code. */
export async function runBatch(args: readonly string[], flags: BatchFlags, ctx: BatchContext, pool: BatchPool): Promise<number> {
  let accounts: AccountStore | null = null;
  try {
    const input = args[0];
    if (input === undefined || input === '') throw new AddrError('ADDR_ERR_USAGE', ['Give the file to validate (or - for stdin): addr batch customers.csv']);
    if (flags.resume && flags.restart) throw new AddrError('ADDR_ERR_USAGE', ['Give --resume or --restart, not both.']);
    const p = plan(input, flags, ctx);
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
    const account = await resolveAccount(accounts, flags);
    // Account state (suspended, unverified email) is refused before anything is read or written.
    const precheck = await runs.reserveRows(account, null, 0, new Date());
    if (!precheck.ok) throw precheck.error;
    return await runFile(p, flags, ctx, { accounts, account, runs, pool });
  } finally {
    await pool.close();
    await accounts?.close();
  }
}

/** The error a request past the allowance gets: the reason a partly granted run stopped. */
async function allowanceRefusal(rc: RunContext): Promise<AddrError> {
  const account = await rc.accounts.getAccount(rc.account);
  const allowance = account === null ? null : rowAllowance(account);
  if (account === null || allowance === null) return new AddrError('ADDR_ERR_QUOTA_EXCEEDED', [rc.account, '?', rc.account]);
  const decision = decideUsage(account, { rows: allowance }, { kind: 'batch_row', rows: 1 }, new Date());
  return decision.ok ? new AddrError('ADDR_ERR_QUOTA_EXCEEDED', [rc.account, String(allowance), rc.account]) : decision.error;
}

interface RunContext {
  accounts: AccountStore;
  account: string;
  runs: BatchRunStore;
  pool: BatchPool; // started, not yet configured
}

async function runFile(p: Plan, flags: BatchFlags, ctx: BatchContext, rc: RunContext): Promise<number> {
  const started = performance.now();
  const now = (): Date => new Date();
  let inFormat = p.inFormat;
  let stdinSource: AsyncIterable<Buffer> | null = null;
  let stdinHead: Buffer | null = null;
  if (p.inputPath === null) {
    // stdin: the format is sniffed from the first bytes, which are then read again by the chunker.
    const it = (ctx.stdin as Readable)[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const firstPiece = await it.next();
    const head: Buffer = firstPiece.done ? Buffer.alloc(0) : Buffer.isBuffer(firstPiece.value) ? firstPiece.value : Buffer.from(String(firstPiece.value));
    inFormat = sniffFormat(head);
    stdinHead = head;
    if (inFormat === 'xlsx') throw new AddrError('ADDR_ERR_USAGE', ['An XLSX workbook cannot be read from stdin; give the file name.']);
    stdinSource = (async function* () {
      if (head.length > 0) yield head;
      for (let r = await it.next(); !r.done; r = await it.next()) yield Buffer.isBuffer(r.value) ? r.value : Buffer.from(String(r.value));
    })();
  }
  const outFormat = flags.format ?? (p.outputPath !== null ? formatOfPath(p.outputPath) : null) ?? inFormat;
  // The field delimiter: --delimiter, else the one the header line uses (comma, tab, semicolon, pipe). A CSV
  // output keeps the input's (a semicolon file stays one, as the spreadsheet that made it reads it back).
  let inDelimiter = delimiterOf(inFormat);
  if (inFormat === 'csv') inDelimiter = flags.delimiter ?? sniffDelimiter(stdinHead ?? readHead(p.inputPath as string, 64 * 1024));
  else if (inFormat === 'tsv') inDelimiter = flags.delimiter ?? '\t';
  const outDelimiter = outFormat === 'csv' && inFormat === 'csv' ? inDelimiter : delimiterOf(outFormat);

  // ---- the checkpoint of this input and output, if any
  let run: BatchRun | null = null;
  if (p.inputPath !== null && p.outputPath !== null) {
    const previous = await rc.runs.findRun(p.inputPath, p.outputPath);
    if (previous !== null && alive(previous.pid)) {
      throw new AddrError('ADDR_ERR_BATCH_RESUME', [`Another addr batch (process ${previous.pid}) is running ${p.inputPath} -> ${p.outputPath}.`]);
    }
    if (flags.resume) {
      if (previous === null) throw new AddrError('ADDR_ERR_BATCH_RESUME', [`Nothing to resume: no unfinished run of ${p.inputPath} -> ${p.outputPath}. Run without --resume.`]);
      if (previous.account !== rc.account) {
        throw new AddrError('ADDR_ERR_BATCH_RESUME', [`The unfinished run of this file belongs to account '${previous.account}'; resume it with --account ${previous.account} (or its key).`]);
      }
      const settings = JSON.parse(previous.settings) as RunSettings;
      const identity = settings.inFormat === 'xlsx' ? workbookIdentity(p.inputPath) : textInputIdentity(p.inputPath, settings.inDelimiter ?? delimiterOf(settings.inFormat));
      if (identity.size !== previous.input.size || identity.mtimeMs !== previous.input.mtimeMs || identity.headerHash !== previous.input.headerHash) {
        throw new AddrError('ADDR_ERR_BATCH_RESUME', [`${p.inputPath} changed since the interrupted run (size, time or header differ); start over with --restart.`]);
      }
      run = previous;
    } else if (previous !== null && !flags.restart) {
      throw new AddrError('ADDR_ERR_BATCH_RESUME', [
        `An unfinished run of ${p.inputPath} -> ${p.outputPath} exists (${plural(previous.rowsDone, 'row')} done, next at input line ${previous.inLine}). `
        + 'Continue it with --resume, or start over with --restart.',
      ]);
    } else if (previous !== null) {
      if (existsSync(previous.tempPath)) unlinkSync(previous.tempPath);
      await rc.runs.deleteRun(previous.id);
    }
  }

  // ---- header and settings
  let settings: RunSettings;
  let input: OpenedInput;
  let fd: number | null = null;
  let sink: Sink;
  // A workbook is written at the end from a journal of its worksheet rows (XML), which is what gets checkpointed.
  const journal = outFormat === 'xlsx';
  const tempPath = p.outputPath === null ? null : journal ? `${tempPathOf(p.outputPath)}.xml` : tempPathOf(p.outputPath);
  let rowsDone = 0;
  let inOffset = 0;
  let inLine = 2;
  let prepaid = 0;
  if (run !== null) {
    settings = JSON.parse(run.settings) as RunSettings;
    const out = p.outputPath as string;
    const temp = run.tempPath;
    if (settings.outFormat === 'xlsx' && !temp.endsWith('.xml')) {
      throw new AddrError('ADDR_ERR_BATCH_RESUME', [`The unfinished run was started by an older addr, whose workbook journal ${temp} this one does not read; start over with --restart.`]);
    }
    // A run the allowance stopped left its rows at the output; a killed one in the partial file.
    if (settings.outFormat !== 'xlsx' && !existsSync(temp) && existsSync(out) && statSync(out).size === run.outBytes) renameSync(out, temp);
    if (!existsSync(temp) || statSync(temp).size < run.outBytes) {
      throw new AddrError('ADDR_ERR_BATCH_RESUME', [`The partial output ${temp} of the unfinished run is missing or shorter than recorded; start over with --restart.`]);
    }
    fd = openSync(temp, 'r+');
    ftruncateSync(fd, run.outBytes); // drops rows written after the last checkpoint: they are done again
    sink = fileSink(fd, run.outBytes);
    rowsDone = run.rowsDone;
    inOffset = run.inOffset;
    inLine = run.inLine;
    prepaid = run.rowsPaid - run.rowsDone;
    await rc.runs.claimRun(run.id, process.pid, now());
    input = settings.inFormat === 'xlsx'
      ? await openSheetInput(p.inputPath as string, settings.sheet ?? undefined, inOffset)
      : await openTextInput(createReadStream(p.inputPath as string, { start: inOffset, highWaterMark: 1 << 20 }), settings.inDelimiter ?? delimiterOf(settings.inFormat), { offset: inOffset, line: inLine });
    ctx.stderr.write(`addr batch: resuming at input ${settings.inFormat === 'xlsx' ? 'row' : 'line'} ${int(inLine)} after ${plural(rowsDone, 'row')} done\n`);
  } else {
    input = inFormat === 'xlsx'
      ? await openSheetInput(p.inputPath as string, flags.sheet, null)
      : await openTextInput(stdinSource ?? createReadStream(p.inputPath as string, { highWaterMark: 1 << 20 }), inDelimiter, null);
    const headers = input.header;
    if (headers === null) throw new AddrError('ADDR_ERR_BATCH_INPUT', [`${p.inputPath ?? 'stdin'} is empty: a header row naming the columns is needed.`]);
    const mapping = flags.columns !== undefined ? columnsFromFlag(flags.columns, headers) : detectColumns(headers);
    settings = {
      inFormat,
      outFormat,
      mapping,
      headers,
      prefix: resultPrefix(headers),
      eol: journal ? '\n' : input.eol,
      bom: journal ? false : input.bom,
      sheet: input.sheet,
      inDelimiter,
      outDelimiter,
    };
    inOffset = input.firstPosition;
    const outHeader = [...headers, ...RESULT_COLUMNS.map((c) => settings.prefix + c)];
    const headerRecord = journal ? headerRowXml(outHeader) : formatRecord(outHeader, outDelimiter) + settings.eol;
    const headerBytes = Buffer.from(`${settings.bom ? '\ufeff' : ''}${headerRecord}`, 'utf8');
    if (tempPath !== null) {
      fd = openSync(tempPath, 'w');
      sink = fileSink(fd, 0);
    } else sink = streamSink(ctx.stdout);
    await sink.write(headerBytes);
    if (p.inputPath !== null && p.outputPath !== null && tempPath !== null) {
      const identity = inFormat === 'xlsx' ? workbookIdentity(p.inputPath) : textInputIdentity(p.inputPath, inDelimiter);
      run = await rc.runs.startRun({
        account: rc.account, input: identity, outputPath: p.outputPath, tempPath, settings: JSON.stringify(settings),
        inOffset, inLine: 2, outBytes: sink.bytes,
      }, now());
    }
  }
  ctx.stderr.write(`addr batch: columns ${describeMapping(settings.mapping, settings.headers)}\n`);
  if (settings.prefix !== 'addr_') ctx.stderr.write(`addr batch: the input already has addr_ columns; results are in ${settings.prefix}* columns\n`);

  // ---- progress on a terminal: rows, rows/s and (for a file of known size) the time left
  const inputSize = p.inputPath !== null && settings.inFormat !== 'xlsx' ? statSync(p.inputPath).size : null;
  const startRows = rowsDone;
  const startOffset = inOffset;
  // A terminal that reports no width (some pseudo-terminals) would make ora erase line after line.
  const columns = (ctx.stderr as { columns?: number }).columns;
  // ora (and its terminal helpers, ~65 ms to load) only for a terminal: a script's run starts without it.
  const spinner: Ora | null = ctx.stderr.isTTY === true && columns !== undefined && columns > 0
    ? (await import('ora')).default({ text: 'addr batch: starting', stream: ctx.stderr as NodeJS.WritableStream, discardStdin: false, hideCursor: false }).start()
    : null;
  const showProgress = (): void => {
    if (spinner === null) return;
    const elapsed = (performance.now() - started) / 1000;
    const rate = elapsed > 0 ? (rowsDone - startRows) / elapsed : 0;
    let eta = '';
    if (inputSize !== null && inOffset > startOffset && inputSize > inOffset) {
      const left = (elapsed * (inputSize - inOffset)) / (inOffset - startOffset);
      const secs = Math.round(left);
      eta = `, ETA ${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`;
    }
    spinner.text = `addr batch: ${plural(rowsDone, 'row')} done, ${int(Math.round(rate))} rows/s${eta}`;
  };

  // ---- signals: stop taking rows, write what the workers finish, keep the checkpoint
  let signal: string | null = null;
  const onSignal = (name: string) => (): void => {
    signal ??= name;
  };
  const handlers = Object.keys(SIGNAL_EXIT).map((name) => [name, onSignal(name)] as const);
  for (const [name, h] of handlers) process.on(name, h);

  const setup: WorkerSetup = {
    mapping: settings.mapping,
    width: settings.headers.length,
    inDelimiter: settings.inDelimiter ?? delimiterOf(settings.inFormat),
    out: settings.outFormat === 'xlsx'
      ? { kind: 'sheet', layout: sheetLayout(settings.headers.length) }
      : { kind: 'text', delimiter: settings.outDelimiter ?? delimiterOf(settings.outFormat), eol: settings.eol },
  };
  const pool = rc.pool;
  pool.configure(setup);
  // Rows by status and processing time of the whole file: a resumed run starts from its checkpoint's tally.
  const statuses: Record<string, number> = { ...(run?.tally.statuses ?? {}) };
  const elapsedBefore = run?.tally.elapsedMs ?? 0;
  const tally = (): BatchTally => ({ statuses: { ...statuses }, elapsedMs: elapsedBefore + (performance.now() - started) });
  const pendingMeta = new Map<number, { rows: number; endOffset: number; nextLine: number }>();
  let stop: { reason: AddrError | null; line: number } | null = null;
  let unprocessed = 0;
  let dispatched = 0;
  const reservedByDay = new Map<string, number>(); // rows this process reserved, by the UTC day they were recorded under

  /**
   * Without a checkpoint (stdout, or stdin to a file) nothing carries reserved rows over to a resume: the rows
   * reserved but never delivered (a reader that went away, a signal, a failure whose output is removed) are
   * given back, latest day first, so only delivered rows stay charged.
   */
  const giveBackUndelivered = async (outputKept: boolean): Promise<void> => {
    if (run !== null) return;
    await sink.settle();
    let undelivered = [...reservedByDay.values()].reduce((a, b) => a + b, 0) - (outputKept ? sink.deliveredRows : 0);
    for (const [day, rows] of [...reservedByDay].reverse()) {
      if (undelivered <= 0) break;
      const back = Math.min(rows, undelivered);
      await rc.accounts.release(rc.account, 'batch_row', back, day);
      undelivered -= back;
    }
  };
  let lastSave = 0;

  const save = async (state: BatchRun['state']): Promise<void> => {
    if (run === null) return;
    await rc.runs.saveProgress(run.id, { rowsDone, inOffset, inLine, outBytes: sink.bytes, tally: tally(), state }, now());
  };
  const writeResult = async (result: ChunkResult): Promise<void> => {
    const meta = pendingMeta.get(result.seq);
    pendingMeta.delete(result.seq);
    if (result.text !== null) await sink.write(result.text, result.textEnds);
    for (const [status, n] of Object.entries(result.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
    if (meta !== undefined) {
      rowsDone += meta.rows;
      inOffset = meta.endOffset;
      inLine = meta.nextLine;
    }
    const t = performance.now();
    if (t - lastSave > 250) {
      await save('running');
      showProgress();
      lastSave = t;
    }
  };
  const drainReady = async (): Promise<void> => {
    for (let r = pool.takeReady(); r !== null; r = pool.takeReady()) await writeResult(r);
  };

  let failure: unknown = null;
  try {
    for await (const whole of input.chunks) {
      // A reader that went away takes no more rows: reading on would only spend the allowance.
      if (sink.gone) break;
      let chunk = whole;
      const rows = chunk.count;
      if (signal !== null) {
        // Stopped by a signal: the rest of a file is counted (not validated) for the summary; stdin is left unread.
        if (p.inputPath === null) break;
        unprocessed += rows;
        continue;
      }
      if (stop !== null) {
        unprocessed += rows;
        continue;
      }
      let granted = Math.min(prepaid, rows);
      prepaid -= granted;
      if (granted < rows) {
        const decision = await rc.runs.reserveRows(rc.account, run?.id ?? null, rows - granted, now());
        if (!decision.ok) {
          // Refused before any row of this run: nothing is processed and nothing recorded.
          if (dispatched === 0 && rowsDone === 0) throw decision.error;
          stop = { reason: decision.error, line: chunk.lines[granted] as number };
        } else {
          granted += decision.allowed;
          if (decision.allowed > 0) reservedByDay.set(decision.day, (reservedByDay.get(decision.day) ?? 0) + decision.allowed);
          if (granted < rows) stop = { reason: null, line: chunk.lines[granted] as number };
        }
      }
      if (granted < rows) {
        unprocessed += rows - granted;
        chunk = chunk.cut(granted);
      }
      if (granted === 0) continue;
      const c = chunk;
      const firstRow = startRows + dispatched + 2; // its output row in a workbook (row 1 is the header)
      const seq = await pool.submit((s): ChunkRequest => ({ ...c.request(s), firstRow }), () => []);
      pendingMeta.set(seq, { rows: granted, endOffset: c.positionAfter(granted), nextLine: c.nextLine });
      dispatched += granted;
      await drainReady();
    }
    for (let r = await pool.take(); r !== null; r = await pool.take()) await writeResult(r);
  } catch (err) {
    failure = err;
  } finally {
    for (const [name, h] of handlers) process.off(name, h);
    spinner?.stop();
    await pool.close();
  }

  const finishFile = (): void => {
    if (fd !== null) {
      closeSync(fd);
      fd = null;
    }
  };
  if (failure !== null) {
    await save('running');
    finishFile();
    await giveBackUndelivered(run === null && tempPath === null);
    // Without a checkpoint (stdin), or refused before the first row of a new run, nothing is left behind.
    const refusedAtStart = isAddrError(failure) && failure.kind === 'quota' && rowsDone === 0 && run !== null && run.rowsDone === 0;
    if (run !== null && refusedAtStart) await rc.runs.deleteRun(run.id);
    if ((run === null || refusedAtStart) && tempPath !== null && existsSync(tempPath)) unlinkSync(tempPath);
    throw failure;
  }

  const summary = (extra: string): void => {
    if (sink.gone) {
      // A reader that went away: say what it was given (and charged), not what was validated for it.
      ctx.stderr.write(`addr batch: stdout was closed by its reader after ${plural(sink.deliveredRows, 'row')}; only those are charged, and the rest of the input was not read\n`);
      return;
    }
    const order = ['VALIDATED', 'CORRECTED', 'PARTIAL', 'NOT_FOUND', 'ERROR'];
    const byStatus = order.map((s) => `${s} ${int(statuses[s] ?? 0)}`).join(', ');
    // The whole file: the rows and processing time of the runs a --resume continued, a workbook's writing included.
    const seconds = tally().elapsedMs / 1000;
    const rate = seconds > 0 ? Math.round(rowsDone / seconds) : 0;
    ctx.stderr.write(`addr batch: ${plural(rowsDone, 'row')} done in ${seconds.toFixed(1)} s (${int(rate)} rows/s): ${byStatus}; unprocessed ${int(unprocessed)}${extra}\n`);
  };

  if (signal !== null) {
    await save('running');
    finishFile();
    await giveBackUndelivered(true);
    summary(p.inputPath === null ? '; the rest of stdin was not read' : '');
    if (run !== null) {
      ctx.stderr.write(`addr batch: interrupted (${signal}); the checkpoint is kept: run the same command with --resume to finish from input line ${int(inLine)}.\n`);
    } else ctx.stderr.write(`addr batch: interrupted (${signal}).\n`);
    return SIGNAL_EXIT[signal] ?? 130;
  }

  /** Puts the rows done at the output: the partial file renamed, or the workbook written from the journal. */
  const publish = async (keepJournal: boolean): Promise<void> => {
    if (p.outputPath === null || tempPath === null) return;
    if (settings.outFormat !== 'xlsx') {
      renameSync(tempPath, p.outputPath);
      return;
    }
    const book = tempPathOf(p.outputPath);
    await writeWorkbookFromJournal(tempPath, book, settings.sheet ?? 'Sheet1');
    renameSync(book, p.outputPath);
    if (!keepJournal) unlinkSync(tempPath);
  };

  if (stop !== null) {
    await save('stopped');
    finishFile();
    await giveBackUndelivered(true);
    await publish(true);
    summary(p.outputPath !== null ? ` -> ${p.outputPath}` : '');
    const why = `${(stop.reason ?? await allowanceRefusal(rc)).message} `;
    const next = run !== null ? 'Run the same command with --resume to continue there once the allowance allows.' : 'Run the rest again once the allowance allows.';
    throw new AddrError('ADDR_ERR_BATCH_UNPROCESSED', [
      `${why}${plural(rowsDone, 'row')} validated and written; ${plural(unprocessed, 'row')} left unprocessed, from input line ${int(stop.line)}. ${next}`,
    ]);
  }

  finishFile();
  await publish(false);
  if (run !== null) await rc.runs.deleteRun(run.id);
  await giveBackUndelivered(true);
  summary(p.outputPath !== null ? ` -> ${p.outputPath}` : '');
  const others = input.otherSheets;
  if (others.length > 0) {
    ctx.stderr.write(`addr batch: only the sheet '${settings.sheet ?? ''}' is written; not carried to the output: the workbook's other sheet${others.length === 1 ? '' : 's'} ${others.map((n) => `'${n}'`).join(', ')}\n`);
  }
  return EXIT_OK;
}
