import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/formats/format-count.js';

describe('formatCount', () => {
  it('groups the digits of integers by three, as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 1234, 99_999, 100_000, 1_000_000, 1_234_567, -1, -999, -1000, -1_234_567, 2 ** 53 - 1]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('gives other numbers as String does', () => {
    expect(formatCount(1.5)).toBe('1.5');
    expect(formatCount(1e21)).toBe('1e+21');
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});
