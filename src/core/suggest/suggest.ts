/**
 * Autocomplete: suggestions as one types, over the imported address points,
 * and city or ZIP names of the locality layer when no point matches.
 *
 * - "1400 abercr": buildings numbered 1400 on streets whose name starts so;
 *   one suggestion per building, never one per unit, unless a unit is typed
 *   ("1400 abercrombie dr apt 2": that unit first, else the building).
 * - "abercr": the streets (one per ZIP).
 * - "123 sou", "east ": a directional alone stands for the streets with that
 *   predirectional; "12t" and "secon" find 12TH and SECOND (street keys 12, 2).
 * - "9547": ZIPs; "sebas": cities — only when no point matches and no house
 *   number was typed.
 * Cities: the exact name first, then those of more ZIPs (the larger towns).
 * Ranking: suggestions whose city/state/ZIP agree with what the query says
 *   after the street first, then the exact number (1400 before 1400A), the
 *   unit typed, a street without a predirectional the query left out
 *   (SECOND ST before E SECOND ST), then the shorter street, then alphabetical.
 * A misspelled street name (one or two letters off) is tried when nothing
 *   matches as typed (`fuzzy: true`).
 * `highlight` is the part of `text` the query matched, from the first matched
 * character to the last ("1400 Abercr"); `highlight_ranges` lists the matched
 * characters exactly, as [start, end) offsets into `text`.
 */
import { cityKey } from '../parse/city-key.js';
import { mixedCase } from '../parse/display-address.js';
import { AddrError } from '../model/errors.js';
import { checkLimit } from '../model/option-bounds.js';
import { placeIdOf } from '../model/place-id.js';
import type { StreetRef } from '../model/place-id.js';
import type { LocalityNames, PointRecord, PointSearch, StreetFilter } from '../model/ports.js';
import { stateCode } from '../parse/pub28.js';
import { damerauLevenshtein } from '../util/string-distance.js';
import { directionsTyped, matchStreetLabel } from './street-label-match.js';
import type { LabelWord } from './street-label-match.js';
import { distinctPlaces } from '../points/same-place.js';
import { compareRanks, composed, contradicts, highlighted, keyRanges, nameStarts, placeDisagreement, readTail, skipped, typedSuffix } from './suggest-parts.js';
import type { Ranked, Suggestion, SuggestionCoverage } from './suggest-parts.js';
import { rangeSuggestions, sameKey } from './suggest-range.js';
import type { RangeSuggestPorts } from './suggest-range.js';
import { readSuggestQuery } from './suggest-query.js';
import type { QueryToken, SuggestQuery } from './suggest-query.js';

/** Bounds and defaults. */
export const SUGGEST_LIMITS = {
  defaultLimit: 5,
  maxLimit: 20,
  maxQueryLength: 200,
  rowsPerKey: 60, // rows read for one street key (a name in many ZIPs: the first 60 found)
  widerRows: 600, // read again when those 60 rows were all read and none fits
  keysInRange: 2000, // street keys a prefix may begin, at most (the first alphabetically)
  keysVisited: 200, // keys read per query, shortest first, until enough suggestions are found
  directionKeys: 8, // keys read for a directional typed alone ("123 sou"): the shortest names with it
  fuzzyWords: 3, // corrected street names tried for a misspelling
} as const;

/** Options of a suggest call. */
export interface SuggestOptions {
  limit?: number; // 1..20, default 5
  state?: string | null; // only suggestions in this state (code or name)
  requestId?: string;
  startedAt?: number;
  now?: () => number;
}

export type { Suggestion, SuggestionCoverage, SuggestionKind } from './suggest-parts.js';

/** What suggest returns. */
export interface SuggestResult {
  id: string;
  query: { text: string; limit: number; state: string | null };
  suggestions: Suggestion[];
  source: SuggestionCoverage | 'none'; // the layer of the first suggestion (each says its own in `coverage`)
  fuzzy: boolean; // true when the street name was corrected to find them
  data_version: string;
  latency_ms: number;
}

/** The ports suggest reads. */
export interface SuggestPorts {
  search: PointSearch | null; // null: no points imported
  names: LocalityNames | null; // null: no city/ZIP fallback
  ranges?: RangeSuggestPorts | null; // TIGER/Line ranges (suggest/suggest-range.ts), where the points do not answer
  dataVersion: string;
}

function streetRefOf(p: { source: string; state: string; zip5: string | null; predir: string | null; street: string; suffix: string | null; postdir: string | null }): StreetRef {
  return { source: p.source, state: p.state, zip5: p.zip5, predir: p.predir, street: p.street, suffix: p.suffix, postdir: p.postdir };
}

/** The street keys the typed word may begin (at most keysInRange per range): binary search of the sorted keys. */
function candidateKeys(keys: readonly string[], token: QueryToken): string[] {
  const out: string[] = [];
  for (const [from, to] of keyRanges(token)) {
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((keys[mid] as string) < from) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo, n = 0; i < keys.length && (keys[i] as string) < to && n < SUGGEST_LIMITS.keysInRange; i++, n++) out.push(keys[i] as string);
  }
  return out;
}

const byLength = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

// The keys of the streets with one predirectional, shortest first, at most directionKeys (per key list the store gives).
const shortestFirst = new WeakMap<readonly string[], readonly string[]>();

function predirKeys(search: PointSearch, predir: string): readonly string[] {
  const keys = search.streetKeysWithPredir(predir);
  let sorted = shortestFirst.get(keys);
  if (sorted === undefined) {
    sorted = [...keys].sort(byLength).slice(0, SUGGEST_LIMITS.directionKeys);
    shortestFirst.set(keys, sorted);
  }
  return sorted;
}

/** Reads the candidates of one street key, narrowed by a filter (undefined: every street of the key). */
type KeyRead = (key: string, filter: StreetFilter | undefined) => Ranked[];

/**
 * What the typed words say of the streets of `key`, when the name starts at word `start`:
 * a directional before it ("n main": predir N), a street type after it ("main st": ST, or no
 * type). Only what the match would require anyway, so a name in many ZIPs is narrowed in the
 * store before its rows are cut to rowsPerKey.
 */
function streetFilter(words: readonly QueryToken[], start: number, key: string): StreetFilter | undefined {
  const filter: StreetFilter = {};
  if (start === 1) filter.predirs = directionsTyped(words[0] as QueryToken);
  const next = words[start + key.split(' ').length];
  const suffix = next !== undefined ? typedSuffix(next) : null;
  if (suffix !== null) filter.suffixes = [suffix];
  return filter.predirs !== undefined || filter.suffixes !== undefined ? filter : undefined;
}

/**
 * Reads the candidates key by key, shortest key first, until `limit` suggestions rank at the
 * top (no place disagreement, exact number, unit as typed): longer keys can only rank after them.
 * When the only word typed may be a directional ("123 sou", "east "), the streets with that
 * predirectional are candidates too, whatever their name.
 */
function collect(q: SuggestQuery, search: PointSearch, limit: number, readKey: KeyRead): Ranked[] {
  const reads = new Map<string, StreetFilter | undefined>();
  for (const i of nameStarts(q.words)) {
    for (const key of candidateKeys(search.streetKeys(), q.words[i] as QueryToken)) {
      reads.set(key, reads.has(key) ? undefined : streetFilter(q.words, i, key)); // a key two readings give: unfiltered
    }
  }
  const only = q.words.length === 1 ? (q.words[0] as QueryToken) : null;
  const dirs = only !== null ? directionsTyped(only) : [];
  if (dirs.length > 0) {
    // No name typed yet: the few shortest names with that predirectional stand for the rest.
    const named = [...new Set(dirs.flatMap((dir) => predirKeys(search, dir)))].sort(byLength).filter((key) => !reads.has(key));
    for (const key of named.slice(0, SUGGEST_LIMITS.directionKeys)) reads.set(key, { predirs: dirs });
  }
  const keys = [...reads.keys()].sort(byLength);
  const out: Ranked[] = [];
  let top = 0;
  let lastLength = -1;
  for (const key of keys.slice(0, SUGGEST_LIMITS.keysVisited)) {
    if (top >= limit && key.length > lastLength) break;
    for (const r of readKey(key, reads.get(key))) {
      out.push(r);
      if (r.rank[0] === 0 && r.rank[1] === 0 && r.rank[2] === 0) top++;
    }
    lastLength = key.length;
  }
  return out;
}

function addressSuggestions(q: SuggestQuery, state: string | null, search: PointSearch, limit: number): Ranked[] {
  return collect(q, search, limit, (key, filter) => widened((rows) => search.pointsByKey(key, q.numberInt as number, state, rows, filter), (points) => buildingSuggestions(q, points)));
}

/**
 * The suggestions of one key's rows, read again up to widerRows when the first rowsPerKey rows
 * were all read and none fits ("jackson trail" among 300 Jackson streets of other types).
 */
function widened<T>(read: (rows: number) => readonly T[], suggest: (rows: readonly T[]) => Ranked[]): Ranked[] {
  const rows = read(SUGGEST_LIMITS.rowsPerKey);
  const found = suggest(rows);
  return found.length > 0 || rows.length < SUGGEST_LIMITS.rowsPerKey ? found : suggest(read(SUGGEST_LIMITS.widerRows));
}

function buildingSuggestions(q: SuggestQuery, rows: readonly PointRecord[]): Ranked[] {
  // Buildings: the points of one street with one number (and fraction).
  const buildings = new Map<string, PointRecord[]>();
  for (const p of rows) {
    const key = `${p.street_id}|${p.number}|${p.number_fraction ?? ''}`;
    const list = buildings.get(key);
    if (list === undefined) buildings.set(key, [p]);
    else list.push(p);
  }
  const out: Ranked[] = [];
  for (const points of buildings.values()) {
    const base = points[0] as PointRecord;
    if (q.fraction !== null && base.number_fraction !== q.fraction) continue;
    const match = matchStreetLabel(base, q.words);
    if (match === null || contradicts(base, q.words[match.used])) continue;
    const tail = readTail(q.words.slice(match.used));
    const disagree = placeDisagreement(tail.place, base.city, base.state, base.zip5);
    const exact = base.number === q.number ? 0 : 1;
    const numberWords: LabelWord[] = [{ word: base.number, matched: exact === 0 ? base.number.length : String(q.numberInt).length }];
    if (base.number_fraction !== null) numberWords.push({ word: base.number_fraction, matched: q.fraction !== null ? base.number_fraction.length : 0 });
    const line = [...numberWords, ...match.words];
    const units = points.filter((p) => p.unit_number !== null || p.unit_type !== null);
    const plain = points.find((p) => p.unit_number === null && p.unit_type === null);
    const rank = (unitRank: number): number[] => [disagree, exact, unitRank, skipped(base, match), base.street.length];
    if (tail.unitTyped) {
      let found = 0;
      for (const u of units) {
        const number = u.unit_number ?? '';
        const typed = tail.unitNumber;
        let unitRank: number;
        let matched = 0;
        if (typed === null) unitRank = 1; // "apt ": every unit of the building
        else if (number === typed) { unitRank = 0; matched = number.length; }
        else if (!tail.unitComplete && number.startsWith(typed)) { unitRank = 1; matched = typed.length; }
        else continue;
        if (tail.unitType !== null && tail.unitType !== '#' && u.unit_type !== '#' && u.unit_type !== tail.unitType) unitRank += 1; // APT typed, UNIT listed
        const unitWords: LabelWord[] = [{ word: u.unit_type ?? '#', matched: tail.unitType !== null ? (u.unit_type ?? '#').length : 0 }, { word: number, matched }];
        const c = composed([...line, ...unitWords], u.city, u.state, u.zip5);
        out.push({ s: { ...c, place_id: u.place_id, kind: 'address', units: 0, coverage: 'address_points' }, rank: rank(unitRank), point: u, same: sameKey(u.number, u, u.zip5) });
        found++;
      }
      if (found > 0) continue;
    }
    // The building: its unit-less point, or the building of its units (never one suggestion per unit).
    const c = composed(line, base.city, base.state, base.zip5);
    const placeId = plain !== undefined ? plain.place_id : placeIdOf({ kind: 'building', street: streetRefOf(base), number: base.number, fraction: base.number_fraction });
    out.push({ s: { ...c, place_id: placeId, kind: 'address', units: units.length, coverage: 'address_points' }, rank: rank(tail.unitTyped ? 3 : 0), point: plain ?? base, same: sameKey(base.number, base, base.zip5) });
  }
  return out;
}

function streetSuggestions(q: SuggestQuery, state: string | null, search: PointSearch, limit: number): Ranked[] {
  const out = new Map<string, Ranked>();
  collect(q, search, limit, (key, filter) => widened((rows) => search.streetsByKey(key, state, rows, filter), (streets) => {
    const found: Ranked[] = [];
    for (const s of streets) {
      const match = matchStreetLabel(s, q.words);
      if (match === null || contradicts(s, q.words[match.used])) continue;
      const tail = readTail(q.words.slice(match.used));
      if (tail.unitTyped) continue; // a unit without a house number names nothing
      const c = composed(match.words, s.city, s.state, s.zip5);
      if (out.has(c.text)) continue; // the same street of another source
      const ref = streetRefOf(s);
      const r: Ranked = {
        s: { ...c, place_id: placeIdOf({ kind: 'street', street: ref }), kind: 'street', units: 0, coverage: 'address_points' },
        same: sameKey(null, s, s.zip5),
        rank: [placeDisagreement(tail.place, s.city, s.state, s.zip5), 0, 0, skipped(s, match), s.street.length],
      };
      out.set(c.text, r);
      found.push(r);
    }
    return found;
  }));
  return [...out.values()];
}

// The distinct first words of the street keys by their first letter, per key list (read once by the store).
const firstWordsOf = new WeakMap<readonly string[], Map<string, string[]>>();

/** First words of street names that begin with `letter` (a typo seldom hits the first letter: only those are tried). */
function firstWords(search: PointSearch, letter: string): readonly string[] {
  const keys = search.streetKeys();
  let byLetter = firstWordsOf.get(keys);
  if (byLetter === undefined) {
    byLetter = new Map();
    for (const word of new Set(keys.map((k) => k.split(' ')[0] as string))) {
      const list = byLetter.get(word.charAt(0));
      if (list === undefined) byLetter.set(word.charAt(0), [word]);
      else list.push(word);
    }
    firstWordsOf.set(keys, byLetter);
  }
  return byLetter.get(letter) ?? [];
}

/** Queries with the misspelled first street word replaced by the nearest names (one or two edits). */
function corrections(q: SuggestQuery, search: PointSearch): SuggestQuery[] {
  const out: SuggestQuery[] = [];
  for (const i of nameStarts(q.words)) {
    const token = q.words[i] as QueryToken;
    if (token.text.length < 4 || /\d/.test(token.text)) continue;
    const max = token.text.length >= 8 ? 2 : 1;
    const scored: { word: string; d: number }[] = [];
    for (const word of firstWords(search, token.text.charAt(0))) {
      if (Math.abs(word.length - token.text.length) > max && token.complete) continue;
      const d = token.complete
        ? damerauLevenshtein(token.text, word, max)
        : Math.min(...[-1, 0, 1].map((k) => damerauLevenshtein(token.text, word.slice(0, token.text.length + k), max)));
      if (d > 0 && d <= max) scored.push({ word, d });
    }
    scored.sort((a, b) => a.d - b.d || a.word.localeCompare(b.word));
    for (const { word } of scored.slice(0, SUGGEST_LIMITS.fuzzyWords)) {
      const words = q.words.map((w, k) => (k === i ? { text: word, complete: w.complete } : w));
      out.push({ ...q, words });
    }
  }
  return out;
}

function localitySuggestions(q: SuggestQuery, state: string | null, limit: number, names: LocalityNames): Ranked[] {
  if (q.zipPrefix !== null) {
    return names.zipsByPrefix(q.zipPrefix, state, limit).map((z) => {
      const text = `${mixedCase(z.city)}, ${z.state} ${z.zip5}`;
      const start = text.length - 5;
      return { s: { ...highlighted(text, [[start, start + q.zipPrefix!.length]]), place_id: placeIdOf({ kind: 'zip', zip5: z.zip5 }), kind: 'zip', units: 0, coverage: 'locality' }, rank: [0, 0, 0, 0, 0] };
    });
  }
  if (q.number !== null) return [];
  // "sebastopol ca": a state code or name at the end narrows the cities.
  const words = q.words.map((w) => w.text);
  const last = q.words[q.words.length - 1];
  const lastState = last !== undefined && words.length > 1 && state === null && (last.complete || last.text.length === 2) ? stateCode(last.text) : null;
  if (lastState !== null) {
    const inState = cityMatches(words.slice(0, -1).join(' '), lastState, limit, names);
    if (inState.length > 0) return inState;
  }
  return cityMatches(words.join(' '), state, limit, names);
}

function cityMatches(typed: string, state: string | null, limit: number, names: LocalityNames): Ranked[] {
  const key = cityKey(typed);
  if (key === '') return [];
  return names.placesByKeyPrefix(key, state, limit * 4).map((p) => {
    const zip = p.zips[0] ?? null;
    const text = `${mixedCase(p.city)}, ${p.state}${zip !== null ? ` ${zip}` : ''}`;
    const matched = p.city.startsWith(typed) ? typed.length : p.city.length;
    return {
      s: { ...highlighted(text, [[0, matched]]), place_id: placeIdOf({ kind: 'city', state: p.state, city: p.city }), kind: 'city', units: 0, coverage: 'locality' },
      rank: [p.key === key ? 0 : 1, -p.zips.length, 0, 0, p.key.length], // a city of more ZIPs is the likelier one
    };
  });
}

/** The state option as a code; throws ADDR_ERR_INPUT_INVALID for one that is no state. */
export function stateOption(state: string | null | undefined): string | null {
  if (state === undefined || state === null || state.trim() === '') return null;
  const code = stateCode(state.trim().toUpperCase());
  if (code === null) throw new AddrError('ADDR_ERR_INPUT_INVALID', [`'${state}' is not a U.S. state or territory code or name.`]);
  return code;
}

/** Suggestions for a query being typed. */
export function suggestAddresses(query: string, options: SuggestOptions, ports: SuggestPorts): SuggestResult {
  if (typeof query !== 'string' || query.trim() === '') throw new AddrError('ADDR_ERR_INPUT_INVALID', ['The autocomplete query is empty.']);
  if (query.length > SUGGEST_LIMITS.maxQueryLength) throw new AddrError('ADDR_ERR_INPUT_INVALID', [`The autocomplete query is longer than ${SUGGEST_LIMITS.maxQueryLength} characters.`]);
  const limit = checkLimit('limit', options.limit ?? SUGGEST_LIMITS.defaultLimit, SUGGEST_LIMITS.maxLimit);
  const state = stateOption(options.state);
  const q = readSuggestQuery(query);
  let ranked: Ranked[] = [];
  let fuzzy = false;
  const search = ports.search;
  const find = (query: SuggestQuery): Ranked[] => (search === null ? [] : query.numberInt !== null ? addressSuggestions(query, state, search, limit) : streetSuggestions(query, state, search, limit));
  if (q.zipPrefix === null && q.words.length > 0) {
    ranked = find(q);
    // The ranges where the points do not fill the answer: what a point already names is dropped.
    const top = ranked.filter((r) => r.rank[0] === 0 && r.rank[1] === 0 && r.rank[2] === 0).length;
    if (ports.ranges != null && top < limit) {
      const named = new Set(ranked.map((r) => r.same));
      ranked.push(...rangeSuggestions(q, state, ports.ranges).filter((r) => !named.has(r.same)));
    }
    if (ranked.length === 0 && search !== null) {
      ranked = corrections(q, search).flatMap(find);
      fuzzy = ranked.length > 0;
    }
  }
  if (ranked.length === 0 && ports.names !== null) ranked = localitySuggestions(q, state, limit, ports.names);
  ranked.sort(compareRanks);
  const seen = new Set<string>();
  const unique: Ranked[] = [];
  for (const r of ranked) {
    if (seen.has(r.s.place_id)) continue;
    seen.add(r.s.place_id);
    unique.push(r);
  }
  const suggestions = distinctPlaces(unique, (r) => r.point ?? null, limit).map((r) => r.s);
  const source: SuggestResult['source'] = suggestions[0]?.coverage ?? 'none';
  const t1 = options.now?.();
  const t0 = options.startedAt;
  return {
    id: options.requestId ?? '',
    query: { text: query, limit, state },
    suggestions,
    source,
    fuzzy,
    data_version: ports.dataVersion,
    latency_ms: t0 !== undefined && t1 !== undefined ? Math.max(0, Math.round((t1 - t0) * 100) / 100) : 0,
  };
}

