/**
 * An engine opened on first use: the library's default engine (src/index.ts) and the one of
 * `addr normalize`, so that neither opens a database before it needs one, and both answer
 * with the same engine as `addr validate` and `addr serve` (store/open-engine.ts).
 *
 * normalize needs no reference data: while the stores cannot be opened it answers with the
 * locality gazetteer alone, else with the parser alone (which splits street from city less
 * well when commas are missing), as it always has. validate needs the stores: it throws what
 * openEngine throws (ADDR_ERR_STORE_MISSING, ADDR_ERR_STORE_CORRUPT, ADDR_ERR_POINTS_DB), and
 * tries again on its next call.
 */
import type { Engine } from '../core/engine.js';
import { createNormalizer } from '../core/parse/normalize.js';
import type { AddressInput, ParsedAddress } from '../core/model/types.js';
import type { EngineLocation } from './data-location.js';
import { openEngine } from './open-engine.js';
import type { OpenedEngine } from './open-engine.js';

/** An engine opened when first used. */
export interface LazyEngine {
  /** The engine, opened on the first call; throws while its stores cannot be opened. */
  engine(): Engine;
  /** The engine's normalize, or a reduced one while the stores cannot be opened (see above). */
  normalize(input: AddressInput): ParsedAddress;
  /** Closes whatever was opened; a later call opens again. */
  close(): void;
}

/** An engine over the stores at `location`, resolved and opened on first use. */
export function lazyEngine(location: () => EngineLocation): LazyEngine {
  let opened: OpenedEngine | null = null;
  let reduced: { normalize: (input: AddressInput) => ParsedAddress; close(): void } | null = null;
  const engine = (): Engine => (opened ??= openEngine(location())).engine;
  const normalizer = (): ((input: AddressInput) => ParsedAddress) => {
    if (opened !== null) return opened.engine.normalize;
    if (reduced !== null) return reduced.normalize;
    const where = location();
    try {
      opened = openEngine(where);
      return opened.engine.normalize;
    } catch {
      // Points that cannot be opened do not stop normalize: the gazetteer is in the locality database.
      try {
        const gazetteer = openEngine({ referenceDbPath: where.referenceDbPath });
        reduced = { normalize: gazetteer.engine.normalize, close: gazetteer.close };
      } catch {
        reduced = { normalize: createNormalizer(null), close: () => undefined };
      }
      return reduced.normalize;
    }
  };
  return {
    engine,
    normalize: (input) => normalizer()(input),
    close: () => {
      opened?.close();
      reduced?.close();
      opened = reduced = null;
    },
  };
}
