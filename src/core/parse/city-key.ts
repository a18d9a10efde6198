/**
 * The normalized match key of a city name, shared by the reference build (the
 * `places.key` column) and the matcher, so both sides always agree.
 * Called several times per address (the parser's place lookups, then validation):
 * ASCII names take a single character loop, others NFKD and a few regex passes.
 */

import { boundedMemo } from '../util/bounded-memo.js';
import abbreviationData from '../data/city-abbreviations.json' with { type: 'json' };

const MEMO_LIMIT = 4096;

// Combining marks left by NFKD ("Doña" -> "Don" + U+0303 + "a").
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NON_ASCII = /[\u0080-\uffff]/;
// Periods and apostrophes join their neighbours ("St." -> "ST", "Coeur d'Alene" ->
// "COEUR DALENE", "Lincoln'S" -> "LINCOLNS"); typographic quotes and the Hawaiian
// okina are apostrophes too.
const JOINING_PUNCTUATION = /[.'\u2018\u2019\u02bb`]/g;
const OTHER_PUNCTUATION = /[^A-Z0-9]+/g;

// Words city names are written with in more than one way: SAINT, FORT and MOUNT fold to ST, FT
// and MT; abbreviations (HTS, SPGS, PK, VY ...) unfold to their words. data/city-abbreviations.json
// says why each. A Map, not an object: looking a freshly sliced word up as a property key costs more.
const WORD_KEYS: ReadonlyMap<string, string> = new Map([...Object.entries(abbreviationData.folded), ...Object.entries(abbreviationData.any_word)]);

// The slow path: any non-ASCII character (accents, typographic quotes, case mappings
// such as "ß" -> "SS" that change the length) goes through NFKD and regexes.
function keyWordsSlow(name: string): string[] {
  let s = name;
  if (NON_ASCII.test(s)) s = s.normalize('NFKD').replace(COMBINING_MARKS, '');
  s = s.toUpperCase().replace(JOINING_PUNCTUATION, '').replace(OTHER_PUNCTUATION, ' ').trim();
  return s === '' ? [] : s.split(' ');
}

const isKeyChar = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 48 && c <= 57); // A-Z 0-9
const isJoiningAscii = (c: number): boolean => c === 46 || c === 39 || c === 96; // . ' `

// The fast path for ASCII names, the common case: one pass, the same result as the slow path.
function keyWordsAscii(name: string): string[] {
  const u = name.toUpperCase();
  const words: string[] = [];
  let word = '';
  let from = -1; // start of the run of key characters being read
  for (let i = 0; i < u.length; i++) {
    const c = u.charCodeAt(i);
    if (isKeyChar(c)) {
      if (from < 0) from = i;
      continue;
    }
    if (from >= 0) {
      word += u.slice(from, i);
      from = -1;
    }
    if (isJoiningAscii(c)) continue;
    if (word !== '') {
      words.push(word);
      word = '';
    }
  }
  if (from >= 0) word += u.slice(from);
  if (word !== '') words.push(word);
  return words;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

/** The words of cityKey(name) (none for an empty key), for callers that work word by word. */
export function cityKeyWords(name: string): string[] {
  const words = isAscii(name) ? keyWordsAscii(name) : keyWordsSlow(name);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    // GeoNames splits the Scottish prefix ("Mc Grath") where people write
    // "McGrath". Only MC: the reference never splits "Mac", and a standalone
    // MAC may be a word of its own, so joining it could merge distinct names.
    const next = words[i + 1];
    if (word === 'MC' && next !== undefined) {
      out.push(word + next);
      i++;
      continue;
    }
    out.push(WORD_KEYS.get(word) ?? word);
  }
  return out;
}

// City names repeat (a batch names the same towns again and again): remembered.
const rememberedKey = boundedMemo((name: string) => cityKeyWords(name).join(' '), MEMO_LIMIT);

/** The normalized match key of a city name: "Mc Grath" -> "MCGRATH", "Saint Louis" -> "ST LOUIS", "Shaker Hts" -> "SHAKER HEIGHTS". */
export function cityKey(name: string): string {
  return rememberedKey(name);
}
