/**
 * The script of `addr batch`'s worker threads (batch-pool.ts): it loads batch-worker-run.ts, from
 * its bundle when fresh (scripts/bundles.ts, src/bundle/load-bundle.ts: one script compiled from
 * V8's code cache instead of ~130 modules), and runs it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadEntry } from '../bundle/load-bundle.js';
import type { WorkerBoot } from './batch-protocol.js';

if (parentPort !== null) {
  const { exports: entry, saveCache } = await loadEntry(new URL('./batch-worker-run.js', import.meta.url), 'batch-worker', () => import('./batch-worker-run.js'));
  entry.runBatchWorker(parentPort, workerData as WorkerBoot, saveCache);
}
