/**
 * normalize: one address (a line or structured fields) in, Pub 28 components,
 * delivery line and last line out. Pure; never throws on any string.
 */
import type { AddressComponents, AddressInput, ParsedAddress, StructuredAddress } from './types.js';
import { foldText, tokenize, tokenizeFolded } from './tokenize.js';
import type { Token } from './tokenize.js';
import { emptyComponents, parseTokens } from './parse-address.js';
import type { PlaceLookup } from './parse-address.js';
import { stateCode, unitDesignator } from './pub28.js';
import { formatDeliveryLine, formatLastLine } from './format-lines.js';

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
    out.push({ ...tok, text: tok.text.slice(0, cut), end: tok.start + cut }, { ...tok, text: tok.text.slice(cut), start: tok.start + cut });
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

function clean(v: string | null | undefined): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** Parses structured fields: the street lines through the parser, the rest field by field. */
function parseStructured(input: StructuredAddress, places: PlaceLookup | null) {
  const line1 = clean(input.line1);
  const line2 = clean(input.line2);
  const street = parseLine([line1, line2].filter(Boolean).join(', '), places);
  const c = street.components;
  // Street lines read as nothing but a city ("garbage ###", "see notes") are not a place the
  // user named: they are left unparsed, not turned into a city.
  if (c.city !== null && c.state === null && c.zip5 === null && c.number === null && c.street === null && c.po_box === null && c.rural_route === null) {
    street.unparsed.push(street.raw.city ?? c.city);
    c.city = null;
    delete street.raw.city;
  }
  // The street lines carry no last line: anything the parser took for city/state/ZIP there
  // is kept only when the structured fields do not say otherwise.
  const city = clean(input.city);
  const state = clean(input.state);
  const zip = clean(input.zip);
  if (city || state || zip) {
    const last = parseLine([city, state, zip].filter(Boolean).join(', '), places);
    if (city) { c.city = tokenize(city).map((t) => t.text).join(' ') || null; street.raw.city = city.toUpperCase(); }
    if (state) { c.state = stateCode(tokenize(state).map((t) => t.text).join(' ')) ?? (tokenize(state).map((t) => t.text).join(' ') || null); street.raw.state = state.toUpperCase(); }
    // A ZIP field the parser cannot read as a ZIP ("ABCDE", eleven digits) is kept as written,
    // for validation to report ZIP_INVALID, never cut down to five digits or dropped.
    if (zip) { c.zip5 = last.components.zip5 ?? zip.toUpperCase(); c.zip4 = last.components.zip5 !== null ? last.components.zip4 : null; }
  }
  return street;
}

/** Parses and standardizes one address. */
export function normalize(input: AddressInput, options: NormalizeOptions = {}): ParsedAddress {
  const places = options.places ?? null;
  let parsed;
  let inputText: string;
  let kind: 'line' | 'structured';
  try {
    if (typeof input === 'string') {
      inputText = input;
      kind = 'line';
      parsed = parseLine(input, places);
    } else {
      const s = input ?? {};
      inputText = [s.line1, s.line2, s.city, s.state, s.zip].map(clean).filter(Boolean).join(', ');
      kind = 'structured';
      parsed = parseStructured(s, places);
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
