/**
 * What an autocomplete query says, read as one types it: an optional house
 * number (and fraction), then words of a street, maybe a unit and a city,
 * state or ZIP after it. The last word is `complete` only when a space or a
 * comma follows it: until then it is a prefix of what the user means.
 */

/** One word of the query, upper case, punctuation dropped. */
export interface QueryToken {
  text: string;
  complete: boolean; // followed by a space or comma: the user finished this word
}

/** A query taken apart. */
export interface SuggestQuery {
  number: string | null; // house number as typed, upper case: 1400, 1400A, 12-34
  numberInt: number | null; // its leading integer
  fraction: string | null; // 1/2
  words: QueryToken[]; // what follows the number: street words, then maybe a unit and a city/state/ZIP
  zipPrefix: string | null; // the whole query is 1 to 5 digits being typed: a ZIP prefix, not a house number
}

const HOUSE_NUMBER = /^(\d+)[A-Z]?$|^(\d+)-\d+[A-Z]?$/;

/** Splits a query into tokens; the last one is complete only when whitespace or a comma ends the query. */
export function queryTokens(query: string): QueryToken[] {
  const text = query.toUpperCase().replace(/['.’]/g, '').replace(/#/g, ' # ').replace(/[^A-Z0-9#/\- ]+/g, ' ');
  const parts = text.split(' ').filter((p) => p !== '' && p !== '-');
  const endsOpen = !/[\s,]$/.test(query);
  return parts.map((p, i) => ({ text: p, complete: i < parts.length - 1 || !endsOpen }));
}

/** Reads a query. */
export function readSuggestQuery(query: string): SuggestQuery {
  const tokens = queryTokens(query);
  const first = tokens[0];
  const none: SuggestQuery = { number: null, numberInt: null, fraction: null, words: tokens, zipPrefix: null };
  if (first === undefined) return none;
  if (tokens.length === 1 && !first.complete && /^\d{1,5}$/.test(first.text)) return { ...none, words: [], zipPrefix: first.text };
  const m = HOUSE_NUMBER.exec(first.text);
  if (m === null || !first.complete) return none;
  let rest = tokens.slice(1);
  let fraction: string | null = null;
  if (rest[0] !== undefined && rest[0].complete && /^\d+\/\d+$/.test(rest[0].text)) {
    fraction = rest[0].text;
    rest = rest.slice(1);
  }
  return { number: first.text, numberInt: Number(m[1] ?? m[2]), fraction, words: rest, zipPrefix: null };
}
