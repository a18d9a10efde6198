/**
 * Tokenizer: one pass over the input, linear time, never throws. Produces
 * upper-case tokens without accents, periods or apostrophes, with the index of
 * the comma-separated section each token belongs to (line breaks, semicolons
 * and parentheses separate sections too).
 */

/** One token of an address. */
export interface Token {
  text: string; // upper-case, accents/periods/apostrophes removed: "N.W." -> "NW"
  raw: string; // the token as written (before upper-casing), for raw component values
  section: number; // index of the comma-separated section
  start: number; // offset of the first character in the input
  end: number; // offset after the last character
}

const SECTION_BREAK = new Set([',', ';', '\n', '\r', '(', ')', '[', ']', '{', '}', '|']);
// Characters kept inside tokens: letters, digits, '-', '/' between digits, '#', '&' as own tokens.
const SOLO = new Set(['#', '&', '@']);

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** Folds a string to ASCII upper case without accents (NFKD, marks dropped). */
export function foldText(input: string): string {
  // Fast path: plain ASCII needs no normalization.
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
  const s = foldText(input);
  const tokens: Token[] = [];
  let section = 0;
  let sectionHasToken = false;
  let i = 0;
  const n = s.length;
  while (i < n) {
    const ch = s[i] as string;
    const c = s.charCodeAt(i);
    if (SECTION_BREAK.has(ch)) {
      if (sectionHasToken) { section++; sectionHasToken = false; }
      i++;
      continue;
    }
    if (SOLO.has(ch)) {
      tokens.push({ text: ch === '@' ? '&' : ch, raw: ch, section, start: i, end: i + 1 });
      sectionHasToken = true;
      i++;
      continue;
    }
    if (!isAlnum(c)) { i++; continue; }
    // A word: alnum runs joined by '.', '\'', '-' and '/' (only between digits for '/').
    const start = i;
    let text = '';
    while (i < n) {
      const cc = s.charCodeAt(i);
      const chr = s[i] as string;
      if (isAlnum(cc)) { text += chr; i++; continue; }
      const next = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if ((chr === '.' || chr === "'") ) {
        // Periods and apostrophes vanish inside words ("N.W.", "O'Hare"); a
        // period between digits is a decimal point and ends nothing.
        if (chr === '.' && isDigit(text.charCodeAt(text.length - 1)) && isDigit(next)) { text += '.'; i++; continue; }
        i++;
        if (isAlnum(next) && chr === "'") continue;
        if (chr === '.' && isAlnum(next) && text.length <= 2 && !isDigit(next)) continue; // "N.W.", "P.O."
        break;
      }
      if (chr === '-' && isAlnum(next) && text.length > 0) { text += '-'; i++; continue; }
      if (chr === '/' && isDigit(text.charCodeAt(text.length - 1)) && isDigit(next)) { text += '/'; i++; continue; }
      break;
    }
    if (text.length > 0) {
      tokens.push({ text: text.toUpperCase(), raw: s.slice(start, i), section, start, end: i });
      sectionHasToken = true;
    }
  }
  return tokens;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
