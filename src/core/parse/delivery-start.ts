/**
 * Stage: where the delivery line starts; recipients and company names before it are set aside
 * (docs/parser.md, "Find where the delivery line starts").
 */
import { HIGHWAY_LAST } from './highway.js';
import { CORNER_OF, directional, HIGHWAYS, isHouseNumber, isIdentifier, isIntersectionWord, isMilitaryCity, isMilitaryUnit, isRecipientMarker, isSpanishStreetType, isUrbanization, matchPhrase, numberWord, ordinalNumber, PO_BOX, suffixStandard, unitDesignator } from './vocabulary.js';
import type { ParseState } from './state.js';
import { readDelivery } from './delivery.js';
import { readNumberAfterStreet } from './spanish-order.js';
import { highwayAt } from './highway.js';
import { numberWordsAt } from './house-number.js';
import { boxIdAfter, routeAt } from './phrases.js';
import { isUnitStart } from './unit-start.js';
import { readUnits } from './units.js';
import { BUILDING_WORDS, STREET_TYPES_OF_PLACES } from './words.js';
import { allDigits, digitsThenLetter, hasDigit, isGridCoordinate, startsWithDigit } from './chars.js';

/**
 * Rule findDeliveryStart: a recipient or company name before the address proper is skipped (left
 * unparsed) up to the first anchor (isAnchor: "Acme Corp, Attn: Billing, 12 Main St"); returns
 * where the delivery line starts, -1 when no anchor.
 */
export function findDeliveryStart(st: ParseState): number {
  const t = st.t;
  const limit = st.llStart;
  // "Corner of X and Y", "Junction Highway 76 & 86": a place named by streets, no number.
  if (matchPhrase(CORNER_OF, t, 0, limit) !== null) return -1;
  let weak = -1;
  for (let i = 0; i < limit; i++) {
    const w = st.w(i);
    if (weak >= 0 && st.startsSection(i)) break;
    if (isAnchor(st, i, limit)) {
      // "One Midtown Plaza 1360 Peachtree St": a number word yields to a later house number.
      if (numberWord(w) !== null) { if (weak < 0) weak = i; continue; }
      let s = unitBeforeNumber(st, i, limit);
      s = skipBuilding(st, s, limit);
      if (s > 0) pushPrefix(st, 0, s);
      return s;
    }
    if (isRecipientMarker(w) && i === 0) continue;
    // Recipient lines may run over several sections ("Company, Inc., Attn: ..., 12 Main St").
  }
  if (weak >= 0) {
    const s = skipBuilding(st, weak, limit);
    if (s > 0) pushPrefix(st, 0, s);
    return s;
  }
  return -1;
}

/**
 * Rule unitBeforeNumber: a unit written before the address opens the delivery line ("STE 201,
 * 4401 N MESA", "#4B 123 Main St", "dept 0669 po box 120001"); returns where the line starts,
 * the anchor at `s` or the unit before it.
 */
export function unitBeforeNumber(st: ParseState, s: number, limit: number): number {
  const t = st.t;
  const w = st.w(s);
  const d = s >= 2 ? (t[s - 2] === '#' ? (s === 2 ? { requiresNumber: true } : null) : unitDesignator(st.w(s - 2))) : null;
  if (d && d.requiresNumber && isIdentifier(st.w(s - 1)) && (isHouseNumber(w) || matchPhrase(PO_BOX, t, s, limit))) return s - 2;
  if (s >= 3 && t[s - 2] === '#' && unitDesignator(st.w(s - 3))?.requiresNumber === true && isIdentifier(st.w(s - 1)) &&
    (isHouseNumber(w) || matchPhrase(PO_BOX, t, s, limit))) return s - 3;
  if (s >= 1 && unitDesignator(st.w(s - 1))?.requiresNumber === true && isHouseNumber(st.w(s + 1)) && startsWithDigit(st.w(s + 1))) return s - 1;
  if (s === 1 && t[0] === '#' && isHouseNumber(st.w(s + 1))) return s - 1;
  return s;
}

/**
 * Rule skipBuilding: "1000 Cathedral Pl 925 W Georgia St", "One Exchange Plaza, 55 Broadway": a building's own
 * number and name before the street address; returns where the street address starts.
 */
export function skipBuilding(st: ParseState, s: number, limit: number): number {
  for (let j = s + 2; j < limit && j <= s + 6; j++) {
    if (st.startsSection(j) && st.sec[j] !== (st.sec[s] ?? 0) + 1) break;
    const w = st.w(j);
    if (!digitsThenLetter(w) || j + 1 >= limit) continue;
    const prev = st.w(j - 1);
    const building = BUILDING_WORDS.has(suffixStandard(prev) ?? prev);
    const next = st.w(j + 1);
    if (building && !isUnitStart(st, j + 1, limit) && suffixStandard(next) === null && !st.startsSection(j + 1)) return j;
  }
  return s;
}

/** Rule pushPrefix: a prefix (recipient, company) is left unparsed, except a floor written there ("41st Floor 1221 Ave..."). */
export function pushPrefix(st: ParseState, from: number, to: number): void {
  for (let q = from; q + 1 < to; q++) {
    const n = ordinalNumber(st.w(q)) ?? (allDigits(st.w(q)) ? st.w(q) : null);
    if (n !== null && unitDesignator(st.w(q + 1))?.code === 'FL' && st.c.unit_type === null) {
      if (q > from) st.unparsed.push(st.rawOf(from, q));
      st.setUnit('FL', n, st.rawOf(q, q + 2));
      if (q + 2 < to) st.unparsed.push(st.rawOf(q + 2, to));
      return;
    }
  }
  st.unparsed.push(st.rawOf(from, to));
}

/**
 * Rule readWithoutNumber: no house number, box or route: a highway or intersection is still a street; before a last
 * line, a lone section is the city ("Anchor Point, AK") and a named place that is not a
 * street ("Union Station, Washington, DC") is left unparsed.
 */
export function readWithoutNumber(st: ParseState): number {
  const limit = st.llStart;
  if (limit === 0) return 0;
  const t = st.t;
  let firstEnd = 1;
  while (firstEnd < limit && !st.startsSection(firstEnd)) firstEnd++;
  let k = 0;
  if (directional(st.w(0)) !== null && firstEnd > 1) k = 1;
  const noLastLine = st.llStart >= st.end;
  // "Bldg 15, Suite 100": units and no street.
  if (isUnitStart(st, 0, limit) && !isAnchor(st, 0, limit)) {
    const after = readUnits(st, 0);
    if (after > 0) return after;
  }
  // "USNS Comfort FPO AE 09587": a ship's name before a military post office.
  if (limit >= 2 && isMilitaryCity(st.w(limit - 1))) {
    st.c.street = st.text(0, limit - 1);
    st.raw.street = st.rawOf(0, limit - 1);
    return limit - 1;
  }
  let typed = false;
  for (let j = k; j < firstEnd && !typed; j++) {
    const std = suffixStandard(st.w(j));
    // Without a last line any street type makes a street ("wrigley field"); before a
    // state only a common one does ("Anchor Point, AK" is a city).
    typed = std !== null && (firstEnd - k >= 2) && (noLastLine || STREET_TYPES_OF_PLACES.has(std) && j > k);
  }
  // "Main, Ashland, NH": a single word before the city is a street name; so is the first of
  // several sections with no state or ZIP ("Broadway, Manhattan").
  if (firstEnd < limit && (!noLastLine && firstEnd === 1 || noLastLine)) typed = true;
  // "Main Ashland NH 03217": the same without commas, when the words after it are a known place.
  if (!noLastLine && firstEnd === limit && limit >= 2 && k === 0 && /^[A-Z]{2,}$/.test(st.w(0)) && st.isPlaceSpan(1, limit) === true &&
    st.isPlaceSpan(0, limit) !== true && !isUnitStart(st, 0, limit)) typed = true;
  // "Calle Luna, Ponce PR": a Spanish street type written first makes a street.
  if (isSpanishStreetType(st.w(k)) && firstEnd - k >= 2) typed = true;
  const streetLike = typed || highwayAt(st, k, firstEnd) !== null || matchPhrase(CORNER_OF, t, 0, firstEnd) !== null ||
    t.slice(0, firstEnd).some((w) => isIntersectionWord(w)) || isUnitStart(st, 0, limit);
  st.pendingPostdir = null;
  if (streetLike) return readDelivery(st, 0);
  return 0;
}

/** Rule isAnchor: whether an address line can start at token i (not a unit's number before the city: "Cond El Monte Apt 5 San Juan PR"). */
export function isAnchor(st: ParseState, i: number, limit: number): boolean {
  const t = st.t;
  const w = st.w(i);
  const next = t[i + 1];
  if (i + 1 >= limit && i > 0) return false;
  if (isGridCoordinate(w) && next !== undefined && isGridCoordinate(next)) return true; // "W148 N9748"
  // "Junction Highway 76 37": a number right after a highway word is the route's.
  if (i > 0 && HIGHWAY_LAST.has(st.w(i - 1)) && startsWithDigit(w)) {
    for (let k = Math.max(0, i - 4); k < i; k++) {
      const m = matchPhrase(HIGHWAYS, t, k, i);
      if (m && k + m.length === i) return false;
    }
  }
  if (isHouseNumber(w) || /^\d+\/\d+$/.test(w) && i === 0) {
    // A number followed by something that can be a street.
    if (next === undefined || i + 1 >= limit) return i === 0;
    if (st.startsSection(i + 1) && !allDigits(next)) return false;
    // "dept 0669 po box 120001": a number before a PO box is not a house number.
    if (boxIdAfter(st, i + 1, limit) !== null) return false;
    if (allDigits(w) && ordinalNumber(next) === null && unitDesignator(next)?.requiresNumber === true && i > 0) return false;
    // "Cond El Monte Apt 5 San Juan PR": a unit's number before the city is no house number.
    if (i > 0 && (t[i - 1] === '#' || unitDesignator(st.w(i - 1))?.requiresNumber === true) && st.placeState() !== null &&
      st.isPlaceSpan(i + 1, limit) === true) return false;
    return true;
  }
  if (numberWord(w) !== null && i + 2 <= limit && next !== undefined && !st.startsSection(i + 1) &&
    (suffixStandard(next) === null || i + 2 < limit && !st.startsSection(i + 2))) return true;
  if (numberWordsAt(st, i, limit) !== null) return true; // "Twenty-Two Elm St", "Two Hundred Main St"
  if (matchPhrase(PO_BOX, t, i, limit) && boxIdAfter(st, i, limit) !== null) return true;
  if (i === 0 && highwayAt(st, 0, limit) !== null) return true;
  if (routeAt(st, i, limit) !== null) return true;
  if (isMilitaryUnit(w) && next !== undefined && hasDigit(next)) return true;
  if (isUrbanization(w)) return true;
  if (w === '#' && next !== undefined && i === 0) return true;
  return false;
}

/** The rules of where the delivery line starts (the Spanish order's number after the street first: parse.ts). */
export const DELIVERY_START_RULES = [readNumberAfterStreet, findDeliveryStart, isAnchor, unitBeforeNumber, skipBuilding, pushPrefix, readWithoutNumber].map((rule) => rule.name);
