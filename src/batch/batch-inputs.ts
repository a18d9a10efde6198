/**
 * The inputs of `addr batch` behind one shape: a header and chunks of records
 * that know their input lines and positions, so that batch.ts meters, cuts,
 * dispatches and checkpoints CSV/TSV bytes and XLSX rows the same way.
 * Positions are byte offsets for text and data-row counts for worksheets;
 * lines are physical lines for text and worksheet row numbers for XLSX.
 */
import type { ChunkRequest } from './batch-protocol.js';
import { CHUNK_ROWS, readTextChunks } from '../formats/csv/csv-chunks.js';
import type { TextChunk } from '../formats/csv/csv-chunks.js';
import { readSheetRows } from './batch-xlsx.js';
import type { SheetRows } from './batch-xlsx.js';
import { parseRecord, stripLineBreak } from '../formats/csv/csv-record.js';

/** A run of input records. */
export interface InputChunk {
  count: number; // records
  lines: number[]; // input line (or sheet row) of each record
  nextLine: number; // line of the record after the last
  positionAfter(k: number): number; // input position after the first k records
  cut(k: number): InputChunk; // the first k records
  request(seq: number): ChunkRequest; // the message a worker gets
}

/** An opened input. */
export interface OpenedInput {
  header: string[] | null; // null when resuming (the checkpoint has it) or the input is empty
  eol: string; // line break of the header record ('\n' for workbooks)
  bom: boolean;
  sheet: string | null; // the worksheet read
  otherSheets: string[]; // a workbook's other worksheets (not carried to the output)
  firstPosition: number; // position of the first data record
  chunks: AsyncGenerator<InputChunk>;
}

function textChunk(c: TextChunk): InputChunk {
  return {
    count: c.ends.length,
    lines: c.lines,
    nextLine: c.nextLine,
    positionAfter: (k) => c.startOffset + (k === 0 ? 0 : (c.ends[k - 1] as number)),
    cut: (k) => {
      const end = k === 0 ? 0 : (c.ends[k - 1] as number);
      return textChunk({
        bytes: c.bytes.subarray(0, end),
        ends: c.ends.subarray(0, k),
        quoted: c.quoted.subarray(0, k),
        lines: c.lines.slice(0, k),
        startOffset: c.startOffset,
        nextLine: k < c.lines.length ? (c.lines[k] as number) : c.nextLine,
      });
    },
    request: (seq) => ({ seq, kind: 'bytes', bytes: c.bytes, ends: c.ends, quoted: c.quoted }),
  };
}

async function* textChunks(first: TextChunk | null, rest: AsyncGenerator<TextChunk>): AsyncGenerator<InputChunk> {
  if (first !== null) yield textChunk(first);
  for await (const c of rest) yield textChunk(c);
}

/** A CSV/TSV input: from its start (header first), or from a checkpoint's byte offset and line. */
export async function openTextInput(source: AsyncIterable<Buffer>, delimiter: string, from: { offset: number; line: number } | null): Promise<OpenedInput> {
  if (from !== null) {
    return { header: null, eol: '\n', bom: false, sheet: null, otherSheets: [], firstPosition: from.offset, chunks: textChunks(null, readTextChunks(source, delimiter, from.offset, from.line)) };
  }
  const chunks = readTextChunks(source, delimiter, 0, 1);
  const first = await chunks.next();
  if (first.done) return { header: null, eol: '\n', bom: false, sheet: null, otherSheets: [], firstPosition: 0, chunks: textChunks(null, chunks) };
  const chunk = first.value;
  const headerEnd = chunk.ends[0] as number;
  const raw = Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, headerEnd).toString('utf8');
  const text = stripLineBreak(raw);
  const rest: TextChunk | null = chunk.ends.length > 1
    ? {
      bytes: chunk.bytes.subarray(headerEnd),
      ends: chunk.ends.subarray(1).map((e) => e - headerEnd),
      quoted: chunk.quoted.subarray(1),
      lines: chunk.lines.slice(1),
      startOffset: chunk.startOffset + headerEnd,
      nextLine: chunk.nextLine,
    }
    : null;
  return {
    header: parseRecord(text, delimiter, chunk.quoted[0] === 1) ?? [text],
    eol: raw.endsWith('\r\n') ? '\r\n' : raw.endsWith('\r') ? '\r' : '\n',
    bom: chunk.startOffset === 3,
    sheet: null,
    otherSheets: [],
    firstPosition: chunk.startOffset + headerEnd,
    chunks: textChunks(rest, chunks),
  };
}

function rowChunk(rows: string[][], types: string[], lines: number[], start: number, nextLine: number): InputChunk {
  return {
    count: rows.length,
    lines,
    nextLine,
    positionAfter: (k) => start + k,
    cut: (k) => rowChunk(rows.slice(0, k), types.slice(0, k), lines.slice(0, k), start, k < lines.length ? (lines[k] as number) : nextLine),
    request: (seq) => ({ seq, kind: 'rows', rows, types, rowNumbers: lines }),
  };
}

/** An XLSX worksheet: the header row first, or (resuming) from the `skip`-th data row on. */
export async function openSheetInput(path: string, sheet: string | undefined, skip: number | null): Promise<OpenedInput> {
  const batches = readSheetRows(path, sheet);
  const first = await batches.next();
  const header = first.done ? null : (first.value.cells[0] as string[]);
  const sheetName = first.done ? (sheet ?? null) : first.value.sheet;
  async function* chunks(): AsyncGenerator<InputChunk> {
    let position = 0; // data rows read
    let cells: string[][] = [];
    let types: string[] = [];
    let lines: number[] = [];
    let start = skip ?? 0;
    const take = async function* (batch: SheetRows, from: number): AsyncGenerator<InputChunk> {
      for (let k = from; k < batch.cells.length; k++) {
        position++;
        if (position <= start) continue;
        if (cells.length === CHUNK_ROWS) {
          yield rowChunk(cells, types, lines, start, batch.numbers[k] as number);
          start += cells.length;
          cells = [];
          types = [];
          lines = [];
        }
        cells.push(batch.cells[k] as string[]);
        types.push(batch.types[k] as string);
        lines.push(batch.numbers[k] as number);
      }
    };
    if (!first.done) yield* take(first.value, 1);
    for await (const batch of batches) yield* take(batch, 0);
    if (cells.length > 0) yield rowChunk(cells, types, lines, start, (lines[lines.length - 1] as number) + 1);
  }
  const otherSheets = first.done ? [] : first.value.otherSheets;
  return { header: skip === null ? header : null, eol: '\n', bom: false, sheet: sheetName, otherSheets, firstPosition: skip ?? 0, chunks: chunks() };
}
