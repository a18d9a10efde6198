// Property-based robustness of the engine (docs/parser.md: never throws, linear time): more than
// 10,000 random and mutated inputs — strings up to 10 KB, control characters, emoji,
// lone surrogates, only punctuation, only numbers, address words in random order, and
// mutations of real addresses — go through normalize (one line and structured) and
// validateAddress over an in-memory store. Nothing may throw, and every result keeps
// the documented shape (docs/parser.md, Components, and docs/validation.md). No timing is asserted here: speed is
// measured by `npm run bench`; a super-linear parser shows up as a slow suite.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cityKey } from '../../src/core/parse/city-key.js';
import { normalize } from '../../src/core/parse/normalize.js';
import { placeLookup } from '../../src/core/locality/place-lookup.js';
import type { LocalityStore, PlaceRecord, ZipRecord } from '../../src/core/model/ports.js';
import type { AddressComponents, AddressInput, ParsedAddress, StructuredAddress } from '../../src/core/model/types.js';
import { validateAddress } from '../../src/core/validate/validate.js';
import type { ValidationResult } from '../../src/core/model/validation-result.js';

// Every key of AddressComponents but the optional cross_street, which is checked apart.
const COMPONENT_KEYS = [
  'number', 'number_fraction', 'predir', 'street', 'suffix', 'postdir', 'unit_type', 'unit_number',
  'po_box', 'rural_route', 'box', 'box_group_type', 'urbanization', 'city', 'state', 'zip5', 'zip4',
] as const satisfies readonly Exclude<keyof AddressComponents, 'cross_street'>[];
const CROSS_STREET_KEYS = ['predir', 'street', 'suffix', 'postdir'] as const;
const STATUSES = new Set(['VALIDATED', 'CORRECTED', 'PARTIAL', 'NOT_FOUND']);

/** A handful of ZIPs, enough for every validation path: found, corrected, territory, military. */
const ZIPS: readonly ZipRecord[] = [
  { zip5: '95472', city: 'SEBASTOPOL', state: 'CA', county: 'Sonoma', county_fips: '06097', lat: 38.4, lon: -122.86, timezone: 'America/Los_Angeles' },
  { zip5: '20500', city: 'WASHINGTON', state: 'DC', county: 'District of Columbia', county_fips: '11001', lat: 38.9, lon: -77.04, timezone: 'America/New_York' },
  { zip5: '60606', city: 'CHICAGO', state: 'IL', county: 'Cook', county_fips: '17031', lat: 41.88, lon: -87.64, timezone: 'America/Chicago' },
  { zip5: '11201', city: 'BROOKLYN', state: 'NY', county: 'Kings', county_fips: '36047', lat: 40.69, lon: -73.99, timezone: 'America/New_York' },
  { zip5: '02108', city: 'BOSTON', state: 'MA', county: 'Suffolk', county_fips: '25025', lat: 42.36, lon: -71.07, timezone: 'America/New_York' },
  { zip5: '84101', city: 'SALT LAKE CITY', state: 'UT', county: 'Salt Lake', county_fips: '49035', lat: 40.76, lon: -111.9, timezone: 'America/Denver' },
  { zip5: '00926', city: 'SAN JUAN', state: 'PR', county: null, county_fips: null, lat: 18.36, lon: -66.06, timezone: 'America/Puerto_Rico' },
  { zip5: '09499', city: 'APO', state: 'AE', county: null, county_fips: null, lat: null, lon: null, timezone: null },
  { zip5: '96278', city: 'FPO', state: 'AP', county: null, county_fips: null, lat: null, lon: null, timezone: null },
];

/** An in-memory LocalityStore over ZIPS; places are aggregated the way the reference build does. */
function fakeStore(): LocalityStore {
  const byZip = new Map(ZIPS.map((z) => [z.zip5, z]));
  const places = new Map<string, PlaceRecord>();
  for (const z of ZIPS) {
    const id = `${cityKey(z.city)}\t${z.state}`;
    const seen = places.get(id);
    if (seen) seen.zips.push(z.zip5);
    else places.set(id, { city: z.city, key: cityKey(z.city), state: z.state, zips: [z.zip5], lat: z.lat, lon: z.lon });
  }
  const all = [...places.values()];
  return {
    zip: (zip5) => byZip.get(zip5) ?? null,
    placesByKey: (key, state) => all.filter((p) => p.key === key && (state === null || p.state === state)),
    placesInState: (state) => all.filter((p) => p.state === state),
    dataVersion: () => 'fake@1',
  };
}

const store = fakeStore();
const places = placeLookup(store);

// ---- the documented shapes ------------------------------------------------------
// Checks collect problems as plain strings and each input makes one assertion:
// cheaper than thousands of expect() calls, and a failure lists every problem at once.

type Problems = string[];

function stringOrNull(value: unknown, where: string, out: Problems): void {
  // "Absent components are null": a present value is a non-empty string.
  if (value === null) return;
  if (typeof value !== 'string') out.push(`${where}: ${typeof value}, not string or null`);
  else if (value.length === 0) out.push(`${where}: empty string instead of null`);
}

function stringArray(value: unknown, where: string, out: Problems): void {
  if (!Array.isArray(value)) out.push(`${where}: not an array`);
  else if (!value.every((item) => typeof item === 'string')) out.push(`${where}: an item is not a string`);
}

function check(ok: boolean, problem: string, out: Problems): void {
  if (!ok) out.push(problem);
}

/** True when `value` survives JSON (ndjson and HTTP faces) unchanged: no NaN, Infinity, functions or class instances. */
function jsonSafe(value: unknown, where: string, out: Problems): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push(`${where}: ${value} is not JSON`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => jsonSafe(item, `${where}[${i}]`, out));
    return;
  }
  if (typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    for (const [key, item] of Object.entries(value)) if (item !== undefined) jsonSafe(item, `${where}.${key}`, out);
    return;
  }
  out.push(`${where}: ${typeof value} is not JSON`);
}

/** Every component key present, each a non-empty string or null; cross_street, when present, likewise. */
function componentsProblems(components: AddressComponents, where: string, out: Problems): void {
  for (const key of COMPONENT_KEYS) {
    if (!(key in components)) out.push(`${where}.${key}: missing`);
    else stringOrNull(components[key], `${where}.${key}`, out);
  }
  const cross = components.cross_street;
  if (cross !== undefined && cross !== null) {
    for (const key of CROSS_STREET_KEYS) {
      if (!(key in cross)) out.push(`${where}.cross_street.${key}: missing`);
      else stringOrNull(cross[key], `${where}.cross_street.${key}`, out);
    }
  }
}

/** Problems with the shape of normalize's result (docs/parser.md, Components). */
function parsedProblems(p: ParsedAddress, kind: ParsedAddress['input_kind'], out: Problems): void {
  check(typeof p.input === 'string', 'input: not a string', out);
  check(p.input_kind === kind, `input_kind: ${String(p.input_kind)}, expected ${kind}`, out);
  componentsProblems(p.components, 'components', out);
  check(typeof p.delivery_line === 'string', 'delivery_line: not a string', out);
  check(typeof p.last_line === 'string', 'last_line: not a string', out);
  stringArray(p.unparsed, 'unparsed', out);
  check(typeof p.raw === 'object' && p.raw !== null, 'raw: not an object', out);
  for (const [key, value] of Object.entries(p.raw ?? {})) check(typeof value === 'string', `raw.${key}: not a string`, out);
  jsonSafe(p, 'normalize', out);
}

const STANDARDIZED_KEYS = ['line1', 'line2', 'city', 'state', 'zip5', 'zip4', 'carrier_route', 'county', 'county_fips'] as const;
const INPUT_KEYS = ['line1', 'line2', 'city', 'state', 'zip'] as const;
const DELIVERABILITY = new Set(['D', 'U', 'N']);
const GEOCODE_QUALITY = new Set(['ROOFTOP', 'STREET', 'ZIP_CENTROID', 'CITY_CENTROID']);
const QUALITY_LEVEL = new Set(['delivery_point', 'street', 'locality', 'none']);

/** Problems with the shape of a validation result (docs/validation.md, src/core/model/validation-result.ts). */
function validationProblems(r: ValidationResult, out: Problems): void {
  check(STATUSES.has(r.status), `status: ${String(r.status)}`, out);
  check(r.validation_status === r.status, `validation_status ${String(r.validation_status)} differs from status`, out);
  check(Number.isFinite(r.confidence) && r.confidence >= 0 && r.confidence <= 1, `confidence: ${String(r.confidence)} not in [0, 1]`, out);
  stringArray(r.reason_codes, 'reason_codes', out);
  stringArray(r.changes, 'changes', out);
  stringArray(r.change_codes, 'change_codes', out);
  for (const key of INPUT_KEYS) {
    if (!(key in r.input)) out.push(`input.${key}: missing`);
    else check(r.input[key] === null || typeof r.input[key] === 'string', `input.${key}: not string or null`, out);
  }
  for (const key of STANDARDIZED_KEYS) {
    if (!(key in r.standardized)) out.push(`standardized.${key}: missing`);
    else stringOrNull(r.standardized[key], `standardized.${key}`, out);
  }
  check(DELIVERABILITY.has(r.standardized.deliverability), `standardized.deliverability: ${String(r.standardized.deliverability)}`, out);
  check(typeof r.standardized.source === 'string', 'standardized.source: not a string', out);
  if (r.geocode !== null) {
    check(Number.isFinite(r.geocode.lat) && Number.isFinite(r.geocode.lon), 'geocode: lat/lon not finite', out);
    check(GEOCODE_QUALITY.has(r.geocode.quality), `geocode.quality: ${String(r.geocode.quality)}`, out);
    check(r.geocode.accuracy_meters > 0, `geocode.accuracy_meters: ${String(r.geocode.accuracy_meters)}`, out);
  }
  check(typeof r.match_code === 'string' && typeof r.match_source === 'string', 'match_code/match_source: not strings', out);
  check(QUALITY_LEVEL.has(r.quality.level), `quality.level: ${String(r.quality.level)}`, out);
  check(typeof r.quality.review_recommended === 'boolean', 'quality.review_recommended: not a boolean', out);
  stringArray(r.quality.reasons, 'quality.reasons', out);
  stringOrNull(r.suggested_address, 'suggested_address', out);
  stringOrNull(r.display_address, 'display_address', out);
  check(Number.isFinite(r.latency_ms) && r.latency_ms >= 0, `latency_ms: ${String(r.latency_ms)}`, out);
  check(r.data_version === 'fake@1', `data_version: ${String(r.data_version)}`, out);
  check(typeof r.engine_version === 'string' && typeof r.id === 'string', 'engine_version/id: not strings', out);
  componentsProblems(r.components, 'components', out);
  jsonSafe(r, 'validate', out);
}

/** normalize (without and with the place lookup, as the library and the CLI call it) then validate. */
function checkOne(input: AddressInput): void {
  const kind = typeof input === 'string' ? 'line' : 'structured';
  const problems: Problems = [];
  parsedProblems(normalize(input), kind, problems);
  const parsed = normalize(input, { places });
  parsedProblems(parsed, kind, problems);
  validationProblems(validateAddress(parsed, store, { requestId: 'robustness', startedAt: 0, now: () => 1 }), problems);
  expect(problems).toEqual([]);
}

// ---- inputs -----------------------------------------------------------------------

/** Real addresses of every form the parser knows (docs/parser.md), the seeds of mutation. */
const REAL = [
  '1005 N Gravenstein Highway Suite 500, Sebastopol, CA 95472',
  '1600 pennsylvania av nw washington dc',
  '1600 Pennsylvania Ave NW, Washington, DC 20500-0003',
  'P.O. Box 123, Boston MA 02108',
  'POB 77 Chicago IL 60606',
  'Post Office Box 9, Brooklyn, New York 11201',
  'RR 2 BOX 45, Sebastopol CA',
  'RT 4 BX 9',
  'RR03 BOX 98D',
  'HC 1 BOX 9 Salt Lake City UT 84101',
  'PSC 802 BOX 74, APO AE 09499',
  'UNIT 2050 BOX 4190 APO AP 96278',
  'USNS Comfort FPO AE 09499',
  'URB Las Gladiolas 150 Calle A, San Juan, PR 00926',
  '123 1/2 Main St, Chicago IL',
  '123-45 Queens Blvd Apt 4B, Brooklyn NY 11201',
  '85-080 Farrington Hwy',
  '200 S 300 W, Salt Lake City, UT 84101',
  'N6W23001 Bluemound Rd',
  'W148 N9748 Held Dr',
  '500 US HWY 15 501 N',
  '12 STATE HIGHWAY 12',
  '45300 CO RD 45300',
  '1431 FM 1431',
  '9 I-35 Frontage Rd',
  '1211 Avenue of the Americas, New York, NY',
  '7 North St',
  '44 E St SE, Washington DC 20500',
  '1 Park Ave S #4B',
  '100 5th Ave, Fl 12',
  '100 Fifth Avenue, APT4B',
  '#4B 123 Main St',
  '4B-123 Main St',
  'Main St & 1st Ave, Chicago, IL',
  'Main St and 1st Ave',
  '1 Caller 5, Boston MA',
  'Drawer 12 Brooklyn NY',
  'Lock Box 88',
  '  1600   PENNSYLVANIA   AVE  ,, ,  WASHINGTON,DC,20500 ',
  '12 Rue de la Señora Ñuñez, Mayagüez, PR 00926',
];

const HOSTILE_CHARS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)), '\u007f', '\u0085', '\u009f', // C0, DEL, C1
  '\u200b', '\u200c', '\u200d', '\u200e', '\u202e', '\u2066', '\ufeff', '\u2028', '\u2029', '\u00a0', '\u3000', // zero-width, bidi, BOM, separators
  '\ud83d', '\ude00', '\udfff', '\ud800', // lone surrogates: not well-formed UTF-16
  '😀', '🏠', '👨‍👩‍👧', '🇺🇸', '👍🏽', '\u{1F4EE}', '\u{E0041}', // emoji, ZWJ sequence, flag, tag character
  'é', 'e\u0301', 'ß', 'ﬁ', 'İ', 'ı', 'Ω', 'Ⅻ', '½', '¼', '²', '①', '١', '５', 'Ｎ', '漢', 'ا', '\u0301', '\u0345', // case folding and normalization traps
];
const PUNCTUATION = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', '–', '—', '“', '”', '‘', '’', '…', '№', '·', '¿', '«', '»'];
const DIGITS = [...'0123456789', '-', '/', ' ', '½', '٣', '１'];
const WORDS = [
  '1', '12', '123', '1600', '95472', '95472-1234', '20500', '0', '00000', '1/2', '-', '#', '&', ',', '.', "'",
  'N', 'S', 'E', 'W', 'NE', 'NW', 'SOUTH', 'NORTH', 'ST', 'AVE', 'AV', 'RD', 'HWY', 'HIGHWAY', 'BLVD', 'PARK', 'AVENUE', 'OF', 'THE',
  'APT', 'STE', 'SUITE', 'UNIT', 'FL', 'RM', 'BLDG', '4B', 'APT4B', '#4B', 'PO', 'P.O.', 'BOX', 'POB', 'POBOX', 'CALLER', 'DRAWER', 'LOCK',
  'RR', 'RT', 'HC', 'RR03', 'PSC', 'CMR', 'APO', 'FPO', 'DPO', 'AA', 'AE', 'AP', 'USNS', 'URB', 'CALLE', 'US', 'STATE', 'CO', 'COUNTY',
  'FM', 'I-35', 'ROUTE', 'N6W23001', 'W148', 'N9748', '123-45', '85-080', 'FIFTH', '5TH', 'AND', 'CA', 'DC', 'NY', 'PR', 'WASHINGTON',
  'NEW', 'YORK', 'SAINT', 'ST.', 'SEBASTOPOL', 'CHICAGO', 'IL', 'UT', 'SALT', 'LAKE', 'CITY', 'c/o', 'ATTN', 'FLOOR', 'REAR', 'FRNT',
];
const SEPARATORS = [' ', '  ', ', ', ',', ',,', ' ,', '\n', '\t', ';', ' - ', '.', '/', '#', ''];

/** Strings of `unit`: half short (fast-check's default size), half up to `maxLength` ('medium' size). */
function text(unit: 'binary' | fc.Arbitrary<string>, minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(fc.string({ unit, minLength, maxLength }), fc.string({ unit, minLength, maxLength, size: 'medium' }));
}
const anyText = text('binary', 0, 300);
const hostileText = text(fc.constantFrom(...HOSTILE_CHARS), 0, 300);
const punctuationOnly = text(fc.constantFrom(...PUNCTUATION), 1, 300);
const digitsOnly = text(fc.constantFrom(...DIGITS), 1, 300);
/** Address words in random order with random separators: the grammar fuzzed. */
const wordSoup = fc
  .array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS)), { maxLength: 40, size: 'medium' })
  .map((parts) => parts.map(([w, sep]) => w + sep).join(''));
/** Up to 10 KB: one fragment repeated (many tokens of one kind), or plain long random text. */
const hugeText = fc.oneof(
  fc.tuple(fc.oneof(fc.constantFrom(...WORDS, ...REAL), anyText, hostileText), fc.constantFrom(' ', ', ', '', '\n'), fc.integer({ min: 1, max: 10_240 }))
    .map(([fragment, sep, length]) => {
      const unit = fragment + sep || 'x';
      return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
    }),
  fc.string({ unit: 'binary-ascii', minLength: 4_000, maxLength: 10_240 }),
  fc.string({ unit: 'grapheme', minLength: 1_000, maxLength: 3_000 }),
);

type Mutation =
  | { op: 'shuffle'; seed: number } // reorder the tokens
  | { op: 'commas'; at: number; count: number } // duplicated or misplaced commas
  | { op: 'case'; seed: number } // random upper/lower case per character
  | { op: 'insert'; at: number; text: string } // unicode, control characters, emoji inserted anywhere
  | { op: 'delete'; at: number; length: number } // characters dropped
  | { op: 'truncate'; at: number } // cut short
  | { op: 'despace' } // every space removed
  | { op: 'duplicate'; at: number }; // one token repeated

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('shuffle' as const), seed: fc.nat() }),
  fc.record({ op: fc.constant('commas' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ op: fc.constant('case' as const), seed: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.oneof(fc.string({ unit: fc.constantFrom(...HOSTILE_CHARS), minLength: 1, maxLength: 4 }), fc.string({ unit: 'binary', minLength: 1, maxLength: 4 })) }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.constant({ op: 'despace' as const }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat() }),
);

/** A small deterministic PRNG, so a mutation is a pure function of its (shrinkable) seed. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 4_294_967_296;
}

function applyMutation(text: string, m: Mutation): string {
  const pos = (at: number, length: number): number => (length === 0 ? 0 : at % (length + 1));
  switch (m.op) {
    case 'shuffle': {
      const tokens = text.split(/\s+/);
      const rnd = lcg(m.seed);
      for (let i = tokens.length - 1; i > 0; i--) {
        const j = Math.floor(rnd() * (i + 1));
        [tokens[i], tokens[j]] = [tokens[j] as string, tokens[i] as string];
      }
      return tokens.join(' ');
    }
    case 'commas': {
      const i = pos(m.at, text.length);
      return text.slice(0, i) + ','.repeat(m.count) + text.slice(i);
    }
    case 'case': {
      const rnd = lcg(m.seed);
      return [...text].map((ch) => (rnd() < 0.5 ? ch.toLowerCase() : ch.toUpperCase())).join('');
    }
    case 'insert': {
      const i = pos(m.at, text.length);
      return text.slice(0, i) + m.text + text.slice(i);
    }
    case 'delete': {
      const i = pos(m.at, text.length);
      return text.slice(0, i) + text.slice(i + m.length);
    }
    case 'truncate':
      return text.slice(0, pos(m.at, text.length));
    case 'despace':
      return text.replace(/ /g, '');
    case 'duplicate': {
      const tokens = text.split(' ');
      const i = m.at % Math.max(1, tokens.length);
      tokens.splice(i, 0, tokens[i] ?? '');
      return tokens.join(' ');
    }
  }
}

const mutatedReal = fc
  .tuple(fc.constantFrom(...REAL), fc.array(mutation, { minLength: 1, maxLength: 6 }))
  .map(([seed, mutations]) => mutations.reduce(applyMutation, seed));

/** Any of the one-line generators, for structured fields. */
const fieldText = fc.oneof(anyText, hostileText, punctuationOnly, digitsOnly, wordSoup, mutatedReal, fc.constantFrom('', ' ', ...REAL));
const field = fc.oneof(fieldText, fc.constant(null), fc.constant(undefined));
const structured: fc.Arbitrary<StructuredAddress> = fc.record(
  { line1: field, line2: field, city: field, state: field, zip: field },
  { requiredKeys: [] },
);
/** Real addresses split into fields, then each field mutated. */
const structuredReal: fc.Arbitrary<StructuredAddress> = fc
  .tuple(fc.constantFrom(...REAL), fc.array(mutation, { maxLength: 3 }), fc.array(mutation, { maxLength: 3 }))
  .map(([seed, m1, m2]) => {
    const [line1 = '', city = '', rest = ''] = seed.split(',').map((s) => s.trim());
    const [state = null, zip = null] = rest.split(' ');
    return { line1: m1.reduce(applyMutation, line1), city: m2.reduce(applyMutation, city), state, zip };
  });

// ---- properties -------------------------------------------------------------------

describe('robustness: normalize and validate never throw and keep their shape', () => {
  it('holds for the seed addresses themselves', () => {
    for (const address of REAL) checkOne(address);
  });

  it('the shape checks catch a broken result', () => {
    // Guards the checker itself: a property over a checker that accepts anything proves nothing.
    const good = normalize('1600 Pennsylvania Ave NW, Washington, DC 20500');
    const broken = { ...good, components: { ...good.components, street: '', zip4: undefined }, unparsed: [1], last_line: null };
    const problems: Problems = [];
    parsedProblems(broken as unknown as ParsedAddress, 'line', problems);
    expect(problems).toEqual([
      'components.street: empty string instead of null',
      'components.zip4: undefined, not string or null',
      'last_line: not a string',
      'unparsed: an item is not a string',
    ]);
    const result = validateAddress(good, store);
    const wrong: Problems = [];
    validationProblems({ ...result, status: 'OK', confidence: Number.NaN } as unknown as ValidationResult, wrong);
    expect(wrong).toEqual(['status: OK', 'validation_status VALIDATED differs from status', 'confidence: NaN not in [0, 1]', 'validate.confidence: NaN is not JSON']);
  });

  it.each([
    ['random unicode text', anyText, 2_000],
    ['control characters, emoji, lone surrogates, normalization traps', hostileText, 1_500],
    ['only punctuation', punctuationOnly, 700],
    ['only numbers', digitsOnly, 700],
    ['address words in random order with random separators', wordSoup, 2_000],
    ['mutated real addresses (shuffles, commas, case, inserted unicode, deletions)', mutatedReal, 2_500],
    ['inputs up to 10 KB', hugeText, 300],
  ] as const)('one line: %s', (_name, arbitrary, numRuns) => {
    fc.assert(fc.property(arbitrary, (text) => checkOne(text)), { numRuns });
  });

  it.each([
    ['random fields (any text, null, undefined, missing)', structured, 1_000],
    ['mutated real addresses split into fields', structuredReal, 500],
  ] as const)('structured: %s', (_name, arbitrary, numRuns) => {
    fc.assert(fc.property(arbitrary, (input) => checkOne(input)), { numRuns });
  });
});
