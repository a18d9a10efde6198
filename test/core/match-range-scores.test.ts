// How the range layer ranks sides of a street found in several ZIPs (src/core/ranges/match-range.ts,
// hitsOf): the ZIP given first, then a ZIP of the city named; the city first when the city and the
// ZIP given contradict each other (CITY_ZIP_MISMATCH). The stores of range-fakes.ts: ALPHA (59001,
// 59004) and GAMMA (59003); MAIN ST here has one edge in each of the three ZIPs, each holding 105.
import { describe, expect, it } from 'vitest';
import { Findings } from '../../src/core/model/findings.js';
import type { Locality } from '../../src/core/locality/locality.js';
import { matchRange } from '../../src/core/ranges/match-range.js';
import type { RangeEdge, RangeStreet } from '../../src/core/ranges/range-store.js';
import { ALPHA, fakeRangeStore, given, locality } from './range-fakes.js';

const ZIPS = ['59001', '59003', '59004'];
const main = (id: number, zip5: string): RangeStreet => ({ id, predir: null, street: 'MAIN', suffix: 'ST', postdir: null, state: 'MT', zip5 });
const edge = (id: number, zip5: string): RangeEdge => ({ id, tlid: id, left: { from: 101, to: 199, parity: 'O', zip5 }, right: { from: 100, to: 198, parity: 'E', zip5 }, coords: new Float64Array([-111, 46 + id / 100, -111.001, 46 + id / 100]) });

/** The ZIP the range layer answers with for 105 Main St written with `zip5`, the city decided being ALPHA. */
function answer(inZips: readonly string[], zip5: string, mismatch: boolean): string | null | undefined {
  const streets = inZips.map((z, i) => main(i + 1, z));
  const edges = new Map(inZips.map((z, i) => [i + 1, edge(i + 1, z)] as const));
  const f = new Findings();
  if (mismatch) f.reason('CITY_ZIP_MISMATCH');
  const loc: Locality = { ...ALPHA, zip5 };
  const m = matchRange({ ...given('105', 'MAIN'), zip5 }, loc, null, fakeRangeStore(streets, edges, ZIPS), locality, f);
  expect(m?.level).toBe('range');
  return m?.locality.zip5;
}

describe('the range layer, sides of a street in several ZIPs', () => {
  it('takes the side in the ZIP given over one in another ZIP of the city', () => {
    expect(answer(['59004', '59001'], '59001', false)).toBe('59001');
    expect(answer(['59001', '59004'], '59001', false)).toBe('59001');
  });

  it('still takes the ZIP given when it is a ZIP of the city, though the city came first', () => {
    expect(answer(['59004', '59001'], '59001', true)).toBe('59001');
  });

  it('takes the city named over a ZIP of another city when the two contradict each other', () => {
    // 59003 is GAMMA's: the side in ALPHA's 59004 is the address meant.
    expect(answer(['59003', '59004'], '59003', true)).toBe('59004');
    expect(answer(['59004', '59003'], '59003', true)).toBe('59004');
  });

  it('takes the ZIP given over the city when they do not contradict each other', () => {
    expect(answer(['59004', '59003'], '59003', false)).toBe('59003');
  });
});
