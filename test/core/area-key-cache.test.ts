// The two-level cache of the stores' lookups (src/core/util/area-key-cache.ts): an answer is read once
// per area and key, null and empty answers included; past its limit the oldest areas go, whole.
import { describe, expect, it } from 'vitest';
import { AreaKeyCache } from '../../src/core/util/area-key-cache.js';

describe('AreaKeyCache', () => {
  it('reads each area and key once and gives back what was read for it', () => {
    const cache = new AreaKeyCache<string | null>(100);
    const reads: string[] = [];
    const read = (area: string, key: string) => (): string | null => {
      reads.push(`${area}/${key}`);
      return key === 'none' ? null : `${area}:${key}`;
    };
    for (let round = 0; round < 3; round++) {
      for (const [area, key] of [['59645', 'MAIN'], ['59645', 'ELM'], ['59646', 'MAIN'], ['MT', 'MAIN'], ['59645', 'none']] as const) {
        expect(cache.get(area, key, read(area, key))).toBe(key === 'none' ? null : `${area}:${key}`);
      }
    }
    expect(reads).toEqual(['59645/MAIN', '59645/ELM', '59646/MAIN', 'MT/MAIN', '59645/none']);
    expect(cache.held).toBe(5);
  });

  it('forgets the areas first stored, whole, past its limit, and reads them again', () => {
    const cache = new AreaKeyCache<number>(4);
    let reads = 0;
    const get = (area: string, key: string): number => cache.get(area, key, () => ++reads);
    expect([get('A', '1'), get('A', '2'), get('B', '1'), get('C', '1')]).toEqual([1, 2, 3, 4]);
    expect(get('A', '1')).toBe(1);
    expect(get('D', '1')).toBe(5); // full: A (two answers) goes
    expect(cache.held).toBe(3);
    expect([get('B', '1'), get('C', '1'), get('D', '1')]).toEqual([3, 4, 5]);
    expect(get('A', '1')).toBe(6);
    expect(get('A', '2')).toBe(7);
    expect(cache.held).toBeLessThanOrEqual(4);
    expect(get('A', '1')).toBe(6);
  });

  it('counts what its answers weigh when told how, and forgets areas until under its limit', () => {
    const cache = new AreaKeyCache<number[]>(10, (list) => list.length + 1);
    let reads = 0;
    const get = (area: string, key: string, n: number): number[] => cache.get(area, key, () => {
      reads++;
      return Array.from({ length: n }, (_, i) => i);
    });
    get('A', '1', 3); // 4
    get('B', '1', 4); // 5: 9 in all
    expect(cache.held).toBe(9);
    get('C', '1', 0); // 1: 10 in all
    expect(cache.held).toBe(10);
    get('D', '1', 1); // full: A goes (4), then D's 2: 8
    expect(cache.held).toBe(8);
    expect(reads).toBe(4);
    get('B', '1', 4);
    get('C', '1', 0);
    expect(reads).toBe(4); // still held
    get('A', '1', 3); // read again
    expect(reads).toBe(5);
    expect(cache.held).toBeLessThanOrEqual(10 + 4);
  });
});
