/**
 * CSV/TSV input of `addr batch`: bytes from a file (from any record boundary,
 * for --resume) or stdin, cut into chunks of whole records with src/formats/csv/csv-scanner.ts.
 * Each chunk keeps its bytes, record ends, quote flags and input positions
 * (bytes and lines), so that the main thread can cut it where the allowance
 * stops and record checkpoints without parsing a field.
 */
import { CsvScanner } from './csv-scanner.js';
import type { ScannedRecords } from './csv-scanner.js';

/** A run of whole records. */
export interface TextChunk {
  bytes: Uint8Array; // the records' bytes (a copy, transferable)
  ends: Uint32Array; // end of each record in `bytes`, after its line break
  quoted: Uint8Array; // 1 when the record holds a quote
  lines: number[]; // input line each record starts on
  startOffset: number; // input byte offset of bytes[0]
  nextLine: number; // input line after the last record
}

/** Records per chunk, and a byte bound for very wide rows. */
export const CHUNK_ROWS = 2000;
const CHUNK_BYTES = 4 << 20;

const BOM = [0xef, 0xbb, 0xbf];

/** True when the bytes start with a UTF-8 byte-order mark. */
export function hasBom(buf: Uint8Array): boolean {
  return buf.length >= 3 && buf[0] === BOM[0] && buf[1] === BOM[1] && buf[2] === BOM[2];
}

/**
 * Chunks of the records of `source`, which starts at input byte `startOffset`
 * (a record boundary) and input line `startLine`. A BOM at offset 0 is skipped.
 */
export async function* readTextChunks(
  source: AsyncIterable<Buffer>,
  delimiter: string,
  startOffset: number,
  startLine: number,
  chunkRows: number = CHUNK_ROWS,
): AsyncGenerator<TextChunk> {
  const scanner = new CsvScanner(delimiter, startLine);
  let carry: Buffer = Buffer.alloc(0); // bytes after the last complete record
  let carryOffset = startOffset; // input offset of carry[0]
  let first = startOffset === 0;
  const found: ScannedRecords = { ends: [], quoted: [], lines: [] };

  function* cut(buf: Buffer, bufOffset: number): Generator<TextChunk> {
    // Records found in buf: emit them in chunks of at most chunkRows / CHUNK_BYTES.
    let from = 0; // index into found
    let byteFrom = 0; // offset into buf of the first record not yet emitted
    while (from < found.ends.length) {
      let to = Math.min(found.ends.length, from + chunkRows);
      while (to - 1 > from && (found.ends[to - 1] as number) - byteFrom > CHUNK_BYTES) to = Math.max(from + 1, from + ((to - from) >> 1));
      const byteTo = found.ends[to - 1] as number;
      const bytes = new Uint8Array(byteTo - byteFrom);
      bytes.set(buf.subarray(byteFrom, byteTo));
      const ends = new Uint32Array(to - from);
      const quoted = new Uint8Array(to - from);
      for (let k = from; k < to; k++) {
        ends[k - from] = (found.ends[k] as number) - byteFrom;
        quoted[k - from] = found.quoted[k] as number;
      }
      const lines = found.lines.slice(from, to);
      const nextLine = to < found.lines.length ? (found.lines[to] as number) : scanner.nextLine;
      yield { bytes, ends, quoted, lines, startOffset: bufOffset + byteFrom, nextLine };
      from = to;
      byteFrom = byteTo;
    }
  }

  for await (const piece of source) {
    let buf = carry.length === 0 ? piece : Buffer.concat([carry, piece]);
    let bufOffset = carryOffset;
    const scanFrom = first ? 0 : carry.length; // carry was scanned already, unless nothing was
    if (first && buf.length >= 3) {
      if (hasBom(buf)) {
        buf = buf.subarray(3);
        bufOffset += 3;
      }
      first = false;
    } else if (first) {
      carry = buf;
      continue; // too short to tell whether a BOM starts it
    }
    found.ends.length = 0;
    found.quoted.length = 0;
    found.lines.length = 0;
    scanner.scan(buf, scanFrom, buf.length, found);
    const last = found.ends.length > 0 ? (found.ends[found.ends.length - 1] as number) : 0;
    yield* cut(buf, bufOffset);
    carry = buf.subarray(last);
    carryOffset = bufOffset + last;
  }
  if (first && hasBom(carry)) {
    carry = carry.subarray(3);
    carryOffset += 3;
  }
  if (carry.length === 0) return;
  found.ends.length = 0;
  found.quoted.length = 0;
  found.lines.length = 0;
  if (first) scanner.scan(carry, 0, carry.length, found); // a short input never scanned above
  if (scanner.inOpenQuote) {
    // A quoted field never closed: the tail after the last good record is read again with quotes as text.
    found.ends.length = 0;
    found.quoted.length = 0;
    found.lines.length = 0;
    scanner.rereadPlain(scanner.nextLine);
    scanner.scan(carry, 0, carry.length, found);
  }
  scanner.finish(found, carry.length);
  yield* cut(carry, carryOffset);
}
