/**
 * Stage: the house number (number words, fractions, grid and Wisconsin forms, lists).
 */
import type { Token } from './tokenize.js';
import { directional, isHouseNumber, isIntersectionWord, numberOfWords, numberWord, startsNumberWords, stateCode, suffixStandard } from './vocabulary.js';
import type { ParseState } from './state.js';
import { isUnitStart } from './unit-start.js';
import { allDigits, isDigitsThenDirection, isGridCoordinate, isOneLetter } from './chars.js';

/**
 * A house number written in several number words from i ("Two Hundred", "Twenty Two",
 * "Twenty-Two"), with a street after it in its section: its value and the index after it.
 */
export function numberWordsAt(st: ParseState, i: number, limit: number): { value: string; next: number } | null {
  if (i + 1 >= limit || !startsNumberWords(st.w(i))) return null;
  let found: { value: string; next: number } | null = null;
  for (let j = i + 1; j <= limit && j - i <= 6; j++) {
    if (j > i + 1 && st.startsSection(j - 1)) break;
    const value = numberOfWords(st.t.slice(i, j));
    if (value !== null && j < limit && !st.startsSection(j)) found = { value, next: j };
  }
  // "One Thousand Oaks Blvd": number words that begin a place's name with the word after them
  // are the street's; the number is the first word. A number of one word ("Twenty-Two Elm St")
  // has no word of it in the name after it: nothing to check.
  if (found !== null && found.next > i + 1 && st.places?.isPlace(st.text(i + 1, found.next + 1), null) === true) return null;
  return found;
}

/** Rule readNumber: the house number (number words, fractions, grid and Wisconsin forms, lists); returns the next index. */
export function readNumber(st: ParseState, i: number, limit: number): number {
  const t = st.t;
  const w = t[i];
  if (w === undefined || i >= limit) return i;
  const words = numberWordsAt(st, i, limit);
  if (words !== null) {
    st.c.number = words.value;
    st.raw.number = st.rawOf(i, words.next);
    return words.next;
  }
  const word = numberWord(w);
  if (word !== null && i + 1 < limit && !st.startsSection(i + 1)) {
    st.c.number = word;
    st.raw.number = w;
    return i + 1;
  }
  let number = w;
  let j = i + 1;
  // Wisconsin "W148 N9748".
  const next = t[j];
  if (isGridCoordinate(w) && next !== undefined && isGridCoordinate(next) && j < limit) { number = `${w} ${next}`; j++; }
  else if (!isHouseNumber(w)) return i;
  // Utah grid glued: "48S 400E".
  const grid = isDigitsThenDirection(w) ? /^(\d+)([NSEW])$/.exec(w) : null;
  if (grid && isDigitsThenDirection(next)) {
    number = grid[1] as string;
    st.c.predir = grid[2] as string;
    st.raw.predir = grid[2] as string;
  }
  st.c.number = number;
  st.raw.number = st.rawOf(i, j);
  // A list of house numbers ("5240;5220 3rd St", "1542, 1544 N Wells St"): the number is the list.
  const listed = next !== undefined && j === i + 1 ? listedNumber(st, i, limit) : null;
  if (listed !== null) {
    st.c.number = listed;
    st.raw.number = listed;
    return i + 2;
  }
  // Fraction.
  const f = t[j];
  if (f !== undefined && j < limit && /^\d+\/\d+$/.test(f) && !st.startsSection(j)) {
    st.c.number_fraction = f;
    j++;
  }
  // A single letter after the number ("11719 B JEFFERSON AVE") belongs to it when a name follows.
  const letter = t[j];
  if (letter !== undefined && isOneLetter(letter) && directional(letter) === null && j + 1 < limit && !st.startsSection(j + 1) && !st.startsSection(j)) {
    const after = st.w(j + 1);
    // "100 M Street SE": the letter is the street.
    if (suffixStandard(after) === null && !isIntersectionWord(after) && /^[A-Z]{2,}$/.test(after) && stateCode(letter + after) === null) {
      st.c.number = `${number}${letter}`;
      j++;
    }
  }
  return j;
}

/**
 * The house numbers of a list that opens the line — a number alone in its section, then a
 * semicolon (OpenStreetMap's list separator) or a comma and a second number of as many digits
 * before the street — written "5240;5220" or "1542, 1544"; null for anything else.
 */
export function listedNumber(st: ParseState, i: number, limit: number): string | null {
  const first = st.w(i);
  const second = st.w(i + 1);
  if (i + 2 >= limit || (i > 0 && !st.startsSection(i)) || !st.startsSection(i + 1) || st.startsSection(i + 2)) return null;
  if (!allDigits(first) || !allDigits(second) || isUnitStart(st, i + 2, limit)) return null;
  const separator = st.source.slice((st.tokens[i] as Token).end, (st.tokens[i + 1] as Token).start).trim();
  if (separator === ';') return `${first};${second}`;
  return separator === ',' && first.length === second.length ? `${first}, ${second}` : null;
}
