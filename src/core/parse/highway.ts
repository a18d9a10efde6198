/**
 * Classifier: highway names ("US HIGHWAY 15 501", "COUNTY ROAD KK", "I-35", "AL HIGHWAY 157").
 */
import { STATE_NAME_MAX_WORDS } from './pub28.js';
import { directional, HIGHWAYS, isRouteModifier, isStateFirstWord, lastWords, matchPhrase, stateCode } from './vocabulary.js';
import type { ParseState } from './state.js';
import { GLUED_HIGHWAY_PREFIXES, NUMBER_SIGNS } from './words.js';
import { allDigits, digitsThenLetter, hasDigit, isDigitsThenDirection, isTwoLetters } from './chars.js';

/** The last words of the highway pre-types ("ROAD" of "COUNTY ROAD"). */
export const HIGHWAY_LAST = lastWords(HIGHWAYS);
/** A pre-type glued to its route number: "I-35", "US19", "SR-21". */
export const GLUED_HIGHWAY = new RegExp(`^(${GLUED_HIGHWAY_PREFIXES.join('|')})-?(\\d+[A-Z]?)$`);

/** A highway name starting at k: the pre-type phrase and its route number. */
export function highwayAt(st: ParseState, k: number, b: number): { name: string; next: number } | null {
  const t = st.t;
  const w = st.w(k);
  const glued = hasDigit(w) ? GLUED_HIGHWAY.exec(w) : null; // (its route number has a digit)
  if (glued) {
    const m = matchPhrase(HIGHWAYS, [glued[1] as string], 0);
    if (m) return { name: `${m.value} ${glued[2]}`, next: k + 1 };
  }
  // "AL HIGHWAY 157", "Indiana Highway 212", "New York State Route 17": a state's own highway.
  if (isTwoLetters(w) && stateCode(w) !== null && k + 2 < b) {
    const inner = highwayAt(st, k + 1, b);
    if (inner) return { name: `${w} ${inner.name}`, next: inner.next };
  } else if (isStateFirstWord(w)) {
    for (let len = Math.min(STATE_NAME_MAX_WORDS, b - k - 2); len >= 1; len--) {
      const name = st.text(k, k + len);
      if (stateCode(name) === null) continue;
      const inner = highwayAt(st, k + len, b);
      if (inner && !/^[A-Z]{2} /.test(inner.name)) return { name: `${name} ${inner.name}`, next: inner.next };
    }
  }
  const m = matchPhrase(HIGHWAYS, t, k, b);
  if (m) {
    let j = k + m.length;
    // "State Highway No 33", "Route # A": the number sign is dropped.
    if (NUMBER_SIGNS.afterHighway.has(st.w(j)) && j + 1 < b) j++;
    const id = st.at(j);
    if (j < b && id !== undefined && (digitsThenLetter(id) || /^[A-Z]{1,2}$/.test(id) && directional(id) === null)) {
      // "COUNTY HWY 60E": the direction glued to the route number is a post-directional.
      const dirGlued = isDigitsThenDirection(id) ? /^(\d+)([NSEW])$/.exec(id) : null;
      if (dirGlued && st.pendingPostdir === null) {
        st.pendingPostdir = dirGlued[2] as string;
        return { name: `${m.value} ${dirGlued[1]}`, next: j + 1 };
      }
      let name = `${m.value} ${id}`;
      let next = j + 1;
      if (next < b && isRouteModifier(st.w(next))) { name += ` ${t[next]}`; next++; }
      // "US HWY 15 501": a second route number.
      const id2 = t[next];
      if (next < b && id2 !== undefined && allDigits(id2) && allDigits(id)) { name += ` ${id2}`; next++; }
      return { name, next };
    }
  }
  // A state code used as a highway name: "CA 72", "TX 71".
  if (stateCode(w) !== null && k + 1 < b && allDigits(st.w(k + 1)) && (st.c.number !== null || k === 0)) {
    return { name: `${w} ${t[k + 1]}`, next: k + 2 };
  }
  return null;
}
