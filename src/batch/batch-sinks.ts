/**
 * Where `addr batch` writes encoded output: a file descriptor written
 * synchronously (OUT.partial, a workbook's journal), or stdout with
 * back-pressure, cut into pieces at row ends so that a reader that goes away
 * (`| head`) is charged only for the rows the pipe took.
 */
import { writeSync } from 'node:fs';

/** A sink for encoded output: a file descriptor written synchronously, or stdout with back-pressure. */
export interface Sink {
  /** Writes bytes; `ends` (where each row ends in them) makes the rows count as delivered once written. */
  write(bytes: Uint8Array, ends?: Uint32Array | null): Promise<void>;
  /** Resolves once every write has been taken by the reader or failed. */
  settle(): Promise<void>;
  readonly bytes: number; // bytes written so far (file: from its start)
  readonly gone: boolean; // stdout's reader went away (EPIPE, as with \`| head\`): nothing more can be delivered
  readonly deliveredRows: number; // rows whose bytes were written (stdout: accepted by the pipe before its reader left)
}

export function fileSink(fd: number, start: number): Sink {
  let bytes = start;
  let delivered = 0;
  return {
    async write(data, ends) {
      let off = 0;
      // Positioned writes: a resumed file is opened at its start and truncated to the checkpoint.
      while (off < data.length) off += writeSync(fd, data, off, data.length - off, bytes + off);
      bytes += data.length;
      delivered += ends?.length ?? 0;
    },
    settle: async () => {},
    get bytes() {
      return bytes;
    },
    gone: false,
    get deliveredRows() {
      return delivered;
    },
  };
}

/** Bytes of stdout written at once: a reader that leaves (\`| head\`) is charged for the rows of the pieces it took, not for a whole chunk. */
const STDOUT_PIECE = 16 * 1024;

export function streamSink(stream: NodeJS.WritableStream): Sink {
  let bytes = 0;
  let gone = false;
  let delivered = 0;
  let pending = 0;
  let settled: (() => void) | null = null;
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') gone = true;
  });
  const put = async (piece: Uint8Array, rows: number): Promise<void> => {
    pending++;
    const ok = stream.write(piece, (err) => {
      if (err) gone = true;
      else delivered += rows;
      if (--pending === 0) settled?.();
    });
    bytes += piece.length;
    if (!ok && !gone) await new Promise<void>((res) => {
      const done = (): void => {
        stream.off('drain', done);
        stream.off('error', done);
        res();
      };
      stream.on('drain', done);
      stream.on('error', done);
    });
  };
  return {
    async write(data, ends) {
      if (ends === undefined || ends === null) {
        if (!gone) await put(data, 0);
        return;
      }
      // Cut at row ends into pieces of about STDOUT_PIECE bytes, each counting its rows once written.
      let from = 0;
      let rowsFrom = 0;
      for (let k = 0; k < ends.length && !gone; k++) {
        const end = ends[k] as number;
        if (end - from < STDOUT_PIECE && k < ends.length - 1) continue;
        await put(data.subarray(from, end), k + 1 - rowsFrom);
        from = end;
        rowsFrom = k + 1;
      }
    },
    settle: () => (pending === 0 ? Promise.resolve() : new Promise<void>((res) => {
      settled = res;
    })),
    get bytes() {
      return bytes;
    },
    get gone() {
      return gone;
    },
    get deliveredRows() {
      return delivered;
    },
  };
}
