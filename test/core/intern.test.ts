import { describe, expect, it } from 'vitest';
import { intern, internOrNull } from '../../src/core/util/intern.js';

describe('intern', () => {
  it('hands back the same text, for texts made apart, past the texts it keeps too', () => {
    const made = (s: string): string => [...s].join(''); // a new string object of the same text
    for (const text of ['N', 'ST', 'AVE', '02108', 'MA', '', 'Ñ', 'ST ']) {
      expect(intern(made(text))).toBe(text);
      expect(intern(made(text))).toBe(intern(text));
    }
    for (let i = 0; i < 210_000; i++) expect(intern(made(`k${i}`))).toBe(`k${i}`);
    expect(internOrNull(null)).toBeNull();
    expect(internOrNull(made('SW'))).toBe('SW');
  });
});
