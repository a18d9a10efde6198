/**
 * Stage: the city, what lies between the delivery line and the state (docs/parser.md, "Read the city").
 */
import { directional, isMilitaryCity, ordinalNumber, stateCode, unitDesignator } from './vocabulary.js';
import { MIN_ZIPS_OF_A_BARE_CITY } from './state.js';
import type { ParseState } from './state.js';
import { isUnitInside, isUnitStart } from './unit-start.js';
import { readUnits } from './units.js';
import { COUNTY_WORDS } from './words.js';

/** Everything between the delivery line and the state is the city, by these rules in order. */
export function readCity(st: ParseState, from: number): void {
  const limit = st.llStart;
  if (st.cityAfterState !== null) return cityAfterState(st, from, st.cityAfterState);
  if (from >= limit) return;
  if (buildingLinesWithoutLastLine(st, from)) return;
  // Several sections: the city is the last one (or, lastKnownSection, the last the gazetteer knows).
  let s = from;
  let prevS = from;
  for (let k = from + 1; k < limit; k++) if (st.startsSection(k)) { prevS = s; s = k; }
  if (lastKnownSection(st, from, s, prevS)) return;
  const [cityFrom, e] = countySection(st, from, s, prevS);
  if (unitOpeningCitySection(st, from, cityFrom, e)) return;
  setCity(st, cityFrom, e, from);
}

/** Rule: "Seattle, King County, WA": a county section is not the city; returns the city's span. */
function countySection(st: ParseState, from: number, s: number, prevS: number): [number, number] {
  const limit = st.llStart;
  if (!(s > from && COUNTY_WORDS.has(st.w(limit - 1)))) return [s, limit];
  st.unparsed.push(st.rawOf(s, limit));
  return [prevS, s];
}

/** Rule: "101 E Market St CA Long Beach 90807": the city read after the state code (last-line.ts readStateBeforeCity). */
function cityAfterState(st: ParseState, from: number, [s, e]: [number, number]): void {
  if (from < st.llStart) pushLeftovers(st, from, st.llStart);
  st.c.city = st.text(s, e);
  st.raw.city = st.rawOf(s, e);
}

/**
 * Rule: without a state or ZIP, later sections that carry a unit are building lines, not a city
 * ("3340 Peachtree Rd, Tower Place, Ste 1685"). True when it read them.
 */
function buildingLinesWithoutLastLine(st: ParseState, from: number): boolean {
  const limit = st.llStart;
  if (!(limit >= st.end && st.c.street !== null)) return false;
  for (let k = from; k < limit; k++) {
    if (isUnitStart(st, k, limit) && st.c.unit_type === null && (unitDesignator(st.w(k))?.requiresNumber ?? true)) {
      if (k > from) st.unparsed.push(st.rawOf(from, k));
      const after = readUnits(st, k);
      if (after < limit) st.unparsed.push(st.rawOf(after, limit));
      return true;
    }
  }
  return false;
}

/**
 * Rule: "New York, NYC, 10010": of several sections, the last the gazetteer knows is the city
 * when the last one is not a place (and no county). True when it set the city.
 */
function lastKnownSection(st: ParseState, from: number, s: number, prevS: number): boolean {
  const limit = st.llStart;
  if (!(s > from && st.places && st.isPlaceSpan(s, limit) === false && st.isPlaceSpan(prevS, s) === true && !COUNTY_WORDS.has(st.w(limit - 1)))) return false;
  st.unparsed.push(st.rawOf(s, limit));
  setCity(st, prevS, s, from);
  return true;
}

/** Rule: "..., Apt 12-3B Stamford, CT": a unit opening the city's section. True when it set the city. */
function unitOpeningCitySection(st: ParseState, from: number, s: number, e: number): boolean {
  if (!(isUnitStart(st, s, e) && st.c.unit_type === null)) return false;
  const after = readUnits(st, s);
  if (!(after > s && after < e)) return false;
  if (s > from) st.unparsed.push(st.rawOf(from, s));
  setCity(st, after, e, after);
  return true;
}

/**
 * Words between the street and the city, by section: a unit among them is read ("Business
 * Loop 70 W, Mizzou North, Rm 501, ..., Columbia MO"; "Panorama Tower Unit 24-L Miami"), the
 * rest (buildings, departments) is unparsed.
 */
export function pushLeftovers(st: ParseState, from: number, to: number): void {
  let k = from;
  while (k < to) {
    const end = st.sectionEnd(k, to);
    let u = k;
    while (u < end && !(st.c.unit_type === null && (u === k ? isUnitStart(st, u, end) : isUnitInside(st, u, end)))) u++;
    if (u < end) {
      if (u > k) st.unparsed.push(st.rawOf(k, u));
      const after = readUnits(st, u, end);
      if (after < end) st.unparsed.push(st.rawOf(after, end));
    } else {
      st.unparsed.push(st.rawOf(k, end));
    }
    k = end;
  }
}

/** Sets the city to tokens [s, e), by these rules in order; what lies between `from` and s is unparsed. */
export function setCity(st: ParseState, s: number, e: number, from: number): void {
  if (s > from) pushLeftovers(st, from, s);
  if (lettersClosingStreet(st, s, e) || noCityWithDigit(st, s, e)) return;
  [s, e] = knownPlaceClosing(st, s, e);
  s = bareCityKnownWell(st, s, e);
  const cityFrom = mailStopBeforeCity(st, s, e);
  if (cityFrom > s && cityFrom >= e) return;
  s = cityFrom;
  st.c.city = st.text(s, e);
  st.raw.city = st.rawOf(s, e);
}

/**
 * Rule: without a state or ZIP, one or two letters closing a numbered street that has its type,
 * in its section, are a unit, not a city ("4315 Webster Avenue LH"; but "..., Bed-Stuy, BK").
 */
function lettersClosingStreet(st: ParseState, s: number, e: number): boolean {
  const w = st.w(s);
  if (!(st.llStart >= st.end && e - s === 1 && e === st.end && !st.startsSection(s) && /^[A-Z]{1,2}$/.test(w) && st.c.number !== null && st.c.suffix !== null &&
    st.c.unit_type === null && st.c.unit_number === null && stateCode(w) === null && directional(w) === null)) return false;
  st.setUnit('#', w, st.rawOf(s, e));
  return true;
}

/**
 * Rule: no city's name has a digit. Without a state or ZIP, such words are a building or a unit,
 * not a city ("2848 Paces Ferry Road Suite 700, Overlook 1", "Terminal Tower Ste 1100", "Ste
 * 200C PBM 214"). True when it read them.
 */
function noCityWithDigit(st: ParseState, s: number, e: number): boolean {
  if (!(st.llStart >= st.end && st.lastDigitAt(s, e) >= 0)) return false;
  pushLeftovers(st, s, e);
  return true;
}

/**
 * Rule: without commas a name may carry words that are not the city ("Crown Heights Brooklyn",
 * "Budd Insurance Agency Coldwater"): where a state is known, the gazetteer finds the place
 * closing the words and the rest is set aside. A city in a section of its own ("..., Fort Worth,
 * MO") is kept whole, unless it carries a number ("Interim Unit 1 San Francisco"). Returns the
 * city's span.
 */
function knownPlaceClosing(st: ParseState, s: number, e: number): [number, number] {
  const ownSection = st.startsSection(s) && (e >= st.t.length || st.startsSection(e) || e === st.llStart && st.startsSection(st.llStart)) &&
    st.lastDigitAt(s, e) < 0;
  if (!(st.places && st.placeState() !== null && !ownSection && e - s > 1 && st.isPlaceSpan(s, e) === false && !isMilitaryCity(st.w(s)))) return [s, e];
  const found = st.knownPlaceWithin(s, e);
  if (found === null) return [s, e];
  if (found[0] > s) pushLeftovers(st, s, found[0]);
  if (found[1] < e) st.unparsed.push(st.rawOf(found[1], e));
  return found;
}

/**
 * Rule: "Whole Foods NYC": with neither state nor ZIP, a city the gazetteer knows well (one of
 * several ZIPs, or a curated alias) closing the line leaves the words before it aside. Returns
 * where the city starts.
 */
function bareCityKnownWell(st: ParseState, s: number, e: number): number {
  if (!(st.places && st.placeState() === null && e === st.end && e - s > 1 && !st.places.isPlace(st.text(s, e), null))) return s;
  for (let q = s + 1; q < e; q++) {
    const name = st.text(q, e);
    if (st.places.isPlace(name, null, MIN_ZIPS_OF_A_BARE_CITY) || st.places.isAlias?.(name, null) === true) {
      pushLeftovers(st, s, q);
      return q;
    }
  }
  return s;
}

/**
 * Rule: before a state or ZIP, the words up to the last with a digit (and a floor's designator
 * after its ordinal) are a mail stop, a unit or a building: "MSC 24 S San Fran CA". Returns where
 * the city starts (e when no word is left).
 */
function mailStopBeforeCity(st: ParseState, s: number, e: number): number {
  let digitAt = st.lastDigitAt(s, e);
  if (digitAt < 0) return s;
  if (digitAt + 1 < e && ordinalNumber(st.w(digitAt)) !== null && unitDesignator(st.w(digitAt + 1))?.code === 'FL') digitAt++;
  pushLeftovers(st, s, digitAt + 1);
  return digitAt + 1;
}

/** The rules of the city, in the order they are tried (readCity, then setCity). */
export const CITY_RULES = [
  cityAfterState, buildingLinesWithoutLastLine, lastKnownSection, countySection, unitOpeningCitySection,
  lettersClosingStreet, noCityWithDigit, knownPlaceClosing, bareCityKnownWell, mailStopBeforeCity,
].map((rule) => rule.name);
