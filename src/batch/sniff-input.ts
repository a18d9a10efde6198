/**
 * What an `addr batch` input is, from its first bytes: stdin's format (a workbook cannot be read
 * from a pipe), and the field delimiters of the input and the output.
 */
import type { Readable } from 'node:stream';
import { AddrError } from '../core/model/errors.js';
import { delimiterOf, formatOfPath, readHead, sniffDelimiter, sniffFormat } from './batch-files.js';
import type { BatchFormat } from './batch-files.js';
import type { BatchFlags } from './batch-options.js';
import type { Plan } from './plan-run.js';

/** The formats and delimiters of a run, and stdin's bytes (its first piece read again) when it reads stdin. */
export interface SniffedInput {
  inFormat: BatchFormat;
  outFormat: BatchFormat;
  inDelimiter: string;
  outDelimiter: string;
  stdinSource: AsyncIterable<Buffer> | null;
}

const asBuffer = (value: unknown): Buffer => (Buffer.isBuffer(value) ? value : Buffer.from(String(value)));

export async function sniffInput(p: Plan, flags: BatchFlags, stdin: Readable): Promise<SniffedInput> {
  let inFormat = p.inFormat;
  let stdinSource: AsyncIterable<Buffer> | null = null;
  let stdinHead: Buffer | null = null;
  if (p.inputPath === null) {
    // stdin: the format is sniffed from the first bytes, which are then read again by the chunker.
    const it = stdin[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    const firstPiece = await it.next();
    const head: Buffer = firstPiece.done ? Buffer.alloc(0) : asBuffer(firstPiece.value);
    inFormat = sniffFormat(head);
    stdinHead = head;
    if (inFormat === 'xlsx') throw new AddrError('ADDR_ERR_USAGE', ['An XLSX workbook cannot be read from stdin; give the file name.']);
    stdinSource = (async function* () {
      if (head.length > 0) yield head;
      for (let r = await it.next(); !r.done; r = await it.next()) yield asBuffer(r.value);
    })();
  }
  const outFormat = flags.format ?? (p.outputPath !== null ? formatOfPath(p.outputPath) : null) ?? inFormat;
  // The field delimiter: --delimiter, else the one the header line uses (comma, tab, semicolon, pipe). A CSV
  // output keeps the input's (a semicolon file stays one, as the spreadsheet that made it reads it back).
  let inDelimiter = delimiterOf(inFormat);
  if (inFormat === 'csv') inDelimiter = flags.delimiter ?? sniffDelimiter(stdinHead ?? readHead(p.inputPath as string, 64 * 1024));
  else if (inFormat === 'tsv') inDelimiter = flags.delimiter ?? '\t';
  const outDelimiter = outFormat === 'csv' && inFormat === 'csv' ? inDelimiter : delimiterOf(outFormat);
  return { inFormat, outFormat, inDelimiter, outDelimiter, stdinSource };
}
