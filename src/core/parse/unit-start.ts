/**
 * Classifiers: where a secondary unit starts (a designator, #, an ordinal floor, ST as suite) and
 * directionals written in one or two tokens.
 */
import { suffixName } from './pub28.js';
import type { UnitDesignator } from './vocabulary.js';
import { directional, isHouseNumber, isIdentifier, ordinalNumber, suffixStandard, unitDesignator } from './vocabulary.js';
import type { ParseState } from './state.js';
import { LEVEL_WORDS, NUMBER_SIGNS, UNITS_WITHOUT_ID } from './words.js';
import { hasDigit } from './chars.js';

const SUITE = unitDesignator('STE')!;

/**
 * Whether the ST at token k is a suite ("7777 Bonhomme Ave St 1400", "Boundary Terrace, St 2"):
 * an id with a digit follows, and the street before it is complete — its type written as an
 * abbreviation that is not also a word, after a name (AVE, not PARK: "Oak Park St 5" is Oak
 * Park Street; not "44 Court St 1400" either), or ended by a comma.
 */
export function stAsSuite(st: ParseState, k: number, limit: number): boolean {
  const t = st.t;
  if (t[k] !== 'ST' || k < 2 || k + 1 >= limit || st.c.number === null || st.startsSection(k + 1)) return false;
  const id = st.w(k + 1);
  if (!hasDigit(id) || !isIdentifier(id) || ordinalNumber(id) !== null) return false;
  const prev = st.w(k - 1);
  const code = suffixStandard(prev);
  if (code === null) return false;
  if (st.startsSection(k)) return true;
  const name = st.w(k - 2);
  return prev === code && suffixName(code) !== prev && !st.startsSection(k - 1) && !isHouseNumber(name) && directional(name) === null && suffixStandard(name) === null;
}

/** The unit designator at token i: a spelling of unit-designators.json, or ST read as a suite. */
export function designatorAt(st: ParseState, i: number, limit: number): UnitDesignator | null {
  const w = st.w(i);
  return unitDesignator(w) ?? (w === 'ST' && stAsSuite(st, i, limit) ? SUITE : null);
}

/** Whether a secondary unit starts at token i. */
export function isUnitStart(st: ParseState, i: number, limit: number): boolean {
  const t = st.t;
  const w = st.w(i);
  if (w === '#') return i + 1 < limit;
  const d = designatorAt(st, i, limit);
  const next = t[i + 1];
  // "Main St Ste Genevieve MO": a designator's word that begins the name of a place of the
  // state, up to the last line, is the city's.
  if (d && next !== undefined && !hasDigit(next) && limit === st.llStart && limit < st.end && st.placeState() !== null && st.isPlaceSpan(i, limit) === true) return false;
  if (d) {
    if (d.numberWithDigit) return next !== undefined && i + 1 < limit && isIdentifier(next) && (hasDigit(next) || next.length === 1);
    if (next !== undefined && i + 1 < limit && (isIdentifier(next) || NUMBER_SIGNS.beforeUnitId.has(next) || ordinalNumber(next) !== null)) {
      // "Unit 5" yes; "Lot 5" yes; but "Key West" / "Stop" words need an id with a digit or one letter.
      return true;
    }
    // "Rear", "Lobby" close a line; "Upper Jay", "Lower Peach Tree" are names of places.
    if (!d.requiresNumber) return next === undefined || i + 1 >= limit || st.startsSection(i + 1) || LEVEL_WORDS.has(next);
    return UNITS_WITHOUT_ID.has(w);
  }
  // "6th Floor", "Second Floor".
  if (ordinalNumber(w) !== null && next !== undefined && unitDesignator(next)?.code === 'FL') return true;
  return false;
}

/**
 * A unit starting inside a run of words ("Panorama Tower Unit 24-L", "Kingston Building Second
 * Floor"): a designator word with an id that has a digit or is one letter, or an ordinal floor,
 * so that a building's name ("Kingston Building Second ...") is not read as its id.
 */
export function isUnitInside(st: ParseState, i: number, limit: number): boolean {
  // A number sign inside a name numbers the name ("Substation # 1", "Route Box West # 4").
  if (st.t[i] === '#' || !isUnitStart(st, i, limit)) return false;
  if (ordinalNumber(st.w(i)) !== null) return true;
  // (A designator that takes no number closing the span, "Rear", has no id.)
  const next = st.t[i + 1];
  return next !== undefined && i + 1 < limit && (hasDigit(next) || next.length === 1 || next === '#');
}

/** A directional at i, also written as two letters ("N E", "S. W."). */
export function directionalAt(st: ParseState, i: number, limit: number): { dir: string; length: number } | null {
  const a = st.t[i];
  if (a === undefined || i >= limit) return null;
  const b = st.w(i + 1); // '' after the last token (no token is empty): always a string to compare
  if ((a === 'N' || a === 'S') && (b === 'E' || b === 'W') && i + 1 < limit && !st.startsSection(i + 1)) return { dir: a + b, length: 2 };
  // "South East": a quadrant spelled out in two words, unless the second begins a known place
  // ("Main St South West Springfield MA" is West Springfield).
  if (b !== '' && a.length > 2 && b.length > 2 && i + 1 < limit && !st.startsSection(i + 1)) {
    const da = directional(a);
    const db = directional(b);
    if ((da === 'N' || da === 'S') && (db === 'E' || db === 'W') && st.isPlaceSpan(i + 1, st.sectionEnd(i + 1, limit)) !== true) return { dir: da + db, length: 2 };
  }
  // "21st Ave No. Ste 130": NO before a unit or at the end is North, not a number sign.
  if (a === 'NO' && (i + 1 >= limit || st.startsSection(i + 1) || isUnitStart(st, i + 1, limit) || st.isPlaceSpan(i + 1, limit) === true)) return { dir: 'N', length: 1 };
  const d = directional(a);
  return d ? { dir: d, length: 1 } : null;
}

/**
 * Whether the one-letter directional at j, after a unit's number, is the unit's wing because a
 * place of the state follows it ("Apt 1 N Oak Park IL"), and the directional with that place is
 * not itself a place ("Apt 1, N Sebastopol": a comma keeps it the city's).
 */
export function unitWingBeforeCity(st: ParseState, j: number, limit: number): boolean {
  if (!/^[NSEW]$/.test(st.w(j)) || j + 1 >= limit || st.startsSection(j + 1) || st.placeState() === null) return false;
  return st.isPlaceSpan(j + 1, limit) === true && st.isPlaceSpan(j, limit) !== true;
}
