/**
 * Matches the words a user typed against a street of the point layer, word by
 * word, the way type-ahead reads: a predirectional may be left out, the name
 * words must match in order (the last typed word may be a prefix of the word
 * or of its key, "SAINT" and "ST" alike), the suffix and postdirectional may be
 * typed in any spelling Pub 28 knows ("drive", "dr", "dri..."), or not at all.
 * Words left over after the street are the tail: a unit, or a city, state or
 * ZIP. Pure; also says how many characters of each word of the street were
 * matched, for highlighting.
 */
import directionalData from '../data/directionals.json' with { type: 'json' };
import { boundedMemo } from '../util/bounded-memo.js';
import { directional, suffixName, suffixStandard } from '../parse/pub28.js';
import { streetKey } from '../parse/street-key.js';
import type { QueryToken } from './suggest-query.js';
import { partialWordKeys } from './typed-word-keys.js';

/** The parts of a street as the point layer stores them. */
export interface StreetParts {
  predir: string | null;
  street: string; // the name alone
  suffix: string | null;
  postdir: string | null;
}

/** One word of the street label, with the characters the query matched of it. */
export interface LabelWord {
  word: string; // as the standardized line writes it: N, ABERCROMBIE, DR
  matched: number; // characters of `word` matched by the query (0: not typed)
}

/** A street the typed words fit. */
export interface LabelMatch {
  words: LabelWord[]; // predir, name words, suffix, postdir (those present)
  used: number; // typed words the street took; the rest are the tail
}

// The spelled-out names of the directionals (N -> NORTH), for prefixes being typed.
const DIRECTION_NAME: ReadonlyMap<string, string> = new Map(
  directionalData.directionals.map((d) => [d.code, d.spellings.reduce((a, b) => (b.length > a.length ? b : a), d.code)]),
);

function matchesCode(token: QueryToken, code: string, standardOf: (t: string) => string | null, nameOf: (c: string) => string | null): boolean {
  if (token.complete) return token.text === code || standardOf(token.text) === code;
  const name = nameOf(code);
  return code.startsWith(token.text) || (name !== null && name.startsWith(token.text)) || standardOf(token.text) === code;
}

const matchesDirection = (t: QueryToken, code: string): boolean => matchesCode(t, code, (x) => directional(x), (c) => DIRECTION_NAME.get(c) ?? null);

/** The directional codes a typed word may be: SOUTH is S; SOU, still being typed, may be S, SE or SW. */
export function directionsTyped(token: QueryToken): string[] {
  return [...DIRECTION_NAME.keys()].filter((code) => matchesDirection(token, code));
}
const matchesSuffix = (t: QueryToken, code: string): boolean => matchesCode(t, code, (x) => suffixStandard(x), (c) => suffixName(c));

function matchesNameWord(token: QueryToken, word: string): boolean {
  if (token.text === word) return true;
  if (!token.complete && word.startsWith(token.text)) return true;
  const typedKey = wordKey(token.text);
  const nameKey = wordKey(word);
  if (token.complete) return typedKey === nameKey;
  return (typedKey !== '' && nameKey.startsWith(typedKey)) || partialWordKeys(token.text).includes(nameKey);
}

// Name words and typed words repeat from one candidate street to the next: their keys are remembered.
const wordKey = boundedMemo(streetKey, 8192);

const seen = (token: QueryToken, word: string): number => (token.complete ? word.length : Math.min(token.text.length, word.length));

/** Fits the typed words (after the house number) to a street; null when they do not fit. */
export function matchStreetLabel(street: StreetParts, tokens: readonly QueryToken[]): LabelMatch | null {
  const words: LabelWord[] = [];
  let i = 0;
  if (street.predir !== null) {
    const t = tokens[0];
    if (t !== undefined && matchesDirection(t, street.predir)) {
      words.push({ word: street.predir, matched: seen(t, street.predir) });
      i = 1;
    } else words.push({ word: street.predir, matched: 0 });
  }
  const nameWords = street.street.split(' ');
  for (const word of nameWords) {
    const t = tokens[i];
    if (t === undefined) {
      words.push({ word, matched: 0 });
      continue;
    }
    if (!matchesNameWord(t, word)) return null;
    words.push({ word, matched: seen(t, word) });
    i++;
  }
  for (const [code, matches] of [[street.suffix, matchesSuffix], [street.postdir, matchesDirection]] as const) {
    if (code === null) continue;
    const t = tokens[i];
    if (t !== undefined && matches(t, code)) {
      words.push({ word: code, matched: seen(t, code) });
      i++;
    } else words.push({ word: code, matched: 0 });
  }
  if (i === 0) return null; // nothing typed matched (only possible with no words at all)
  return { words, used: i };
}
