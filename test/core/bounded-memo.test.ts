import { describe, expect, it } from 'vitest';
import { boundedMemo } from '../../src/core/util/bounded-memo.js';

describe('boundedMemo', () => {
  it('answers as the function does, for arguments asked again, in turn, and past the limit', () => {
    let calls = 0;
    const key = boundedMemo((s: string) => {
      calls++;
      return `${s.toUpperCase()}:${s.length}`;
    }, 3);
    const asked = ['a', 'a', 'bb', 'a', 'bb', 'ccc', 'dddd', 'a', 'a', 'x'.repeat(70), 'x'.repeat(70), 'bb'];
    for (const s of asked) expect(key(s)).toBe(`${s.toUpperCase()}:${s.length}`);
    expect(calls).toBeLessThan(asked.length);
    const n = boundedMemo((x: number) => x * 2, 2);
    for (const x of [1, 1, 2, 3, 1, 0, 0, -1]) expect(n(x)).toBe(x * 2);
  });
});
