/**
 * Where the embedded locality database is, for the commands that read it.
 *
 * Environment: ADDR_REFERENCE_DB overrides the path of the locality database
 * (default: defaultLocalityDbPath()); it is read here, never in core.
 */
import { placeLookup } from '../core/place-lookup.js';
import type { PlaceLookup } from '../core/parse-address.js';
import { defaultLocalityDbPath } from '../store/reference-db-path.js';
import { openLocalityStore } from '../store/sqlite-locality-store.js';

/** The locality database path: ADDR_REFERENCE_DB when set, else the embedded default. */
export function resolveReferenceDbPath(env: Readonly<Record<string, string | undefined>>): string {
  const override = env.ADDR_REFERENCE_DB;
  return override !== undefined && override !== '' ? override : defaultLocalityDbPath();
}

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
