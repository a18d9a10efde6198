/**
 * The pre-filter of extraction: which stretches of a text are worth reading
 * closely. One pass over the characters, without a regular expression or a
 * string per word: each word of letters is hashed as it is read and looked up
 * among the words a state is written with (the last word of each name, code
 * or traditional abbreviation); a five-digit run that may be a ZIP is noted
 * too. Around each such anchor that has a digit before it (a house number, a
 * box or route number) or a ZIP after it, the stretch an address ending there
 * could occupy is kept: back to 26 words, four line breaks or a blank line,
 * whichever comes first (find-addresses.ts looks 24 words and three line
 * breaks back), and AFTER characters on. Overlapping stretches are merged.
 * A hash collision only costs a closer look, never a missed address.
 */
import words from '../data/extraction.json' with { type: 'json' };
import stateData from '../data/states.json' with { type: 'json' };

// The punctuation the word tokenizer (extract-tokens.ts) takes off a word's ends.
const LEAD = new Set(['(', '[', '{', '"', "'", '<', '#', '$', '*', '\u201C', '\u2018', '\u00AB'].map((ch) => ch.charCodeAt(0)));
const TRAIL = new Set([',', '.', ';', ':', '!', '?', ')', ']', '}', '"', "'", '>', '*', '\u201D', '\u2019', '\u00BB'].map((ch) => ch.charCodeAt(0)));

const WORDS_BACK = 26; // words kept before an anchor (find-addresses looks 24 back)
const LINES_BACK = 4; // line breaks kept before an anchor (find-addresses allows 3)
const MAX_BACK = 1200; // characters kept before an anchor at most
const AFTER = 60; // characters after a state: ZIP, country, a second state, a city written after it
const DIGITS_BEFORE = 40; // aggressive: characters kept before a digit run
const DIGITS_AFTER = 120; // and after it

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isBreak(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10);
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 0xa0;
}

/** The hash the scan computes for a word of ASCII letters, folded to capitals (30 bits: a small integer, never a heap number). */
function wordHash(word: string): number {
  let h = 0;
  for (let i = 0; i < word.length; i++) h = (Math.imul(h, 31) + (word.charCodeAt(i) & 0xdf)) & 0x3fffffff;
  return h;
}

// The last word of every way a state is written: "CA", "CALIF", "CALIFORNIA", "YORK" (New York), "ISLANDS".
const STATE_WRITINGS: string[] = stateData.states.flatMap((st) => [st.code, st.name.toUpperCase(), ...st.aliases]);
const LAST_WORDS = new Set(STATE_WRITINGS.map((w) => w.split(' ').at(-1) as string).filter((w) => w.length >= 2));
const STATE_WORD_HASHES = new Set<number>([...LAST_WORDS].map(wordHash));
const STOP_BY_HASH = new Map<number, string[]>();
for (const w of words.stopWords.filter((x) => /^[A-Z]+$/.test(x))) STOP_BY_HASH.set(wordHash(w), [...(STOP_BY_HASH.get(wordHash(w)) ?? []), w]);
const WORD_CODES_BY_HASH = new Map<number, string[]>();
for (const w of [...words.wordCodes, ...words.wordAliases]) WORD_CODES_BY_HASH.set(wordHash(w), [...(WORD_CODES_BY_HASH.get(wordHash(w)) ?? []), w]);
// A first sieve on the low 16 bits of a word's hash: most words of prose are let go by one array
// read, before any set is asked. Stop words are not looked for as the text is read (prose is full
// of them): only between a state and the digit before it (stopWordBetween).
const SIEVE = new Uint8Array(1 << 16);
for (const h of STATE_WORD_HASHES) SIEVE[h & 0xffff] = 1;
const LONGEST_STATE_WORD = Math.max(...[...LAST_WORDS].map((w) => w.length));

/** True when text[i, j) is a word of its own as the tokenizer cuts words (only its lead and trail punctuation around it) and a stop word. */
function isStopWord(text: string, i: number, j: number, h: number, from: number, to: number): boolean {
  const candidates = STOP_BY_HASH.get(h);
  if (candidates === undefined || !candidates.some((w) => sameLetters(text, i, j, w))) return false;
  let a = i;
  while (a > from && LEAD.has(text.charCodeAt(a - 1))) a--;
  if (a > from && !isBlank(text.charCodeAt(a - 1)) && text.charCodeAt(a - 1) !== 44 && text.charCodeAt(a - 1) !== 59) return false;
  let b = j;
  while (b < to && TRAIL.has(text.charCodeAt(b))) b++;
  return b >= to || isBlank(text.charCodeAt(b));
}

/** True when a stop word lies in text[a, b) (from, to: the bounds of the text read). */
function stopWordBetween(text: string, a: number, b: number, from: number, to: number): boolean {
  let i = a;
  while (i < b) {
    if (!isLetter(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const s = i;
    let h = 0;
    while (i < b && isLetter(text.charCodeAt(i))) {
      h = (Math.imul(h, 31) + (text.charCodeAt(i) & 0xdf)) & 0x3fffffff;
      i++;
    }
    if (i - s >= 2 && isStopWord(text, s, i, h, from, to)) return true; // as the scan reads words: one letter is never a stop
  }
  return false;
}

/** True when text[i, j) is the upper-case word w, in any case. */
function sameLetters(text: string, i: number, j: number, w: string): boolean {
  if (j - i !== w.length) return false;
  for (let k = 0; k < w.length; k++) if ((text.charCodeAt(i + k) & 0xdf) !== w.charCodeAt(k)) return false;
  return true;
}

/** True when the state word at text[i, j) (hash h) may end an address: a word code ("in", "me") written in lower case needs a comma before it or a digit after it. */
function plausibleState(text: string, i: number, j: number, h: number): boolean {
  const words = WORD_CODES_BY_HASH.get(h);
  if (words === undefined || j - i > 4 || !words.some((w) => sameLetters(text, i, j, w))) return true;
  let upper = true;
  for (let k = i; k < j; k++) {
    const c = text.charCodeAt(k);
    if (c >= 97 && c <= 122) upper = false;
  }
  if (upper) return true;
  let k = i - 1;
  while (k >= 0 && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k--;
  if (k >= 0 && text.charCodeAt(k) === 44) return true; // "elkhart, in"
  return digitSoonAfter(text, j, text.length);
}

/** True when a digit follows text[j] after at most three blanks or commas ("TX 78701", "ME, 04101"). */
function digitSoonAfter(text: string, j: number, to: number): boolean {
  for (let k = j; k < to && k <= j + 3; k++) {
    const c = text.charCodeAt(k);
    if (isDigit(c)) return true;
    if (c !== 32 && c !== 44 && c !== 9 && c !== 10 && c !== 13) return false;
  }
  return false;
}

/** Where the stretch before an anchor at `at` begins: WORDS_BACK words, LINES_BACK line breaks, a blank line or MAX_BACK characters back. */
function stretchStart(text: string, at: number, from: number): number {
  const floor = Math.max(from, at - MAX_BACK);
  let k = at; // the first character of the earliest word kept so far
  let lines = 0;
  for (let wordsSeen = 0; wordsSeen < WORDS_BACK; wordsSeen++) {
    let g = k; // back over the blanks before k
    let gapLines = 0;
    while (g > floor && isBlank(text.charCodeAt(g - 1))) {
      g--;
      if (isBreak(text, g)) gapLines++;
    }
    if (g <= floor || gapLines >= 2) return k; // the text's start, or a blank line
    lines += gapLines;
    if (lines > LINES_BACK) return k;
    let w = g; // back over the word before them
    while (w > floor && !isBlank(text.charCodeAt(w - 1))) w--;
    k = w;
    if (w <= floor) return stretchStartAt(text, w, from);
  }
  return k;
}

/** Where the stretch after `at` ends: `length` characters on, widened to a whole word, cut at a blank line. */
function stretchEnd(text: string, at: number, to: number, length = AFTER): number {
  let b = Math.min(to, at + length);
  while (b < to && !isBlank(text.charCodeAt(b))) b++;
  for (let k = at; k < b; k++) {
    if (!isBreak(text, k)) continue;
    let q = k + 1;
    while (q < b && (text.charCodeAt(q) === 32 || text.charCodeAt(q) === 9 || (text.charCodeAt(q) === 13 && text.charCodeAt(q + 1) === 10))) q++;
    if (q < b && isBreak(text, q)) return k; // a blank line
  }
  return b;
}

/** Keeps the stretch around an anchor at text[i, j) (a state, or a ZIP when zipAfter), if a digit lies within it or a ZIP follows. */
function anchor(text: string, from: number, to: number, i: number, j: number, zipAfter: boolean, lastDigit: number, raw: [number, number][]): void {
  const a = stretchStart(text, i, from);
  if (!zipAfter && lastDigit < a) return;
  raw.push([a, stretchEnd(text, j, to)]);
}

/**
 * The stretches of text[from, to) worth tokenizing, in order and disjoint. With `aggressive`, also
 * the neighbourhood of every digit run (street lines alone have no state).
 */
export function hotRegions(text: string, from: number, to: number, aggressive = false): [number, number][] {
  const raw: [number, number][] = [];
  // Plain locals (no closure over them) keep this loop in registers.
  let lastDigit = -1; // offset of the last digit read
  let lastStop = -1; // offset of the last clause end (! ? ;) read: no address runs across it
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (isLetter(c)) {
      const s = i;
      let h = 0;
      let n = 0;
      while (i < to) {
        const d = text.charCodeAt(i);
        if (isLetter(d)) {
          h = (Math.imul(h, 31) + (d & 0xdf)) & 0x3fffffff;
          n++;
          i++;
        } else if (d === 46 && n === 1 && i + 1 < to && isLetter(text.charCodeAt(i + 1))) i++; // "N.Y."
        else break;
      }
      if (n < 2 || n > LONGEST_STATE_WORD || SIEVE[h & 0xffff] === 0) continue;
      if (STATE_WORD_HASHES.has(h) && !(s > from && isDigit(text.charCodeAt(s - 1))) && plausibleState(text, s, i, h)) {
        const zipAfter = digitSoonAfter(text, i, to);
        // Without a ZIP after it, a state needs a digit (a house, box or route number) after the last stop.
        if (zipAfter || (lastDigit > lastStop && s - lastDigit <= MAX_BACK && !stopWordBetween(text, lastDigit + 1, s, from, to))) anchor(text, from, to, s, i, zipAfter, lastDigit, raw);
      }
      continue;
    }
    if (isDigit(c)) {
      const s = i;
      while (i < to && isDigit(text.charCodeAt(i))) i++;
      // A five-digit run alone (not an amount, an order number or part of a longer number) may be a ZIP.
      if (i - s === 5 && (s === from || isBlank(text.charCodeAt(s - 1)) || text.charCodeAt(s - 1) === 44) && !(i < to && (isLetter(text.charCodeAt(i)) || text.charCodeAt(i) === 46 && isDigit(text.charCodeAt(i + 1))))) {
        anchor(text, from, to, s, i, true, lastDigit, raw);
      }
      lastDigit = i - 1;
      continue;
    }
    if (c === 33 || c === 63 || c === 59) lastStop = i; // ! ? ;
    i++;
  }
  if (aggressive) {
    const digits = /\d+/g;
    digits.lastIndex = from;
    let m: RegExpExecArray | null;
    while ((m = digits.exec(text)) !== null && m.index < to) {
      raw.push([stretchStartAt(text, Math.max(from, m.index - DIGITS_BEFORE), from), stretchEnd(text, m.index, to, DIGITS_AFTER)]);
    }
  }
  raw.sort((x, y) => x[0] - y[0]);
  const regions: [number, number][] = [];
  for (const [a, b] of raw) {
    const last = regions[regions.length - 1];
    if (last !== undefined && a <= last[1]) last[1] = Math.max(last[1], b);
    else regions.push([a, b]);
  }
  return regions;
}

/** A start widened back to the beginning of its word. */
function stretchStartAt(text: string, a: number, from: number): number {
  while (a > from && !isBlank(text.charCodeAt(a - 1))) a--;
  return a;
}
