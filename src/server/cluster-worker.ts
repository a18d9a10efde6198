/**
 * The script node:cluster forks for each worker of `addr serve --workers N` (src/server/cluster.ts):
 * it loads the server (load-server.ts) and runs the worker (cluster-worker-run.ts).
 */
import { loadServer } from './load-server.js';

const { exports: entry, saveCache } = await loadServer();
await entry.runClusterWorker(saveCache);
