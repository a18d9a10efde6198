/**
 * A worker thread of the streaming commands (line-run.ts, started as line-worker.ts): opens its own
 * engine as the command does (line-work.ts), then turns each chunk of lines into the text of their
 * results, encoded, and sends it back with the chunk's sequence number; the main thread writes
 * chunks in input order. The pool is batch-pool.ts's.
 */
import type { MessagePort } from 'node:worker_threads';
import type { SetupMessage } from '../batch/batch-protocol.js';
import { workerFailure } from '../batch/batch-protocol.js';
import { lineFormatter, openLineWork } from './line-work.js';
import type { LineBoot, LineChunk, LineChunkResult, LineSetup } from './line-work.js';
import { OutputBytes } from '../batch/output-bytes.js';
import type { Formatter } from './render.js';

/** Serves the chunks `port` sends; `onWarm` is called once, when the first chunk is done and before it is sent back. */
export function runLineWorker(port: MessagePort, boot: LineBoot, onWarm: () => void = () => undefined): void {
  let run: { setup: LineSetup; format: Formatter; work: ReturnType<typeof openLineWork> } | null = null;
  let warm = false;
  const bytes = new OutputBytes('');
  port.on('message', (msg: LineChunk | SetupMessage<LineSetup>) => {
    try {
      if ('kind' in msg) {
        run = { setup: msg.setup, format: lineFormatter(msg.setup), work: openLineWork(msg.setup, () => boot) };
        return;
      }
      if (run === null) throw new Error('line worker: a chunk before the setup');
      const statuses: Record<string, number> = {};
      bytes.clear();
      for (let k = 0; k < msg.lines.length; k++) {
        const result = run.work.result(msg.lines[k] as string);
        const status = result.status;
        if (status !== undefined) statuses[status] = (statuses[status] ?? 0) + 1;
        bytes.push(run.format.item(result, msg.first + k));
      }
      const ends = bytes.recordEnds();
      const out: LineChunkResult = { seq: msg.seq, text: bytes.take(), ends, statuses };
      if (!warm) {
        warm = true;
        onWarm();
      }
      port.postMessage(out, [out.text.buffer as ArrayBuffer, out.ends.buffer as ArrayBuffer]);
    } catch (err) {
      port.postMessage(workerFailure(err));
    }
  });
}
