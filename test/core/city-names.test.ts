// The street keys a misspelling is looked for among (src/core/ranges/city-names.ts): each key of
// the ZIP searched first and of the city's covered ZIPs once, in the order first met, with the
// ZIPs holding it; made once per store, city and ZIP.
import { describe, expect, it } from 'vitest';
import { searchedNames } from '../../src/core/ranges/city-names.js';
import type { RangeStore } from '../../src/core/ranges/range-store.js';

const KEYS: Record<string, string[]> = { 59001: ['MAIN', 'OAK'], 59002: ['ELM', 'MAIN'], 59003: ['PINE'], 59009: ['ASH'] };

/** A range store of the keys above (59009 not covered); `asked` counts the ZIPs whose keys were read. */
function store(asked: string[]): RangeStore {
  return {
    coversZip: (z: string) => z in KEYS && z !== '59009',
    streetKeysInZip: (z: string) => {
      asked.push(z);
      return [...(KEYS[z] ?? [])];
    },
  } as unknown as RangeStore;
}

describe('searchedNames', () => {
  it('lists each key once, the ZIP searched first, with the covered ZIPs holding it, and remembers the answer', () => {
    const asked: string[] = [];
    const ranges = store(asked);
    const city = new Set(['59001', '59002', '59009']);
    const first = searchedNames('59002', city, ranges);
    expect(first.names).toEqual(['ELM', 'MAIN', 'OAK']);
    expect([...first.zipsOf]).toEqual([['ELM', ['59002']], ['MAIN', ['59002', '59001']], ['OAK', ['59001']]]);
    expect(asked).toEqual(['59002', '59001']);
    expect(searchedNames('59002', city, ranges)).toBe(first);
    expect(asked).toHaveLength(2);
    // Another ZIP first, another store: made anew.
    expect(searchedNames(null, city, ranges).names).toEqual(['MAIN', 'OAK', 'ELM']);
    expect(searchedNames('59003', city, store([])).names).toEqual(['PINE', 'MAIN', 'OAK', 'ELM']);
  });
});
