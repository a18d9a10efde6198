// The ZIP sets of the point and range stores (src/store/zip-set.ts): the answers of a Set of the
// same strings, five-digit ones looked up by number, any other string as itself.
import { describe, expect, it } from 'vitest';
import { zipNumber as zipSlot } from '../../src/core/util/zip-number.js';
import { ZipSet } from '../../src/store/zip-set.js';

describe('ZipSet', () => {
  it('answers as a Set of the same strings, for ZIPs and for strings that are not', () => {
    const held = ['00501', '02108', '59645', '99950', '00000', '1234', '123456', 'ABCDE', '0210A', '', ' 2108', '٠٢١٠٨'];
    const asked = [...held, '00502', '02109', '2108', '02108 ', '99999', '00001', '12345', '1234 ', 'abcde', '02 08', '0x108', '+2108', '-2108', '1e308'];
    const set = new Set(held);
    const zips = new ZipSet(held);
    for (const z of asked) expect(zips.has(z)).toBe(set.has(z));
    const empty = new ZipSet();
    for (const z of asked) expect(empty.has(z)).toBe(false);
    empty.add('59645');
    expect(asked.filter((z) => empty.has(z))).toEqual(['59645']);
  });

  it('numbers five digits only', () => {
    expect([zipSlot('00501'), zipSlot('99999'), zipSlot('02108')]).toEqual([501, 99_999, 2108]);
    for (const z of ['2108', '021080', '0210A', ' 2108', '02.08', '']) expect(zipSlot(z)).toBe(-1);
  });
});
