/**
 * Opens the engine over the SQLite stores: the embedded locality database (read
 * only) and, when `dataDir` holds imported address points (points.sqlite), the
 * point store. Every face (commands, batch workers, the server, the library)
 * opens its engine here, once per run or server, and closes it at the end;
 * store/data-location.ts says where the stores are.
 */
import { existsSync } from 'node:fs';
import { createEngine } from '../core/engine.js';
import type { Engine } from '../core/engine.js';
import type { EngineLocation } from './data-location.js';
import { loadHtmlParser } from './html-parser.js';
import { openPointStore, pointsDbPath, POINT_STORE_HEAP_MB } from './points-db.js';
import { openRangeStore, rangesDbPath, RANGE_STORE_HEAP_MB } from './ranges-db.js';
import { SqlitePointSearch } from './points-search.js';
import { openLocalityStore } from './sqlite-locality-store.js';

export type { EngineLocation };


/** An engine and the function that closes its stores. */
export interface OpenedEngine {
  engine: Engine;
  close(): void;
}

/** The heap of an engine without imported data, in MB: reference tables and memos (~10 MB live) and a few chunks of work. */
const ENGINE_HEAP_MB = 64;

/**
 * The heap an engine over `location` may need, in MB: what a worker thread's heap is capped at
 * (batch-pool.ts). The cap keeps a worker's memory near what it holds (V8 grows a heap far past
 * its live data before collecting); the imported points and ranges hold bounded caches of their
 * own, which the cap must leave room for.
 */
export function engineHeapMb(location: EngineLocation): number {
  const { points, ranges } = streetDataAt(location);
  return ENGINE_HEAP_MB + (points ? POINT_STORE_HEAP_MB : 0) + (ranges ? RANGE_STORE_HEAP_MB : 0);
}

/** Which street data (imported points, ranges) the data folder of `location` holds. */
function streetDataAt(location: EngineLocation): { points: boolean; ranges: boolean } {
  if (location.dataDir === undefined) return { points: false, ranges: false };
  return { points: existsSync(pointsDbPath(location.dataDir)), ranges: existsSync(rangesDbPath(location.dataDir)) };
}

/** Whether the engine at `location` has street data (imported points or ranges) besides the locality tables. */
export function hasStreetData(location: EngineLocation): boolean {
  const { points, ranges } = streetDataAt(location);
  return points || ranges;
}

/** Opens the stores and builds the engine; throws ADDR_ERR_STORE_MISSING or ADDR_ERR_STORE_CORRUPT. */
export function openEngine(location: EngineLocation): OpenedEngine {
  const locality = openLocalityStore(location.referenceDbPath);
  let points;
  let ranges = null;
  try {
    points = location.dataDir !== undefined ? openPointStore(location.dataDir) : null;
    ranges = location.dataDir !== undefined ? openRangeStore(location.dataDir) : null;
  } catch (err) {
    points?.close();
    locality.close();
    throw err;
  }
  const withRanges = ranges !== null ? { ranges } : {};
  return {
    engine: createEngine(points !== null
      ? { locality, zips: locality, names: locality, html: loadHtmlParser, clock: Date.now, points, pointSearch: new SqlitePointSearch(points.db, points), ...withRanges }
      : { locality, zips: locality, names: locality, html: loadHtmlParser, clock: Date.now, ...withRanges }),
    close: () => {
      ranges?.close();
      points?.close();
      locality.close();
    },
  };
}
