/**
 * Loads server-entry.ts for `addr serve` and each of its worker processes: from the server's
 * bundle (scripts/bundles.ts: fastify, the routes, the engine and the stores in one script,
 * compiled from V8's code cache; src/bundle/load-bundle.ts) when it is fresh, else from the tsc
 * build's modules. A server starts in about half the CPU time from the bundle
 * (docs/performance.md, "`addr serve` start-up"): its modules and packages are ~470 files to
 * resolve, read and compile.
 */
import { loadEntry } from '../bundle/load-bundle.js';
import type { LoadedBundle } from '../bundle/load-bundle.js';
import type * as ServerEntry from './server-entry.js';

/** The server's entry; saveCache(), called once the server listens, writes the bundle's code cache when the run found none. */
export function loadServer(): Promise<LoadedBundle<typeof ServerEntry>> {
  return loadEntry(new URL('./server-entry.js', import.meta.url), 'server', () => import('./server-entry.js'));
}
