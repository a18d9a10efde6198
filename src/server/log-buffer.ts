/**
 * The request log's stream: the JSON lines written during FLUSH_MS are joined
 * and handed to the real stream (stderr) in one write, instead of one write
 * system call per request (or per event-loop turn, which under load is one
 * or two requests: ~3% of a worker's time went to those writes in the serve
 * bench, 2026-11-28). A line reaches stderr at most FLUSH_MS after it was
 * written, or at once when MAX_PENDING_BYTES are waiting; `flush()` writes what
 * is pending at once (shutdown, and the process's 'exit', src/server/listen.ts).
 */
import { Writable } from 'node:stream';

/** PIPE_BUF of Linux and macOS: a write of at most this many bytes to a pipe is never interleaved with another. */
const PIPE_BYTES = 4096;

/** How long a line may wait for others before it is written. */
export const FLUSH_MS = 5;

/** Pending lines of at least this many characters are written at once (a burst does not wait for the timer). */
const MAX_PENDING_CHARS = 64 * 1024;

/** A stream that batches the lines of FLUSH_MS into one write to `target`. */
export class LogBuffer extends Writable {
  private pending: string[] = [];
  private pendingChars = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly target: NodeJS.WritableStream;
  private readonly atomicLines: boolean;

  /**
   * `atomicLines`: several processes write to the same stderr (addr serve --workers): each write is then whole
   * lines of at most PIPE_BYTES, which a pipe never interleaves with another process's writes.
   */
  constructor(target: NodeJS.WritableStream, atomicLines = false) {
    super({ decodeStrings: false });
    this.target = target;
    this.atomicLines = atomicLines;
  }

  // pino calls write() with one line (a string) per record; the Writable machinery is bypassed on purpose.
  override write(chunk: unknown): boolean {
    const line = typeof chunk === 'string' ? chunk : String(chunk);
    this.pending.push(line);
    this.pendingChars += line.length;
    if (this.pendingChars >= MAX_PENDING_CHARS) this.flush();
    else this.timer ??= setTimeout(this.flush, FLUSH_MS).unref(); // unref: the 'exit' flush writes what waits
    return true;
  }

  /** Writes the pending lines now. */
  readonly flush = (): void => {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.length === 0) return;
    this.pendingChars = 0;
    if (this.atomicLines) {
      const lines = this.pending;
      this.pending = [];
      let chunk = '';
      let chunkBytes = 0; // kept as lines are added: measuring the whole chunk again for each line cost ~2 us a line
      for (const line of lines) {
        const lineBytes = Buffer.byteLength(line);
        if (chunk !== '' && chunkBytes + lineBytes > PIPE_BYTES) {
          this.target.write(chunk);
          chunk = '';
          chunkBytes = 0;
        }
        chunk += line;
        chunkBytes += lineBytes;
      }
      if (chunk !== '') this.target.write(chunk);
      return;
    }
    const text = this.pending.length === 1 ? this.pending[0] ?? '' : this.pending.join('');
    this.pending = [];
    this.target.write(text);
  };
}
