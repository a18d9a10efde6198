/**
 * The script of the streaming commands' worker threads (line-run.ts): it loads line-worker-run.ts,
 * from its bundle when fresh (scripts/bundles.ts, src/bundle/load-bundle.ts: one script compiled
 * from V8's code cache instead of ~130 modules, which were most of a worker's start), and runs it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadEntry } from '../bundle/load-bundle.js';
import type { LineBoot } from './line-work.js';

if (parentPort !== null) {
  const { exports: entry, saveCache } = await loadEntry(new URL('./line-worker-run.js', import.meta.url), 'line-worker', () => import('./line-worker-run.js'));
  entry.runLineWorker(parentPort, workerData as LineBoot, saveCache);
}
