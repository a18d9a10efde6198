/**
 * Loads server-entry.ts for `addr serve` and each of its worker processes: from the server's
 * bundle (scripts/bundles.ts: fastify, the routes, the engine and the stores in one script,
 * compiled from V8's code cache; src/bundle/load-bundle.ts) when it is fresh, else from the tsc
 * build's modules. A server starts in about a third of the time from the bundle
 * (docs/performance.md, "`addr serve` start-up"): its modules and packages are ~600 files to
 * resolve, read and compile.
 */
import { loadBundle } from '../bundle/load-bundle.js';
import type * as ServerEntry from './server-entry.js';

/** The server's entry, and saveCache(): called once the server listens, it writes the bundle's code cache when the run found none. */
export interface LoadedServer {
  entry: typeof ServerEntry;
  saveCache(): void;
}

export async function loadServer(): Promise<LoadedServer> {
  const bundle = loadBundle<typeof ServerEntry>({
    script: new URL('./server.bundle.cjs', import.meta.url),
    cache: new URL('./server.bundle.cache', import.meta.url),
    builtFrom: new URL('./server-entry.js', import.meta.url),
  });
  if (bundle !== null) return { entry: bundle.exports, saveCache: () => bundle.saveCache() };
  return { entry: await import('./server-entry.js'), saveCache: () => undefined };
}
