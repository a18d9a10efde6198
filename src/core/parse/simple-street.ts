/**
 * Stage: the commonest street line read at once, when it is nothing else (docs/parser.md, step 2).
 */
import type { UnitDesignator } from './vocabulary.js';
import { boundedMemo } from '../util/bounded-memo.js';
import {
  COUNTRIES, directional, HIGHWAYS, isBoxWord, isCommonSuffix, isExtraSuffix, isIntersectionWord, isMilitaryUnit, isRecipientMarker, isSpanishPreType,
  isStateFirstWord, isUrbanization, numberWord, PO_BOX, RURAL_ROUTE, stateCode, suffixStandard, unitDesignator,
} from './vocabulary.js';
import type { ParseState } from './state.js';
import { GLUED_HIGHWAY, highwayAt } from './highway.js';

const PLAIN_NAME_WORD = 0;
const NOT_A_NAME_WORD = 1; // a word the full reading may give a role: not read at once
const NAME_UNLESS_HIGHWAY = 2; // may begin a highway name ("Indiana Highway 212", "US 19")
// The number of a unit read at once: up to 4 digits (5 may be a ZIP), a letter after them, or a letter.
const UNIT_ID = /^(?:\d{1,4}[A-Z]?|[A-Z])$/;

/**
 * What a word can be in a simple street line's name: a pure function of the word, remembered
 * (street names repeat). Words that begin a PO box, route or country phrase are refused whatever
 * follows them, which only sends more lines to the full reading.
 */
const nameWordKind = boundedMemo((w: string): number => {
  // A street type is a name word only where the full reading never ends the street at it: not a
  // common type (ST, AVE, RD...), which outscores the type at the end, nor a spelling outside C1.
  const std = suffixStandard(w);
  if (!/^(?:[A-Z]{2,}|\d+(?:ST|ND|RD|TH))$/.test(w) || std !== null && (isCommonSuffix(std) || isExtraSuffix(w)) || directional(w) !== null ||
    unitDesignator(w) !== null || numberWord(w) !== null || isIntersectionWord(w) || isRecipientMarker(w) || isBoxWord(w) || isUrbanization(w) ||
    isSpanishPreType(w) || isMilitaryUnit(w) || COUNTRIES.has(w) || PO_BOX.has(w) || RURAL_ROUTE.has(w)) return NOT_A_NAME_WORD;
  if (HIGHWAYS.has(w) || isStateFirstWord(w) || w.length === 2 && stateCode(w) !== null || GLUED_HIGHWAY.test(w)) return NAME_UNLESS_HIGHWAY;
  return PLAIN_NAME_WORD;
}, 4096);

/**
 * The commonest street line, read at once: a house number, an optional directional, name
 * words, a street type and an optional directional, in one section, then at most a unit
 * (a designator that takes a number, and the number) in the same section or the next
 * ("8277 Spring Valley St", "6416 NE Jefferson Blvd S, Apt 4B" — a structured street field,
 * mostly). Only words the full reading gives no other role qualify (no common type,
 * directional, unit, highway, number or joining word in the name; a type that is also a
 * state code only where no place of that state precedes it), so the result is the full
 * reading's, which tests check on generated and real lines.
 * False when the line is any other shape; the full reading then runs.
 */
export function simpleStreet(st: ParseState): boolean {
  const t = st.t;
  const sec = st.sec;
  let n = t.length;
  if (n < 3 || n > 10 || !/^[1-9]\d{0,5}$/.test(st.w(0))) return false;
  // The unit at the end: "APT 4B", "# 12".
  let unit: UnitDesignator | null = null;
  if (n >= 5 && sec[n - 1] === sec[n - 2] && (sec[n - 2] === sec[0] || sec[n - 2] === (sec[0] as number) + 1)) {
    unit = unitDesignator(st.w(n - 2));
    if (unit !== null && !(unit.requiresNumber && unit.code !== 'PMB' && UNIT_ID.test(st.w(n - 1)))) return false;
    if (unit !== null) n -= 2;
  }
  if (n > 8 || sec[n - 1] !== sec[0]) return false;
  let k = 1;
  const predir = directional(st.w(1));
  if (predir !== null) k = 2;
  let last = n - 1;
  const postdir = directional(st.w(last));
  if (postdir !== null) last--;
  const type = st.w(last);
  const suffix = suffixStandard(type);
  if (suffix === null || last - k < 1 || isExtraSuffix(type) || unitDesignator(type) !== null) return false;
  // A type that is also a state code (CT, MT, KY) ends the line as the state after a place
  // of that state ("Elm St Hartford CT"); a directional after it is not a state's.
  const code = stateCode(type);
  if (code !== null && (postdir !== null && stateCode(st.w(n - 1)) !== null || postdir === null && st.placeOfStateBefore(k + 1, last, code))) return false;
  // "Lake Trlrs Loop # 169": a highway word may take the number after it ("Loop 169").
  if (unit !== null && postdir === null && sec[n] === sec[0] && HIGHWAYS.has(type)) return false;
  for (let j = k; j < last; j++) {
    const kind = nameWordKind(st.w(j));
    if (kind === NOT_A_NAME_WORD || kind === NAME_UNLESS_HIGHWAY && highwayAt(st, j, last + 1) !== null) {
      st.pendingPostdir = null; // highwayAt may have set it ("County Hwy 60E"): the full reading starts clean
      return false;
    }
  }
  // Set in the order the full reading sets them (raw's key order is part of the result).
  const c = st.c;
  const raw = st.raw;
  c.number = st.w(0);
  raw.number = st.rawOf(0, 1);
  c.predir = predir;
  c.street = st.text(k, last);
  c.suffix = suffix;
  c.postdir = postdir;
  raw.suffix = type;
  if (predir !== null) raw.predir = st.w(1);
  if (postdir !== null) raw.postdir = st.rawOf(n - 1, n);
  raw.street = c.street;
  if (unit !== null) {
    c.unit_type = unit.code;
    c.unit_number = st.w(n + 1);
    raw.unit_type = st.rawOf(n, n + 2);
  }
  return true;
}
