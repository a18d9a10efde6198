// The small pure helpers of validation: string distance, ZIP typos, military
// ranges, city match keys, display case and the confidence score.
import { describe, expect, it } from 'vitest';
import { damerauLevenshtein } from '../../src/core/util/string-distance.js';
import { distanceKm } from '../../src/core/util/geo-distance.js';
import { isOneZipTypo, uniqueZipTypo } from '../../src/core/locality/match-zip.js';
import { isMilitaryCity, militaryStateOfZip } from '../../src/core/locality/military.js';
import { aliasName, matchKey, maxEdits } from '../../src/core/locality/match-city.js';
import { displayAddress, mixedCase } from '../../src/core/parse/display-address.js';
import { scoreConfidence } from '../../src/core/validate/score-confidence.js';
import type { ZipRecord } from '../../src/core/model/ports.js';

describe('damerauLevenshtein', () => {
  it.each([
    ['SEBASTOPOL', 'SEBASTOPOL', 0],
    ['SEBASTAPOL', 'SEBASTOPOL', 1], // substitution
    ['PHILADELPHA', 'PHILADELPHIA', 1], // deletion
    ['SEBASTOPLO', 'SEBASTOPOL', 1], // adjacent transposition counts once
    ['CINCINATTI', 'CINCINNATI', 2],
    ['', 'ABC', 3],
  ])('%s / %s = %i', (a, b, d) => {
    expect(damerauLevenshtein(a, b)).toBe(d);
    expect(damerauLevenshtein(b, a)).toBe(d);
  });

  it('stops at the bound', () => {
    expect(damerauLevenshtein('AAAAAAAA', 'BBBBBBBB', 2)).toBe(3);
  });

  it('gives the distance of the full table for strings of any length, one call after another (its rows are reused)', () => {
    // The optimal string alignment distance from a whole table, made anew per call.
    const reference = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          const row = d[i]!;
          row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
        }
      }
      return d[a.length]![b.length]!;
    };
    // The rows allocated per call (how the function was written before it reused them).
    const freshRows = (a: string, b: string, max: number): number => {
      if (a === b) return 0;
      if (Math.abs(a.length - b.length) > max) return max + 1;
      const n = b.length;
      let prev2 = new Array<number>(n + 1).fill(0);
      let prev = Array.from({ length: n + 1 }, (_, j) => j);
      let cur = new Array<number>(n + 1).fill(0);
      for (let i = 1; i <= a.length; i++) {
        cur[0] = i;
        let rowMin = i;
        for (let j = 1; j <= n; j++) {
          let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
          cur[j] = v;
          rowMin = Math.min(rowMin, v);
        }
        if (rowMin > max) return max + 1;
        [prev2, prev, cur] = [prev, cur, prev2];
      }
      return prev[n]!;
    };
    let seed = 7;
    const rnd = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const word = (): string => Array.from({ length: Math.floor(rnd() * (rnd() < 0.1 ? 150 : 12)) }, () => 'ABCDE'[Math.floor(rnd() * 5)]).join('');
    for (let k = 0; k < 3_000; k++) {
      const a = word();
      const b = k % 3 === 0 ? a.slice(0, -1) + 'E' : word();
      const d = reference(a, b);
      expect(damerauLevenshtein(a, b)).toBe(d);
      // Bounded: the distance within the bound; past it, more than the bound (max + 1 when a whole
      // row passed it, else the distance itself), the same value as rows made anew per call give.
      const max = Math.floor(rnd() * 4);
      const bounded = damerauLevenshtein(a, b, max);
      if (d <= max) expect(bounded).toBe(d);
      else expect(bounded === max + 1 || bounded === d).toBe(true);
      expect(bounded).toBe(freshRows(a, b, max));
    }
  });
});

describe('ZIP typos', () => {
  it.each([
    ['95472', '95427', true], // swapped
    ['95472', '95473', true], // one digit
    ['95472', '95472', false],
    ['95472', '94572', true],
    ['95472', '59472', true],
    ['95472', '95400', false],
    ['95472', '9547', false],
  ])('%s ~ %s: %s', (a, b, yes) => {
    expect(isOneZipTypo(a, b)).toBe(yes);
  });

  it('picks only a unique candidate', () => {
    expect(uniqueZipTypo('95427', ['95472', '95001'])).toBe('95472');
    expect(uniqueZipTypo('95470', ['95471', '95472'])).toBeNull();
    expect(uniqueZipTypo('95470', [])).toBeNull();
  });
});

describe('military', () => {
  it.each([
    ['34000', 'AA'], ['34099', 'AA'], ['09000', 'AE'], ['09899', 'AE'], ['96200', 'AP'], ['96699', 'AP'],
    ['08999', null], ['09900', null], ['34100', null], ['96199', null], ['96700', null], ['0949', null],
  ])('%s -> %s', (zip, state) => {
    expect(militaryStateOfZip(zip)).toBe(state);
  });

  it('knows APO/FPO/DPO however punctuated', () => {
    expect(isMilitaryCity('A.P.O.')).toBe(true);
    expect(isMilitaryCity('fpo')).toBe(true);
    expect(isMilitaryCity('APOPKA')).toBe(false);
    expect(isMilitaryCity(null)).toBe(false);
  });
});

describe('city keys and aliases', () => {
  it.each([
    ['N HOLLYWOOD', 'NORTH HOLLYWOOD'],
    ['Colorado Spgs', 'COLORADO SPRINGS'],
    ['St. Louis', 'ST LOUIS'],
    ['Saint Louis', 'ST LOUIS'],
    ['N', 'N'], // a lone letter is not expanded
  ])('matchKey(%s) = %s', (name, key) => {
    expect(matchKey(name)).toBe(key);
  });

  const zip = (zip5: string, county_fips: string | null): ZipRecord => ({ zip5, city: 'X', state: 'NY', county: null, county_fips, lat: null, lon: null, timezone: null });

  it('applies an alias only to its ZIPs or counties', () => {
    expect(aliasName('Queens', zip('11368', '36081'))).toBe('QUEENS');
    expect(aliasName('Queens', zip('11201', '36047'))).toBeNull();
    expect(aliasName('Ft Liberty', zip('28310', null))).toBe('FORT LIBERTY');
    expect(aliasName('Ft Liberty', zip('95437', null))).toBeNull();
  });

  it('allows fewer edits without a ZIP to confirm them', () => {
    expect(maxEdits(4, true)).toBe(1);
    expect(maxEdits(10, true)).toBe(2);
    expect(maxEdits(4, false)).toBe(0);
    expect(maxEdits(10, false)).toBe(2);
  });
});

describe('display', () => {
  it.each([
    ['1600 PENNSYLVANIA AVE NW', '1600 Pennsylvania Ave NW'],
    ['123 W 42ND ST APT 4B', '123 W 42nd St Apt 4B'],
    ['PO BOX 12', 'PO Box 12'],
    ['WINSTON-SALEM', 'Winston-Salem'],
    ["O'FALLON", "O'Fallon"],
    ['N6W23001 BLUEMOUND RD', 'N6W23001 Bluemound Rd'],
  ])('%s -> %s', (upper, mixed) => {
    expect(mixedCase(upper)).toBe(mixed);
  });

  it('joins the parts that exist', () => {
    expect(displayAddress({ line1: '1 MAIN ST', line2: null, city: 'SEBASTOPOL', state: 'CA', zip5: '95472', zip4: '1234' })).toBe('1 Main St, Sebastopol, CA 95472-1234');
    expect(displayAddress({ line1: null, line2: null, city: null, state: 'CA', zip5: null, zip4: null })).toBe('CA');
    expect(displayAddress({ line1: null, line2: null, city: null, state: null, zip5: null, zip4: null })).toBeNull();
  });
});

describe('distance and confidence', () => {
  it('measures great-circle kilometres', () => {
    expect(distanceKm(38.3941, -122.8433, 38.4363, -122.8694)).toBeCloseTo(5.2, 1);
  });

  it('scores from the table, capped by status', () => {
    expect(scoreConfidence({ status: 'VALIDATED', reasons: ['NO_STREET_COVERAGE'], changes: [], fuzzy: null })).toBe(0.96);
    expect(scoreConfidence({ status: 'PARTIAL', reasons: [], changes: [], fuzzy: null })).toBe(0.6);
    expect(scoreConfidence({ status: 'NOT_FOUND', reasons: ['NOT_AN_ADDRESS'], changes: [], fuzzy: null })).toBe(0);
    const fuzzy = (confirmedByZip: boolean) => scoreConfidence({ status: 'CORRECTED', reasons: ['CITY_FUZZY_MATCH'], changes: ['CITY_CORRECTED'], fuzzy: { distance: 1, length: 10, confirmedByZip } });
    expect(fuzzy(true)).toBe(0.96);
    expect(fuzzy(false)).toBe(0.92);
  });

  it('charges the interaction of unplaced words with a repaired locality', () => {
    const alone = scoreConfidence({ status: 'VALIDATED', reasons: ['UNPARSED_INPUT', 'NO_STREET_COVERAGE'], changes: [], fuzzy: null });
    const repaired = scoreConfidence({ status: 'CORRECTED', reasons: ['UNPARSED_INPUT', 'NO_STREET_COVERAGE'], changes: ['ZIP_ADDED'], fuzzy: null });
    expect(alone).toBe(0.9);
    expect(repaired).toBe(0.62);
    expect(scoreConfidence({ status: 'CORRECTED', reasons: ['NO_STREET_COVERAGE'], changes: ['ZIP_ADDED'], fuzzy: null })).toBe(0.93);
  });

  it('counts each code once, wherever it repeats', () => {
    const once = scoreConfidence({ status: 'CORRECTED', reasons: ['UNPARSED_INPUT', 'NO_STREET_COVERAGE'], changes: ['ZIP_ADDED', 'CITY_STANDARDIZED'], fuzzy: null });
    const repeated = scoreConfidence({ status: 'CORRECTED', reasons: ['UNPARSED_INPUT', 'NO_STREET_COVERAGE', 'UNPARSED_INPUT'], changes: ['ZIP_ADDED', 'CITY_STANDARDIZED', 'ZIP_ADDED', 'CITY_STANDARDIZED'], fuzzy: null });
    expect(repeated).toBe(once);
    expect(once).toBeLessThan(0.93);
  });
});
