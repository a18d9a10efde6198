/**
 * The library API of addr: `import { normalize, validate } from 'addr'`.
 * `normalize` is pure; `validate` opens the embedded locality database once,
 * lazily, unless a store is passed in.
 */
import { randomUUID } from 'node:crypto';
import { normalize } from './core/normalize.js';
import type { LocalityStore } from './core/ports.js';
import type { AddressInput } from './core/types.js';
import { validateAddress } from './core/validate.js';
import type { ValidationResult } from './core/validation-result.js';
import { defaultLocalityDbPath } from './store/reference-db-path.js';
import { openLocalityStore } from './store/sqlite-locality-store.js';

export { normalize };
export type { NormalizeOptions } from './core/normalize.js';
export type { AddressComponents, AddressInput, CrossStreet, NormalizeResult, ParsedAddress, StructuredAddress } from './core/types.js';
export type { ValidationResult } from './core/validation-result.js';
export type { LocalityStore, PlaceRecord, ZipRecord } from './core/ports.js';
export { AddrError, ERRORS, isAddrError } from './core/errors.js';
export type { ErrorCode, ErrorKind } from './core/errors.js';
export { ENGINE_VERSION } from './core/version.js';
export { openLocalityStore, defaultLocalityDbPath };
// The engine with imported address points: openEngine({ referenceDbPath: defaultLocalityDbPath(), dataDir }).engine.validate / .geocode.
export { openEngine } from './store/open-engine.js';
export type { EngineLocation, OpenedEngine } from './store/open-engine.js';
export type { Engine, ValidateCallOptions } from './core/engine.js';
export type { GeocodeResult } from './core/geocode.js';
export type { PointCandidate } from './core/validation-result.js';

/** Options of validate. */
export interface ValidateOptions {
  store?: LocalityStore; // reference data to validate against (default: the embedded locality database)
}

let defaultStore: LocalityStore | null = null;

/** Validates one address (a line or structured fields); throws AddrError only when reference data is missing. */
export function validate(input: AddressInput, options: ValidateOptions = {}): ValidationResult {
  // Opened on first use, not at import, so normalize-only users never touch the database.
  const store = options.store ?? (defaultStore ??= openLocalityStore(defaultLocalityDbPath()));
  const startedAt = performance.now();
  return validateAddress(normalize(input), store, { requestId: randomUUID(), startedAt, now: () => performance.now() });
}
