/**
 * The request log's stream: the JSON lines pino writes during one turn of the
 * event loop are joined and handed to the real stream (stderr) in one write
 * once the turn's I/O callbacks are done (setImmediate), instead of one write
 * system call per request. A quiet server still writes each line within the
 * turn; `flush()` writes what is pending at once (shutdown, exit).
 */
import { Writable } from 'node:stream';

/** PIPE_BUF of Linux and macOS: a write of at most this many bytes to a pipe is never interleaved with another. */
const PIPE_BYTES = 4096;

/** A stream that batches the lines of one event-loop turn into one write to `target`. */
export class LogBuffer extends Writable {
  private pending: string[] = [];
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
    if (this.pending.length === 0) setImmediate(this.flush);
    this.pending.push(typeof chunk === 'string' ? chunk : String(chunk));
    return true;
  }

  /** Writes the pending lines now. */
  readonly flush = (): void => {
    if (this.pending.length === 0) return;
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
