/**
 * The lines of a stream in batches: what the streaming commands (normalize, validate, geocode)
 * read, a batch per chunk of input instead of an await per line. Lines are split as readline
 * splits them (io.ts read them with readline before): at \r\n, \n or a lone \r, a \r\n cut
 * between two chunks being one break; decoded as UTF-8; a byte-order mark at the start of the
 * stream dropped (an encoding's mark, not text: kept, it stood in the first result's input); a last line
 * without a break is a line, an empty one is not; an incomplete UTF-8 sequence at the very end
 * is dropped. A typed line on a terminal or a slow pipe comes out at once (its chunk is a batch).
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** The most lines of one batch (a chunk with more gives several). */
export const MAX_BATCH_LINES = 1024;

const BREAK = /\r\n|\n|\r/g;

/** Yields the lines of `stream` in batches of 1 to `max` lines, in order. */
export async function* readLineBatches(stream: Readable, max = MAX_BATCH_LINES): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8');
  let carry = ''; // the text after the last break
  let sawReturn = false; // the last chunk ended with \r: a \n opening the next one is part of that break
  let batch: string[] = [];
  let start = true; // no text seen yet
  for await (const chunk of stream) {
    let text = typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    if (start && text !== '') {
      start = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text === '') continue;
    if (sawReturn && text.charCodeAt(0) === 10) text = text.slice(1);
    sawReturn = false;
    if (carry !== '') {
      text = carry + text;
      carry = '';
    }
    BREAK.lastIndex = 0;
    let from = 0;
    for (let m = BREAK.exec(text); m !== null; m = BREAK.exec(text)) {
      batch.push(text.slice(from, m.index));
      from = BREAK.lastIndex;
      if (batch.length >= max) {
        yield batch;
        batch = [];
      }
    }
    sawReturn = text.charCodeAt(text.length - 1) === 13;
    carry = text.slice(from);
    if (batch.length > 0) {
      yield batch;
      batch = [];
    }
  }
  if (carry !== '') yield [carry];
}
