/**
 * Opens the input and the output of an `addr batch` run: a checkpointed run is taken up where it stopped
 * (resume-rules.ts); a new one reads the header, maps the columns, writes the output's header and records
 * its checkpoint when it writes a file. A workbook is written at the end from a journal of its worksheet
 * rows (XML), which is what gets checkpointed.
 */
import { createReadStream, openSync } from 'node:fs';
import type { BatchRun, BatchRunStore } from '../accounts/batch-runs.js';
import { AddrError } from '../core/model/errors.js';
import { RESULT_COLUMNS, resultPrefix } from '../core/spreadsheet/batch-row.js';
import { columnsFromFlag, detectColumns } from '../core/spreadsheet/detect-columns.js';
import { formatRecord } from '../formats/csv/csv-record.js';
import { formatCount as int } from '../formats/format-count.js';
import { headerRowXml } from '../formats/xlsx/xlsx-rows.js';
import { tempPathOf, textInputIdentity, workbookIdentity } from './batch-files.js';
import { openSheetInput, openTextInput } from './batch-inputs.js';
import type { OpenedInput } from './batch-inputs.js';
import type { BatchContext, BatchFlags } from './batch-options.js';
import { fileSink, streamSink } from './batch-sinks.js';
import type { Sink } from './batch-sinks.js';
import type { Plan } from './plan-run.js';
import { plural, reopenPartialOutput } from './resume-rules.js';
import { inDelimiterOf } from './run-settings.js';
import type { RunSettings } from './run-settings.js';
import type { SniffedInput } from './sniff-input.js';

/** Where a run stands in its input: rows done, the input position after them and the line of the next row. */
export interface RunPosition {
  rowsDone: number;
  inOffset: number;
  inLine: number;
}

/** A run ready to take rows. */
export interface OpenedRun {
  settings: RunSettings;
  input: OpenedInput;
  sink: Sink;
  fd: number | null; // the partial output's file (null: stdout)
  run: BatchRun | null; // the checkpoint (null: stdin or stdout)
  tempPath: string | null; // the partial output, or a workbook's journal (null: stdout)
  position: RunPosition;
  prepaid: number; // rows an interrupted run paid for and did not do
}

/** The run's partial output: OUT.partial, or a workbook's journal OUT.partial.xml; null for stdout. */
function tempPathFor(p: Plan, journal: boolean): string | null {
  if (p.outputPath === null) return null;
  return journal ? `${tempPathOf(p.outputPath)}.xml` : tempPathOf(p.outputPath);
}

/** Takes up a checkpointed run at its checkpoint. */
export async function resumeRun(p: Plan, sniffed: SniffedInput, run: BatchRun, runs: BatchRunStore, ctx: BatchContext, now: Date): Promise<OpenedRun> {
  const settings = JSON.parse(run.settings) as RunSettings;
  const fd = reopenPartialOutput(run, settings, p.outputPath as string);
  const sink = fileSink(fd, run.outBytes);
  const position = { rowsDone: run.rowsDone, inOffset: run.inOffset, inLine: run.inLine };
  await runs.claimRun(run.id, process.pid, now);
  const { inOffset, inLine } = position;
  const input = settings.inFormat === 'xlsx'
    ? await openSheetInput(p.inputPath as string, settings.sheet ?? undefined, inOffset)
    : await openTextInput(createReadStream(p.inputPath as string, { start: inOffset, highWaterMark: 1 << 20 }), inDelimiterOf(settings), { offset: inOffset, line: inLine });
  ctx.stderr.write(`addr batch: resuming at input ${settings.inFormat === 'xlsx' ? 'row' : 'line'} ${int(inLine)} after ${plural(position.rowsDone, 'row')} done\n`);
  return { settings, input, sink, fd, run, tempPath: tempPathFor(p, sniffed.outFormat === 'xlsx'), position, prepaid: run.rowsPaid - run.rowsDone };
}

/** Starts a new run: the header read and mapped, the output's header written, the checkpoint recorded for a file. */
export async function startRun(p: Plan, sniffed: SniffedInput, flags: BatchFlags, runs: BatchRunStore, account: string, ctx: BatchContext, now: Date): Promise<OpenedRun> {
  const { inFormat, outFormat, inDelimiter, outDelimiter } = sniffed;
  const journal = outFormat === 'xlsx';
  const tempPath = tempPathFor(p, journal);
  const input = inFormat === 'xlsx'
    ? await openSheetInput(p.inputPath as string, flags.sheet, null)
    : await openTextInput(sniffed.stdinSource ?? createReadStream(p.inputPath as string, { highWaterMark: 1 << 20 }), inDelimiter, null);
  const headers = input.header;
  if (headers === null) throw new AddrError('ADDR_ERR_BATCH_INPUT', [`${p.inputPath ?? 'stdin'} is empty: a header row naming the columns is needed.`]);
  const mapping = flags.columns !== undefined ? columnsFromFlag(flags.columns, headers) : detectColumns(headers);
  const settings: RunSettings = {
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
  const position = { rowsDone: 0, inOffset: input.firstPosition, inLine: 2 };
  const outHeader = [...headers, ...RESULT_COLUMNS.map((c) => settings.prefix + c)];
  const headerRecord = journal ? headerRowXml(outHeader) : formatRecord(outHeader, outDelimiter) + settings.eol;
  const headerBytes = Buffer.from(`${settings.bom ? '\ufeff' : ''}${headerRecord}`, 'utf8');
  let fd: number | null = null;
  let sink: Sink;
  if (tempPath !== null) {
    fd = openSync(tempPath, 'w');
    sink = fileSink(fd, 0);
  } else sink = streamSink(ctx.stdout);
  await sink.write(headerBytes);
  let run: BatchRun | null = null;
  if (p.inputPath !== null && p.outputPath !== null && tempPath !== null) {
    const identity = inFormat === 'xlsx' ? workbookIdentity(p.inputPath) : textInputIdentity(p.inputPath, inDelimiter);
    run = await runs.startRun({
      account, input: identity, outputPath: p.outputPath, tempPath, settings: JSON.stringify(settings),
      inOffset: position.inOffset, inLine: 2, outBytes: sink.bytes,
    }, now);
  }
  return { settings, input, sink, fd, run, tempPath, position, prepaid: 0 };
}
