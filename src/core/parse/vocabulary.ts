/**
 * Word classes the parser asks about, built once from the data files
 * (src/core/data/parser-words.json and the Pub 28 tables behind pub28.ts).
 * Phrases are matched on token texts; every lookup is a Map/Set hit.
 */
import words from '../data/parser-words.json' with { type: 'json' };
import suffixData from '../data/street-suffixes.json' with { type: 'json' };
import stateData from '../data/states.json' with { type: 'json' };
import { directionOfToken, stateOfText, suffixOfToken, unitOfToken } from './pub28.js';
import type { UnitDesignator } from './pub28.js';
import { digitsThenLetter, isDigitCode, isDirectionCode, isLetterCode } from './chars.js';

/** A multi-word phrase table: first word -> candidate phrases, longest first. */
export type PhraseTable = Map<string, { words: string[]; value: string }[]>;

function phraseTable(entries: [string, string][]): PhraseTable {
  const table: PhraseTable = new Map();
  for (const [spelling, value] of entries) {
    const ws = spelling.split(' ');
    const first = ws[0] as string;
    let list = table.get(first);
    if (!list) { list = []; table.set(first, list); }
    list.push({ words: ws, value });
  }
  for (const list of table.values()) list.sort((a, b) => b.words.length - a.words.length);
  return table;
}

/** Matches the longest phrase of `table` starting at token `i`; returns its value and length. */
export function matchPhrase(table: PhraseTable, texts: readonly string[], i: number, end = texts.length): { value: string; length: number } | null {
  const list = table.get(texts[i] ?? '');
  if (!list) return null;
  for (const p of list) {
    if (i + p.words.length > end) continue;
    let ok = true;
    for (let k = 1; k < p.words.length; k++) if (texts[i + k] !== p.words[k]) { ok = false; break; }
    if (ok) return { value: p.value, length: p.words.length };
  }
  return null;
}

/** The last words of a table's phrases: a cheap test before matching phrases that end at a token. */
export function lastWords(table: PhraseTable): Set<string> {
  const out = new Set<string>();
  for (const list of table.values()) for (const p of list) out.add(p.words[p.words.length - 1] as string);
  return out;
}

export const HIGHWAYS = phraseTable(words.highways.flatMap(([std, spellings]) => (spellings as string[]).map((s): [string, string] => [s, std as string])));
export const PO_BOX = phraseTable(words.poBox.map((s): [string, string] => [s, 'PO BOX']));
export const RURAL_ROUTE = phraseTable([
  ...words.ruralRoute.map((s): [string, string] => [s, 'RR']),
  ...words.highwayContract.map((s): [string, string] => [s, 'HC']),
]);
export const COUNTRIES = phraseTable(words.countries.map((s): [string, string] => [s, 'US']));
export const CORNER_OF = phraseTable(words.cornerOf.map((s): [string, string] => [s, 'CORNER']));
const BOX_WORDS = new Set(words.boxWord);
const MILITARY = new Set(words.military);
const MILITARY_CITIES = new Set(words.militaryCities);
const URBANIZATION = new Set(words.urbanization);
const NUMBER_WORDS = new Map(Object.entries(words.numberWords));
const ORDINAL_WORDS = new Map(Object.entries(words.ordinalWords));
const INTERSECTION = new Set(words.intersection);
const RECIPIENT_MARKERS = new Set(words.recipientMarkers);
const COMMON_SUFFIXES = new Set(words.commonSuffixes);
const EXTRA_SUFFIXES = new Set((suffixData.extra as string[][]).map((row) => row[0] as string));
/** True for street-type spellings outside Pub 28 C1 (LA, TR, HGWY...). */
export const isExtraSuffix = (t: string): boolean => EXTRA_SUFFIXES.has(t);
const SPANISH_PRE_TYPES = new Set(words.spanishPreTypes);
/** True for CALLE, AVENIDA, CARRETERA...: Puerto Rico street types written before the name. */
export const isSpanishPreType = (t: string): boolean => SPANISH_PRE_TYPES.has(t);
const SPANISH_STREET_TYPES = new Set(words.spanishStreetTypes);
/** True for CALLE, AVENIDA, CARRETERA...: the Spanish pre-types of streets (not of areas or buildings: URB, COND, BO). */
export const isSpanishStreetType = (t: string): boolean => SPANISH_STREET_TYPES.has(t);
const UNIT_NAMES = new Set(words.unitNames);
/** True for UPPER, LOWER, DOWNST, REAR...: a word that names a unit after its designator ("Apt Upper"). */
export const isUnitName = (t: string): boolean => UNIT_NAMES.has(t);
const PHONE_WORDS = new Set(words.phoneWords);
/** True for TEL, PHONE, FAX...: words that label a phone number. */
export const isPhoneWord = (t: string): boolean => PHONE_WORDS.has(t);
const FRENCH_PRE_TYPES = new Set(words.frenchPreTypes);
/** True for a street type written before the name: the Spanish ones, and RUE, PLACE, AVENUE... ("Rue St Louis", "Place St Charles"). */
export const isPreType = (t: string): boolean => SPANISH_PRE_TYPES.has(t) || FRENCH_PRE_TYPES.has(t);
// Last words of multi-word state names and aliases ("NEW YORK" -> YORK, "N Y" -> Y).
const STATE_LAST_WORDS = new Set(stateData.states.flatMap((st) => [st.name.toUpperCase(), ...st.aliases])
  .filter((n) => n.includes(' ')).map((n) => n.slice(n.lastIndexOf(' ') + 1)));
/** True for a word that ends some multi-word state name (filter for the right-to-left scan). */
export const isStateLastWord = (t: string): boolean => STATE_LAST_WORDS.has(t);
const ZERO_LED_ZIP_STATES = new Set(stateData.zipsBeginWithZero);
/** True for a state code whose ZIPs begin with 0 (MA, NJ, PR...): a ZIP cut to 3 or 4 digits can be one of its. */
export const zipsBeginWithZero = (code: string): boolean => ZERO_LED_ZIP_STATES.has(code);
// First words of spelled-out state names ("NEW YORK" -> NEW, "INDIANA" -> INDIANA).
const STATE_FIRST_WORDS = new Set(stateData.states.map((st) => st.name.toUpperCase().split(' ')[0] as string));
/** True for a word that starts some spelled-out state name (filter for the left-to-right scan). */
export const isStateFirstWord = (t: string): boolean => STATE_FIRST_WORDS.has(t);
const ROUTE_MODIFIERS = new Set(words.routeModifiers);
/** True for BUSINESS, BYPASS, TRUCK: words after a route number that belong to the highway. */
export const isRouteModifier = (t: string): boolean => ROUTE_MODIFIERS.has(t);
const PLURAL_SUFFIXES = new Map(Object.entries(words.pluralSuffixes));
/** The singular standard of a plural street type ("Valencia Sts" of an intersection), or null. */
export const pluralSuffix = (t: string): string | null => PLURAL_SUFFIXES.get(t) ?? null;

/** True for BOX, BX: the word before a box number on a route or military line. */
export const isBoxWord = (t: string): boolean => BOX_WORDS.has(t);
/** True for PSC, CMR, UNIT. */
export const isMilitaryUnit = (t: string): boolean => MILITARY.has(t);
/** True for APO, FPO, DPO. */
export const isMilitaryCity = (t: string): boolean => MILITARY_CITIES.has(t);
/** True for URB and its spellings (Puerto Rico urbanizations). */
export const isUrbanization = (t: string): boolean => URBANIZATION.has(t);
/** The digits of a number word (ONE -> 1), or null. */
export const numberWord = (t: string): string | null => NUMBER_WORDS.get(t) ?? null;
// Number words that count only inside a number of several words ("Nineteen Hundred", "One Thousand").
const COMPOUND_NUMBER_WORDS = new Map([...NUMBER_WORDS, ...Object.entries(words.compoundNumberWords)]);

/** Whether a token can begin a number written in words ("TWO", "TWENTY-TWO"): the cheap test before numberOfWords. */
export function startsNumberWords(t: string): boolean {
  const dash = t.indexOf('-');
  return COMPOUND_NUMBER_WORDS.has(dash < 0 ? t : t.slice(0, dash));
}

/**
 * The number that number words in a row make ("TWO HUNDRED" 200, "TWENTY TWO" 22, "ONE THOUSAND
 * AND TEN" 1010; each word may be hyphenated: "TWENTY-TWO"), or null when they make none (one word
 * alone, a word that is no number word, or an order no number is written in: "TWO ONE").
 */
export function numberOfWords(tokens: readonly string[]): string | null {
  const parts = tokens.flatMap((t) => t.split('-'));
  if (parts.length < 2) return null;
  let total = 0;
  let current = 0;
  let last = ''; // the kind of the previous word: unit, teen, ten, hundred, thousand
  for (let k = 0; k < parts.length; k++) {
    const w = parts[k] as string;
    // "One Thousand And Fifty": AND after a hundred or a thousand, before more number words.
    if (w === 'AND' && (last === 'hundred' || last === 'thousand') && k + 1 < parts.length) continue;
    const v = COMPOUND_NUMBER_WORDS.get(w);
    if (v === undefined) return null;
    const n = Number(v);
    if (n === 1000) {
      if (last === '' || last === 'thousand') return null;
      total += current * 1000;
      current = 0;
      last = 'thousand';
    } else if (n === 100) {
      if (last !== 'unit' && last !== 'teen') return null;
      current *= 100;
      last = 'hundred';
    } else {
      const kind = n < 10 ? 'unit' : n < 20 ? 'teen' : 'ten';
      // A unit follows a ten, a hundred or a thousand; a teen or a ten follows a hundred or a thousand.
      if (last !== '' && !(kind === 'unit' && (last === 'ten' || last === 'hundred' || last === 'thousand')) &&
        !(kind !== 'unit' && (last === 'hundred' || last === 'thousand'))) return null;
      current += n;
      last = kind;
    }
  }
  return String(total + current);
}
/** The number of an ordinal, as a word (SIXTH) or with its ending (6TH), or null. */
export function ordinalNumber(t: string): string | null {
  const w = ORDINAL_WORDS.get(t);
  if (w) return w;
  const c0 = t.charCodeAt(0);
  if (!(c0 >= 48 && c0 <= 57) || t.length < 3) return null;
  const m = /^(\d+)(ST|ND|RD|TH)$/.exec(t);
  return m ? (m[1] as string) : null;
}
/** True for &, AND, AT: words joining the two streets of an intersection. */
export const isIntersectionWord = (t: string): boolean => INTERSECTION.has(t);
/** True for ATTN, C/O and the like: the rest of the section is a recipient. */
export const isRecipientMarker = (t: string): boolean => RECIPIENT_MARKERS.has(t);
/** True for the street types most streets carry (ST, AVE, RD...). */
export const isCommonSuffix = (std: string): boolean => COMMON_SUFFIXES.has(std);
const PRIMARY_SUFFIXES = new Set(words.primarySuffixes);
/** True for the types of through streets (ST, AVE, RD...), which a complex's name after them does not end. */
export const isPrimarySuffix = (std: string): boolean => PRIMARY_SUFFIXES.has(std);

// The parser's tokens are already folded: it uses the direct lookups under the usual names.
export { directionOfToken as directional, stateOfText as stateCode, suffixOfToken as suffixStandard, unitOfToken as unitDesignator };
export type { UnitDesignator };

/** The leading integer of a house number ("115" of "115 1/2", "12" of "12-34"), or null. */
export function leadingNumber(number: string): number | null {
  // /^\d{1,15}/ read digit by digit (this runs for every street and point asked about): exact below 2^53.
  let value = 0;
  let i = 0;
  for (; i < number.length && i < 15; i++) {
    const d = number.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    value = value * 10 + d;
  }
  return i === 0 ? null : value;
}

/** True for tokens that can be a house number: 123, 123A, 12-34, N6W23001, W148. */
export function isHouseNumber(t: string): boolean {
  const c0 = t.charCodeAt(0);
  // Starts with a digit, or with N S E W: the grid numbers of Wisconsin and northern Illinois,
  // whole (N56W17000) or rural (N5678 County Road K, W12345 State Road 23).
  if (!isDigitCode(c0) && !isDirectionCode(c0)) return false;
  return digitsThenLetter(t) || /^\d+-\d+[A-Z]?$/.test(t) || /^\d+-[A-Z]$/.test(t) || /^[NSEW]\d+[NSEW]\d+$/.test(t) || /^[NSEW]\d{3,6}$/.test(t) ||
    /^\d+[A-Z]{2}$/.test(t) && ordinalNumber(t) === null;
}

/** True for a token that can identify a unit, box or route: 4, 4B, B, D304, 12-B. */
export function isIdentifier(t: string): boolean {
  // /^[A-Z0-9]+(-[A-Z0-9]+)*$/ read char by char: capitals and digits, single hyphens between them.
  const n = t.length;
  if (n === 0) return false;
  let digit = false;
  for (let i = 0; i < n; i++) {
    const c = t.charCodeAt(i);
    if (isDigitCode(c)) digit = true;
    else if (c === 45) { if (i === 0 || i === n - 1 || t.charCodeAt(i - 1) === 45) return false; }
    else if (!isLetterCode(c)) return false;
  }
  // Then a digit, at most two characters, or a letter, hyphen and letter (/^[A-Z]-[A-Z]$/).
  return digit || n <= 2 || n === 3 && t.charCodeAt(1) === 45;
}
