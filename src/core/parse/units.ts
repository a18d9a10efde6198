/**
 * Stage: units after the street (designators, #, floors, bare ids), with PO boxes, routes,
 * post-directionals, urbanizations and recipients met on the way (docs/parser.md, "Read units").
 */
import { directional, isIdentifier, isUnitName, isUrbanization, ordinalNumber, unitDesignator } from './vocabulary.js';
import type { ParseState } from './state.js';
import { boxIdAfter, recipientMarkerAt, routeAt } from './phrases.js';
import { designatorAt, directionalAt, isUnitStart, unitWingBeforeCity } from './unit-start.js';
import { LEVEL_WORDS, NAMED_FLOORS, NUMBER_SIGNS } from './words.js';
import { allDigits, hasDigit, isOneLetter } from './chars.js';

/** What a rule of the units returns when it does not apply at the token. */
const NOT_APPLIED = -1;
/** What a rule returns to end the units there (the city may begin). */
const STOP = -2;

// Each rule of the units, at token i (before limit), reads what it knows and returns the index
// after it, NOT_APPLIED when it does not apply, or STOP to end the units.

/** Rule: a PO box after the street ("115 Harting Road PO Box X"); of two boxes a post office box wins, else the first stays. */
function poBoxAfterStreet(st: ParseState, i: number, limit: number): number {
  const boxId = boxIdAfter(st, i, limit);
  if (boxId === null) return NOT_APPLIED;
  const isPo = (raw: string): boolean => /\bP ?O\b|POST/.test(raw);
  const raw = st.rawOf(i, boxId + 1);
  if (st.c.po_box === null || isPo(raw) && !isPo(st.raw.po_box ?? '')) {
    if (st.c.po_box !== null) st.unparsed.push(st.raw.po_box ?? st.c.po_box);
    st.c.po_box = st.w(boxId);
    st.raw.po_box = raw;
  } else st.unparsed.push(raw);
  return boxId + 1;
}

/** Rule: a rural route after the street ("104 S Walnut RR 1 Box 297"). */
function routeAfterStreet(st: ParseState, i: number, limit: number): number {
  const route = st.c.rural_route === null ? routeAt(st, i, limit) : null;
  if (!route) return NOT_APPLIED;
  st.c.box_group_type = route.kind;
  st.c.rural_route = route.route;
  st.c.box = route.box;
  st.raw.rural_route = st.rawOf(i, route.next);
  return route.next;
}

/**
 * Rule: a post-directional that opens the next section ("Bolton Road, NW Atlanta"): a quadrant
 * (NW, S W) there is the street's unless the gazetteer knows it with the place; a lone N/S/E/W
 * before a name starts the city's name ("Gravenstein Hwy, N Sebastopol CA").
 */
function postdirOpeningSection(st: ParseState, i: number, limit: number): number {
  const dir2 = directionalAt(st, i, limit);
  if (!(dir2 && st.startsSection(i) && st.c.postdir === null && st.c.street !== null && st.c.po_box === null)) return NOT_APPLIED;
  const end = st.sectionEnd(i, limit);
  const lone = end === i + dir2.length;
  const quadrant = dir2.dir.length === 2;
  if (!(lone || isUnitStart(st, i + dir2.length, limit) || (quadrant && st.isPlaceSpan(i, end) !== true))) return NOT_APPLIED;
  st.c.postdir = dir2.dir;
  st.raw.postdir = st.rawOf(i, i + dir2.length);
  return i + dir2.length;
}

/** Rule: "Lower Level", "Upper Level". */
function level(st: ParseState, i: number, limit: number): number {
  const w = st.w(i);
  if (!(LEVEL_WORDS.has(st.w(i + 1)) && i + 1 < limit && (unitDesignator(w)?.code === 'LOWR' || unitDesignator(w)?.code === 'UPPR'))) return NOT_APPLIED;
  st.setUnit(unitDesignator(w)!.code, null, `${w} LEVEL`);
  return i + 2;
}

/** Rule: "Stonebridge Cir No L2": a number sign written as a word, before an id with a digit. */
function numberSignWord(st: ParseState, i: number, limit: number): number {
  const id = st.w(i + 1);
  if (!(NUMBER_SIGNS.asUnit.has(st.w(i)) && i + 1 < limit && hasDigit(id) && isIdentifier(id) && st.c.unit_number === null)) return NOT_APPLIED;
  st.setUnit('#', id, st.rawOf(i, i + 2));
  return i + 2;
}

/** Rule: an urbanization after the street, to its section's end or the place closing it ("Urb Las Lomas Ponce PR"). */
function urbanizationAfterStreet(st: ParseState, i: number, limit: number): number {
  if (!isUrbanization(st.w(i))) return NOT_APPLIED;
  let j = st.sectionEnd(i, limit);
  j = st.beforePlaceClosing(i + 1, j);
  if (j > i + 1 && st.c.urbanization === null) { st.c.urbanization = st.text(i + 1, j); st.raw.urbanization = st.rawOf(i, j); }
  return j;
}

/**
 * Rule: ATTN, C/O and the rest of their section are set aside, except a place of the state
 * closing them with no comma before the state ("Attn: Lockbox # 402605 College Park GA").
 */
function recipientAfterStreet(st: ParseState, i: number, limit: number): number {
  if (!recipientMarkerAt(st, i, limit)) return NOT_APPLIED;
  let j = st.sectionEnd(i, limit);
  j = st.beforePlaceClosing(i, j);
  st.unparsed.push(st.rawOf(i, j));
  return j;
}

/** Rule: floors written as ordinals: "6th Floor", "Sixth Floor" -> FL 6. */
function ordinalFloor(st: ParseState, i: number, limit: number): number {
  const n = ordinalNumber(st.w(i));
  if (!(n !== null && unitDesignator(st.w(i + 1))?.code === 'FL' && i + 1 < limit)) return NOT_APPLIED;
  st.setUnit('FL', n, `${st.w(i)} ${st.w(i + 1)}`);
  return i + 2;
}

/** Rule: "# APT 2", "#2nd Floor": a number sign before a designator, or before an ordinal floor, adds nothing. */
function numberSignBeforeDesignator(st: ParseState, i: number, limit: number): number {
  if (st.w(i) === '#' && i + 1 < limit && !st.startsSection(i + 1) && (unitDesignator(st.w(i + 1)) !== null ||
    (ordinalNumber(st.w(i + 1)) !== null && i + 2 < limit && unitDesignator(st.w(i + 2))?.code === 'FL'))) return i + 1;
  return NOT_APPLIED;
}

/**
 * Rule: a designator (C2, #, ST read as a suite) and its id: a number, a letter, an ordinal floor,
 * a word that names the unit ("Apt Upper": unitNames); a letter after the number at the end of
 * the line ("Apt 13 C"), a direction closing the line or a wing before the city ("Apt 1 N Oak
 * Park IL"). A word that begins the city is no id ("Rear St Louis"). A designator that cannot
 * start a unit here ends the units.
 */
function designatorAndId(st: ParseState, i: number, limit: number): number {
  const d = designatorAt(st, i, limit); // '#' too: its own designator
  if (d === null) return NOT_APPLIED;
  if (!isUnitStart(st, i, limit)) return STOP;
  const t = st.t;
  let j = i + 1;
  if (NUMBER_SIGNS.afterDesignator.has(st.w(j))) j++;
  const id = st.at(j);
  const cityWord = id !== undefined && !hasDigit(id) && st.isPlaceSpan(j, limit) === true;
  const named = id !== undefined && d.code !== 'FL' && isUnitName(id);
  if (!(id !== undefined && j < limit && (isIdentifier(id) || ordinalNumber(id) !== null || named) && !(st.startsSection(j) && !hasDigit(id)) && !cityWord)) {
    st.setUnit(d.code, null, st.rawOf(i, i + 1));
    return i + 1;
  }
  let n = d.code === 'FL' ? (ordinalNumber(id) ?? id) : id;
  const letter = t[j + 1];
  if (letter !== undefined && isOneLetter(letter) && allDigits(n) && j + 1 < limit && !st.startsSection(j + 1) &&
    (j + 2 >= limit || st.startsSection(j + 2)) && directional(letter) === null) { n += letter; j++; }
  else if (letter !== undefined && directional(letter) !== null && j + 1 < limit && !st.startsSection(j + 1) &&
    ((j + 2 >= limit || st.startsSection(j + 2)) && st.c.street !== null && st.llStart >= st.end || unitWingBeforeCity(st, j + 1, limit))) { n += ` ${letter}`; j++; }
  // An id glued with a letter and hyphen ("12-B") stays as written.
  st.setUnit(d.code, n, st.rawOf(i, j + 1));
  return j + 1;
}

/** Rule: a post-directional in a section of its own ("1800 M Street, NW, Washington"). */
function postdirSection(st: ParseState, i: number, limit: number): number {
  const w = st.w(i);
  if (!(st.startsSection(i) && st.c.postdir === null && st.c.street !== null && directional(w) !== null &&
    (st.sectionEnd(i, limit) === i + 1 || isUnitStart(st, i + 1, limit)))) return NOT_APPLIED;
  st.c.postdir = directional(w);
  st.raw.postdir = w;
  return i + 1;
}

/** Rule: "2 Floor": a number before the floor designator. */
function numberFloor(st: ParseState, i: number, limit: number): number {
  const w = st.w(i);
  if (!(allDigits(w) && i + 1 < limit && unitDesignator(st.w(i + 1))?.code === 'FL' && st.c.street !== null)) return NOT_APPLIED;
  st.setUnit('FL', w, `${w} ${st.w(i + 1)}`);
  return i + 2;
}

/** Rule: "Ground Floor", "Main Floor". */
function namedFloor(st: ParseState, i: number, limit: number): number {
  const w = st.w(i);
  if (!(i + 1 < limit && NAMED_FLOORS.has(w) && unitDesignator(st.w(i + 1))?.code === 'FL')) return NOT_APPLIED;
  st.setUnit('FL', w, `${w} ${st.w(i + 1)}`);
  return i + 2;
}

/** Rule: "720 10th Ave SW A Mount Vernon": a lone letter after a complete street is its unit. */
function loneLetter(st: ParseState, i: number, limit: number): number {
  const w = st.w(i);
  if (!(isOneLetter(w) && directional(w) === null && st.c.suffix !== null && st.c.unit_type === null && !st.startsSection(i) &&
    (i + 1 < limit || st.llStart >= st.end))) return NOT_APPLIED;
  st.setUnit('#', w, w);
  return i + 1;
}

/** Rule: "Winnfield Road, 106 D, Warrenville": a section of a number and a letter is a unit. */
function numberAndLetterSection(st: ParseState, i: number, limit: number): number {
  const w = st.w(i);
  const sectionEnd = st.sectionEnd(i, limit);
  if (!(st.c.unit_type === null && st.c.street !== null && st.startsSection(i) && sectionEnd === i + 2 && allDigits(w) &&
    isOneLetter(st.w(i + 1)) && sectionEnd < limit)) return NOT_APPLIED;
  st.setUnit('#', `${w}${st.w(i + 1)}`, st.rawOf(i, i + 2));
  return i + 2;
}

/**
 * Rule: a bare unit id right after the street ("Ave 600", "168 Eastern Prom 3R", "Monroe, 12C,
 * Chicago"), not a building's number with more words in a section before the last line
 * ("Peachtree St, NE 400 Colony Square, Suite 1730"); a direction closing the line, or a
 * one-letter one before the city, is its wing ("Randolph 1 N Oak Park IL").
 */
function bareUnitId(st: ParseState, i: number, limit: number): number {
  const w = st.w(i);
  const sectionEnd = st.sectionEnd(i, limit);
  const building = sectionEnd > i + 1 && sectionEnd < limit;
  if (!(st.c.unit_number === null && st.c.unit_type === null && hasDigit(w) && isIdentifier(w) && !building &&
    (!st.startsSection(i) || sectionEnd === i + 1) && (st.c.street !== null))) return NOT_APPLIED;
  const dir = st.t[i + 1];
  if (dir !== undefined && directional(dir) !== null && !st.startsSection(i + 1) && (i + 2 === limit && limit === st.end || unitWingBeforeCity(st, i + 1, limit))) {
    st.setUnit('#', `${w} ${dir}`, `${w} ${dir}`);
    return i + 2;
  }
  st.setUnit('#', w, w);
  return i + 1;
}

/** The first rule of the units that applies at token i (NOT_APPLIED when none does), tried in order. */
function readUnitAt(st: ParseState, i: number, limit: number): number {
  let r = poBoxAfterStreet(st, i, limit);
  if (r === NOT_APPLIED) r = routeAfterStreet(st, i, limit);
  if (r === NOT_APPLIED) r = postdirOpeningSection(st, i, limit);
  if (r === NOT_APPLIED) r = level(st, i, limit);
  if (r === NOT_APPLIED) r = numberSignWord(st, i, limit);
  if (r === NOT_APPLIED) r = urbanizationAfterStreet(st, i, limit);
  if (r === NOT_APPLIED) r = recipientAfterStreet(st, i, limit);
  if (r === NOT_APPLIED) r = ordinalFloor(st, i, limit);
  if (r === NOT_APPLIED) r = numberSignBeforeDesignator(st, i, limit);
  if (r === NOT_APPLIED) r = designatorAndId(st, i, limit);
  if (r === NOT_APPLIED) r = postdirSection(st, i, limit);
  if (r === NOT_APPLIED) r = numberFloor(st, i, limit);
  if (r === NOT_APPLIED) r = namedFloor(st, i, limit);
  if (r === NOT_APPLIED) r = loneLetter(st, i, limit);
  if (r === NOT_APPLIED) r = numberAndLetterSection(st, i, limit);
  if (r === NOT_APPLIED) r = bareUnitId(st, i, limit);
  return r;
}

/** The rules of the units, in the order they are tried (readUnitAt). */
export const UNIT_RULES = [
  poBoxAfterStreet, routeAfterStreet, postdirOpeningSection, level, numberSignWord, urbanizationAfterStreet, recipientAfterStreet,
  ordinalFloor, numberSignBeforeDesignator, designatorAndId, postdirSection, numberFloor, namedFloor, loneLetter, numberAndLetterSection,
  bareUnitId,
].map((rule) => rule.name);

/** Reads units (and what comes with them: boxes, routes, urbanizations...) from i; returns where the city may begin. */
export function readUnits(st: ParseState, i: number, limit = st.llStart): number {
  while (i < limit) {
    const after = readUnitAt(st, i, limit);
    if (after === STOP || after === NOT_APPLIED) break;
    i = after;
  }
  return i;
}
