/**
 * Classifiers: the phrases that open a part of the line: a PO box, a rural route or highway
 * contract, a recipient marker.
 */
import { isBoxWord, isIdentifier, isRecipientMarker, matchPhrase, PO_BOX, RURAL_ROUTE } from './vocabulary.js';
import type { ParseState } from './state.js';
import { GLUED_ROUTES, NUMBER_SIGNS, ROUTE_ONLY_WORDS } from './words.js';
import { allDigits, hasDigit, isOneLetter } from './chars.js';

/**
 * Whether token i begins a recipient after the address began (ATTN, C/O written "C/O" or
 * "C O"; not CO, which is also Colorado).
 */
export function recipientMarkerAt(st: ParseState, i: number, limit: number): boolean {
  const w = st.w(i);
  if (w === 'C') return st.w(i + 1) === 'O' && i + 2 < limit && !st.startsSection(i + 1);
  return w !== 'CO' && isRecipientMarker(w);
}

/** For a PO box phrase at i, the index of the box id token, or null. */
export function boxIdAfter(st: ParseState, i: number, limit: number): number | null {
  const m = matchPhrase(PO_BOX, st.t, i, limit);
  if (!m) return null;
  let j = i + m.length;
  if (NUMBER_SIGNS.afterBox.has(st.w(j))) j++;
  const id = st.t[j];
  if (j < limit && id !== undefined && isIdentifier(id) && hasDigit(id) || (j < limit && id !== undefined && isOneLetter(id) && m.length > 1)) return j;
  return null;
}

// A route word glued to its number ("RR03", "HCR5"), and the first letters of those words (a cheap filter).
const GLUED_ROUTE = new RegExp(`^(${[...GLUED_ROUTES.keys()].join('|')})(\\d+)$`);
const GLUED_ROUTE_STARTS = new Set([...GLUED_ROUTES.keys()].map((w) => w.charCodeAt(0)));

/** A rural route or highway contract line at i: RR 2 BOX 45, HC 1 BX 9, RR03 BOX 98D. */
export function routeAt(st: ParseState, i: number, limit: number): { kind: string; route: string; box: string | null; next: number } | null {
  const t = st.t;
  let kind: string;
  let j: number;
  let route: string;
  const w0 = st.w(i);
  const glued = GLUED_ROUTE_STARTS.has(w0.charCodeAt(0)) ? GLUED_ROUTE.exec(w0) : null;
  if (glued) {
    route = glued[2] ?? '';
    kind = GLUED_ROUTES.get(glued[1] ?? '') ?? 'RR';
    j = i + 1;
  } else {
    const m = matchPhrase(RURAL_ROUTE, t, i, limit);
    if (!m) return null;
    kind = m.value;
    j = i + m.length;
    if (NUMBER_SIGNS.afterRoute.has(st.w(j))) j++;
    const r = st.at(j);
    if (j >= limit || r === undefined || !/^\d+[A-Z]{0,2}$/.test(r)) return null;
    route = r;
    j++;
  }
  let box: string | null = null;
  if (j < limit && isBoxWord(st.w(j)) || st.w(j) === 'PO' && st.w(j + 1) === 'BOX') {
    const k = st.w(j) === 'PO' ? j + 2 : j + 1;
    const id = st.w(k) === '#' ? st.at(k + 1) : st.at(k);
    if (id !== undefined && isIdentifier(id)) {
      box = id;
      j = (t[k] === '#' ? k + 2 : k + 1);
      // "Box 42 D": a letter after the box number is part of it.
      if (allDigits(id) && j < limit && isOneLetter(st.w(j)) && !st.startsSection(j)) { box += t[j]; j++; }
    }
  }
  // A bare "ROUTE 9" is a highway; a route needs its box, or a word only routes use.
  const word = st.w(i);
  if (box === null && !(glued || ROUTE_ONLY_WORDS.has(word))) return null;
  return { kind, route, box, next: j };
}
