/**
 * Stage: the street after the house number: its span, an intersection, the name, then units.
 */
import { CORNER_OF, HIGHWAYS, isIntersectionWord, matchPhrase, pluralSuffix, unitDesignator } from './vocabulary.js';
import type { ParseState } from './state.js';
import { highwayAt } from './highway.js';
import { boxIdAfter, recipientMarkerAt, routeAt } from './phrases.js';
import { NAME_RULES, readName } from './street-name.js';
import type { CityNeed } from './street-name.js';
import { isUnitStart } from './unit-start.js';
import { readUnits } from './units.js';
import { ROUTE_WORDS_IN_STREETS } from './words.js';
import { hasDigit, isDigitsThenDirection } from './chars.js';

/** Street name with directionals, suffix or highway, then units; returns where the city may begin. */
export function readStreet(st: ParseState, i: number, limit: number): number {
  const t = st.t;
  if (i >= limit) return i;
  // Grid glued: the street is "400E" -> 400 + E.
  const first = st.w(i);
  const gridStreet = isDigitsThenDirection(first) ? /^(\d+)([NSEW])$/.exec(first) : null;
  if (gridStreet && st.c.predir !== null) {
    st.c.street = gridStreet[1] as string;
    st.c.postdir = gridStreet[2] as string;
    st.raw.street = st.w(i);
    return readUnits(st, i + 1);
  }
  // "155 At I-552": AT before a highway is not the street's name.
  if (t[i] === 'AT' && i + 1 < limit && highwayAt(st, i + 1, limit) !== null) {
    st.unparsed.push(st.rawOf(i, i + 1));
    i++;
  }
  // "Corner of X and Y".
  const corner = matchPhrase(CORNER_OF, t, i, limit);
  if (corner && st.c.number === null) {
    st.unparsed.push(st.rawOf(i, i + corner.length));
    i += corner.length;
  }
  // The span the street can occupy: up to the end of the section or the last line.
  let stop = i;
  while (stop < limit && (stop === i || !st.startsSection(stop))) {
    const w = st.w(stop);
    if (stop > i && isUnitStart(st, stop, limit) && !(w === '#' && matchPhrase(HIGHWAYS, t, stop - 1, stop) !== null)) {
      // A designator that needs no number ("Ocean Front", "Rear") ends the street only at the
      // end of its section.
      const d = unitDesignator(w);
      const atEnd = stop + 1 >= limit || st.startsSection(stop + 1);
      if (!(d && !d.requiresNumber && !atEnd && !hasDigit(st.w(stop + 1)))) break;
    }
    if (stop > i && boxIdAfter(st, stop, limit) !== null && (w !== 'BOX' || stop > i + 1)) break;
    if (stop > i && routeAt(st, stop, limit) !== null && !ROUTE_WORDS_IN_STREETS.has(w)) break;
    if (stop > i && isIntersectionWord(w) && st.c.number === null) break;
    if (stop > i && recipientMarkerAt(st, stop, limit)) break;
    stop++;
  }
  const crossing = intersection(st, i, stop, limit);
  if (crossing !== null) return crossing;
  const name = readName(st, i, stop, cityMustComeFrom(st, stop));
  st.c.predir = st.c.predir ?? name.predir;
  st.c.street = name.street;
  st.c.suffix = name.suffix;
  st.c.postdir = name.postdir;
  if (name.rawSuffix) st.raw.suffix = name.rawSuffix;
  if (name.rawPredir) st.raw.predir = name.rawPredir;
  if (name.rawPostdir) st.raw.postdir = name.rawPostdir;
  if (name.street) st.raw.street = name.street;
  // The rest of the section: a unit id ("Ave. 600"), then the city.
  if (name.end < stop) return readUnits(st, name.end);
  return readUnits(st, stop);
}

/**
 * Rule intersection: two streets joined by an intersection word with no house number ("Main St &
 * 1st Ave", "Main St/1st Ave"); a plural type names both streets' type ("Mission and Valencia
 * Sts"). The street's span [i, stop) ends at the word; returns where the city may begin, or null
 * when no intersection word ends the span.
 */
export function intersection(st: ParseState, i: number, stop: number, limit: number): number | null {
  if (!(stop < limit && isIntersectionWord(st.w(stop)) && st.c.number === null && !st.startsSection(stop))) return null;
  const first = readName(st, i, stop, 'none');
  Object.assign(st.c, { predir: first.predir, street: first.street, suffix: first.suffix, postdir: first.postdir });
  let stop2 = stop + 1;
  while (stop2 < limit && !st.startsSection(stop2)) stop2++;
  // "Mission and Valencia Sts": a plural type names both streets' type.
  let plural: string | null = null;
  for (let q = stop + 2; q < stop2; q++) if (pluralSuffix(st.w(q)) !== null) { plural = pluralSuffix(st.w(q)); stop2 = q + 1; break; }
  const second = readName(st, stop + 1, plural !== null ? stop2 - 1 : stop2, plural !== null ? 'none' : cityMustComeFrom(st, stop2));
  if (plural !== null) {
    second.suffix = second.suffix ?? plural;
    second.end = stop2;
    if (st.c.suffix === null) st.c.suffix = plural;
  }
  st.c.cross_street = { predir: second.predir, street: second.street, suffix: second.suffix, postdir: second.postdir };
  return second.end;
}

/** The rules of the street (the name's: street-name.ts NAME_RULES). */
export const STREET_RULES = [...[intersection, highwayAt].map((rule) => rule.name), ...NAME_RULES];

/**
 * Whether a city has to be carved out of the tail of the section that ends at `stop`:
 * 'required' when a state follows with no other place for the city, 'optional' when only a
 * ZIP follows, 'none' when another section holds the city or no last line follows.
 */
export function cityMustComeFrom(st: ParseState, stop: number): CityNeed {
  if (st.llStart >= st.end || st.cityAfterState !== null) return 'none';
  // Other sections before the last line can hold the city.
  for (let k = stop; k < st.llStart; k++) if (!isUnitStart(st, k, st.llStart)) return 'none';
  const sameSection = stop > 0 && st.sec[stop - 1] === st.sec[st.llStart];
  // "123 Maple Rochester, New York": the state stands alone in its section, so the city is
  // at the end of the street's section.
  const stateAlone = st.c.state !== null && st.startsSection(st.llStart);
  if (!sameSection && !stateAlone) return 'none';
  return st.c.state !== null ? 'required' : 'optional';
}
