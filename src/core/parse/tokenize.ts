/**
 * Tokenizer: one pass over the input, linear time, never throws. Produces
 * upper-case tokens without accents, periods or apostrophes, with the index of
 * the comma-separated section each token belongs to (line breaks, semicolons
 * and parentheses separate sections too).
 */
import { isDigitCode } from './chars.js';

/** One token of an address. */
export interface Token {
  text: string; // upper-case, accents/periods/apostrophes removed: "N.W." -> "NW"
  section: number; // index of the comma-separated section
  start: number; // offset of the first character in the folded input (see foldText)
  end: number; // offset after the last character; source.slice(start, end) is the token as written
}

// Character classes by code (ASCII): 1 letter/digit, 2 section break, 3 solo token.
const CLASS = new Uint8Array(128);
for (let c = 48; c <= 57; c++) CLASS[c] = 1;
for (let c = 65; c <= 90; c++) CLASS[c] = 1;
for (let c = 97; c <= 122; c++) CLASS[c] = 1;
for (const ch of ',;\n\r()[]{}|') CLASS[ch.charCodeAt(0)] = 2;
for (const ch of '#&@') CLASS[ch.charCodeAt(0)] = 3;

const DOT = 46;
const APOSTROPHE = 39;
const HYPHEN = 45;
const SLASH = 47;

function isAlnum(c: number): boolean {
  return c < 128 && CLASS[c] === 1;
}

/** Whether the slash at s[i] separates two words: blanks around it, or two letters or more on each side. */
function slashJoins(s: string, i: number): boolean {
  let left = 0;
  for (let k = i - 1; k >= 0 && isAlnum(s.charCodeAt(k)); k--) left++;
  let right = 0;
  for (let k = i + 1; k < s.length && isAlnum(s.charCodeAt(k)); k++) right++;
  if (left === 0 && right === 0) return i > 0 && i + 1 < s.length; // " / "
  return left >= 2 && right >= 2;
}

/** Folds a string to ASCII without accents (NFKD, marks dropped); ASCII passes unchanged. */
export function foldText(input: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(input)) return input;
  return input
    .replace(/\u00BD/g, ' 1/2').replace(/\u00BC/g, ' 1/4').replace(/\u00BE/g, ' 3/4')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u00B4`]/g, "'")
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\u00DF/g, 'SS');
}

/** Splits an address into tokens with section indexes. */
export function tokenize(input: string): Token[] {
  return tokenizeFolded(foldText(input));
}

/** tokenize for text already passed through foldText (offsets refer to it). */
export function tokenizeFolded(s: string, upperCased?: string): Token[] {
  // Upper-cased once for the whole line, then sliced per token (when case mapping keeps
  // the length, as it does for ASCII).
  const upper = upperCased ?? s.toUpperCase();
  const sameLength = upper.length === s.length;
  const tokens: Token[] = [];
  const n = s.length;
  let section = 0;
  let sectionHasToken = false;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    const cls = c < 128 ? CLASS[c] : 0;
    if (cls === 2) {
      if (sectionHasToken) { section++; sectionHasToken = false; }
      i++;
      continue;
    }
    if (cls !== 1) {
      // A solo token (# & @), or a slash between words, which joins two streets as '&' does
      // ("Main St / 1st Ave", "Main St/1st Ave"); not in "c/o", "A/R" or "N/A" (a single letter
      // beside it), nor between digits. One push for both: a rare path of its own would meet
      // V8's optimized code without type feedback and deoptimize it.
      if (cls === 3 || c === SLASH && slashJoins(s, i)) {
        tokens.push({ text: c === SLASH || c === 64 ? '&' : s[i] as string, section, start: i, end: i + 1 });
        sectionHasToken = true;
      }
      i++;
      continue;
    }
    // A word: letter/digit runs joined by inner periods and apostrophes (dropped), hyphens,
    // '/' between digits, and a decimal point between digits.
    const start = i;
    let text = '';
    let runStart = i;
    while (i < n) {
      const cc = s.charCodeAt(i);
      if (isAlnum(cc)) { i++; continue; }
      const next = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      const prev = s.charCodeAt(i - 1);
      const nextAlnum = isAlnum(next); // (asked at every word's end, not only on the rare paths below)
      if (cc === DOT && isDigitCode(prev) && isDigitCode(next)) { i++; continue; }
      if (cc === HYPHEN && nextAlnum) { i++; continue; }
      if (cc === SLASH && isDigitCode(prev) && isDigitCode(next)) { i++; continue; }
      if (cc === APOSTROPHE && nextAlnum) { text += s.slice(runStart, i); i++; runStart = i; continue; }
      // "N.W.", "P.O.": a period between short letter groups joins them.
      if (cc === DOT && nextAlnum && !isDigitCode(next) && i - runStart <= 2 && text.length + (i - runStart) <= 2) {
        text += s.slice(runStart, i); i++; runStart = i; continue;
      }
      break;
    }
    if (text === '' && sameLength) text = upper.slice(runStart, i);
    else text = (text + s.slice(runStart, i)).toUpperCase();
    // A trailing period or apostrophe is dropped by stopping before it.
    tokens.push({ text, section, start, end: i });
    sectionHasToken = true;
  }
  return tokens;
}
