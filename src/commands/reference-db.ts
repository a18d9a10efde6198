/**
 * The parser's gazetteer for `addr normalize`: the embedded locality database
 * (engine-location.ts says where) opened as a place lookup.
 */
import { placeLookup } from '../core/place-lookup.js';
import type { PlaceLookup } from '../core/parse-address.js';
import { openLocalityStore } from '../store/sqlite-locality-store.js';
import { resolveReferenceDbPath } from './engine-location.js';

/**
 * The parser's gazetteer for `normalize`, when the locality database can be opened;
 * null otherwise (normalize works without reference data, only less well on inputs
 * that have no commas between street and city).
 */
export function openGazetteer(env: Readonly<Record<string, string | undefined>>): PlaceLookup | null {
  try {
    return placeLookup(openLocalityStore(resolveReferenceDbPath(env)));
  } catch {
    return null;
  }
}
