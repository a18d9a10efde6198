// The library (src/index.ts) answers as the engine every other face opens: the same gazetteer,
// the same address points of the data directory (store/lazy-engine.ts, store/data-location.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/core/engine.js';
import { normalize, validate } from '../../src/index.js';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import { openEngine } from '../../src/store/open-engine.js';
import type { OpenedEngine } from '../../src/store/open-engine.js';
import { openLocalityStore } from '../../src/store/sqlite-locality-store.js';
import { importFixtures, tempDataDir } from '../store/points-fixtures.js';

const data = tempDataDir();
let engine: OpenedEngine;
const withoutCall = <T extends { id: string; latency_ms: number }>(r: T): Omit<T, 'id' | 'latency_ms'> => {
  const { id: _id, latency_ms: _ms, ...rest } = r;
  return rest;
};

beforeAll(async () => {
  await importFixtures(data.dir, ['sebastopol.oa.csv']);
  // The library reads its environment on first use, as the CLI does.
  process.env.ADDR_DATA_DIR = data.dir;
  delete process.env.ADDR_REFERENCE_DB;
  engine = openEngine({ referenceDbPath: defaultLocalityDbPath(), dataDir: data.dir });
});
afterAll(() => {
  engine.close();
  data.cleanup();
});

describe('the library', () => {
  it.each([
    // docs/parser.md: a city named by the gazetteer after a street without a suffix, after a
    // unit word that is not a unit, and an alias after a venue's name.
    ['7 N Wells Chicago', 'CHICAGO', 'CORRECTED'],
    ['12 Oak Ave Basement Ocala FL', 'OCALA', 'VALIDATED'],
    ['Whole Foods NYC', 'NYC', 'PARTIAL'],
  ])('normalizes and validates %s with the gazetteer, as the engine does', (input, city, status) => {
    expect(normalize(input)).toEqual(engine.engine.normalize(input));
    expect(normalize(input).components.city).toBe(city);
    const result = validate(input);
    expect(withoutCall(result)).toEqual(withoutCall(engine.engine.validate(input)));
    expect(result.status).toBe(status);
  });

  it('validates at the points of the data directory', () => {
    const result = validate('102 Bodega Ave, Sebastopol, CA 95472');
    expect(withoutCall(result)).toEqual(withoutCall(engine.engine.validate('102 Bodega Ave, Sebastopol, CA 95472')));
    expect(result.geocode?.quality).toBe('ROOFTOP');
    expect(typeof result.id).toBe('string');
  });

  it('normalizes structured fields and parses with a gazetteer given in the options', () => {
    const fields = { line1: '7 N Wells', city: 'Chicago', state: 'IL' };
    expect(normalize(fields)).toEqual(engine.engine.normalize(fields));
    expect(normalize('7 N Wells Chicago', { places: null }).components.city).toBeNull();
  });

  it('validates against a store given in the options with that store as gazetteer', () => {
    const store = openLocalityStore(defaultLocalityDbPath());
    try {
      expect(withoutCall(validate('7 N Wells Chicago', { store }))).toEqual(withoutCall(createEngine({ locality: store }).validate('7 N Wells Chicago')));
      expect(validate('7 N Wells Chicago', { store }).status).toBe('CORRECTED');
    } finally {
      store.close();
    }
  });
});
