/**
 * The encoded output of one chunk of `addr batch` (src/batch/batch-worker.ts): each
 * record is encoded into one growing byte buffer as soon as it is formatted.
 *
 * Why not an array of lines joined at the end: a chunk's lines would all stay
 * alive until the join, so every young-generation collection during the chunk
 * copies them (and then promotes them to the old generation); encoded at once,
 * each line is garbage before the next collection and the bytes live outside
 * the JavaScript heap.
 */

const INITIAL_BYTES = 64 * 1024;

/** Records encoded (UTF-8) one after another, each followed by a line ending; reused chunk after chunk. */
export class OutputBytes {
  private buf: Buffer;
  private length = 0;
  private ends: number[] = []; // the byte length after each record since the last take

  constructor(private readonly eol: string, sizeHint = INITIAL_BYTES) {
    this.buf = Buffer.allocUnsafe(Math.max(1024, sizeHint));
  }

  /** Appends `record` and the line ending. */
  push(record: string): void {
    const line = record + this.eol;
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    const most = line.length * 3;
    if (this.length + most > this.buf.length) this.grow(this.length + most);
    this.length += this.buf.write(line, this.length, 'utf8');
    this.ends.push(this.length);
  }

  /** Forgets what was written since the last take (a chunk that failed half-way). */
  clear(): void {
    this.length = 0;
    this.ends = [];
  }

  /** Where each record written since the last take ends (byte offsets, end exclusive); call before take. */
  recordEnds(): Uint32Array {
    return Uint32Array.from(this.ends);
  }

  /** The bytes written since the last take, in a buffer of their own (transferable); starts over. */
  take(): Uint8Array {
    // Not zero-filled (every byte is copied over) and not from the shared pool (it is transferred).
    const out = Buffer.allocUnsafeSlow(this.length);
    this.buf.copy(out, 0, 0, this.length);
    this.length = 0;
    this.ends = [];
    return out;
  }

  private grow(needed: number): void {
    let size = this.buf.length * 2;
    while (size < needed) size *= 2;
    const next = Buffer.allocUnsafe(size);
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }
}
