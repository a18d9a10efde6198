/**
 * normalize: one address (a line or structured fields) in, Pub 28 components,
 * delivery line and last line out. Pure; never throws on any string.
 */
import type { AddressComponents, AddressInput, ParsedAddress } from '../model/types.js';
import { foldText, tokenize, tokenizeFolded } from './tokenize.js';
import type { Token } from './tokenize.js';
import { emptyComponents, parseTokens } from './parse.js';
import type { PlaceLookup } from './parse.js';
import { stateCode, unitDesignator } from './pub28.js';
import { formatDeliveryLine, formatLastLine } from './format-lines.js';
import { sameLetters } from '../util/same-letters.js';
import emptyFieldValues from '../data/empty-field-values.json' with { type: 'json' };

export type { PlaceLookup };

/** Options of normalize. */
export interface NormalizeOptions {
  places?: PlaceLookup | null; // a gazetteer that helps split street from city when commas are missing
}

const MAX_INPUT = 4096; // longer inputs are cut: no address is that long, and time stays bounded

/** Where a token glues a word to a number (APT4B -> APT 4B), the word's length; else 0. */
function gluedCut(text: string): number {
  if (text === 'POBOX') return 2;
  // Only a word of 3+ characters that starts with a letter and ends in a digit-led part.
  const first = text.charCodeAt(0);
  if (!(first >= 65 && first <= 90) || text.length < 3) return 0;
  let k = 1;
  while (k < text.length && text.charCodeAt(k) >= 65 && text.charCodeAt(k) <= 90) k++;
  if (k < 2 || k > 10 || k === text.length || !(text.charCodeAt(k) >= 48 && text.charCodeAt(k) <= 57)) return 0;
  const word = text.slice(0, k);
  // "TX78217": a state code glued to its ZIP.
  if (k === 2 && /^\d{5}(\d{4})?$/.test(text.slice(2)) && stateCode(word) !== null) return 2;
  const known = unitDesignator(word) !== null || word === 'RR' || word === 'HC' || word === 'BOX' || word === 'POBOX' || word === 'PSC' || word === 'CMR';
  return known && /^[A-Z0-9-]*$/.test(text.slice(k)) ? k : 0;
}

/** Splits tokens that glue a word to a number: APT4B -> APT 4B, RR03 -> RR 03, POBOX -> PO BOX. */
function splitGlued(tokens: Token[]): Token[] {
  let out: Token[] | null = null; // allocated only when a token is split
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i] as Token;
    const cut = gluedCut(tok.text);
    if (cut === 0) { out?.push(tok); continue; }
    out ??= tokens.slice(0, i);
    // Literals in the tokenizer's order: one shape for every token (a spread makes others).
    out.push({ text: tok.text.slice(0, cut), section: tok.section, start: tok.start, end: tok.start + cut });
    out.push({ text: tok.text.slice(cut), section: tok.section, start: tok.start + cut, end: tok.end });
  }
  return out ?? tokens;
}

/** Parses one line of text into components. */
function parseLine(text: string, places: PlaceLookup | null) {
  const source = foldText(text.length > MAX_INPUT ? text.slice(0, MAX_INPUT) : text);
  const upper = source.toUpperCase();
  // Raw component values are slices of the upper-cased line (when case mapping kept its length).
  const same = upper.length === source.length;
  return parseTokens(splitGlued(tokenizeFolded(source, upper)), same ? upper : source, places, same);
}

const EMPTY_VALUES: ReadonlySet<string> = new Set(emptyFieldValues.values);
const LONGEST_EMPTY_VALUE = Math.max(...emptyFieldValues.values.map((v) => v.length));
// First characters of the placeholders, upper and lower case: most fields skip the lookup.
const EMPTY_VALUE_STARTS: ReadonlySet<number> = new Set(emptyFieldValues.values.flatMap((v) => [v.charCodeAt(0), v.toLowerCase().charCodeAt(0)]));

/** A structured field, trimmed; '' for a placeholder of an empty cell (N/A, NULL, #N/A: data/empty-field-values.json). */
function clean(v: string | null | undefined): string {
  if (typeof v !== 'string') return '';
  const t = v.trim();
  return t.length <= LONGEST_EMPTY_VALUE && EMPTY_VALUE_STARTS.has(t.charCodeAt(0)) && EMPTY_VALUES.has(t.toUpperCase()) ? '' : t;
}

// A placeholder with a character no address word has ("N/A", "#N/A", "??"): blanked as a word too.
const MARKED_EMPTY = /[/#!?]/;
const SECTIONS = /[^,;\r\n]+/g;
const WORDS = /[^\s,;]+/g;

// `text` as blanks when it is a placeholder of an empty cell, else itself.
function blankIfEmpty(text: string): string {
  return text.trim() !== '' && clean(text) === '' ? ' '.repeat(text.length) : text;
}

/**
 * A one-line address with its placeholders of empty cells blanked (the same length, so offsets
 * hold): a whole section between commas, semicolons or line breaks that is one ("123 Main St,
 * N/A, NY 10001"), or a word marked as one by its punctuation ("123 Main St N/A NY").
 */
export function blankPlaceholders(line: string): string {
  const fast = blankPlaceholdersAscii(line);
  if (fast !== null) return fast;
  let out = line.replace(SECTIONS, blankIfEmpty);
  if (MARKED_EMPTY.test(out)) out = out.replace(WORDS, (w) => (MARKED_EMPTY.test(w) ? blankIfEmpty(w) : w));
  return out;
}

// What trim() and \s take away in ASCII: tab, line feed, vertical tab, form feed, carriage return, space.
const isAsciiSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);
const isSectionEnd = (c: number): boolean => c === 44 || c === 59 || c === 13 || c === 10; // , ; \r \n
const isMark = (c: number): boolean => c === 47 || c === 35 || c === 33 || c === 63; // / # ! ?

// True when line[a, b) (no surrounding spaces) is a placeholder: the check of clean(), its lookup last.
function placeholderAt(line: string, a: number, b: number): boolean {
  return b > a && b - a <= LONGEST_EMPTY_VALUE && EMPTY_VALUE_STARTS.has(line.charCodeAt(a)) && EMPTY_VALUES.has(line.slice(a, b).toUpperCase());
}

/**
 * blankPlaceholders on an ASCII line without the regexes and their callbacks (each address goes
 * through it): the same sections and words, each looked up only when its length and first
 * character could be a placeholder's; the line itself when nothing is blanked. Null for a line
 * with other characters (Unicode spaces, which trim() also takes away): the regex path reads it.
 */
function blankPlaceholdersAscii(line: string): string | null {
  const n = line.length;
  let blank: number[] | null = null; // [start, end) pairs to blank, in order
  let marked = false; // some character of MARKED_EMPTY outside the blanked sections
  for (let i = 0; i < n;) {
    const c = line.charCodeAt(i);
    if (c > 127) return null;
    if (isSectionEnd(c)) { i++; continue; }
    let j = i;
    let mark = false;
    for (; j < n; j++) {
      const d = line.charCodeAt(j);
      if (d > 127) return null;
      if (isSectionEnd(d)) break;
      if (isMark(d)) mark = true;
    }
    let a = i;
    let b = j;
    while (a < b && isAsciiSpace(line.charCodeAt(a))) a++;
    while (b > a && isAsciiSpace(line.charCodeAt(b - 1))) b--;
    if (placeholderAt(line, a, b)) (blank ??= []).push(i, j);
    else if (mark) marked = true;
    i = j;
  }
  const out = blank === null ? line : blankSpans(line, blank);
  if (!marked) return out;
  // Words (runs without spaces, commas or semicolons) with a mark: blanked when placeholders.
  let words: number[] | null = null;
  for (let i = 0; i < n;) {
    const c = out.charCodeAt(i);
    if (isAsciiSpace(c) || c === 44 || c === 59) { i++; continue; }
    let j = i;
    let mark = false;
    for (; j < n; j++) {
      const d = out.charCodeAt(j);
      if (isAsciiSpace(d) || d === 44 || d === 59) break;
      if (isMark(d)) mark = true;
    }
    if (mark && placeholderAt(out, i, j)) (words ??= []).push(i, j);
    i = j;
  }
  return words === null ? out : blankSpans(out, words);
}

/** `text` with each [start, end) span of `spans` (pairs, in order) replaced by as many spaces. */
function blankSpans(text: string, spans: readonly number[]): string {
  let s = '';
  let at = 0;
  for (let k = 0; k < spans.length; k += 2) {
    const start = spans[k] as number;
    const end = spans[k + 1] as number;
    s += text.slice(at, start) + ' '.repeat(end - start);
    at = end;
  }
  return s + text.slice(at);
}

/** True for a field normalize reads as empty: blank, or a placeholder of an empty cell. */
export function isBlankField(v: string | null | undefined): boolean {
  return clean(v) === '';
}

/** Token texts of a field joined by single spaces ('' when it has none). */
function tokenText(field: string): string {
  const tokens = tokenize(field);
  if (tokens.length === 1) return (tokens[0] as Token).text;
  let out = '';
  for (let i = 0; i < tokens.length; i++) out += (i > 0 ? ' ' : '') + (tokens[i] as Token).text;
  return out;
}

/** What the city, state and ZIP fields of a structured address give (each null when its field is empty). */
interface LastLineFields {
  city: string | null; // components.city
  rawCity: string; // raw.city: the field as written, upper case
  state: string | null; // components.state
  rawState: string;
  zip5: string | null;
  zip4: string | null;
  given: { city: boolean; state: boolean; zip: boolean }; // what the fields hold (a city field may hold all three)
}

/**
 * A city field that holds more of the last line — "Columbus, OH", "Columbus OH 43215", a
 * combined column of a spreadsheet — read as a last line: its city, and its state and ZIP
 * where their own fields are empty or agree. Null when the field is a city alone, reads as
 * anything else (a street, words left over), or contradicts the state or ZIP field.
 */
function splitCityField(city: string, state: string, zip: string, places: PlaceLookup | null): { city: string; state: string; zip: string } | null {
  if (!/[\s,]/.test(city)) return null;
  const { components: c, raw, unparsed } = parseLine(city, places);
  if (c.city === null || c.state === null && c.zip5 === null || raw.city === undefined || unparsed.length > 0 ||
    c.number !== null || c.street !== null || c.po_box !== null || c.rural_route !== null || c.unit_type !== null) return null;
  if (state && c.state !== null && stateCode(tokenText(state)) !== c.state) return null;
  if (zip && c.zip5 !== null && !zip.startsWith(c.zip5)) return null;
  return {
    city: raw.city,
    state: state || (c.state !== null ? (raw.state ?? c.state) : ''),
    zip: zip || (c.zip5 !== null ? (c.zip4 !== null ? `${c.zip5}-${c.zip4}` : c.zip5) : ''),
  };
}

/** Reads the city, state and ZIP fields (trimmed; at least one non-empty). */
function readLastLineFields(cityField: string, stateField: string, zipField: string, places: PlaceLookup | null): LastLineFields {
  const split = cityField ? splitCityField(cityField, stateField, zipField, places) : null;
  const city = split?.city ?? cityField;
  const state = split?.state ?? stateField;
  const zip = split?.zip ?? zipField;
  const out: LastLineFields = { city: null, rawCity: '', state: null, rawState: '', zip5: null, zip4: null, given: { city: city !== '', state: state !== '', zip: zip !== '' } };
  if (city) { out.city = tokenText(city) || null; out.rawCity = city.toUpperCase(); }
  if (state) { const text = tokenText(state); out.state = stateCode(text) ?? (text || null); out.rawState = state.toUpperCase(); }
  if (zip) {
    // The ZIP is read the way the parser reads a last line, beside the city and state (a ZIP
    // that lost its leading zeros is repaired only when the state confirms it). A ZIP field the
    // parser cannot read as a ZIP ("ABCDE", eleven digits) is kept as written, for validation
    // to report ZIP_INVALID, never cut down to five digits or dropped.
    let line = city;
    if (state) line = line ? `${line}, ${state}` : state;
    line = line ? `${line}, ${zip}` : zip;
    const last = parseLine(line, places).components;
    out.zip5 = last.zip5 ?? zip.toUpperCase();
    out.zip4 = last.zip5 !== null ? last.zip4 : null;
  }
  return out;
}

// City, state and ZIP fields repeat from row to row of a spreadsheet (and from request to
// request): their reading is kept, per gazetteer, for this many distinct fields.
const LAST_LINE_MEMO_LIMIT = 4096;
const MAX_KEPT_KEY = 96;

type ReadLastLine = (city: string, state: string, zip: string) => LastLineFields;

/** readLastLineFields remembered for the last LAST_LINE_MEMO_LIMIT distinct fields (a pure function of them and the gazetteer). */
function lastLineMemo(places: PlaceLookup | null): ReadLastLine {
  // City, then state, then ZIP: three lookups of the fields as they come, which costs less than
  // building and hashing one joined key per row (~250 ns against ~600 ns for spreadsheet fields).
  let memo = new Map<string, Map<string, Map<string, LastLineFields>>>();
  let size = 0;
  return (city, state, zip) => {
    const byState = memo.get(city);
    const byZip = byState?.get(state);
    const hit = byZip?.get(zip);
    if (hit !== undefined) return hit;
    const value = readLastLineFields(city, state, zip, places);
    if (city.length + state.length + zip.length > MAX_KEPT_KEY) return value;
    if (size >= LAST_LINE_MEMO_LIMIT) {
      // Full: start over (the fields of a file or a client repeat, so it refills at once).
      memo = new Map();
      size = 0;
    }
    let states = memo.get(city);
    if (states === undefined) memo.set(city, (states = new Map()));
    let zips = states.get(state);
    if (zips === undefined) states.set(state, (zips = new Map()));
    zips.set(zip, value);
    size++;
    return value;
  };
}

/** Parses structured fields (trimmed): the street lines through the parser, the rest field by field. */
function parseStructured(line1: string, line2: string, city: string, state: string, zip: string, places: PlaceLookup | null, readLast: ReadLastLine | null) {
  const street = parseLine(line1 && line2 ? `${line1}, ${line2}` : line1 || line2, places);
  const c = street.components;
  // Street lines read as nothing but a city ("garbage ###", "see notes") are not a place the
  // user named: they are left unparsed, not turned into a city.
  if (c.city !== null && c.state === null && c.zip5 === null && c.number === null && c.street === null && c.po_box === null && c.rural_route === null) {
    street.unparsed.push(street.raw.city ?? c.city);
    c.city = null;
    delete street.raw.city;
  }
  // The street lines carry no last line: anything the parser took for city/state/ZIP there
  // is kept only when the structured fields do not say otherwise; what the fields contradict
  // is kept among the unparsed words (for validation to flag), never dropped unseen.
  if (city || state || zip) {
    const last = readLast !== null ? readLast(city, state, zip) : readLastLineFields(city, state, zip, places);
    if (last.given.city) {
      if (c.city !== null && last.city !== null && !sameLetters(c.city, last.city)) street.unparsed.push(street.raw.city ?? c.city);
      c.city = last.city;
      street.raw.city = last.rawCity;
    }
    if (last.given.state) {
      if (c.state !== null && last.state !== null && c.state !== last.state) street.unparsed.push(street.raw.state ?? c.state);
      c.state = last.state;
      street.raw.state = last.rawState;
    }
    if (last.given.zip) {
      if (c.zip5 !== null && last.zip5 !== null && c.zip5 !== last.zip5) street.unparsed.push(c.zip4 !== null ? `${c.zip5}-${c.zip4}` : c.zip5);
      c.zip5 = last.zip5;
      c.zip4 = last.zip4;
    }
  }
  return street;
}

/** The non-empty fields joined by ', ' (the structured input as one line). */
function joinFields(a: string, b: string, c: string, d: string, e: string): string {
  let out = a;
  if (b) out = out ? `${out}, ${b}` : b;
  if (c) out = out ? `${out}, ${c}` : c;
  if (d) out = out ? `${out}, ${d}` : d;
  if (e) out = out ? `${out}, ${e}` : e;
  return out;
}

/** Parses and standardizes one address. */
export function normalize(input: AddressInput, options: NormalizeOptions = {}): ParsedAddress {
  return normalizeWith(input, options.places ?? null, null);
}

/**
 * normalize with the gazetteer bound, for a face that normalizes many addresses (the engine):
 * the reading of structured city, state and ZIP fields is remembered between calls.
 */
export function createNormalizer(places: PlaceLookup | null): (input: AddressInput) => ParsedAddress {
  const readLast = lastLineMemo(places);
  return (input) => normalizeWith(input, places, readLast);
}

function normalizeWith(input: AddressInput, places: PlaceLookup | null, readLast: ReadLastLine | null): ParsedAddress {
  let parsed;
  let inputText: string;
  let kind: 'line' | 'structured';
  try {
    if (typeof input === 'string') {
      inputText = input;
      kind = 'line';
      parsed = parseLine(input.length > MAX_INPUT ? input : blankPlaceholders(input), places);
    } else {
      const s = input ?? {};
      const line1 = clean(s.line1);
      const line2 = clean(s.line2);
      const city = clean(s.city);
      const state = clean(s.state);
      const zip = clean(s.zip);
      inputText = joinFields(line1, line2, city, state, zip);
      kind = 'structured';
      parsed = parseStructured(line1, line2, city, state, zip, places, readLast);
    }
  } catch {
    // The parser is written not to throw; this is the last guard for the "never throws" promise.
    inputText = typeof input === 'string' ? input : '';
    kind = typeof input === 'string' ? 'line' : 'structured';
    parsed = { components: emptyComponents(), raw: {}, unparsed: inputText ? [inputText] : [] };
  }
  const components: AddressComponents = parsed.components;
  return {
    input: inputText,
    components,
    delivery_line: formatDeliveryLine(components),
    last_line: formatLastLine(components),
    unparsed: parsed.unparsed,
    raw: parsed.raw,
    input_kind: kind,
  };
}
