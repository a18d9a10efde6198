/**
 * What `addr serve` runs, as one module: the server of one process (startServer) and a worker of
 * `--workers N` (runClusterWorker). It is the entry of the server's bundle (scripts/bundles.ts),
 * which load-server.ts runs when it is fresh.
 */
export { startServer } from './listen.js';
export type { RunningServer, ServerConfig } from './listen.js';
export { runClusterWorker } from './cluster-worker-run.js';
