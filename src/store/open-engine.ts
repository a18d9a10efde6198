/**
 * Opens the engine over the SQLite stores: the embedded locality database (read
 * only). Faces call this once per run or server and close it at the end.
 */
import { createEngine } from '../core/engine.js';
import type { Engine } from '../core/engine.js';
import { openLocalityStore } from './sqlite-locality-store.js';

/** Where the stores are. */
export interface EngineLocation {
  referenceDbPath: string; // the locality database (see commands/reference-db.ts for the default)
}

/** An engine and the function that closes its stores. */
export interface OpenedEngine {
  engine: Engine;
  close(): void;
}

/** Opens the stores and builds the engine; throws ADDR_ERR_STORE_MISSING or ADDR_ERR_STORE_CORRUPT. */
export function openEngine(location: EngineLocation): OpenedEngine {
  const locality = openLocalityStore(location.referenceDbPath);
  return {
    engine: createEngine({ locality }),
    close: () => locality.close(),
  };
}
