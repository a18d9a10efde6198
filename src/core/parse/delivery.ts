/**
 * Stage: the delivery line from its start: an urbanization, a PO box, a rural route, a military
 * line, a unit written before the number, then the house number and the street.
 */
import { HIGHWAYS, isBoxWord, isHouseNumber, isIdentifier, isMilitaryUnit, isUrbanization, matchPhrase, suffixStandard, unitDesignator } from './vocabulary.js';
import type { ParseState } from './state.js';
import { highwayAt } from './highway.js';
import { readNumber } from './house-number.js';
import { boxIdAfter, routeAt } from './phrases.js';
import { readStreet } from './street.js';
import { readUnits } from './units.js';
import { allDigits, hasDigit, isGridCoordinate, startsWithDigit } from './chars.js';

/** Rule readDelivery: parses the delivery line from token `start`; returns where the city may begin. */
export function readDelivery(st: ParseState, start: number): number {
  const t = st.t;
  const limit = st.llStart;
  let i = start;
  if (i >= limit) return i;
  // Puerto Rico urbanization before the street.
  if (isUrbanization(st.w(i))) {
    let j = i + 1;
    while (j < limit && !isHouseNumber(st.w(j)) && !(st.startsSection(j))) j++;
    if (j > i + 1) { st.c.urbanization = st.text(i + 1, j); st.raw.urbanization = st.rawOf(i, j); }
    i = j;
    if (i >= limit) return i;
  }
  // PO Box.
  const boxId = boxIdAfter(st, i, limit);
  if (boxId !== null) {
    st.c.po_box = st.w(boxId);
    st.raw.po_box = st.rawOf(i, boxId + 1);
    // "P.O. Box 628 Hwy 231 Lake Butler FL": a highway after the box, in its section, is the street.
    if (boxId + 1 < limit && !st.startsSection(boxId + 1) && highwayAt(st, boxId + 1, limit) !== null) return readStreet(st, boxId + 1, limit);
    return readUnits(st, boxId + 1);
  }
  // Rural route / highway contract.
  const route = routeAt(st, i, limit);
  if (route) {
    st.c.box_group_type = route.kind;
    st.c.rural_route = route.route;
    st.c.box = route.box;
    st.raw.rural_route = st.rawOf(i, route.next);
    return readUnits(st, route.next);
  }
  // Military: PSC 802 BOX 74, UNIT 2050 BOX 4190, CMR 450 BOX 1.
  if (isMilitaryUnit(st.w(i)) && hasDigit(st.w(i + 1))) {
    const bw = t[i + 2];
    if (bw !== undefined && isBoxWord(bw) && t[i + 3] !== undefined && isIdentifier(st.w(i + 3))) {
      st.c.box_group_type = st.w(i);
      st.c.rural_route = st.w(i + 1);
      st.c.box = st.w(i + 3);
      st.raw.rural_route = st.rawOf(i, i + 4);
      return readUnits(st, i + 4);
    }
  }
  // A unit written before the number: "#4B 123 Main St", "Apt 4 123 Main St".
  if (i + 2 < limit) {
    const d = t[i] === '#' ? { code: '#', requiresNumber: true } : unitDesignator(st.w(i));
    const idAt = d && d.code !== '#' && t[i + 1] === '#' ? i + 2 : i + 1; // "Department # 0524"
    const after = st.w(idAt + 1);
    if (d && d.requiresNumber && isIdentifier(st.w(idAt)) && idAt + 1 < limit && (isHouseNumber(after) && startsWithDigit(after) || boxIdAfter(st, idAt + 1, limit) !== null)) {
      st.c.unit_type = d.code;
      st.c.unit_number = st.w(idAt);
      st.raw.unit_type = st.rawOf(i, idAt + 1);
      i = idAt + 1;
      const box = boxIdAfter(st, i, limit);
      if (box !== null) {
        st.c.po_box = st.w(box);
        st.raw.po_box = st.rawOf(i, box + 1);
        return readUnits(st, box + 1);
      }
    }
  }
  // "#6 Montague Terrace": a unit and no house number.
  if (t[i] === '#' && i + 2 < limit && isIdentifier(st.w(i + 1)) && !isHouseNumber(st.w(i + 2)) && st.c.unit_type === null) {
    st.setUnit('#', st.w(i + 1), st.rawOf(i, i + 2));
    i += 2;
  }
  // "10 Ave" alone is a numbered avenue, not a house number.
  if (i === 0 && limit === 2 && st.end === 2 && allDigits(st.w(0)) && suffixStandard(st.w(1)) !== null) {
    st.c.street = st.w(0);
    st.c.suffix = suffixStandard(st.w(1));
    st.raw.suffix = st.w(1);
    return 2;
  }
  // "4B-123": a unit glued before the house number.
  const wi = st.w(i);
  const glued = wi.includes('-') ? /^(\d*[A-Z]+\d*|\d+[A-Z]+)-(\d+)$/.exec(wi) : null;
  if (glued && !isGridCoordinate(glued[1] as string) && st.c.unit_number === null && i + 1 < limit &&
    matchPhrase(HIGHWAYS, [glued[1] as string], 0) === null) {
    st.c.unit_type = '#';
    st.c.unit_number = glued[1] as string;
    st.c.number = glued[2] as string;
    st.raw.number = glued[2] as string;
    i++;
  } else {
    i = readNumber(st, i, limit);
  }
  // "6910 # G Mary Caroline Circle": a unit between the number and the street.
  if (t[i] === '#' && st.c.number !== null && i + 2 < limit && isIdentifier(st.w(i + 1)) && !st.startsSection(i + 2) && st.c.unit_type === null) {
    st.setUnit('#', st.w(i + 1), st.rawOf(i, i + 2));
    i += 2;
  }
  return readStreet(st, i, limit);
}

/** The rules of the delivery line: how it opens, then the house number. */
export const DELIVERY_RULES = [readDelivery, readNumber].map((rule) => rule.name);
