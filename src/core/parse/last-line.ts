/**
 * Stage: the last line, read from the right: a country, a phone number, a unit after the ZIP,
 * words after "STATE ZIP", the ZIP, the state (docs/parser.md, "Read the last line").
 */
import { HIGHWAY_LAST } from './highway.js';
import { STATE_NAME_MAX_WORDS } from './pub28.js';
import { COUNTRIES, directional, HIGHWAYS, isBoxWord, isCommonSuffix, isHouseNumber, isIdentifier, isPhoneWord, isPreType, isStateLastWord, lastWords, matchPhrase, ordinalNumber, PO_BOX, stateCode, suffixStandard, unitDesignator, zipsBeginWithZero } from './vocabulary.js';
import type { ParseState } from './state.js';
import { numberAfterStreetAt } from './spanish-order.js';
import { STATE_CODES_THAT_ARE_WORDS } from './words.js';
import { allDigits, hasDigit, isTwoLetters } from './chars.js';

const PO_BOX_LAST = lastWords(PO_BOX);
const COUNTRY_LAST = lastWords(COUNTRIES);
const ZIP5 = /^\d{5}$/;
const ZIP4 = /^\d{4}$/;
const ZIP9 = /^(\d{5})-?(\d{4})$/;

/** Rule: a trailing country ("USA", "United States US", "Salem MA / USA") goes to unparsed (parse.ts runs it first). */
export function dropCountry(st: ParseState): void {
  // "..., NY 11797, UNITED STATES US": possibly more than one country word at the end.
  for (let round = 0; round < 3; round++) {
    if (!COUNTRY_LAST.has(st.w(st.end - 1))) return;
    let dropped = false;
    for (let k = Math.max(0, st.end - 5); k < st.end && !dropped; k++) {
      const m = matchPhrase(COUNTRIES, st.t, k, st.end);
      if (!m || k + m.length !== st.end || k === 0) continue;
      // "Salem MA / USA": a slash (a joining token) between the last line and the country goes too.
      const from = st.t[k - 1] === '&' && k >= 2 && !st.startsSection(k - 1) ? k - 1 : k;
      const before = st.w(from - 1);
      if (st.startsSection(from) || /^\d{5}/.test(before) || stateCode(before) !== null || matchPhrase(COUNTRIES, st.t, from - 1, from) !== null) {
        st.unparsed.unshift(st.rawOf(k, st.end));
        st.end = from;
        dropped = true;
      }
    }
    if (!dropped) return;
  }
}

/**
 * "5150 Madison Road, Fl 134", "PO Box 12, FL 1200": a state code that is also a unit
 * designator (FL), in the section right after a delivery line (one that holds a number),
 * before 3 or 4 digits that cannot be a ZIP of that state that lost its zeros (no Florida ZIP
 * begins with 0) — a floor, not a state.
 */
export function floorNotState(st: ParseState, at: number, numberAt: number): boolean {
  const code = st.w(at);
  if (numberAt !== at + 1 || !/^\d{3,4}$/.test(st.w(numberAt)) || st.sec[at] !== (st.sec[0] as number) + 1 || !st.startsSection(at) ||
    unitDesignator(code) === null || stateCode(code) !== code || zipsBeginWithZero(code)) return false;
  for (let k = 0; k < at; k++) if (hasDigit(st.w(k))) return true;
  return false;
}

/**
 * Where a phone number closing the line starts, with the words that label it ("(217) 555-1234",
 * "Tel: 937-555-1212", "217.555.1234"), when a ZIP or a state code comes right before; -1 when
 * there is none.
 */
export function phoneTailStart(st: ParseState): number {
  let s = st.end - 1;
  const last = st.w(s);
  // One token (937-555-1212, 217.555.1234), or a local number (555-1234) after its area code
  // ("(217) 555-1234") or alone ("62701 555-1234").
  if (/^\d{3}-\d{4}$/.test(last)) {
    if (s >= 1 && /^\d{3}$/.test(st.w(s - 1))) s--;
  } else if (!/^(?:1-)?\d{3}[-.]\d{3}[-.]\d{4}$/.test(last)) return -1;
  while (s >= 1 && isPhoneWord(st.w(s - 1))) s--;
  const before = st.w(s - 1);
  return s >= 2 && (/^\d{5}(-?\d{4})?$/.test(before) || stateCode(before) !== null) ? s : -1;
}

/**
 * Where a unit closing the line starts (a designator that takes a number and its id, or # and
 * an id: "Apt 4", "Unit B", "# 4", "Apt # 4") when a ZIP or a state code comes right before it
 * and a delivery line (a number) before that; -1 when there is none.
 */
export function unitClosingLine(st: ParseState): number {
  const t = st.t;
  const e = st.end;
  if (e < 4 || !isIdentifier(st.w(e - 1))) return -1;
  let u = e - 2;
  if (t[u] === '#' && u >= 1 && unitDesignator(st.w(u - 1))?.requiresNumber === true) u--;
  const w = st.w(u);
  if (w !== '#' && unitDesignator(w)?.requiresNumber !== true) return -1;
  const before = st.w(u - 1);
  if (!(/^\d{5}(-?\d{4})?$/.test(before) || isTwoLetters(before) && stateCode(before) !== null)) return -1;
  for (let k = 0; k < u - 1; k++) if (hasDigit(st.w(k))) return u;
  return -1;
}

/**
 * The last line, read from the right in this order; sets st.end (before the words set aside) and
 * st.llStart (the first token of the ZIP or state).
 */
export function readLastLine(st: ParseState): void {
  dropPhone(st);
  setAsideUnitAfterLastLine(st);
  dropSectionAfterZip(st);
  dropWordsAfterStateZip(st);
  let e = readZipLostZeros(st, st.end);
  if (e === st.end) e = readZip(st, e);
  e = readState(st, e);
  e = readStateBeforeCity(st, e);
  st.llStart = readZipBeforeState(st, e);
}

/** The rules of the last line, in the order they are tried (readLastLine). */
export const LAST_LINE_RULES = [
  dropCountry, dropPhone, setAsideUnitAfterLastLine, dropSectionAfterZip, dropWordsAfterStateZip, readZipLostZeros, readZip, readState, readStateBeforeCity,
  readZipBeforeState,
].map((rule) => rule.name);

/** Rule: a phone number closing the line after the ZIP or state goes, with its label ("Tel: 937-555-1212"). */
export function dropPhone(st: ParseState): void {
  const phone = phoneTailStart(st);
  if (phone > 0) {
    st.unparsed.push(st.rawOf(phone, st.end));
    st.end = phone;
  }
}

/**
 * Rule: "123 Main St, Springfield, IL 62701, Apt 4": a unit written after the ZIP or the state is
 * set aside, and read after the rest (parse.ts), as if written after the street.
 */
export function setAsideUnitAfterLastLine(st: ParseState): void {
  const unitAt = unitClosingLine(st);
  if (unitAt > 0) {
    st.unitAfterLastLine = [unitAt, st.end];
    st.end = unitAt;
  }
}

/** Rule: "..., CA 900031, Period": a last section of words after "STATE digits" is not the address. */
export function dropSectionAfterZip(st: ParseState): void {
  if (st.end < 4) return;
  let q = st.end - 1;
  while (q > 0 && !st.startsSection(q)) q--;
  const digitsBefore = st.w(q - 1);
  if (q > 1 && st.end - q <= 3 && st.startsSection(q) && /^\d{5,10}$/.test(digitsBefore) && stateCode(st.w(q - 2)) !== null &&
    !st.t.slice(q, st.end).some((w) => hasDigit(w))) {
    st.unparsed.push(st.rawOf(q, st.end));
    st.end = q;
  }
}

/** Rule: "... Columbia MO 65202 Ballenger Propane Inc": words after "STATE ZIP" are not the address. */
export function dropWordsAfterStateZip(st: ParseState): void {
  if (/^\d{5}(-?\d{4})?$/.test(st.w(st.end - 1))) return;
  for (let z = st.end - 2; z >= 2 && z >= st.end - 8; z--) {
    const w = st.w(z);
    if (hasDigit(st.w(z + 1))) break;
    let named = false;
    for (let len = 1; len <= 3 && !named; len++) named = z - len >= 1 && stateCode(st.text(z - len, z)) !== null && (len > 1 || st.w(z - 1).length >= 2);
    if (/^\d{5}(-\d{4})?$/.test(w) && named) {
      st.unparsed.push(st.rawOf(z + 1, st.end));
      st.end = z + 1;
      break;
    }
  }
}

/**
 * Rule: a ZIP that lost its leading zeros in a spreadsheet ("MA 1241") after a state, or digits
 * too long to be a ZIP ("IL 6065460610"): the state is still read. The zeros are put back only
 * when the state written is the state of the ZIP they make. "FL 134" right after a delivery
 * line is a floor (floorNotState). Returns the new end (e when the rule does not apply).
 */
export function readZipLostZeros(st: ParseState, e: number): number {
  const lastTok = st.w(e - 1);
  const lastCode = lastTok.charCodeAt(0);
  const stateAt = e >= 3 && lastCode >= 48 && lastCode <= 57 && lastTok.length !== 5 ? stateEndingAt(st, e - 1) : -1;
  if (!(stateAt > 0 && /^\d{3,4}(-\d{4})?$|^\d{6,8}$|^\d{10,}$/.test(lastTok) && !floorNotState(st, stateAt, e - 1) &&
    (st.startsSection(stateAt) || /^\d{4}(-\d{4})?$/.test(lastTok) && statePlausible(st, stateAt, e - 1, stateCode(st.text(stateAt, e - 1)) as string, false)))) return e;
  const stateWritten = st.text(stateAt, e - 1);
  const d = st.w(e - 1);
  if (/^\d{3,4}(-\d{4})?$/.test(d)) {
    // "CA 9547" is not the military 09547; without the gazetteer, the zeros go back when the state
    // has ZIPs that begin with 0. Otherwise the ZIP stays as written, for validation to find invalid.
    const [z5, z4] = d.split('-') as [string, string | undefined];
    const padded = z5.padStart(5, '0');
    const zipState = st.places?.stateOfZip?.(padded);
    const code = stateCode(stateWritten) as string;
    const confirmed = zipState === undefined ? zipsBeginWithZero(code) : zipState === code;
    st.c.zip5 = confirmed ? padded : z5;
    st.c.zip4 = z4 ?? null;
  }
  else st.unparsed.push(d);
  return e - 1;
}

/** Rule: the ZIP closing the line: 5, 9 or 5-4 digits (or "12345 6789"), unless a box, route or unit takes them (zipPlausible). */
export function readZip(st: ParseState, e: number): number {
  if (e >= 2) {
    const last = st.w(e - 1);
    const prev = st.w(e - 2);
    if (ZIP4.test(last) && ZIP5.test(prev) && st.sec[e - 1] === st.sec[e - 2] && e - 2 > 0) {
      if (zipPlausible(st, e - 2)) { st.c.zip5 = prev; st.c.zip4 = last; return e - 2; }
    } else if (ZIP5.test(last) || ZIP9.test(last)) {
      if (zipPlausible(st, e - 1)) {
        const m = ZIP9.exec(last);
        if (m) { st.c.zip5 = m[1] as string; st.c.zip4 = m[2] as string; } else st.c.zip5 = last;
        return e - 1;
      }
    }
  } else if (e === 1 && (ZIP5.test(st.w(0)) || ZIP9.test(st.w(0)))) {
    const m = ZIP9.exec(st.w(0));
    if (m) { st.c.zip5 = m[1] as string; st.c.zip4 = m[2] as string; } else st.c.zip5 = st.w(0);
    return 0;
  }
  return e;
}

/**
 * Rule: the state, the longest state name or code (up to four words) ending right before the ZIP
 * or at the end, where it reads as a state (statePlausible); a state's name written right before
 * its code goes with it (stateNameBefore).
 */
export function readState(st: ParseState, e: number): number {
  const hasZip = st.c.zip5 !== null;
  for (let len = Math.min(STATE_NAME_MAX_WORDS, e); len >= 1; len--) {
    const k = e - len;
    if (k < 0) continue;
    // Only names whose last word this is can match (cheap filter before joining words).
    if (len > 1 && !isStateLastWord(st.w(e - 1))) continue;
    // "Rochester, New, York": a spelled-out name may be split by a stray comma.
    if (st.sec[k] !== st.sec[e - 1] && len === 1) continue;
    const code = stateCode(st.text(k, e));
    if (code && st.sec[k] !== st.sec[e - 1] && st.w(k).length <= 2) continue;
    if (!code) continue;
    if (!statePlausible(st, k, e, code, hasZip)) continue;
    st.c.state = code;
    st.raw.state = st.rawOf(k, e);
    const named = len === 1 ? stateNameBefore(st, k, code) : k;
    if (named < k) st.raw.state = st.rawOf(named, e);
    return named;
  }
  return e;
}

/**
 * Rule: "101 E Market St CA Long Beach 90807": the state code written before the city, before a
 * ZIP. Only a known place of that state after a code that is no street word, so "Main Ct
 * Hartford" stays a street.
 */
export function readStateBeforeCity(st: ParseState, e: number): number {
  if (st.c.state !== null || st.c.zip5 === null || st.places === null) return e;
  for (let len = Math.min(3, e - 3); len >= 1; len--) {
    const q = e - len;
    const word = st.w(q - 1);
    const code = word.length === 2 ? stateCode(word) : null;
    if (code === null || q - 2 === 0 && isHouseNumber(st.w(0))) continue;
    if (!st.startsSection(q - 1) && (suffixStandard(word) !== null || directional(word) !== null || unitDesignator(word) !== null)) continue;
    if (!st.places.isPlace(st.text(q, e), code)) continue;
    st.c.state = code;
    st.raw.state = st.rawOf(q - 1, q);
    st.cityAfterState = [q, e];
    return q - 1;
  }
  return e;
}

/** Rule: "90210, CA": a ZIP alone before the state. */
export function readZipBeforeState(st: ParseState, e: number): number {
  if (st.c.zip5 === null && st.c.state !== null && e === 1 && ZIP5.test(st.w(0))) {
    st.c.zip5 = st.w(0);
    return 0;
  }
  return e;
}

/**
 * Where a state written right before token e starts: a two-letter code ("MA 1241") or a
 * spelled-out name of up to STATE_NAME_MAX_WORDS words ("Massachusetts 1241", "New Jersey
 * 7631"); -1 when there is none.
 */
export function stateEndingAt(st: ParseState, e: number): number {
  const t = st.t;
  const last = t[e - 1];
  if (last === undefined) return -1;
  if (isTwoLetters(last)) return stateCode(last) !== null ? e - 1 : -1;
  for (let len = Math.min(STATE_NAME_MAX_WORDS, e - 1); len >= 1; len--) {
    if (len > 1 && !isStateLastWord(last)) continue;
    const name = st.text(e - len, e);
    if (name.length > 2 && stateCode(name) !== null) return e - len;
  }
  return -1;
}

/**
 * "Roswell Georgia GA", "New York, New York NY": the state's name written right before its
 * code is the state written twice, not the end of the city. Returns where the name starts
 * (k when there is none), only when a known place of that state comes right before the name.
 */
export function stateNameBefore(st: ParseState, k: number, code: string): number {
  const s = st.places !== null && k >= 2 ? stateEndingAt(st, k) : -1;
  if (s < 1 || st.w(k - 1).length === 2 && s === k - 1 || stateCode(st.text(s, k)) !== code) return k;
  return st.placeOfStateBefore(0, s, code) ? s : k;
}

/** A 5-digit token at i is a ZIP unless it is a house number, a route or a box number. */
export function zipPlausible(st: ParseState, i: number): boolean {
  if (i === 0) return false;
  const prev = st.w(i - 1);
  if (isBoxWord(prev) || prev === '#') return false;
  if (PO_BOX_LAST.has(prev)) {
    for (let k = Math.max(0, i - 4); k < i; k++) {
      const m = matchPhrase(PO_BOX, st.t, k, i);
      if (m && k + m.length === i) return false; // "POB 19060"
    }
  }
  // "Apt 12345" is a unit; "Lobby 60606" (no number needed) and "FL 33612" (a state) are not.
  const d = unitDesignator(prev);
  if (d !== null && d.requiresNumber && stateCode(prev) === null && !st.startsSection(i)) return false;
  // "CO RD 45300": a route number right after a highway word that starts the street.
  for (let k = HIGHWAY_LAST.has(prev) ? Math.max(0, i - 4) : i; k < i; k++) {
    const m = matchPhrase(HIGHWAYS, st.t, k, i);
    if (m && k + m.length === i && !st.startsSection(i)) {
      const before = st.t[k - 1];
      if (k === 0 || (before !== undefined && (isHouseNumber(before) || directional(before) !== null))) return false;
    }
  }
  return true;
}

/** Whether tokens [k, e) read as a state here rather than a word of the street or city. */
export function statePlausible(st: ParseState, k: number, e: number, code: string, hasZip: boolean): boolean {
  if (k === 0) return e - k >= 1 && (hasZip || st.end === e); // "Indiana", "NY 10001"
  const word = st.w(k);
  const prev = st.w(k - 1);
  // Right after a house number it is a street ("123 Main"), or a highway ("CA 72").
  if (isHouseNumber(prev) && !st.startsSection(k) && k - 1 === 0) return false;
  // "707 E Main St 20th FL": a floor, not Florida.
  if (!hasZip && ordinalNumber(prev) !== null && unitDesignator(word) !== null) return false;
  // "1180 Peachtree Street, NE": a directional after a street type, with no ZIP, is a post-directional.
  if (!hasZip && e === st.end && directional(word) !== null && suffixStandard(prev) !== null) return false;
  // "3742 N Washington Ct 61301": a street type that is also a state code (CT, PR, MT, KY)
  // is the state only after a complete street with a city between, or after a comma.
  // (A comma earlier in the line, "Calle A, San Juan PR 00926", separates the street already.)
  if (!st.startsSection(k) && e - k === 1 && suffixStandard(word) !== null && st.sec[k] === st.sec[0]) return streetCompleteBefore(st, k, code);
  if (hasZip || st.startsSection(k)) return true;
  if (e - k > 1 || word.length > 2) {
    // A spelled-out name at the very end: not when only a number (and directional) precede it
    // ("321 S. Washington" is a street).
    let j = k - 1;
    if (j >= 0 && directional(st.w(j)) !== null) j--;
    if (j >= 0 && isHouseNumber(st.w(j)) && (j === 0 || st.startsSection(j))) return false;
    // "3719 Old Alabama": after a house number the name needs a street before it, or a place
    // of that state right before it ("610 East Main Marion Kansas").
    const num = st.t.findIndex((w) => isHouseNumber(w));
    if (num < 0 || num >= k) return true;
    for (let q = k - 2; q > num; q--) if (suffixStandard(st.w(q)) !== null) return true;
    return st.placeOfStateBefore(num + 1, k, code);
  }
  // A bare two-letter code without a ZIP or comma that is also a street word (CT, PR, MT, NE,
  // LA): only after a street that already has its type and a city word between.
  const collides = suffixStandard(word) !== null || directional(word) !== null || unitDesignator(word) !== null ||
    STATE_CODES_THAT_ARE_WORDS.has(word);
  if (!collides) return true;
  return streetCompleteBefore(st, k, code);
}

/**
 * Whether a complete street lies before token k with a city between, so that a state code
 * that is also a street word can be read as the state there.
 */
export function streetCompleteBefore(st: ParseState, k: number, code: string): boolean {
  // "Calle Luna 7 Ponce PR": a place after a street written in the Spanish order.
  if (code === 'PR') {
    const at = numberAfterStreetAt(st, k);
    if (at !== null && at.numberAt + 1 < k && st.places?.isPlace(st.text(at.numberAt + 1, k), code)) return true;
  }
  // "Portland OR": a known place of that state right before it, not right after a house
  // number ("8555 NE Madison Ct" is a street).
  for (let q = Math.max(0, k - 3); q < k; q++) {
    let p = q - 1;
    if (p >= 0 && directional(st.w(p)) !== null) p--;
    // (A number after CALLE or a highway word is the street's name, after BOX the box's:
    // "123 Calle 45 Carolina PR", "PO Box 5 Bangor ME".)
    const before = st.w(p - 1);
    const named = isPreType(before) || HIGHWAY_LAST.has(before) || isBoxWord(before) || PO_BOX_LAST.has(before);
    const afterNumber = p >= 0 && isHouseNumber(st.w(p)) && !st.startsSection(p + 1) && !named;
    if (!afterNumber && st.places?.isPlace(st.text(q, k), code)) return true;
  }
  // The street must be complete before it, with a city word in between: a street type, a
  // highway number or a unit ("3 Main St Ste 208 Norwalk CT", "500 US 19 Clearwater FL").
  for (let j = k - 2; j >= 1; j--) {
    const w = st.w(j);
    // A common type with a name before it ("Meadow" in "9515 NE Meadow Gate Ct" is a name).
    const std = suffixStandard(w);
    if (std !== null && isCommonSuffix(std) && !isHouseNumber(st.w(j - 1)) &&
      !(j >= 2 && directional(st.w(j - 1)) !== null && isHouseNumber(st.w(j - 2)))) return true;
    if (allDigits(w) && matchPhrase(HIGHWAYS, st.t, j - 1, j) !== null) return true;
    if (hasDigit(w) && j >= 2 && unitDesignator(st.w(j - 1)) !== null) return true;
  }
  return false;
}
