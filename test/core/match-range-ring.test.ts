// The streets of a name the range layer takes from other ZIPs than the one given
// (src/core/ranges/match-range.ts): a street in a town nearby only when it holds the number (a
// wrong ZIP), never to offer its nearest number; a street in the city's other ZIP, with the
// nearest number offered at that ZIP. In-memory stores: range-fakes.ts.
import { describe, expect, it } from 'vitest';
import { Findings } from '../../src/core/model/findings.js';
import { matchRange } from '../../src/core/ranges/match-range.js';
import { ALPHA, given, locality, ranges } from './range-fakes.js';

describe('the range layer, streets in other ZIPs', () => {
  it('takes a street of a town nearby when it holds the number: the ZIP given was the wrong one', () => {
    const f = new Findings();
    const m = matchRange(given('105', 'ELM'), ALPHA, null, ranges, locality, f);
    expect(m).toMatchObject({ level: 'range', locality: { zip5: '59003', city: 'GAMMA' } });
  });

  it('does not offer the nearest number of a street of another town that does not hold the number', () => {
    const f = new Findings();
    const m = matchRange(given('905', 'ELM'), ALPHA, null, ranges, locality, f);
    expect(m).toMatchObject({ level: 'locality', suggestion: null, locality: { zip5: '59001' } });
    expect(f.reasons).toEqual(['STREET_NOT_FOUND']);
    expect(f.changes).toEqual([]);
  });

  it('offers the nearest number of a street in the city\'s other ZIP, at that ZIP', () => {
    const f = new Findings();
    const m = matchRange(given('905', 'PINE'), ALPHA, null, ranges, locality, f);
    expect(m).toMatchObject({ level: 'street', deliverability: 'U', locality: { zip5: '59001' } });
    expect(f.reasons).toEqual(['HOUSE_NUMBER_OUT_OF_RANGE']);
    expect(m?.suggestion).toMatchObject({ number: '199', street: 'PINE', city: 'ALPHA', state: 'MT', zip5: '59004', zip4: null });
    // Without a ZIP given, the street's ZIP is the one meant: the result and its suggestion alike.
    const g = new Findings();
    const open = matchRange({ ...given('905', 'PINE'), zip5: null }, { ...ALPHA, zip5: null }, null, ranges, locality, g);
    expect(open?.locality.zip5).toBe('59004');
    expect(open?.suggestion).toMatchObject({ number: '199', zip5: '59004', city: 'ALPHA' });
  });
});
