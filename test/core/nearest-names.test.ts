import { describe, expect, it } from 'vitest';
import { nearestNames } from '../../src/core/util/nearest-names.js';
import { damerauLevenshtein } from '../../src/core/util/string-distance.js';

/** The nearest names by measuring every one: what nearestNames must answer. */
function measured(key: string, lists: readonly (readonly string[])[], max: number): string[] {
  const seen = [...new Set(lists.flat())];
  const d = seen.map((name) => damerauLevenshtein(key, name));
  const best = Math.min(...d);
  return best <= max ? seen.filter((_, i) => d[i] === best) : [];
}

describe('nearestNames', () => {
  it('answers as measuring every name would, for misspellings and far names alike', () => {
    let seed = 11;
    const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const alphabet = 'ABCDEILMNORST 0123456789';
    const word = (n: number): string => Array.from({ length: n }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
    const edit = (w: string): string => {
      const i = Math.floor(rnd() * w.length);
      const k = rnd();
      if (k < 0.25) return w.slice(0, i) + w.slice(i + 1);
      if (k < 0.5) return w.slice(0, i) + word(1) + w.slice(i);
      if (k < 0.75) return w.slice(0, i) + word(1) + w.slice(i + 1);
      return i + 1 < w.length ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w;
    };
    let found = 0;
    for (let round = 0; round < 400; round++) {
      const base = Array.from({ length: 30 }, () => word(3 + Math.floor(rnd() * 10)));
      const lists = [base.slice(0, 12), base.slice(8, 20), [...base.slice(18), base[0] as string]];
      const key = rnd() < 0.7 ? edit(rnd() < 0.5 ? edit(base[Math.floor(rnd() * base.length)] as string) : (base[Math.floor(rnd() * base.length)] as string)) : word(6);
      for (const max of [0, 1, 2]) {
        const want = measured(key, lists, max);
        expect(nearestNames(key, lists, max)).toEqual(want);
        expect(nearestNames(key, lists, max)).toEqual(want); // the lists' letters then come from memory
        found += want.length;
      }
    }
    expect(found).toBeGreaterThan(300);
  });

  it('lets no name through that lies beyond max, and keeps a name seen twice once', () => {
    expect(nearestNames('MAPLE', [['MAPEL', 'MAPLES'], ['MAPEL']], 1)).toEqual(['MAPEL', 'MAPLES']);
    expect(nearestNames('MAPLE', [['OAK', 'ELM']], 2)).toEqual([]);
    expect(nearestNames('MAPLE', [['MAPLE', 'MAPEL']], 1)).toEqual(['MAPLE']);
  });
});
