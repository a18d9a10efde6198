/**
 * Character tests the parser asks of token texts many times a line, as loops over char codes:
 * each is what the regex in its comment tests (undefined, which a regex reads as the text
 * "undefined", fails each of them), without a RegExp call per token.
 */

/** Whether a char code is an ASCII digit (what \d matches). */
export const isDigitCode = (c: number): boolean => c >= 48 && c <= 57;
/** Whether a char code is a capital letter (what [A-Z] matches). */
export const isLetterCode = (c: number): boolean => c >= 65 && c <= 90;
/** Whether a char code is one of N S E W (what [NSEW] matches). */
export const isDirectionCode = (c: number): boolean => c === 78 || c === 83 || c === 69 || c === 87;

/** /\d/.test(s): some ASCII digit. */
export function hasDigit(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isDigitCode(s.charCodeAt(i))) return true;
  return false;
}

/** /^\d+$/.test(s): digits only, at least one. */
export function allDigits(s: string | undefined): boolean {
  if (s === undefined || s.length === 0) return false;
  for (let i = 0; i < s.length; i++) if (!isDigitCode(s.charCodeAt(i))) return false;
  return true;
}

/** /^\d/.test(s): begins with a digit. */
export function startsWithDigit(s: string | undefined): boolean {
  return s !== undefined && isDigitCode(s.charCodeAt(0));
}

/** /^[A-Z]$/.test(s): one capital letter. */
export function isOneLetter(s: string | undefined): boolean {
  return s !== undefined && s.length === 1 && isLetterCode(s.charCodeAt(0));
}

/** /^[A-Z]{2}$/.test(s): two capital letters. */
export function isTwoLetters(s: string | undefined): boolean {
  return s !== undefined && s.length === 2 && isLetterCode(s.charCodeAt(0)) && isLetterCode(s.charCodeAt(1));
}

/** /^[A-Z]+$/.test(s): capital letters only, at least one. */
export function allLetters(s: string | undefined): boolean {
  if (s === undefined || s.length === 0) return false;
  for (let i = 0; i < s.length; i++) if (!isLetterCode(s.charCodeAt(i))) return false;
  return true;
}

/** /^\d+[A-Z]?$/.test(s): digits, then at most one capital letter. */
export function digitsThenLetter(s: string | undefined): boolean {
  if (s === undefined || s.length === 0) return false;
  let n = s.length;
  if (isLetterCode(s.charCodeAt(n - 1))) n--;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) if (!isDigitCode(s.charCodeAt(i))) return false;
  return true;
}

/** /^[NSEW]\d+$/.test(s): a grid coordinate ("W148"). */
export function isGridCoordinate(s: string | undefined): boolean {
  if (s === undefined || s.length < 2) return false;
  if (!isDirectionCode(s.charCodeAt(0))) return false;
  for (let i = 1; i < s.length; i++) if (!isDigitCode(s.charCodeAt(i))) return false;
  return true;
}

/** /^\d+[NSEW]$/.test(s): a number with a direction glued after it ("400E"). */
export function isDigitsThenDirection(s: string | undefined): boolean {
  if (s === undefined || s.length < 2) return false;
  if (!isDirectionCode(s.charCodeAt(s.length - 1))) return false;
  for (let i = 0; i < s.length - 1; i++) if (!isDigitCode(s.charCodeAt(i))) return false;
  return true;
}
