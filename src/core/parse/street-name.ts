/**
 * Stage: a street's words split into pre-directional, name, suffix and post-directional; the
 * suffix chosen by a score, the city carved off the end when no comma separates them.
 */
import { HIGHWAY_LAST } from './highway.js';
import type { CrossStreet } from '../model/types.js';
import { directional, isCommonSuffix, isExtraSuffix, isIdentifier, isIntersectionWord, isPreType, isPrimarySuffix, isSpanishPreType, suffixStandard, unitDesignator } from './vocabulary.js';
import { MIN_ZIPS_OF_A_BARE_CITY } from './state.js';
import type { ParseState } from './state.js';
import { highwayAt } from './highway.js';
import { directionalAt } from './unit-start.js';
import { FRONTAGE_TYPES } from './words.js';
import { allDigits, allLetters, digitsThenLetter, hasDigit } from './chars.js';

/** Whether the city lies at the end of the street's section: 'required' before a state alone, 'optional' before a ZIP alone, else 'none'. */
export type CityNeed = 'required' | 'optional' | 'none';

/**
 * Splits tokens [a, b) into predir, street name, suffix and postdir. When `cityNeeded`, the
 * tail of the span is a city (no comma between street and city) and `end` says where it starts.
 */
export function readName(st: ParseState, a: number, b: number, need: CityNeed): StreetName {
  // Every field present from the start: one shape for every name read (a field added later made others).
  const out: StreetName = { predir: null, street: null, suffix: null, postdir: null, end: b, rawSuffix: undefined, rawPredir: undefined, rawPostdir: undefined };
  const cityNeeded = need === 'required';
  if (a >= b) return out;
  // Highway pre-type at the start: "US HWY 15 501 N", "COUNTY ROAD KK", "I-35", "STATE ROUTE 21".
  let k = a;
  let predirTok: string | null = null;
  const d0 = directional(st.w(a));
  if (d0 !== null && a + 1 < b) {
    predirTok = d0;
    k = a + 1;
  }
  let hw = highwayAt(st, k, b);
  // "Old State Route 3", "Illinois Route 31": words before a highway name belong to it.
  let hwPrefix = '';
  for (let q = k + 1; !hw && q < b - 1 && q <= k + 2; q++) {
    const h = highwayAt(st, q, b);
    if (h && h.next >= b - 1) { hw = h; hwPrefix = `${st.text(k, q)} `; }
  }
  if (hw) return highwayName(st, hw, hwPrefix, predirTok, b, need, out);
  // Candidates for the suffix: a C1 word with a name word before it.
  let best: { p: number; score: number } | null = null;
  for (let p = a + 1; p < b; p++) {
    const score = suffixScore(st, a, b, k, p, need, predirTok);
    if (score === null) continue;
    if (!best || score > best.score) best = { p, score };
  }
  let nameEnd: number;
  let restStart: number;
  if (best && (best.score > 0 || !cityNeeded)) {
    nameEnd = best.p;
    out.suffix = suffixStandard(st.w(best.p));
    out.rawSuffix = st.w(best.p);
    restStart = best.p + 1;
    if (restStart < b) {
      const dir = directionalAt(st, restStart, b);
      const takeDir = dir !== null && (restStart + dir.length === b || st.isPlaceSpan(restStart, b) !== true);
      if (takeDir) { out.postdir = dir.dir; out.rawPostdir = st.rawOf(restStart, restStart + dir.length); restStart += dir.length; }
    }
    // "Saint John W St": a directional just before the type is the post-directional.
    const before = directional(st.w(nameEnd - 1));
    // Only abbreviated: a spelled-out word there is part of the name ("Ocean Isle West Blvd").
    const nameWords = nameEnd - 1 - (predirTok !== null ? a + 1 : a);
    if (out.postdir === null && before !== null && st.w(nameEnd - 1).length <= 2 && nameWords >= 1 &&
      !allDigits(st.w(nameEnd - 2))) {
      out.postdir = before;
      out.rawPostdir = st.w(nameEnd - 1);
      nameEnd--;
    }
  } else {
    ({ nameEnd, restStart } = nameWithoutType(st, a, b, k, need, out));
  }
  // Name words: [k, nameEnd). A predir only when a name remains after it.
  let nameStart = a;
  if (predirTok !== null && nameEnd - (a + 1) >= 1) { out.predir = predirTok; out.rawPredir = st.w(a); nameStart = a + 1; }
  if (nameEnd > nameStart) out.street = st.text(nameStart, nameEnd);
  else if (out.suffix !== null && nameEnd === nameStart) {
    // Only a suffix word ("123 Avenue"): keep it as the name.
    out.street = st.w(nameEnd);
    out.suffix = null;
  }
  out.end = restStart;
  return out;
}

/** A street's name and what follows it, as readName gives them. */
type StreetName = CrossStreet & { end: number; rawSuffix?: string; rawPredir?: string; rawPostdir?: string };

/**
 * Rule highwayName: a highway keeps its pre-type in the name ("US HIGHWAY 15 501", "COUNTY ROAD
 * 45300") and takes a type and a directional after its number ("FM 1960 Rd W"); a frontage road
 * or business route named after it takes a type of its own ("I 49 S Service Rd"); "US Highway 18
 * And 15" is two highways that meet.
 */
function highwayName(st: ParseState, hw: { name: string; next: number }, hwPrefix: string, predirTok: string | null, b: number, need: CityNeed, out: StreetName): StreetName {
  const t = st.t;
  const cityNeeded = need === 'required';
  out.predir = predirTok;
  out.street = hwPrefix + hw.name;
  out.postdir = st.pendingPostdir;
  st.pendingPostdir = null;
  let e = hw.next;
  // "FM 1960 Rd W": a type after the route number.
  const std = e < b ? suffixStandard(st.w(e)) : null;
  if (std !== null && (e + 1 === b || directional(st.w(e + 1)) !== null || !cityNeeded)) { out.suffix = std; out.rawSuffix = st.w(e); e++; }
  if (e < b && directional(st.w(e)) !== null && (!cityNeeded || e + 1 === b || !st.isPlaceSpan(e, b))) {
    out.postdir = directional(st.w(e));
    out.rawPostdir = st.w(e);
    e++;
  }
  // "I 49 S Service Rd", "US Highway 53 Bsnss Rte N", "US 117 South Alt Hwy": a frontage road or
  // business route named after the highway, with a type of its own closing the street's
  // section (where the city is not in that section, and the words are not a known place).
  // Before a state the words after the type must be a place of that state ("Interstate 35
  // Frontage Rd Austin TX").
  if (out.suffix === null && e < b) {
    for (let p = hw.next + 1; p < b; p++) {
      const type = suffixStandard(st.w(p));
      if (type === null || !(isCommonSuffix(type) || FRONTAGE_TYPES.has(type))) continue;
      if (t.slice(hw.next, p).some((w) => isIntersectionWord(w) || hasDigit(w))) break;
      const closingDir = p + 1 < b ? directional(st.w(p + 1)) : null;
      const end = closingDir !== null && (p + 2 === b || need !== 'none' && st.isPlaceSpan(p + 2, b) === true) ? p + 2 : p + 1;
      const fits = need === 'none' ? end === b && !(st.places?.isPlace(st.text(e, b), null) ?? false) : end < b && st.isPlaceSpan(end, b) === true;
      if (!fits) continue;
      out.street = `${hwPrefix}${hw.name} ${st.text(hw.next, p)}`;
      out.suffix = type;
      out.rawSuffix = st.w(p);
      out.postdir = end === p + 2 ? closingDir : null;
      if (out.postdir !== null) out.rawPostdir = st.w(p + 1);
      else out.rawPostdir = undefined;
      e = end;
      break;
    }
  }
  // "US Highway 18 And 15": the highways meet; the second is a cross street.
  if (e + 2 === b && isIntersectionWord(st.w(e)) && digitsThenLetter(st.w(e + 1)) && !st.c.cross_street) {
    st.c.cross_street = { predir: null, street: st.w(e + 1), suffix: null, postdir: null };
    e = b;
  }
  out.end = e;
  return out;
}

/**
 * Rule suffixScore: the score of the type word at p as the street's suffix (null: it cannot be):
 * common types win over rare ones, the last of two type words wins, a type followed by its
 * directional closes the street, a through street's type keeps a complex's name after it out,
 * and, without a comma before the city, the split that leaves a known place for the city wins.
 */
function suffixScore(st: ParseState, a: number, b: number, k: number, p: number, need: CityNeed, predirTok: string | null): number | null {
  const t = st.t;
  const cityNeeded = need === 'required';
  const std = suffixStandard(st.w(p));
  if (std === null) return null;
  // Spellings outside C1 (LA for LANE) are a type only where the street ends ("Alameda de la Pulga").
  if (isExtraSuffix(st.w(p)) && p + 1 < b && directional(st.w(p + 1)) === null && need === 'none') return null;
  let rest = p + 1;
  if (rest < b && directional(st.w(rest)) !== null && (!cityNeeded || rest + 1 < b || st.isPlaceSpan(rest, b) === false)) rest++;
  const remaining = b - rest;
  if (saintAfterPreType(st, k, p, b, need) || saintAfterStreet(st, a, k, p, b, need)) return null;
  let score = isCommonSuffix(std) ? 3 : 1;
  if (predirTok !== null && p === k) {
    // Right after a directional: "North St" is a street named NORTH, but "N Wells" is WELLS,
    // and "S Avenue H" / "N St Louis" are names that begin with a type word.
    const tail = rest < b && directional(st.w(rest)) === null;
    if (!isCommonSuffix(std) || tail && need === 'none') return null;
    score -= 1.5;
  }
  // Of two suffix words in a row ("University Square Mall") the last is the suffix; also when
  // only the first is a common one, if the last closes the street before a unit or a comma
  // ("Washington Square Village Apt 10A"; at the very end a word may be a city: "N Fiske Ave Port").
  const nextStd = p + 1 < b ? suffixStandard(st.w(p + 1)) : null;
  if (nextStd !== null && (!cityNeeded || p + 2 < b) && (isCommonSuffix(nextStd) || !isCommonSuffix(std) || need === 'none' && p + 2 === b && b < st.end)) score -= 1.5;
  if (need !== 'none') {
    // "Marsielle St Louis MO": the type word begins the city's name.
    if (p + 1 < b && st.isPlaceSpan(p, b) === true && st.isPlaceSpan(rest, b) !== true) score -= 4;
    if (remaining === 0) score -= cityNeeded ? 1.5 : 0;
    else if (st.isPlaceSpan(rest, b)) score += 4;
    // "Franklin Ave Crown Heights Brooklyn": a known place closes the words after it (the city
    // keeps the place, setCity leaves the words before it aside), which a type word later in
    // those words ("Heights") would cut short. Not right before another type word
    // ("University Square Mall Tampa").
    else if (isCommonSuffix(std) && nextStd === null && st.places && st.knownPlaceWithin(rest, b) !== null) score += 2.5;
    else if (cityNeeded && st.places) score -= 1.5; // the gazetteer does not know that city
    else if (need === 'optional') score -= 1;
  } else if (remaining > 0) {
    // After the street, in the same section: a unit id, or a city without a state.
    score -= remaining > 3 ? 3 : 1;
    // "1950 N Campbell Ave Luxe Logan Square, Chicago", "Ashley River Rd Middleton Cove,
    // Charleston": a through street's type, then a complex's name ending in a type of its own.
    if (isPrimarySuffix(std) && remaining >= 2 && remaining <= 3 && rest === p + 1 && st.llStart < st.end && suffixStandard(st.w(b - 1)) !== null &&
      !t.slice(rest, b).some((w) => hasDigit(w) || directional(w) !== null)) score += 2;
  }
  // "Peachtree Rd NE Tower Place": a common type with its directional closes the street.
  if (isCommonSuffix(std) && rest > p + 1 && need === 'none' && (rest >= b || suffixStandard(st.w(rest)) === null)) score += 1.5;
  score += (p - a) * 0.01; // prefer later (rightmost) suffix on ties: "Meadow Gate Way"
  return score;
}

/**
 * Rule saintAfterPreType: "Rue St Louis, Apt 3, Lafayette": ST between a lone type written first
 * and a name is Saint, where the words after it are not the city ("12 Court St Brooklyn NY" is).
 */
function saintAfterPreType(st: ParseState, k: number, p: number, b: number, need: CityNeed): boolean {
  return st.w(p) === 'ST' && p - 1 === k && p + 1 < b && isPreType(st.w(k)) && saintNameAfter(st, p + 1, b, need);
}

/**
 * Rule saintAfterStreet: "123 Oak Ln St Marie NY": ST after a complete street (a name, then a
 * common type) and before the city's words is Saint, the city's first word, unless the words
 * after it alone are a known place ("Main St St Louis MO" is Saint Louis either way).
 */
function saintAfterStreet(st: ParseState, a: number, k: number, p: number, b: number, need: CityNeed): boolean {
  return st.w(p) === 'ST' && need !== 'none' && p - 2 >= a && p + 1 < b && p - 1 !== k && isCommonSuffix(suffixStandard(st.w(p - 1)) ?? '') &&
    saintWordAt(st, p + 1) && st.isPlaceSpan(p + 1, b) !== true;
}

/**
 * Rule nameWithoutType: with no suffix the name runs to the city ("7 N Wells Chicago": a sizeable
 * known place closing the line); a number and a one-letter directional closing it are a unit
 * ("1024 Randolph 1 N"), so is a trailing number ("1020 West Bryn Mawr 211"), and a trailing
 * directional is the post-directional of a grid street ("200 S 300 W"). Returns where the name
 * ends and where the rest begins.
 */
function nameWithoutType(st: ParseState, a: number, b: number, k: number, need: CityNeed, out: StreetName): { nameEnd: number; restStart: number } {
  const cityNeeded = need === 'required';
  // No suffix: the name runs to the city. Without commas, find the city by the gazetteer
  // or, failing that, leave one word to the street.
  let nameEnd = b;
  // "7 N Wells Chicago": without a state, a known place closing the line is the city.
  if (need === 'none' && st.llStart >= st.end && b === st.end && st.places) {
    for (let s = k + 1; s < b; s++) {
      if (st.places.isPlace(st.text(s, b), null, MIN_ZIPS_OF_A_BARE_CITY)) { nameEnd = s; break; }
    }
  }
  if ((cityNeeded || need === 'optional' && st.places) && b - a > 1) {
    let cut = -1;
    for (let s = k + 1; s < b; s++) if (st.isPlaceSpan(s, b)) { cut = s; break; }
    // Before a state the city must be somewhere: leave one word to the street. Before a
    // ZIP alone, only a place the gazetteer knows is split off.
    if (cut < 0 && cityNeeded) cut = Math.min(b - 1, k + 1);
    if (cut >= 0) nameEnd = cut;
  }
  // A number and a one-letter directional closing a name without a type are a unit (a floor
  // and a wing: "1024 Randolph 1 N", "1056 W Northshore 1 W"), not the street's; not a grid
  // street ("200 S 300 W"), whose name is the number alone.
  if (nameEnd - k >= 3 && /^[NSEW]$/.test(st.w(nameEnd - 1)) && allDigits(st.w(nameEnd - 2)) && /^[A-Z]{3,}$/.test(st.w(nameEnd - 3)) &&
    !HIGHWAY_LAST.has(st.w(nameEnd - 3)) &&
    !isSpanishPreType(st.w(k)) && (nameEnd === b || need !== 'none')) nameEnd -= 2;
  // A trailing number after a name is a unit: "1020 West Bryn Mawr 211".
  // ("Calle 4" in Puerto Rico is a street's name.)
  if (nameEnd - k >= 2 && hasDigit(st.w(nameEnd - 1)) && isIdentifier(st.w(nameEnd - 1)) && !/^\d+[NSEW]?$/.test(st.w(nameEnd - 2)) &&
    !(nameEnd - k === 2 && (isSpanishPreType(st.w(k)) || suffixStandard(st.w(k)) !== null))) nameEnd--;
  const restStart = nameEnd;
  // Trailing directional as postdir: "200 S 300 W".
  if (nameEnd - k >= 2 && directional(st.w(nameEnd - 1)) !== null && !(nameEnd - k === 2 && suffixStandard(st.w(k)) !== null)) {
    out.postdir = directional(st.w(nameEnd - 1));
    out.rawPostdir = st.w(nameEnd - 1);
    nameEnd--;
  }
  return { nameEnd, restStart };
}

/** Whether token s can follow Saint: a word of letters, not a directional, type or unit designator. */
export function saintWordAt(st: ParseState, s: number): boolean {
  const w = st.t[s];
  return w !== undefined && allLetters(w) && directional(w) === null && suffixStandard(w) === null && unitDesignator(w) === null;
}

/**
 * Whether the words [s, b) after an ST can be the rest of a saint's name rather than what
 * follows a street: a plain word first, and the city elsewhere — in another section, or a
 * known place after that word.
 */
export function saintNameAfter(st: ParseState, s: number, b: number, need: CityNeed): boolean {
  if (!saintWordAt(st, s)) return false;
  if (need === 'none') return st.llStart < st.end;
  const place = st.knownPlaceWithin(s, b);
  return place !== null && st.isPlaceSpan(s, b) !== true;
}

/** The rules of a street's name (readName); directionals in one or two words ("South East") by directionalAt. */
export const NAME_RULES = [readName, highwayName, suffixScore, saintAfterPreType, saintAfterStreet, nameWithoutType, directionalAt].map((rule) => rule.name);
