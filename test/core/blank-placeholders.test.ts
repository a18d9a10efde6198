// blankPlaceholders scans a line once before replacing anything; it must blank exactly what
// the two replaces alone (the reference below) blank.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankPlaceholders } from '../../src/core/parse/normalize.js';
import emptyFieldValues from '../../src/core/data/empty-field-values.json' with { type: 'json' };

const EMPTY = new Set(emptyFieldValues.values);
const clean = (v: string): string => { const t = v.trim(); return EMPTY.has(t.toUpperCase()) ? '' : t; };
const blankIfEmpty = (text: string): string => (text.trim() !== '' && clean(text) === '' ? ' '.repeat(text.length) : text);
function reference(line: string): string {
  let out = line.replace(/[^,;\r\n]+/g, blankIfEmpty);
  if (/[/#!?]/.test(out)) out = out.replace(/[^\s,;]+/g, (w) => (/[/#!?]/.test(w) ? blankIfEmpty(w) : w));
  return out;
}

const PIECES = [...emptyFieldValues.values, 'n/a', 'Null', '123', 'Main St', 'Apt #4', '#', 'N', 'x/y', '?', ',', ';', ' ', '  ', '\n', '\r', '\t', '\u00a0', '\u3000', 'é', '#N/A!'];

describe('blankPlaceholders', () => {
  it.each([
    ['123 Main St, N/A, NY 10001', '123 Main St,    , NY 10001'],
    ['123 Main St N/A NY', '123 Main St     NY'],
    ['123 Main St Apt #4, Springfield', '123 Main St Apt #4, Springfield'],
    ['\u00a0NULL\u00a0, X', '      , X'],
  ])('%j', (line, blanked) => {
    expect(blankPlaceholders(line)).toBe(blanked);
    expect(reference(line)).toBe(blanked);
  });

  it('blanks what the replaces alone blank', () => {
    fc.assert(fc.property(fc.oneof(
      fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((ps) => ps.join('')),
      fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((ps) => ps.join(' ')),
      fc.string({ maxLength: 30 }),
    ), (line) => blankPlaceholders(line) === reference(line)), { numRuns: 3000 });
  });
});
