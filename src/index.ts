/**
 * The library API of addr: `import { normalize, validate } from 'addr'`.
 * Both are methods of one default engine (store/lazy-engine.ts), opened on first use from the
 * same data as the CLI's (store/data-location.ts: ADDR_REFERENCE_DB, ADDR_DATA_DIR and its
 * imported address points), so the library answers as `addr normalize`, `addr validate` and
 * `addr serve` do. normalize needs no reference data and never throws; validate throws
 * AddrError only when reference data is missing or broken.
 */
import { randomUUID } from 'node:crypto';
import { createEngine } from './core/engine.js';
import type { Engine } from './core/engine.js';
import { normalize as parseAddress } from './core/parse/normalize.js';
import type { NormalizeOptions } from './core/parse/normalize.js';
import type { LocalityStore } from './core/model/ports.js';
import type { AddressInput, ParsedAddress } from './core/model/types.js';
import type { ValidationResult } from './core/model/validation-result.js';
import { defaultLocalityDbPath, engineLocation } from './store/data-location.js';
import { lazyEngine } from './store/lazy-engine.js';
import { openLocalityStore } from './store/sqlite-locality-store.js';

export type { NormalizeOptions } from './core/parse/normalize.js';
export type { AddressComponents, AddressInput, CrossStreet, NormalizeResult, ParsedAddress, StructuredAddress } from './core/model/types.js';
export type { ValidationResult } from './core/model/validation-result.js';
export type { LocalityStore, PlaceRecord, ZipRecord } from './core/model/ports.js';
export { AddrError, ERRORS, isAddrError } from './core/model/errors.js';
export type { ErrorCode, ErrorKind } from './core/model/errors.js';
export { ENGINE_VERSION } from './core/model/version.js';
export { toNormalizeResult } from './core/views/normalize-result.js';
export { openLocalityStore, defaultLocalityDbPath, engineLocation };
// An engine of one's own: openEngine(engineLocation(dataDir, process.env)).engine.validate / .geocode, then close().
export { openEngine } from './store/open-engine.js';
export type { EngineLocation } from './store/data-location.js';
export type { OpenedEngine } from './store/open-engine.js';
export type { Engine, ValidateCallOptions } from './core/engine.js';
export type { GeocodeResult } from './core/validate/geocode.js';
export type { PointCandidate } from './core/model/validation-result.js';

/** Options of validate. */
export interface ValidateOptions {
  store?: LocalityStore; // reference data to validate against (default: the default engine's stores)
}

// Resolved and opened on first use, not at import, so that importing the library opens nothing.
const defaultEngine = lazyEngine(() => engineLocation(undefined, process.env));
const engines = new WeakMap<LocalityStore, Engine>();

/**
 * Parses and standardizes one address (a line or structured fields) with the default engine's
 * gazetteer; never throws. `options.places` parses with that gazetteer instead (null: none).
 */
export function normalize(input: AddressInput, options: NormalizeOptions = {}): ParsedAddress {
  return options.places !== undefined ? parseAddress(input, options) : defaultEngine.normalize(input);
}

/** An engine over a store given to validate, made once per store. */
function engineOver(store: LocalityStore): Engine {
  let engine = engines.get(store);
  if (engine === undefined) engines.set(store, (engine = createEngine({ locality: store })));
  return engine;
}

/** Validates one address (a line or structured fields); throws AddrError only when reference data is missing. */
export function validate(input: AddressInput, options: ValidateOptions = {}): ValidationResult {
  const engine = options.store === undefined ? defaultEngine.engine() : engineOver(options.store);
  return engine.validate(input, { requestId: randomUUID(), startedAt: performance.now(), now: () => performance.now() });
}
