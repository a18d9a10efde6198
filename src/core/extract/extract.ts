/**
 * extract: every U.S. address in a text, each with its exact text, offsets,
 * line number and full validation result (docs/validation.md). Pure.
 *
 * Offsets are JavaScript string indexes (UTF-16 code units, end exclusive), so
 * `input.slice(start, end) === text` for the string a caller passed in; the
 * CLI decodes its input as UTF-8 without dropping a byte-order mark, so the
 * same holds for the file as JavaScript reads it. Lines are numbered from 1
 * (a line ends at \n, \r\n or \r).
 *
 * Candidates come from find-addresses.ts; each is parsed and validated, and
 * kept only when the locality layer confirms it: a ZIP of the state, or a city
 * of the state (a span that ends on a state but has neither is prose, not an
 * address). With `aggressive`, street lines without a place ("1 spiritual
 * healer dr") are reported too, with the validation result they get (PARTIAL).
 *
 * Large inputs: createExtractor takes the text chunk by chunk and keeps only a
 * bounded tail between chunks (the last lines, which an address may continue
 * into); offsets and line numbers stay those of the whole input.
 */
import { findAddresses } from './find-addresses.js';
import { suffixOfToken } from '../parse/pub28.js';
import { htmlToText, looksLikeHtml } from './html-text.js';
import type { AddressCandidate } from './find-addresses.js';
import type { PlaceLookup } from '../parse/parse.js';
import type { HtmlParserClass, LocalityStore } from '../model/ports.js';
import type { ParsedAddress } from '../model/types.js';
import type { ValidationResult } from '../model/validation-result.js';
import type { ValidateOptions } from '../validate/validate.js';

/** Options of an extraction. */
export interface ExtractOptions {
  aggressive?: boolean; // also report street lines without city, state or ZIP
  input?: 'auto' | 'text' | 'html'; // how to read the text (default auto: HTML when it looks like HTML)
}

/** One address found in a text. */
export interface ExtractedAddress {
  text: string; // the address exactly as written: input.slice(start, end)
  start: number; // offset of its first character (UTF-16 code units, like String.prototype.slice)
  end: number; // offset after its last character
  line: number; // line of its first character, from 1
  end_line: number; // line of its last character
  kind: 'address' | 'street'; // a full address, or (aggressive) a street line without a place
  result: ValidationResult; // the validation of the address (Variant A)
}

/** What extraction needs from the engine: parse, validate, and the locality layer. */
export interface ExtractDeps {
  normalize(text: string): ParsedAddress;
  validate(parsed: ParsedAddress, options: ValidateOptions): ValidationResult;
  locality: LocalityStore;
  places: PlaceLookup;
  htmlParser: () => HtmlParserClass; // for HTML input (ports.ts)
}

const CONFIRMED = new Set(['VALIDATED', 'CORRECTED']);
const NOT_ADDRESS_REASONS = new Set(['STREET_MISSING', 'HOUSE_NUMBER_MISSING', 'LOCALITY_MISSING', 'NOT_AN_ADDRESS']);

/** Decides one candidate: its validation result when it is an address, else null. */
export function judgeCandidate(candidate: AddressCandidate, deps: ExtractDeps, options: ValidateOptions): ValidationResult | null {
  if (candidate.kind === 'address' && candidate.zip === null && !shapedLikeAddress(candidate, deps.places)) return null;
  const parsed = deps.normalize(candidate.oneLine);
  const c = parsed.components;
  // A grid number the parser keeps in the street ("W206N W16282 Marashland Dr") still numbers the house.
  const gridNumber = c.number === null && c.street !== null && /^[NSEW]\d+[NSEW]?\d*\b/.test(c.street);
  const delivery = (c.number !== null && c.street !== null) || gridNumber || c.po_box !== null || c.rural_route !== null;
  if (!delivery) return null;
  if (candidate.kind === 'street') {
    // A street line alone: number, name and suffix, nothing else the parser could not place.
    if (c.number === null || c.street === null || c.suffix === null || parsed.unparsed.length > 0 || c.city !== null || c.state !== null || c.zip5 !== null) return null;
    return deps.validate(parsed, options);
  }
  if (c.state === null || c.state !== candidate.state) return null;
  // Prose ending on a state name, without a ZIP or a comma ("418 of Washington Texas": Washington
  // is a place in Texas) is an address only with a typed street ("55 WEST 10TH DENVER COLORADO").
  const punctuated = /[,\n\r]/.test(candidate.text.slice(0, candidate.stateStart - candidate.start));
  if (candidate.zip === null && !punctuated && !stateWrittenAsCode(candidate) && !typedStreet(c)) return null;
  const result = deps.validate(parsed, options);
  if (result.reason_codes.some((r) => NOT_ADDRESS_REASONS.has(r) && !(gridNumber && r === 'HOUSE_NUMBER_MISSING'))) return null;
  if (CONFIRMED.has(result.status) && !result.reason_codes.includes('CITY_NOT_FOUND')) return result;
  // Not confirmed as a whole (a ZIP of another place, "TAMPA FL 12345"): still an address when
  // the ZIP is one of the state's, or the city is a place of the state.
  if (candidate.zip !== null) {
    const zip = deps.locality.zip(candidate.zip.slice(0, 5));
    if (zip !== null && zip.state === candidate.state) return result;
  }
  if (c.city !== null && deps.places.isPlace(c.city, candidate.state)) return result;
  // Without either, a city with a digit in it ("them very 1973") is prose read as an address.
  if (c.city !== null && /\d/.test(c.city)) return null;
  // Or when it has the whole shape of one: a typed street (suffix, ordinal or highway), PO box or
  // route, then a city or a ZIP, and no word the parser could not place ("N Sebastopol CA",
  // "Rancho Dominguez CA": places the reference knows under another name).
  // The fallbacks below take a city the reference does not know: only in a span written like an
  // address (a ZIP, a comma or line break before the state, or the state as a code), not in prose
  // that ends on a state name ("332 great well way see all Texas").
  if (candidate.zip === null && !punctuated && !stateWrittenAsCode(candidate)) return null;
  const unplaced = parsed.unparsed.filter((u) => !COUNTRY_WORDS.has(u));
  if (unplaced.length === 0 && (c.city !== null || candidate.zip !== null) && typedStreet(c)) return result;
  // A street without a type ("2149 highalnder kentwood mi") only with a house number written in
  // digits and a city of at most three words ("three such even down Oregon" is prose).
  if (unplaced.length === 0 && c.city !== null && c.city.split(' ').length <= 3 && c.number !== null && /^\d/.test(candidate.text) && !result.reason_codes.includes('ZIP_STATE_MISMATCH')) return result;
  return null;
}

/**
 * A cheap look at a candidate without a ZIP before it is parsed: an address has a comma or a line
 * break before its state, a typed street (a suffix, an ordinal, a highway, a box or route), a
 * place of the state just before the state ("1000 WOODLAWN Chicago IL"), or is a few words from a
 * house number to a state code. Prose that merely ends on a state ("by 1990 many families left
 * Texas") has none of these, and is not parsed at all.
 */
function shapedLikeAddress(candidate: AddressCandidate, places: PlaceLookup): boolean {
  const before = candidate.text.slice(0, candidate.stateStart - candidate.start);
  if (/[,\n\r]/.test(before)) return true;
  const words = before.split(/\s+/).map((w) => w.replace(/[^A-Za-z0-9]/g, '').toUpperCase()).filter((w) => w !== '');
  if (words.some((w) => suffixOfToken(w) !== null || ORDINAL.test(w) || TYPED_WORDS.has(w))) return true;
  // A place of the state in the one to three words before it ("1000 WOODLAWN Chicago IL").
  for (let n = 1; n <= 3 && n < words.length; n++) {
    if (places.isPlace(words.slice(words.length - n).join(' '), candidate.state)) return true;
  }
  // A short span from a house number in digits to a state code ("2149 highalnder kentwood mi"):
  // prose names a state in full far more often than by its code.
  return stateWrittenAsCode(candidate) && /^\d/.test(candidate.text) && words.length >= 3 && words.length <= 6;
}

/** True when the candidate's state is written as a two-letter code ("mi", "IL", "N.Y."). */
function stateWrittenAsCode(candidate: AddressCandidate): boolean {
  return /^[A-Za-z]\.?[A-Za-z]\.?(?![A-Za-z])/.test(candidate.text.slice(candidate.stateStart - candidate.start));
}

// Words that type a street or a delivery point without being a Pub 28 suffix.
const TYPED_WORDS = new Set(['HWY', 'HIGHWAY', 'ROUTE', 'RTE', 'FM', 'SR', 'US', 'INTERSTATE', 'COUNTY', 'PO', 'BOX', 'RR', 'HC', 'PSC', 'CMR', 'UNIT', 'APT', 'STE', 'SUITE']);

const COUNTRY_WORDS = new Set(['US', 'USA', 'U S', 'U S A', 'UNITED STATES', 'UNITED STATES OF AMERICA', 'AMERICA']);

const ORDINAL = /^\d+(ST|ND|RD|TH)$/;
const HIGHWAY = /\b(HIGHWAY|HWY|ROUTE|RTE|ROAD|RD|FM|SR|US|INTERSTATE|COUNTY)\b/;

function typedStreet(c: ParsedAddress['components']): boolean {
  if (c.po_box !== null || c.rural_route !== null) return true;
  if (c.street === null) return false;
  return c.suffix !== null || ORDINAL.test(c.street) || HIGHWAY.test(c.street);
}

/**
 * The line number at each offset of `offsets` (ascending) in text, the first character being on
 * line `firstLine`; a line ends at \n, \r\n or \r (`crBefore`: the text before this one ended on
 * \r, so a \n first is the end of that same break). One pass with indexOf, however many offsets.
 */
function linesAt(text: string, offsets: readonly number[], firstLine: number, crBefore: boolean): number[] {
  const out: number[] = [];
  let line = firstLine;
  const next = (ch: string, from: number): number => {
    const k = text.indexOf(ch, from);
    return k < 0 ? Number.POSITIVE_INFINITY : k;
  };
  let nl = next('\n', 0);
  let cr = next('\r', 0);
  for (const t of offsets) {
    for (;;) {
      if (nl < cr && nl < t) {
        if (!(nl === 0 ? crBefore : text.charCodeAt(nl - 1) === 13)) line++;
        nl = next('\n', nl + 1);
      } else if (cr < t) {
        line++;
        cr = next('\r', cr + 1);
      } else break;
    }
    out.push(line);
  }
  return out;
}

/** Extracts the addresses of one whole text (read as HTML when options.input says so, or it looks like HTML). */
export function extractAddresses(text: string, deps: ExtractDeps, options: ExtractOptions = {}, call: ValidateOptions = {}): ExtractedAddress[] {
  const html = options.input === 'html' || (options.input !== 'text' && looksLikeHtml(text.slice(0, 4096)));
  if (html) return extractHtml(text, deps, options, call);
  const extractor = createExtractor(deps, options, call);
  return [...extractor.push(text), ...extractor.end()];
}

function countBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

/** Extracts the addresses of an HTML document: found in its text, reported at their place in the HTML. */
function extractHtml(html: string, deps: ExtractDeps, options: ExtractOptions, call: ValidateOptions): ExtractedAddress[] {
  const read = htmlToText(html, deps.htmlParser());
  const extractor = createExtractor(deps, options, call);
  const found = [...extractor.push(read.text), ...extractor.end()];
  let line = 1;
  let at = 0;
  return found.map((a) => {
    const start = read.startOf(a.start);
    const end = Math.max(start, read.endOf(a.end));
    line += countBreaks(html, at, start);
    at = start;
    return { ...a, text: html.slice(start, end), start, end, line, end_line: line + countBreaks(html, start, Math.max(start, end - 1)) };
  });
}

/** An extraction fed chunk by chunk. */
export interface Extractor {
  /** Adds the next chunk of text; returns the addresses that are now complete. */
  push(chunk: string): ExtractedAddress[];
  /** Ends the text; returns the remaining addresses. */
  end(): ExtractedAddress[];
}

// A chunk is scanned once it holds this much; the tail kept for the next one is at most
// TAIL characters (the last lines, where an address may continue into the next chunk).
const SCAN_AT = 1 << 20;
const TAIL = 2048;

/** A streaming extraction: memory stays bounded by the chunk size, whatever the input size. */
export function createExtractor(deps: ExtractDeps, options: ExtractOptions = {}, call: ValidateOptions = {}): Extractor {
  let buffer = ''; // text not yet scanned to the end, starting at global offset `base`
  let base = 0;
  let emittedTo = 0; // global offset: addresses ending at or before it were reported
  let baseLine = 1; // line number at buffer offset 0
  let baseCr = false;
  const judge = (candidate: AddressCandidate): ValidationResult | null => judgeCandidate(candidate, deps, call);
  // Chunks not yet in the buffer: joined into one flat string before a scan (a string grown by +=
  // is a tree of pieces, which the character-by-character scan reads about twice as slowly).
  const pending: string[] = [];
  let pendingLength = 0;
  const flush = (): void => {
    if (pending.length === 0) return;
    pending.unshift(buffer);
    buffer = pending.join('');
    pending.length = 0;
    pendingLength = 0;
  };

  const scan = (final: boolean): ExtractedAddress[] => {
    // Where this scan's results stop being final: before the tail, cut at a line break.
    let cut = buffer.length;
    if (!final) {
      const floor = Math.max(0, buffer.length - TAIL);
      const nl = buffer.lastIndexOf('\n', buffer.length - 1);
      let c = nl >= floor ? nl : -1;
      // Three lines back at most (an address spans at most four), and never before the floor.
      for (let n = 0; n < 3 && c > floor; n++) {
        const prev = buffer.lastIndexOf('\n', c - 1);
        if (prev < floor) break;
        c = prev;
      }
      if (c < 0) {
        // No line break near the end: cut at a blank, keeping at most TAIL characters.
        const blank = buffer.lastIndexOf(' ', buffer.length - 1);
        c = blank >= floor ? blank : floor;
      }
      cut = c;
    }
    const found = findAddresses(buffer, judge, options).filter((f) => base + f.candidate.end > emittedTo && (final || f.candidate.end <= cut));
    // Keep the tail, plus enough before it that an address ending in the tail is found whole.
    const keepFrom = final ? buffer.length : Math.max(0, Math.min(cut, buffer.length - TAIL) - TAIL);
    // The lines of every start, last character and of keepFrom, counted in one pass.
    const offsets = [...found.flatMap((f) => [f.candidate.start, Math.max(f.candidate.start, f.candidate.end - 1)]), keepFrom];
    const order = offsets.map((_, k) => k).sort((x, y) => (offsets[x] as number) - (offsets[y] as number));
    const sortedLines = linesAt(buffer, order.map((k) => offsets[k] as number), baseLine, baseCr);
    const lineOf: number[] = [];
    order.forEach((k, n) => (lineOf[k] = sortedLines[n] as number));
    const out: ExtractedAddress[] = found.map((f, k) => ({
      text: f.candidate.text,
      start: base + f.candidate.start,
      end: base + f.candidate.end,
      line: lineOf[2 * k] as number,
      end_line: lineOf[2 * k + 1] as number,
      kind: f.candidate.kind,
      result: f.verdict,
    }));
    if (out.length > 0) emittedTo = Math.max(emittedTo, (out[out.length - 1] as ExtractedAddress).end);
    if (!final) {
      baseLine = lineOf[offsets.length - 1] as number;
      baseCr = keepFrom > 0 ? buffer.charCodeAt(keepFrom - 1) === 13 : baseCr;
      base += keepFrom;
      buffer = buffer.slice(keepFrom);
    }
    return out;
  };

  return {
    push(chunk: string): ExtractedAddress[] {
      pending.push(chunk);
      pendingLength += chunk.length;
      if (buffer.length + pendingLength < SCAN_AT) return [];
      flush();
      return scan(false);
    },
    end(): ExtractedAddress[] {
      flush();
      const out = scan(true);
      base += buffer.length;
      buffer = '';
      return out;
    },
  };
}
