/**
 * A streaming RFC 4180 reader for address-point files: records as arrays of
 * strings with the line each starts on. Quoted fields may hold commas, quotes
 * ("" for one) and line breaks; LF and CRLF both end a record; a byte-order
 * mark is dropped; a quote inside an unquoted field is kept as text (as
 * csv-parse's relax_quotes does); a quoted field left open at the end of the
 * input makes that last record malformed, never an exception.
 *
 * Why not csv-parse: on a 1,000,000-row OpenAddresses file it was the largest
 * single cost of the import (3.8 µs a row, a third of the total), which put
 * the import below its 100,000 rows/s target; lines without a quote — nearly
 * all of them — are split here with String.split, the rest go through a
 * character loop.
 */
import { StringDecoder } from 'node:string_decoder';

/** One record and the line it starts on (1-based), or a record that could not be read. */
export type CsvRecord = { line: number; fields: string[] } | { line: number; error: string };

/** Reads the records of a byte stream, in batches. */
export async function* readCsvRecords(bytes: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, delimiter: string): AsyncGenerator<CsvRecord[]> {
  const decoder = new StringDecoder('utf8');
  let buffer = '';
  let line = 1; // line of buffer[0]
  let first = true;
  for await (const chunk of bytes) {
    buffer += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (first && buffer.length > 0) {
      if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      first = false;
    }
    const out: CsvRecord[] = [];
    const consumed = parseRecords(buffer, delimiter, false, out, line);
    line = consumed.line;
    buffer = buffer.slice(consumed.at);
    if (out.length > 0) yield out;
  }
  buffer += decoder.end();
  if (first && buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
  const out: CsvRecord[] = [];
  parseRecords(buffer, delimiter, true, out, line);
  if (out.length > 0) yield out;
}

/**
 * Parses the complete records of `text` into `out`; returns where the unparsed rest starts and its
 * line. With `final`, the rest is parsed too (a last line without a line break).
 */
function parseRecords(text: string, delimiter: string, final: boolean, out: CsvRecord[], startLine: number): { at: number; line: number } {
  let at = 0;
  let line = startLine;
  const n = text.length;
  while (at < n) {
    let end = text.indexOf('\n', at);
    if (end < 0) {
      if (!final) break;
      end = n;
    }
    const stop = end > at && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    const quote = text.indexOf('"', at);
    if (quote < 0 || quote >= stop) {
      // The fast path: no quote on this line.
      if (stop > at) out.push({ line, fields: text.slice(at, stop).split(delimiter) });
      at = end + 1;
      line++;
      continue;
    }
    const parsed = parseQuoted(text, at, delimiter, final);
    if (parsed === null) break; // the record goes on in the next chunk
    if (parsed.fields !== null) out.push({ line, fields: parsed.fields });
    else out.push({ line, error: 'a quoted field is never closed' });
    line += parsed.lines;
    at = parsed.next;
  }
  return { at: Math.min(at, n), line };
}

/** Parses one record that holds a quote, from `start`; null when the input ends inside it (and more may come). */
function parseQuoted(text: string, start: number, delimiter: string, final: boolean): { fields: string[] | null; next: number; lines: number } | null {
  const fields: string[] = [];
  const d = delimiter.charCodeAt(0);
  let field = '';
  let i = start;
  let lines = 1;
  const n = text.length;
  for (;;) {
    // At the start of a field.
    if (i < n && text.charCodeAt(i) === 34) {
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) {
          if (!final) return null;
          return { fields: null, next: n, lines };
        }
        const piece = text.slice(i, q);
        for (let k = piece.indexOf('\n'); k >= 0; k = piece.indexOf('\n', k + 1)) lines++;
        field += piece;
        if (q + 1 < n && text.charCodeAt(q + 1) === 34) {
          field += '"';
          i = q + 2;
          continue;
        }
        if (q + 1 >= n && !final) return null;
        i = q + 1;
        break;
      }
      // After the closing quote: text up to the delimiter is kept (relaxed), as csv-parse's relax_quotes.
    }
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === d || c === 10 || (c === 13 && text.charCodeAt(i + 1) === 10)) break;
      if (c === 13 && i + 1 >= n && !final) return null;
      field += text[i];
      i++;
    }
    fields.push(field);
    field = '';
    if (i >= n) {
      if (!final) return null;
      return { fields, next: n, lines };
    }
    const c = text.charCodeAt(i);
    if (c === d) {
      i++;
      continue;
    }
    // End of the record: \n or \r\n.
    return { fields, next: c === 13 ? i + 2 : i + 1, lines };
  }
}
