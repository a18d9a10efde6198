/**
 * Stage: a Puerto Rico street written in the Spanish order, its number after its name ("Calle Luna 7").
 */
import { isSpanishStreetType, isUrbanization } from './vocabulary.js';
import type { ParseState } from './state.js';
import { isUnitStart } from './unit-start.js';
import { readUnits } from './units.js';
import { NUMBER_SIGNS } from './words.js';
import { allDigits, digitsThenLetter } from './chars.js';

/**
 * "Calle Luna 7", "Calle 5 #23", "Urb Las Lomas, Calle Luna 7": a Puerto Rico street written
 * first, its house number after its name (the Spanish order), before `limit`. The street's
 * start, its number's index, and where the number's sign (#, NUM) or the number begins; null
 * when the line is not so written. The number closes its section, or a unit, an urbanization
 * or a known place follows it.
 */
export function numberAfterStreetAt(st: ParseState, limit: number): { start: number; numberAt: number; nameEnd: number } | null {
  let s = 0;
  if (isUrbanization(st.w(0))) {
    // The urbanization's name runs to its section's end, or to the street's type without a comma.
    s = 2;
    while (s < limit && !st.startsSection(s) && !isSpanishStreetType(st.w(s))) s++;
  }
  if (s + 2 >= limit || !isSpanishStreetType(st.w(s))) return null;
  for (let j = s + 2; j < limit && !st.startsSection(j); j++) {
    const w = st.w(j);
    let n = j;
    if (NUMBER_SIGNS.afterSpanishStreet.has(w) && j + 1 < limit && !st.startsSection(j + 1)) n = j + 1;
    // "Calle 5 23": the first number names the street; a number after a name of several
    // words with a number in it ("Calle 5 Bloque 2 7") is left alone.
    else if (allDigits(st.w(j - 1)) && j !== s + 2) continue;
    if (!digitsThenLetter(st.w(n))) continue;
    const after = n + 1;
    if (after >= limit || st.startsSection(after) || isUnitStart(st, after, limit) || isUrbanization(st.w(after)) || st.isPlaceSpan(after, limit) === true) {
      return { start: s, numberAt: n, nameEnd: j };
    }
    return null;
  }
  return null;
}

/**
 * Reads a street written in the Spanish order (numberAfterStreetAt) where the address is in
 * Puerto Rico, or where the line is a street line alone; returns where the city may begin, or
 * -1 when the line is not so written.
 */
export function readNumberAfterStreet(st: ParseState): number {
  if (st.placeState() !== 'PR' && st.llStart < st.end) return -1;
  const at = numberAfterStreetAt(st, st.llStart);
  if (at === null) return -1;
  if (at.start > 0) {
    st.c.urbanization = st.text(1, at.start);
    st.raw.urbanization = st.rawOf(0, at.start);
  }
  st.c.number = st.w(at.numberAt);
  st.raw.number = st.c.number;
  st.c.street = st.text(at.start, at.nameEnd);
  st.raw.street = st.rawOf(at.start, at.nameEnd);
  return readUnits(st, at.numberAt + 1);
}
