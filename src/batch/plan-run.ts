/**
 * Where the rows of an `addr batch` run come from and go to (docs/cli.md, `addr batch`): the input
 * file or stdin, the output file or stdout, and their formats, checked before the account is
 * opened or a row read, so a bad command costs nothing and records no run.
 */
import { AddrError } from '../core/model/errors.js';
import {
  defaultOutputPath, formatOfPath, outputExtensionAllowed, readHead, resolveInputFile, resolveOutputFile, sniffFormat,
} from './batch-files.js';
import type { BatchFormat } from './batch-files.js';
import type { BatchFlags } from './batch-options.js';

/** Where the rows come from and go to. */
export interface Plan {
  inputPath: string | null; // null: stdin
  outputPath: string | null; // null: stdout
  inFormat: BatchFormat;
  outFormat: BatchFormat;
}

export function planRun(input: string, flags: BatchFlags): Plan {
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
  return { inputPath, outputPath, inFormat, outFormat };
}
