/**
 * What the suggestions of each layer (suggest.ts: address points, the locality
 * layer; suggest/suggest-range.ts: TIGER/Line ranges) share: the suggestion
 * itself, how the words typed after a street are read (unit, city, state,
 * ZIP), how a suggestion is ranked and how its text and highlight are composed.
 */
import unitData from '../data/unit-designators.json' with { type: 'json' };
import { cityKey } from '../parse/city-key.js';
import { displayAddressOf, mixedCase } from '../parse/display-address.js';
import type { PointRecord } from '../model/ports.js';
import { stateCode, suffixStandard, unitDesignator } from '../parse/pub28.js';
import { streetKey } from '../parse/street-key.js';
import type { LabelMatch, LabelWord } from './street-label-match.js';
import type { QueryToken } from './suggest-query.js';
import { partialWordKeys } from './typed-word-keys.js';

/** What a suggestion is. */
export type SuggestionKind =
  | 'address' // a building or one unit of it (an address point)
  | 'street' // a street in one ZIP
  | 'city' // a city of the locality layer
  | 'zip' // a ZIP of the locality layer
  | 'interpolated'; // a house number a TIGER/Line range of the street holds: a plausible address, not a known one

/** One suggestion. */
export interface Suggestion {
  text: string; // "1400 Abercrombie Dr, Valdez, AK 99686"
  highlight: string; // the matched part of text, first to last matched character
  highlight_ranges: [number, number][]; // matched characters of text, [start, end) offsets
  place_id: string; // stable across re-imports; details(place_id) gives the full record
  kind: SuggestionKind;
  units: number; // address: units the data lists at this building (0 when none)
  coverage: SuggestionCoverage; // the layer that answered, as reverse geocoding says it
}

/** Which layer a suggestion comes from. */
export type SuggestionCoverage = 'address_points' | 'address_ranges' | 'locality';

/** A suggestion with what it is ranked by. */
export interface Ranked {
  s: Suggestion;
  rank: number[]; // compared element by element, lower first
  point?: PointRecord; // an address's point: one place from two sources is suggested once (same-place.ts)
  same?: string; // the address or street by its parts and ZIP: a range suggestion of what a point suggestion names is dropped
}

// Every C2 spelling, for a unit designator being typed ("AP" of APT).
const UNIT_SPELLINGS: readonly string[] = unitData.designators.flatMap((d) => d.spellings);

/** The unit and place words typed after the street. */
export interface Tail {
  unitTyped: boolean;
  unitType: string | null; // designator code, '#', or null (being typed, or a bare number)
  unitNumber: string | null;
  unitComplete: boolean;
  place: QueryToken[]; // city, state or ZIP words
}

export function readTail(tail: readonly QueryToken[]): Tail {
  const none: Tail = { unitTyped: false, unitType: null, unitNumber: null, unitComplete: false, place: [...tail] };
  const t0 = tail[0];
  if (t0 === undefined) return none;
  const designator = t0.text === '#' ? '#' : t0.complete ? unitDesignator(t0.text)?.code ?? null : null;
  const partial = designator === null && !t0.complete && t0.text.length >= 2 && UNIT_SPELLINGS.some((s) => s.startsWith(t0.text));
  if (designator !== null || partial) {
    const n = tail[1];
    return { unitTyped: true, unitType: designator, unitNumber: n?.text ?? null, unitComplete: n?.complete ?? false, place: tail.slice(2) };
  }
  return none;
}

/** The street type a finished word names ("avenue" -> AVE); null when it is none, or also a unit or state (CT, KEY...). */
export function typedSuffix(token: QueryToken): string | null {
  if (!token.complete) return null;
  const typed = suffixStandard(token.text);
  return typed !== null && unitDesignator(token.text) === null && stateCode(token.text) === null ? typed : null;
}

/** True when the word after the street is another street type than the street's own ("main av" for MAIN ST). */
export function contradicts(street: { suffix: string | null }, next: QueryToken | undefined): boolean {
  if (next === undefined || street.suffix === null) return false;
  const typed = typedSuffix(next);
  return typed !== null && typed !== street.suffix;
}

/** 0 when the place words agree with the candidate's city, state and ZIP, 1 when they contradict it. */
export function placeDisagreement(place: readonly QueryToken[], city: string | null, state: string, zip5: string | null): number {
  const cityWords: string[] = [];
  for (const t of place) {
    if (/^\d+$/.test(t.text)) {
      if (zip5 === null || !zip5.startsWith(t.text) || (t.complete && t.text.length !== 5)) return 1;
    } else if (!(t.complete && stateCode(t.text) === state)) cityWords.push(t.text);
  }
  if (cityWords.length === 0) return 0;
  const typed = cityWords.join(' ');
  return city !== null && (city.startsWith(typed) || cityKey(city).startsWith(cityKey(typed))) ? 0 : 1;
}

/** 1 when the street has a predirectional the query left out ("160 second" ranks SECOND ST before E SECOND ST), else 0. */
export function skipped(street: { predir: string | null }, match: LabelMatch): number {
  return street.predir !== null && match.words[0]?.matched === 0 ? 1 : 0;
}

/** Text of a suggestion from its line words (matched characters counted) and last line, with the highlight. */
export function composed(line: readonly LabelWord[], city: string | null, state: string | null, zip5: string | null): Pick<Suggestion, 'text' | 'highlight' | 'highlight_ranges'> {
  const ranges: [number, number][] = [];
  let street = '';
  for (const w of line) {
    if (street !== '') street += ' ';
    if (w.matched > 0) ranges.push([street.length, street.length + w.matched]);
    street += w.word === '#' ? '#' : mixedCase(w.word);
  }
  const text = displayAddressOf(street, city, state, zip5, null) ?? street;
  return highlighted(text, ranges);
}

export function highlighted(text: string, ranges: [number, number][]): Pick<Suggestion, 'text' | 'highlight' | 'highlight_ranges'> {
  const first = ranges[0];
  const last = ranges[ranges.length - 1];
  return { text, highlight: first !== undefined && last !== undefined ? text.slice(first[0], last[1]) : '', highlight_ranges: ranges };
}

/** Key ranges [from, to) of the street names the typed word may begin. */
export function keyRanges(token: QueryToken): [string, string][] {
  // A whole key: the key itself, or followed by a space and more words ('!' sorts right after ' ').
  const whole = (k: string): [string, string] => [k, `${k}!`];
  if (token.complete) return [whole(streetKey(token.text))];
  return [[token.text, `${token.text}\uffff`], ...partialWordKeys(token.text).map(whole)];
}

/** Indexes of the typed words that may be the first word of the street name. */
export function nameStarts(words: readonly QueryToken[]): number[] {
  const w0 = words[0];
  if (w0 === undefined) return [];
  // "n main": N is a predirectional, MAIN the name; "north" alone may begin NORTH STAR RD.
  return words.length > 1 && /^(N|S|E|W|NE|NW|SE|SW|NORTH|SOUTH|EAST|WEST|NORTHEAST|NORTHWEST|SOUTHEAST|SOUTHWEST)$/.test(w0.text) ? [0, 1] : [0];
}

/** Orders suggestions by their rank, element by element (a missing element counts 0), then by text. */
export function compareRanks(a: Ranked, b: Ranked): number {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const d = (a.rank[i] ?? 0) - (b.rank[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.s.text < b.s.text ? -1 : a.s.text > b.s.text ? 1 : 0;
}

