/**
 * Opens and closes the stores an engine would open (store/open-engine.ts), to
 * report missing or broken data (ADDR_ERR_STORE_MISSING, ADDR_ERR_STORE_CORRUPT)
 * before a run starts, without loading the engine itself: `addr batch` runs its
 * engines in worker threads, and its main thread only needs the answer.
 */
import type { EngineLocation } from './data-location.js';
import { openPointStore } from './points-db.js';
import { openLocalityStore } from './sqlite-locality-store.js';

/** Throws what openEngine would throw for `location`; opens nothing that stays open. */
export function checkEngineStores(location: EngineLocation): void {
  const locality = openLocalityStore(location.referenceDbPath);
  try {
    if (location.dataDir !== undefined) openPointStore(location.dataDir)?.close();
  } finally {
    locality.close();
  }
}
