// The fast paths of validation's string helpers (character loops, memos) against
// the plain regex definitions they replace: same result on random and hostile text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberText } from '../../src/core/spreadsheet/batch-row.js';
import { boundedMemo } from '../../src/core/util/bounded-memo.js';
import { cityKey } from '../../src/core/parse/city-key.js';
import abbreviationData from '../../src/core/data/city-abbreviations.json' with { type: 'json' };
import { displayAddress, displayAddressOf, mixedCase, mixedCasePieces } from '../../src/core/parse/display-address.js';
import { blankPlaceholders, createNormalizer, normalize } from '../../src/core/parse/normalize.js';
import emptyFieldValues from '../../src/core/data/empty-field-values.json' with { type: 'json' };
import { parseTokens } from '../../src/core/parse/parse.js';
import { placeLookup } from '../../src/core/locality/place-lookup.js';
import { tokenize } from '../../src/core/parse/tokenize.js';
import { deliveryLinePieces, formatDeliveryLine } from '../../src/core/parse/format-lines.js';
import { isZip4, isZip5 } from '../../src/core/locality/match-zip.js';
import { isMilitaryState, militaryStateOfZip } from '../../src/core/locality/military.js';
import { CHANGE_CODES, changeSentence } from '../../src/core/model/reason-codes.js';
import type { ChangeCode } from '../../src/core/model/reason-codes.js';
import { sameLetters } from '../../src/core/util/same-letters.js';
import type { AddressComponents, StructuredAddress } from '../../src/core/model/types.js';
import { fakeLocalityStore } from './validate-fake-store.js';

// ---- the reference definitions (the regex versions) ----------------------------------

// The word table is data (city-abbreviations.json); the definition below is the regex way of reading words.
const WORD_KEYS: Readonly<Record<string, string>> = { ...abbreviationData.folded, ...abbreviationData.any_word };

function cityKeyReference(name: string): string {
  let s = name;
  if (/[\u0080-\uffff]/.test(s)) s = s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  s = s.toUpperCase().replace(/[.'\u2018\u2019\u02bb`]/g, '').replace(/[^A-Z0-9]+/g, ' ').trim();
  if (s === '') return '';
  const words = s.split(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const next = words[i + 1];
    if (word === 'MC' && next !== undefined) {
      out.push(word + next);
      i++;
      continue;
    }
    out.push(WORD_KEYS[word] ?? word);
  }
  return out.join(' ');
}

const UPPER = new Set(['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW', 'PO', 'RR', 'HC', 'PSC', 'CMR', 'APO', 'FPO', 'DPO', 'US', 'PMB', '#']);

function wordReference(token: string): string {
  if (UPPER.has(token)) return token;
  const ordinal = /^(\d+)(ST|ND|RD|TH)$/.exec(token);
  if (ordinal) return `${ordinal[1]}${(ordinal[2] as string).toLowerCase()}`;
  if (/\d/.test(token)) return token;
  return token.toLowerCase().replace(/(^|[-'/])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

function mixedCaseReference(text: string): string {
  return text.split(' ').filter((t) => t !== '').map(wordReference).join(' ');
}

const lettersReference = (text: string, withHash: boolean): string => text.toUpperCase().replace(withHash ? /[^A-Z0-9#]/g : /[^A-Z0-9]/g, '');

// ---- generators -----------------------------------------------------------------------

// Characters the fast paths treat specially, plus some that send them to the slow path.
const CHARS = [
  'A', 'B', 'C', 'E', 'H', 'M', 'N', 'O', 'P', 'R', 'S', 'T', 'W', 'a', 'c', 'm', 's', 't', 'z',
  '0', '1', '2', '3', '9', ' ', ' ', ' ', '-', "'", '/', '.', ',', '`', '#', '&', '\t',
  '\u2019', '\u02bb', 'ñ', 'Ñ', 'é', 'ß', 'İ', 'ı', '\u0301', '\u00a0', '\u3000', '😀',
];
const WORDS = ['SAINT', 'STE', 'MC', 'MOUNT', 'FORT', 'N', 'NW', 'PO', 'BOX', '1ST', '22ND', '3RD', '11TH', '4B', "O'NEIL", 'WINSTON-SALEM', '1/2', 'APT', '#', 'Mc', 'st.'];
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 40 }),
  fc.array(fc.constantFrom(...WORDS, ...CHARS), { maxLength: 8 }).map((ws) => ws.join(' ')),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const RUNS = { numRuns: 5000 };

// ---- properties -----------------------------------------------------------------------

describe('fast paths agree with the regex definitions', () => {
  it('cityKey', () => {
    fc.assert(fc.property(text, (s) => { expect(cityKey(s)).toBe(cityKeyReference(s)); }), RUNS);
  });

  it('mixedCase', () => {
    fc.assert(fc.property(text, (s) => { expect(mixedCase(s)).toBe(mixedCaseReference(s)); }), RUNS);
  });

  it('mixedCasePieces is mixedCase of the pieces joined by spaces', () => {
    fc.assert(fc.property(fc.array(fc.option(text), { maxLength: 6 }), (pieces) => {
      expect(mixedCasePieces(pieces)).toBe(mixedCaseReference(pieces.filter((p) => p !== null && p !== '').join(' ')));
    }), RUNS);
  });

  it('displayAddressOf with a mixed-case street is displayAddress', () => {
    fc.assert(fc.property(fc.option(text), fc.option(text), fc.option(text), fc.option(text), fc.option(text), (line1, city, state, zip5, zip4) => {
      const street = line1 !== null && line1 !== '' ? mixedCase(line1) : '';
      expect(displayAddressOf(street, city, state, zip5, zip4)).toBe(displayAddress({ line1, line2: null, city, state, zip5, zip4 }));
    }), RUNS);
  });

  it('sameLetters', () => {
    fc.assert(fc.property(text, text, fc.boolean(), (a, b, withHash) => {
      expect(sameLetters(a, b, withHash)).toBe(lettersReference(a, withHash) === lettersReference(b, withHash));
      expect(sameLetters(a, a.toLowerCase(), withHash)).toBe(lettersReference(a, withHash) === lettersReference(a.toLowerCase(), withHash));
    }), RUNS);
  });

  it('changeSentence fills the sentence as replace() does', () => {
    const codes = Object.keys(CHANGE_CODES) as ChangeCode[];
    const value = fc.option(fc.oneof(text, fc.constantFrom('$&', "$'", '$`', '$$', '$1', '{to}', '{from}', '{', 'A{to}B', '$')));
    fc.assert(fc.property(fc.constantFrom(...codes), value, value, (code, from, to) => {
      expect(changeSentence(code, from, to)).toBe(CHANGE_CODES[code].sentence.replace('{from}', from ?? '').replace('{to}', to ?? ''));
    }), RUNS);
  });

  it('ZIP format checks and military ranges', () => {
    const zipLike = fc.oneof(fc.stringMatching(/^\d{3,6}$/), fc.string({ unit: fc.constantFrom('0', '3', '4', '9', 'a', ' ', '-', '٣'), maxLength: 6 }));
    fc.assert(fc.property(zipLike, (z) => {
      expect(isZip5(z)).toBe(/^\d{5}$/.test(z));
      expect(isZip4(z)).toBe(/^\d{4}$/.test(z));
      const prefix = Number(z.slice(0, 3));
      const expected = !/^\d{5}$/.test(z) ? null : prefix === 340 ? 'AA' : prefix >= 90 && prefix <= 98 ? 'AE' : prefix >= 962 && prefix <= 966 ? 'AP' : null;
      expect(militaryStateOfZip(z)).toBe(expected);
    }), RUNS);
    const stateLike = fc.oneof(fc.constantFrom('AA', 'AE', 'AP', 'AF', 'CA', 'A', 'AEX', 'ae', ''), fc.string({ maxLength: 3 }));
    fc.assert(fc.property(fc.option(stateLike), (s) => {
      expect(isMilitaryState(s)).toBe(s !== null && ['AA', 'AE', 'AP'].includes(s));
    }), RUNS);
  });

  it('deliveryLinePieces have the words of formatDeliveryLine', () => {
    const part = fc.option(fc.oneof(fc.constantFrom('123', 'N', 'MAIN', 'ST', 'APT', '4B', ' ', '', 'OLD  FARM', ' X '), text), { freq: 2 });
    const cross = fc.option(fc.record({ predir: part, street: part, suffix: part, postdir: part }));
    const components = fc.record({
      number: part, number_fraction: part, predir: part, street: part, suffix: part, postdir: part, unit_type: part, unit_number: part,
      po_box: fc.option(part, { freq: 4 }), rural_route: fc.option(part, { freq: 4 }), box: part, box_group_type: part,
      urbanization: part, city: part, state: part, zip5: part, zip4: part, cross_street: cross,
    });
    const words = (s: string): string[] => s.split(' ').filter((w) => w !== '');
    fc.assert(fc.property(components, (c) => {
      const line = formatDeliveryLine(c as AddressComponents);
      expect(deliveryLinePieces(c as AddressComponents).flatMap((p) => (p === null ? [] : words(p)))).toEqual(words(line));
    }), RUNS);
  });
});

describe('boundedMemo', () => {
  it('returns what the function returns, and keeps at most `limit` entries', () => {
    let calls = 0;
    const memo = boundedMemo((s: string) => { calls++; return s.toUpperCase(); }, 2);
    expect(memo('a')).toBe('A');
    expect(memo('a')).toBe('A');
    expect(calls).toBe(1);
    memo('b');
    memo('c'); // forgets 'a', the oldest
    expect(memo('a')).toBe('A');
    expect(calls).toBe(4);
    const long = 'x'.repeat(100); // too long to keep
    memo(long);
    memo(long);
    expect(calls).toBe(6);
  });

  it('answers as the function does, for arguments asked again, in turn, and past the limit', () => {
    let calls = 0;
    const key = boundedMemo((s: string) => {
      calls++;
      return `${s.toUpperCase()}:${s.length}`;
    }, 3);
    const asked = ['a', 'a', 'bb', 'a', 'bb', 'ccc', 'dddd', 'a', 'a', 'x'.repeat(70), 'x'.repeat(70), 'bb'];
    for (const s of asked) expect(key(s)).toBe(`${s.toUpperCase()}:${s.length}`);
    expect(calls).toBe(8);
    const twice = boundedMemo((x: number) => x * 2, 2);
    for (const x of [1, 1, 2, 3, 1, 0, 0, -1]) expect(twice(x)).toBe(x * 2);
  });
});

describe('createNormalizer', () => {
  it('reads structured fields as normalize does, whatever it remembers from the rows before', () => {
    const places = placeLookup(fakeLocalityStore());
    const remembered = createNormalizer(places);
    // A few values per field, so that rows repeat a city, state and ZIP with another street, and
    // the same words come back in another field.
    const field = fc.constantFrom('', ' ', 'Boston', 'boston ', 'MA', 'Massachusetts', 'ma', '02108', '2108', '021081234', '02108-1234', 'ABCDE', 'Apt 4', '10 Main St', 'PO Box 12', 'CA', 'West Hollywood', '90069');
    const row = fc.record<StructuredAddress>({ line1: field, line2: field, city: field, state: field, zip: field });
    fc.assert(fc.property(fc.array(row, { minLength: 1, maxLength: 20 }), (rows) => {
      for (const r of rows) expect(remembered(r)).toEqual(normalize(r, { places }));
    }), { numRuns: 300 });
  });
});

describe('the simple street line read at once (Parse.simpleStreet)', () => {
  // Words the full reading gives roles to (types, directionals, units, highways, states, number
  // words, joining words) mixed with plain names, in the simple shape and around it.
  const words = ['SPRING', 'VALLEY', 'Oak', 'jefferson', '5th', '21ST', 'MARTIN', 'LUTHER', 'KING', 'JR', 'SAINT', 'ST', 'St.', 'MT', 'FT',
    'PARK', 'Lake', 'VIEW', 'CENTER', 'COUNTY', 'LINE', 'STATE', 'ROUTE', 'HIGHWAY', 'Hwy', 'US', 'I', 'FM', 'CR', 'ONE', 'FIRST', 'SECOND',
    'GEORGIA', 'OHIO', 'NEW', 'YORK', 'CT', 'PR', 'LA', 'DE', 'KEY', 'LOT', 'UNIT', 'SUITE', 'STE', 'APT', 'FLOOR', 'BOX', 'PO', 'RR',
    'AND', 'AT', 'C', 'O', 'ATTN', 'USA', 'CALLE', 'URB', 'PSC', 'A', 'B', 'M', '12', '4B', '60E'];
  const types = ['ST', 'Street', 'AVE', 'Av', 'RD', 'Road', 'DR', 'Ln', 'BLVD', 'Boulevard', 'WAY', 'CT', 'Court', 'PL', 'CIR', 'TRL', 'PKWY', 'HWY', 'LOOP', 'MALL', 'SQ', 'PLZ', 'TER', 'ALY', 'XING'];
  const dirs = ['N', 'S.', 'E', 'W', 'NE', 'NW', 'S.E.', 'SW', 'NORTH', 'South', 'east', 'WEST', 'NORTHWEST'];
  // Rarer types that may be name words (Meadow Gate Way, Mill Station Rd), highway words that
  // take a number (Loop 169), and units after the street, with or without a comma.
  const typeWords = ['MEADOW', 'Mill', 'STATION', 'FOREST', 'HILLS', 'VALLEY', 'GATE', 'CREEK', 'SPUR', 'LOOP', 'ROUTE', 'TRLRS', 'NECK', 'HT', 'CP', 'CLUB',
    'BROOKLYN', 'MANHATTAN', 'KY']; // places of CT and MT in the test gazetteer, before a type that is a state code
  const units = ['APT', 'Apartment', 'STE', 'Suite', 'UNIT', '#', 'FL', 'Fl', 'RM', 'PMB', 'REAR', 'LOT', 'BLDG', 'KEY', 'SPC'];
  const ids = ['5', '12', '134', '4B', 'A', 'REAR', '2-C', '1/2', '60E', '02108'];
  const unit = fc.tuple(fc.boolean(), fc.constantFrom(...units), fc.constantFrom(...ids)).map(([comma, d, id]) => `${comma ? ',' : ''} ${d} ${id}`);
  const line = fc.tuple(
    fc.integer({ min: 0, max: 99999 }),
    fc.option(fc.constantFrom(...dirs)),
    fc.array(fc.constantFrom(...words, ...typeWords), { minLength: 1, maxLength: 4 }),
    // Types that are also state codes, often (the line ends in a state after a place of it).
    fc.oneof(fc.constantFrom(...types, ...words, ...typeWords), fc.constantFrom('CT', 'Ct', 'MT', 'KY', 'PR')),
    fc.option(fc.constantFrom(...dirs)),
    fc.option(unit, { freq: 3 }),
  ).map(([n, pre, name, type, post, u]) => [String(n), pre, ...name, type, post].filter((w) => w !== null).join(' ') + (u ?? ''));

  it('gives what the full reading gives, with and without the gazetteer', () => {
    const places = placeLookup(fakeLocalityStore());
    fc.assert(fc.property(line, fc.boolean(), (text, lower) => {
      const s = lower ? text.toLowerCase() : text;
      const tokens = tokenize(s);
      for (const gazetteer of [places, null]) {
        expect(parseTokens(tokens, s, gazetteer, false, true)).toEqual(parseTokens(tokens, s, gazetteer, false, false));
      }
    }), { numRuns: 3000 });
  });

  it('gives what the full reading gives when the type is also a state code (CT, MT) after place names', () => {
    const places = placeLookup(fakeLocalityStore());
    const stateLine = fc.tuple(
      fc.integer({ min: 1, max: 9999 }),
      fc.option(fc.constantFrom('N', 'SW', 'EAST')),
      fc.array(fc.constantFrom('ELM', 'SPRING', 'Brooklyn', 'MANHATTAN', 'WEST', 'NEW', 'SEBASTOPOL'), { minLength: 1, maxLength: 3 }),
      fc.constantFrom('CT', 'Ct', 'MT', 'KY'),
      fc.option(fc.constantFrom('N', 'NE', 'SW')),
    ).map(([n, pre, name, type, post]) => [String(n), pre, ...name, type, post].filter((w) => w !== null).join(' '));
    fc.assert(fc.property(stateLine, (s) => {
      const tokens = tokenize(s);
      for (const gazetteer of [places, null]) {
        expect(parseTokens(tokens, s, gazetteer, false, true)).toEqual(parseTokens(tokens, s, gazetteer, false, false));
      }
    }), { numRuns: 1000 });
  });

  it('reads the common shapes, keeping the raw forms as written', () => {
    const r = normalize('6416 ne Jefferson Boulevard S.E.');
    expect(r.components).toMatchObject({ number: '6416', predir: 'NE', street: 'JEFFERSON', suffix: 'BLVD', postdir: 'SE' });
    expect(r.raw).toEqual({ number: '6416', suffix: 'BOULEVARD', predir: 'NE', postdir: 'S.E', street: 'JEFFERSON' });
    const u = normalize('8277 Spring Valley St, apartment 4b');
    expect(u.components).toMatchObject({ number: '8277', street: 'SPRING VALLEY', suffix: 'ST', unit_type: 'APT', unit_number: '4B' });
    expect(u.raw).toEqual({ number: '8277', suffix: 'ST', street: 'SPRING VALLEY', unit_type: 'APARTMENT 4B' });
  });
});

describe('numberText (batch result cells)', () => {
  it('writes a number as String does, remembered or not', () => {
    for (const n of [0, -0, 1, 0.96, 32.5478, -98.3632, 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, -122.8433]) {
      expect(numberText(n)).toBe(String(n));
      expect(numberText(n)).toBe(String(n));
    }
    fc.assert(fc.property(fc.double(), (n) => numberText(n) === String(n) && numberText(n) === String(n)), { numRuns: 2000 });
  });

  it('keeps the right text when numbers share a slot of its table', () => {
    // Far more numbers than slots, interleaved with ones asked again: every answer is String(n).
    const seen: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      const n = 38 + i / 1e7;
      expect(numberText(n)).toBe(String(n));
      seen.push(n);
      const again = seen[(i * 7919) % seen.length] as number;
      expect(numberText(again)).toBe(String(again));
    }
  });
});

describe('blankPlaceholders (the character loop of ASCII lines)', () => {
  // The definition: sections between , ; \r \n that are placeholders, then words with / # ! ? that are.
  const values: ReadonlySet<string> = new Set(emptyFieldValues.values);
  const blankIfEmpty = (text: string): string => {
    const t = text.trim();
    return t !== '' && values.has(t.toUpperCase()) ? ' '.repeat(text.length) : text;
  };
  const reference = (line: string): string => {
    let out = line.replace(/[^,;\r\n]+/g, blankIfEmpty);
    if (/[/#!?]/.test(out)) out = out.replace(/[^\s,;]+/g, (w) => (/[/#!?]/.test(w) ? blankIfEmpty(w) : w));
    return out;
  };
  it('blanks what the regex definition blanks', () => {
    const piece = fc.constantFrom(...emptyFieldValues.values, 'n/a', 'Na', ' ', '  ', '\t', ',', ';', '\r\n', '\n', '#', '# 4', 'Apt #4', '?', '!', '/',
      '123 Main St', 'Boston', 'NY 10001', 'None', 'Tba', 'x', '\u00a0', 'É', '\v', '\f');
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
      const line = parts.join('');
      expect(blankPlaceholders(line)).toBe(reference(line));
    }), { numRuns: 5000 });
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (line) => {
      expect(blankPlaceholders(line)).toBe(reference(line));
    }), { numRuns: 2000 });
  });
});
