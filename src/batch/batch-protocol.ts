/**
 * The messages between `addr batch` and its worker threads (batch-worker.ts).
 * A chunk carries either raw CSV/TSV bytes with the record boundaries the main
 * thread found (src/formats/csv/csv-scanner.ts), or rows already read (XLSX); the answer
 * carries the output, encoded text or rows, and the count of rows by status.
 */
import { isAddrError } from '../core/model/errors.js';
import type { ColumnMapping } from '../core/spreadsheet/detect-columns.js';
import type { SheetLayout } from '../formats/xlsx/xlsx-rows.js';

/** What a worker is started with (workerData): enough to open its engine, which it does at once. */
export interface WorkerBoot {
  referenceDbPath: string;
  dataDir: string; // where the engine looks for imported data, as `addr validate` does
}

/** The run a worker serves, sent as its first message once the input's header is read. */
export interface WorkerSetup {
  mapping: ColumnMapping;
  width: number; // fields of the header row: shorter rows are padded to it
  inDelimiter: string; // CSV/TSV input: ',' or '\t'
  // sheet: a workbook output, whose journal is its worksheet rows as XML (src/formats/xlsx/xlsx-rows.ts)
  out: { kind: 'text'; delimiter: string; eol: string } | { kind: 'sheet'; layout: SheetLayout } | { kind: 'rows' };
}

/** The first message to a worker: the run's setup. */
export interface SetupMessage<Setup = WorkerSetup> {
  kind: 'setup';
  setup: Setup;
}

/** One chunk of input rows; firstRow: the output row number of its first row (a workbook output). */
export type ChunkRequest =
  | { seq: number; firstRow?: number; kind: 'bytes'; bytes: Uint8Array; ends: Uint32Array; quoted: Uint8Array; rowNumbers?: number[] } // ends relative to bytes, after each line break; rowNumbers: each record's output row (a chunk routed by area, chunk-routes.ts), else firstRow on
  | { seq: number; firstRow?: number; kind: 'rows'; rows: string[][]; types: string[]; rowNumbers?: number[] }; // types: each row's cell types (src/formats/xlsx/xlsx-read.ts); rowNumbers: each row's worksheet row, kept in a workbook output

/** The output of one chunk, in input order. */
export interface ChunkResult {
  seq: number;
  text: Uint8Array | null; // encoded output records, when the output is text
  textEnds: Uint32Array | null; // where each record of a text or worksheet output ends in `text` (stdout counts the rows it delivered)
  rows: string[][] | null; // output rows, when the output is a workbook
  statuses: Record<string, number>; // rows by status (VALIDATED ... ERROR)
}

/** A worker's fatal failure (the engine could not open, a bug). */
export interface WorkerFailure {
  seq: -1;
  error: { code?: string; kind?: string; message: string };
}

/** The failure message of a worker that could not go on: an AddrError's code and kind, else the stack. */
export function workerFailure(err: unknown): WorkerFailure {
  return {
    seq: -1,
    error: isAddrError(err)
      ? { code: err.code, kind: err.kind, message: err.message }
      : { message: err instanceof Error ? (err.stack ?? err.message) : String(err) },
  };
}
