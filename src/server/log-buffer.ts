/**
 * The request log's stream: the JSON lines pino writes during one turn of the
 * event loop are joined and handed to the real stream (stderr) in one write
 * once the turn's I/O callbacks are done (setImmediate), instead of one write
 * system call per request. A quiet server still writes each line within the
 * turn; `flush()` writes what is pending at once (shutdown, exit).
 */
import { Writable } from 'node:stream';

/** A stream that batches the lines of one event-loop turn into one write to `target`. */
export class LogBuffer extends Writable {
  private pending: string[] = [];
  private readonly target: NodeJS.WritableStream;

  constructor(target: NodeJS.WritableStream) {
    super({ decodeStrings: false });
    this.target = target;
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
    const text = this.pending.length === 1 ? this.pending[0] ?? '' : this.pending.join('');
    this.pending = [];
    this.target.write(text);
  };
}
