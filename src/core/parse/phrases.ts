/**
 * Classifiers: the phrases that open a part of the line: a PO box, a rural route or highway
 * contract, a recipient marker.
 */
import { isBoxWord, isIdentifier, isRecipientMarker, matchPhrase, PO_BOX, RURAL_ROUTE } from '../vocabulary.js';
import type { ParseState } from './state.js';

/**
 * Whether token i begins a recipient after the address began (ATTN, C/O written "C/O" or
 * "C O"; not CO, which is also Colorado).
 */
export function recipientMarkerAt(st: ParseState, i: number, limit: number): boolean {
  const w = st.w(i);
  if (w === 'C') return st.t[i + 1] === 'O' && i + 2 < limit && !st.startsSection(i + 1);
  return w !== 'CO' && isRecipientMarker(w);
}

/** For a PO box phrase at i, the index of the box id token, or null. */
export function boxIdAfter(st: ParseState, i: number, limit: number): number | null {
  const m = matchPhrase(PO_BOX, st.t, i, limit);
  if (!m) return null;
  let j = i + m.length;
  if (st.t[j] === '#' || st.t[j] === 'NO' || st.t[j] === 'NUMBER') j++;
  const id = st.t[j];
  if (j < limit && id !== undefined && isIdentifier(id) && /\d/.test(id) || (j < limit && id !== undefined && /^[A-Z]$/.test(id) && m.length > 1)) return j;
  return null;
}

/** A rural route or highway contract line at i: RR 2 BOX 45, HC 1 BX 9, RR03 BOX 98D. */
export function routeAt(st: ParseState, i: number, limit: number): { kind: string; route: string; box: string | null; next: number } | null {
  const t = st.t;
  let kind: string;
  let j: number;
  let route: string;
  const w0 = st.w(i);
  const glued = (w0.charCodeAt(0) === 82 || w0.charCodeAt(0) === 72) ? /^(RR|HC|RFD|HCR)(\d+)$/.exec(w0) : null;
  if (glued) {
    kind = glued[1] === 'HC' || glued[1] === 'HCR' ? 'HC' : 'RR';
    route = glued[2] as string;
    j = i + 1;
  } else {
    const m = matchPhrase(RURAL_ROUTE, t, i, limit);
    if (!m) return null;
    kind = m.value;
    j = i + m.length;
    if (t[j] === '#' || t[j] === 'NO') j++;
    const r = t[j];
    if (j >= limit || r === undefined || !/^\d+[A-Z]{0,2}$/.test(r)) return null;
    route = r;
    j++;
  }
  let box: string | null = null;
  if (j < limit && isBoxWord(st.w(j)) || t[j] === 'PO' && t[j + 1] === 'BOX') {
    const k = t[j] === 'PO' ? j + 2 : j + 1;
    const id = t[k] === '#' ? t[k + 1] : t[k];
    if (id !== undefined && isIdentifier(id)) {
      box = id;
      j = (t[k] === '#' ? k + 2 : k + 1);
      // "Box 42 D": a letter after the box number is part of it.
      if (/^\d+$/.test(id) && j < limit && /^[A-Z]$/.test(st.w(j)) && !st.startsSection(j)) { box += t[j]; j++; }
    }
  }
  // A bare "ROUTE 9" is a highway; a route needs its box, or a word only routes use.
  const word = st.w(i);
  if (box === null && !(glued || word === 'RR' || word === 'RFD' || word === 'HC' || word === 'HCR' || word === 'RURAL' || word === 'STAR')) return null;
  return { kind, route, box, next: j };
}
