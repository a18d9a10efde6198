/**
 * Autocomplete from the TIGER/Line address ranges, where the address points do
 * not answer (suggest.ts merges both): the streets whose name the typed words
 * begin, and with a house number typed, that number on each such street whose
 * range holds it on a side of the right parity (`12 Main` offers `12 Main St,
 * White Sulphur Springs, MT 59645` when a side of MAIN ST spans 12 with even
 * numbers). The number's ZIP is the ZIP of the side that holds it.
 *
 * Bounded work per keystroke: the streets are read from an index of the store
 * by key range (a few ranges per query, SUGGEST_RANGE_ROWS rows each), in the
 * ZIP or the city typed after the street when there is one (else the state
 * asked, else everywhere), and only the edges of those streets whose span holds
 * the number are read. Pure.
 */
import { cityKey } from '../parse/city-key.js';
import { placeIdOf, RANGES_SOURCE } from '../model/place-id.js';
import type { StreetRef } from '../model/place-id.js';
import type { LocalityNames, LocalityStore } from '../model/ports.js';
import { stateCode } from '../parse/pub28.js';
import { matchStreetLabel } from './street-label-match.js';
import type { LabelWord } from './street-label-match.js';
import { composed, contradicts, keyRanges, nameStarts, placeDisagreement, readTail, skipped } from './suggest-parts.js';
import type { Ranked } from './suggest-parts.js';
import type { QueryToken, SuggestQuery } from './suggest-query.js';
import { sideHolds } from '../ranges/edge-geometry.js';
import type { KeyScope, RangeStore, RangeStreet } from '../ranges/range-store.js';

/** Streets read per key range and scope. */
export const SUGGEST_RANGE_ROWS = 60;
/** ZIPs of a city typed after the street searched one by one, at most. */
const CITY_ZIPS = 12;
/** The rank element that puts a range suggestion after a point suggestion ranked alike. */
export const RANGE_LAYER_RANK = 1;

/** What range suggestions read. */
export interface RangeSuggestPorts {
  ranges: RangeStore;
  locality: Pick<LocalityStore, 'zip'>; // the city of a side's ZIP
  names: LocalityNames | null; // a city typed after the street, by name
}

/** The key that says two suggestions name the same street or address (number, parts, ZIP). */
export function sameKey(number: string | null, s: { predir: string | null; street: string; suffix: string | null; postdir: string | null }, zip5: string | null): string {
  return `${number ?? ''}|${s.predir ?? ''}|${s.street}|${s.suffix ?? ''}|${s.postdir ?? ''}|${zip5 ?? ''}`;
}

const refOf = (s: RangeStreet, zip5: string): StreetRef => ({ source: RANGES_SOURCE, state: s.state, zip5, predir: s.predir, street: s.street, suffix: s.suffix, postdir: s.postdir });

/**
 * Where to look: the ZIP typed after the street (five digits), else the ZIPs of a city typed at
 * the end (one to three words, after at least one word of street), else the state asked or
 * typed; several scopes when a city has several ZIPs. The words are read again by
 * placeDisagreement for the ranking: a scope only narrows what is read.
 */
function scopes(q: SuggestQuery, state: string | null, names: LocalityNames | null): KeyScope[] {
  const words = q.words;
  const zip = words.slice(1).find((w) => /^\d{5}$/.test(w.text));
  if (zip !== undefined) return [{ zip5: zip.text, state: null }];
  let end = words.length;
  const last = words[end - 1];
  let typedState = state;
  if (last !== undefined && end > 1 && last.complete && stateCode(last.text) !== null) {
    typedState ??= stateCode(last.text);
    end--;
  }
  if (names !== null) {
    for (let k = Math.min(3, end - 1); k >= 1; k--) {
      const city = words.slice(end - k, end);
      if (!city.every((w) => /^[A-Z]+$/.test(w.text))) continue;
      const open = !(city[city.length - 1] as QueryToken).complete;
      const key = cityKey(city.map((w) => w.text).join(' '));
      if (open && key.length < 3) continue;
      const places = names.placesByKeyPrefix(key, typedState, 5).filter((p) => p.zips.length > 0 && (open || p.key === key));
      const zips = [...new Set(places.flatMap((p) => p.zips))].slice(0, CITY_ZIPS);
      if (zips.length > 0) return zips.map((z) => ({ zip5: z, state: null }));
    }
  }
  return [{ zip5: null, state: typedState }];
}

/** The streets the typed words may name, in the scopes (else in the state asked, else everywhere). */
function candidateStreets(q: SuggestQuery, state: string | null, ports: RangeSuggestPorts): RangeStreet[] {
  const read = (within: readonly KeyScope[]): RangeStreet[] => {
    const out = new Map<number, RangeStreet>();
    for (const i of nameStarts(q.words)) {
      for (const [from, to] of keyRanges(q.words[i] as QueryToken)) {
        for (const scope of within) for (const s of ports.ranges.streetsByKeyRange(from, to, scope, SUGGEST_RANGE_ROWS)) out.set(s.id, s);
      }
    }
    return [...out.values()];
  };
  const narrow = scopes(q, state, ports.names);
  const found = read(narrow);
  return found.length > 0 || narrow[0]?.zip5 === null ? found : read([{ zip5: null, state }]);
}

/** The sides' ZIPs of a street whose range holds the number with its parity (one ZIP nearly always). */
function zipsHolding(street: RangeStreet, n: number, ranges: RangeStore): string[] {
  const zips = new Set<string>();
  for (const edge of ranges.edgesHolding(street, n)) {
    for (const side of [edge.left, edge.right]) if (side !== null && sideHolds(side, n)) zips.add(side.zip5);
  }
  return [...zips].sort((a, b) => (a === street.zip5 ? -1 : b === street.zip5 ? 1 : a < b ? -1 : 1));
}

/** The suggestions of the ranges for a query (streets, or with a number, interpolated addresses). */
export function rangeSuggestions(q: SuggestQuery, state: string | null, ports: RangeSuggestPorts): Ranked[] {
  if (q.words.length === 0 || q.zipPrefix !== null) return [];
  const out = new Map<string, Ranked>();
  const cityOf = (zip5: string): string | null => ports.locality.zip(zip5)?.city ?? null;
  for (const street of candidateStreets(q, state, ports)) {
    const match = matchStreetLabel(street, q.words);
    if (match === null || contradicts(street, q.words[match.used])) continue;
    const tail = readTail(q.words.slice(match.used));
    if (q.numberInt === null) {
      if (tail.unitTyped) continue; // a unit without a house number names nothing
      const city = cityOf(street.zip5);
      const c = composed(match.words, city, street.state, street.zip5);
      const same = sameKey(null, street, street.zip5);
      if (out.has(same)) continue;
      out.set(same, {
        s: { ...c, place_id: placeIdOf({ kind: 'range_street', street: refOf(street, street.zip5) }), kind: 'street', units: 0, coverage: 'address_ranges' },
        rank: [placeDisagreement(tail.place, city, street.state, street.zip5), 0, 0, skipped(street, match), street.street.length, RANGE_LAYER_RANK],
        same,
      });
      continue;
    }
    // A TIGER range holds whole numbers: 12 for "12", "12A" and "12 1/2" (not exact).
    const n = q.numberInt;
    const number = String(n);
    const exact = q.number === number && q.fraction === null ? 0 : 1;
    const line: LabelWord[] = [{ word: number, matched: number.length }, ...match.words];
    for (const zip5 of zipsHolding(street, n, ports.ranges)) {
      const same = sameKey(number, street, zip5);
      if (out.has(same)) continue;
      const city = cityOf(zip5);
      const c = composed(line, city, street.state, zip5);
      out.set(same, {
        s: { ...c, place_id: placeIdOf({ kind: 'range_address', street: refOf(street, zip5), number }), kind: 'interpolated', units: 0, coverage: 'address_ranges' },
        rank: [placeDisagreement(tail.place, city, street.state, zip5), exact, tail.unitTyped ? 3 : 0, skipped(street, match), street.street.length, RANGE_LAYER_RANK],
        same,
      });
    }
  }
  return [...out.values()];
}
