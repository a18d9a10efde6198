/**
 * The extraction thread of addr serve (extract-pool.ts): opens its own engine
 * over the server's stores, then extracts each text it is sent and posts the
 * addresses back (or the error, as catalog fields). Large texts are read here
 * so that the server's event loop never waits on them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { isAddrError } from '../core/model/errors.js';
import { openEngine } from '../store/open-engine.js';
import type { ExtractJob, ExtractJobResult, ExtractWorkerBoot } from './extract-pool.js';

const { engine } = openEngine(workerData as ExtractWorkerBoot);

parentPort?.on('message', (job: ExtractJob) => {
  let answer: ExtractJobResult;
  try {
    // The request's clock goes on here: its elapsed time so far, on this thread's own performance.now().
    const startedAt = performance.now() - job.elapsedMs;
    const found = engine.extract(job.text, { requestId: job.requestId, startedAt, now: () => performance.now(), aggressive: job.aggressive, input: job.input });
    answer = { id: job.id, found };
  } catch (err) {
    answer = {
      id: job.id,
      error: isAddrError(err) ? { code: err.code, message: err.message } : { message: err instanceof Error ? err.message : String(err) },
    };
  }
  parentPort?.postMessage(answer);
});
