/**
 * Reads a stored spreadsheet with the readers of `addr batch`
 * (src/batch/batch-inputs.ts): its header and the column mapping batch
 * would use, its data rows counted, and the rows of a result file with the
 * count of each status. The job runner checks an upload with it before
 * queuing, and the routes page through a result with it.
 */
import { createReadStream } from 'node:fs';
import { openSheetInput, openTextInput } from '../../batch/batch-inputs.js';
import type { InputChunk, OpenedInput } from '../../batch/batch-inputs.js';
import { delimiterOf } from '../../batch/batch-files.js';
import type { BatchFormat } from '../../batch/batch-files.js';
import { parseRecord, stripLineBreak } from '../../formats/csv/csv-record.js';
import { columnsFromFlag, detectColumns } from '../../core/spreadsheet/detect-columns.js';
import type { ColumnMapping } from '../../core/spreadsheet/detect-columns.js';
import { AddrError } from '../../core/model/errors.js';

/** What a spreadsheet holds, as `addr batch` would read it. */
export interface SheetSummary {
  headers: string[];
  sheet: string | null; // the worksheet read (XLSX)
  mapping: ColumnMapping; // from `columns` when given, else detected
  rows: number; // data rows
  sample: string[][]; // the first data rows (at most `sampleRows`)
}

function open(path: string, format: BatchFormat, sheet: string | undefined): Promise<OpenedInput> {
  return format === 'xlsx'
    ? openSheetInput(path, sheet, null)
    : openTextInput(createReadStream(path, { highWaterMark: 1 << 20 }), delimiterOf(format), null);
}

/** The fields of each record of a chunk. */
function chunkRows(chunk: InputChunk, delimiter: string): string[][] {
  const req = chunk.request(0);
  if (req.kind === 'rows') return req.rows;
  const out: string[][] = [];
  let start = 0;
  for (let i = 0; i < req.ends.length; i++) {
    const end = req.ends[i] as number;
    const text = stripLineBreak(Buffer.from(req.bytes.buffer, req.bytes.byteOffset + start, end - start).toString('utf8'));
    out.push(parseRecord(text, delimiter, req.quoted[i] === 1) ?? [text]);
    start = end;
  }
  return out;
}

/** Reads a whole input: header, mapping (throws ADDR_ERR_BATCH_NO_ADDRESS or ADDR_ERR_USAGE as batch does), rows. */
export async function summarizeSheet(path: string, format: BatchFormat, options: { sheet?: string; columns?: string; sampleRows?: number }): Promise<SheetSummary> {
  const input = await open(path, format, options.sheet);
  const headers = input.header;
  if (headers === null) throw new AddrError('ADDR_ERR_BATCH_INPUT', ['The spreadsheet is empty: a header row naming the columns is needed.']);
  const mapping = options.columns !== undefined ? columnsFromFlag(options.columns, headers) : detectColumns(headers);
  const want = options.sampleRows ?? 0;
  const sample: string[][] = [];
  let rows = 0;
  for await (const chunk of input.chunks) {
    if (sample.length < want) sample.push(...chunkRows(chunk, delimiterOf(format)).slice(0, want - sample.length));
    rows += chunk.count;
  }
  return { headers, sheet: input.sheet, mapping, rows, sample };
}

/** A page of a result file, and the rows by status over the whole file. */
export interface ResultPage {
  headers: string[];
  rows: string[][]; // the page: rows whose status passes the filter, from `offset`
  matched: number; // rows that pass the filter
  total: number; // rows of the result
  counts: Record<string, number>; // rows by status
}

/** Reads a result written by `addr batch`; `statusAt`: the index of its status column (after the input's columns). */
export async function readResultPage(path: string, format: BatchFormat, statusAt: number, page: { offset: number; limit: number; status?: string }): Promise<ResultPage> {
  const input = await open(path, format, undefined);
  const headers = input.header ?? [];
  const column = statusAt;
  const counts: Record<string, number> = {};
  const rows: string[][] = [];
  let matched = 0;
  let total = 0;
  for await (const chunk of input.chunks) {
    for (const row of chunkRows(chunk, delimiterOf(format))) {
      total++;
      const status = row[column] ?? '';
      counts[status] = (counts[status] ?? 0) + 1;
      if (page.status !== undefined && status !== page.status) continue;
      if (matched >= page.offset && rows.length < page.limit) rows.push(row);
      matched++;
    }
  }
  return { headers, rows, matched, total, counts };
}
