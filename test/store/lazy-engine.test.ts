// The lazily opened engine of the library and `addr normalize`: normalize answers whatever the
// data, validate reports the data's problem.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultLocalityDbPath } from '../../src/store/data-location.js';
import { lazyEngine } from '../../src/store/lazy-engine.js';
import { tempDataDir } from './points-fixtures.js';

const data = tempDataDir();
afterAll(() => data.cleanup());

describe('lazyEngine', () => {
  it('opens nothing until used, then answers with the gazetteer', () => {
    let resolved = 0;
    const lazy = lazyEngine(() => (resolved++, { referenceDbPath: defaultLocalityDbPath() }));
    expect(resolved).toBe(0);
    expect(lazy.normalize('7 N Wells Chicago').components.city).toBe('CHICAGO');
    expect(lazy.engine().validate('7 N Wells Chicago').status).toBe('CORRECTED');
    expect(resolved).toBe(1);
    lazy.close();
  });

  it('normalizes without a gazetteer when the reference database is missing; validate names it', () => {
    const missing = join(data.dir, 'no-such.sqlite');
    const lazy = lazyEngine(() => ({ referenceDbPath: missing }));
    const parsed = lazy.normalize('7 N Wells Chicago');
    expect(parsed.components).toMatchObject({ number: '7', predir: 'N' });
    expect(parsed.components.city).toBeNull();
    expect(() => lazy.engine()).toThrow(expect.objectContaining({ code: 'ADDR_ERR_STORE_MISSING' }));
    expect(() => lazy.engine()).toThrow(missing); // tried again, not remembered
    lazy.close();
  });

  it('keeps the gazetteer for normalize when the address points cannot be opened', () => {
    writeFileSync(join(data.dir, 'points.sqlite'), 'not a database');
    const lazy = lazyEngine(() => ({ referenceDbPath: defaultLocalityDbPath(), dataDir: data.dir }));
    expect(lazy.normalize('7 N Wells Chicago').components.city).toBe('CHICAGO');
    expect(() => lazy.engine()).toThrow(expect.objectContaining({ code: 'ADDR_ERR_POINTS_DB' }));
    lazy.close();
  });
});
