/**
 * The mixed-case one-line address for people ("1600 Pennsylvania Ave NW,
 * Washington, DC 20500"). Codes stay upper case; words get a capital initial.
 * Runs once or twice per validation: one character loop for the usual line,
 * no regexes or callbacks.
 */
import { boundedMemo } from '../util/bounded-memo.js';
import { isDigitCode } from './chars.js';

// Tokens that are codes or acronyms on an envelope, never words.
const UPPER: ReadonlySet<string> = new Set([
  'N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW', 'PO', 'RR', 'HC', 'PSC', 'CMR', 'APO', 'FPO', 'DPO', 'US', 'PMB', '#',
]);

const isLowerAscii = (c: number): boolean => c >= 97 && c <= 122; // a-z
const isSeparator = (c: number): boolean => c === 45 || c === 39 || c === 47; // - ' /

/** True for ST, ND, RD or TH (upper case), the ordinal endings of "1ST", "22ND". */
function isOrdinalEnding(a: number, b: number): boolean {
  return (a === 83 && b === 84) || (a === 78 && b === 68) || (a === 82 && b === 68) || (a === 84 && b === 72);
}

function word(token: string): string {
  if (UPPER.has(token)) return token;
  const n = token.length;
  let digits = 0;
  while (digits < n && isDigitCode(token.charCodeAt(digits))) digits++;
  // Ordinals read as 1st, 22nd; other tokens with digits are identifiers (4B, N6W23001).
  if (digits > 0 && digits === n - 2 && isOrdinalEnding(token.charCodeAt(n - 2), token.charCodeAt(n - 1))) {
    return token.slice(0, digits) + token.slice(digits).toLowerCase();
  }
  if (digits > 0) return token;
  for (let i = 1; i < n; i++) if (isDigitCode(token.charCodeAt(i))) return token;
  // Lower case, then a capital for each a-z letter that starts the token or follows a
  // hyphen, apostrophe or slash: WINSTON-SALEM, O'NEIL.
  const lower = token.toLowerCase();
  let out = '';
  let from = 0;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (isLowerAscii(c) && (i === 0 || isSeparator(lower.charCodeAt(i - 1)))) {
      out += lower.slice(from, i) + String.fromCharCode(c - 32);
      from = i + 1;
    }
  }
  return from === 0 ? lower : out + lower.slice(from);
}

// UPPER as numbers (the character codes of a token of up to three ASCII characters),
// so the fast path can look a word up without slicing it out of the line.
const UPPER_CODES: ReadonlySet<number> = new Set([...UPPER].map((t) => codeOf(t, 0, t.length)));

function codeOf(text: string, s: number, e: number): number {
  let code = 0;
  for (let i = s; i < e; i++) code = code * 128 + text.charCodeAt(i);
  return code;
}

// The fast path of mixedCase, for the usual line: ASCII, no lower-case letters, single
// spaces between words and none around them; null for any other line. One pass that
// classifies each word as word() does, then pieces the result together from slices of
// the line (kept words, capitals) and of its lower-case copy, which lines up with it.
function mixedCaseAscii(text: string): string | null {
  const n = text.length;
  if (n === 0 || text.charCodeAt(0) === 32 || text.charCodeAt(n - 1) === 32) return null;
  let lower = '';
  let out = '';
  let from = 0; // text[from, ...) is not copied to `out` yet
  let s = 0; // start of the current word
  let digitsEnd = 0; // end of its leading digits
  let digit = false; // a digit anywhere in it
  let separator = false; // a hyphen, apostrophe or slash in it
  for (let e = 0; e <= n; e++) {
    const c = e < n ? text.charCodeAt(e) : 32;
    if (c !== 32) {
      if (isDigitCode(c)) {
        digit = true;
        if (digitsEnd === e) digitsEnd = e + 1;
      } else if (c > 127 || isLowerAscii(c)) {
        return null;
      } else if (isSeparator(c)) {
        separator = true;
      }
      continue;
    }
    if (e + 1 < n && text.charCodeAt(e + 1) === 32) return null;
    if (digit) {
      // An ordinal gets a lower-case ending; other tokens with digits stay as written.
      if (digitsEnd === e - 2 && isOrdinalEnding(text.charCodeAt(e - 2), text.charCodeAt(e - 1))) {
        if (lower === '') lower = text.toLowerCase();
        out += text.slice(from, e - 2) + lower.slice(e - 2, e);
        from = e;
      }
    } else if (separator) {
      out += text.slice(from, s) + word(text.slice(s, e)); // O'NEIL, WINSTON-SALEM: rare
      from = e;
    } else if (e - s > 3 || !UPPER_CODES.has(codeOf(text, s, e))) {
      // The first character as written (a capital, or a non-letter), the rest lower case.
      if (lower === '') lower = text.toLowerCase();
      out += text.slice(from, s + 1) + lower.slice(s + 1, e);
      from = e;
    }
    s = e + 1;
    digitsEnd = s;
    digit = false;
    separator = false;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Mixed case of an upper-case line: "1600 PENNSYLVANIA AVE NW" -> "1600 Pennsylvania Ave NW". */
export function mixedCase(text: string): string {
  const fast = mixedCaseAscii(text);
  if (fast !== null) return fast;
  // Words are separated by single spaces; empty words (runs of spaces) are dropped.
  let out = '';
  let start = 0;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    if (i < n && text.charCodeAt(i) !== 32) continue;
    if (i > start) {
      const w = word(text.slice(start, i));
      out = out === '' ? w : `${out} ${w}`;
    }
    start = i + 1;
  }
  return out;
}

// Pieces of a line repeat from one address to the next (city and street names, suffixes,
// unit designators): remembered, for as many as a batch across the country names (4,096 kept
// thrashed over 20,000 addresses of the whole country; ~2 MB when full).
const rememberedMixedCase = boundedMemo(mixedCase, 20_000);

/**
 * mixedCase of the pieces joined by spaces (pieces that are not strings, or empty, are
 * skipped): the same words, each piece remembered but for those that open with a digit
 * (house and unit numbers, which seldom repeat).
 */
export function mixedCasePieces(pieces: readonly (string | null | undefined)[]): string {
  let out = '';
  for (const p of pieces) {
    if (typeof p !== 'string' || p === '') continue;
    const m = isDigitCode(p.charCodeAt(0)) ? mixedCase(p) : rememberedMixedCase(p);
    if (m !== '') out = out === '' ? m : `${out} ${m}`;
  }
  return out;
}

function present(p: string | null): p is string {
  return p !== null && p !== '';
}

/** The display address from its street part, already in mixed case ('' for none), and the last line's parts; null when empty. */
export function displayAddressOf(street: string, city: string | null, state: string | null, zip5: string | null, zip4: string | null): string | null {
  const zip = zip5 !== null ? (zip4 !== null ? `${zip5}-${zip4}` : zip5) : null;
  const stateZip = present(state) ? (present(zip) ? `${state} ${zip}` : state) : present(zip) ? zip : '';
  const cityMixed = present(city) ? rememberedMixedCase(city) : '';
  let out = street;
  if (cityMixed !== '') out = out === '' ? cityMixed : `${out}, ${cityMixed}`;
  if (stateZip !== '') out = out === '' ? stateZip : `${out}, ${stateZip}`;
  return out === '' ? null : out;
}

/** The display address from standardized parts; null when there is nothing to show. */
export function displayAddress(parts: {
  line1: string | null; line2: string | null; city: string | null; state: string | null; zip5: string | null; zip4: string | null;
}): string | null {
  let street = present(parts.line1) ? mixedCase(parts.line1) : '';
  if (present(parts.line2)) street = street === '' && !present(parts.line1) ? mixedCase(parts.line2) : `${street} ${mixedCase(parts.line2)}`;
  return displayAddressOf(street, parts.city, parts.state, parts.zip5, parts.zip4);
}
