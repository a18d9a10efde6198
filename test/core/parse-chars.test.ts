import { describe, expect, it } from 'vitest';
import { allDigits, allLetters, digitsThenLetter, hasDigit, isDigitsThenDirection, isGridCoordinate, isOneLetter, isTwoLetters, startsWithDigit } from '../../src/core/parse/chars.js';
import { isIdentifier } from '../../src/core/parse/vocabulary.js';

/** Every string of up to `max` characters over `alphabet`. */
function strings(alphabet: string, max: number): string[] {
  let level = [''];
  const out = [''];
  for (let n = 1; n <= max; n++) {
    level = level.flatMap((s) => [...alphabet].map((c) => s + c));
    out.push(...level);
  }
  return out;
}

describe('the parser\'s char tests', () => {
  it('answer as the regex each stands for, on every short string and on undefined', () => {
    const tests: [(s: string) => boolean, RegExp][] = [
      [hasDigit, /\d/], [allDigits, /^\d+$/], [startsWithDigit, /^\d/], [isOneLetter, /^[A-Z]$/], [isTwoLetters, /^[A-Z]{2}$/],
      [allLetters, /^[A-Z]+$/], [digitsThenLetter, /^\d+[A-Z]?$/], [isGridCoordinate, /^[NSEW]\d+$/], [isDigitsThenDirection, /^\d+[NSEW]$/],
    ];
    const all = strings('09AENZa-/ ', 4);
    for (const [test, re] of tests) {
      for (const s of all) expect(test(s), `${test.name}(${JSON.stringify(s)})`).toBe(re.test(s));
      if (test !== hasDigit) expect((test as (s: string | undefined) => boolean)(undefined)).toBe(false);
    }
    expect(all.length).toBeGreaterThan(10_000);
  });

  it('isIdentifier answers as the regexes it replaced', () => {
    const regexes = (t: string): boolean => /^[A-Z0-9]+(-[A-Z0-9]+)*$/.test(t) && (/\d/.test(t) || t.length <= 2 || /^[A-Z]-[A-Z]$/.test(t));
    for (const s of strings('09AZa- ', 5)) expect(isIdentifier(s), JSON.stringify(s)).toBe(regexes(s));
  });
});
