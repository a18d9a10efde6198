/**
 * CSV records as arrays of strings with the line each starts on, for readers
 * that want fields rather than bytes (the address-point importer). One CSV
 * dialect: the record boundaries are those of csv-chunks.ts (csv-scanner.ts)
 * and the fields those of csv-record.ts, exactly as `addr batch` reads a CSV
 * file — quoted fields may hold delimiters, quotes ("" for one) and line
 * breaks; LF, CRLF and a lone CR each end a record; a byte-order mark is
 * dropped; a quote inside an unquoted field is text; a quoted field never
 * closed makes its record malformed and the lines after it are read again
 * with quotes as text, so one stray quote costs one row, never the file.
 *
 * Why not csv-parse: on a 1,000,000-row OpenAddresses file it was the largest
 * single cost of the import (3.8 µs a row, a third of the total); records
 * without a quote — nearly all of them — are one String.split here.
 */
import { readTextChunks } from './csv-chunks.js';
import { parseRecord, stripLineBreak } from './csv-record.js';

/** One record and the line it starts on (1-based), or a record that could not be read. */
export type CsvRecord = { line: number; fields: string[] } | { line: number; error: string };

/** Buffers from chunks given as strings or buffers. */
async function* asBuffers(chunks: AsyncIterable<Buffer | string> | Iterable<Buffer | string>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

/** Reads the records of a byte stream, in batches (one per chunk of records). */
export async function* readCsvRecords(bytes: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, delimiter: string): AsyncGenerator<CsvRecord[]> {
  for await (const chunk of readTextChunks(asBuffers(bytes), delimiter, 0, 1)) {
    const buf = Buffer.from(chunk.bytes.buffer, chunk.bytes.byteOffset, chunk.bytes.byteLength);
    const text = buf.toString('utf8');
    // Byte offsets are character offsets when the chunk is ASCII, the common case.
    const ascii = text.length === buf.length;
    const out: CsvRecord[] = [];
    let start = 0;
    for (let k = 0; k < chunk.ends.length; k++) {
      const end = chunk.ends[k] as number;
      const record = stripLineBreak(ascii ? text.slice(start, end) : buf.toString('utf8', start, end));
      const line = chunk.lines[k] as number;
      start = end;
      if (record === '' && chunk.quoted[k] === 0) continue; // a blank line
      const fields = parseRecord(record, delimiter, chunk.quoted[k] === 1);
      out.push(fields === null ? { line, error: 'a quoted field is never closed' } : { line, fields });
    }
    if (out.length > 0) yield out;
  }
}
