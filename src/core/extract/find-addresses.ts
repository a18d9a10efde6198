/**
 * Finding address candidates in free text. An address ends at a state (a code,
 * a name or a traditional abbreviation), optionally followed by a ZIP and a
 * country; it begins at a house number (or a PO box, rural route, military
 * box, a unit or department written first, a number in words) at most three
 * line breaks before. From each state, the scan goes back word by word until
 * it meets a boundary (a sentence end, a prose word such as "to" or "at", a
 * colon, a blank line, the previous address) and tries the possible starts from
 * the earliest; the caller's judge (the parser and the locality layer) decides
 * which, if any, is an address. Word lists live in data/extraction.json.
 *
 * A cheap pre-filter (hot-regions.ts) keeps this fast on prose: only the
 * neighbourhood of a written state with a digit before it, or of a ZIP, is
 * tokenized at all; with `aggressive`, the neighbourhood of every digit run too.
 */
import words from '../data/extraction.json' with { type: 'json' };
import stateData from '../data/states.json' with { type: 'json' };
import { directionOfToken, stateOfText, STATE_NAME_MAX_WORDS, suffixOfToken, unitOfToken } from '../parse/pub28.js';
import { tokenizeText } from './extract-tokens.js';
import { hotRegions } from './hot-regions.js';
import { isUrbanization } from '../parse/vocabulary.js';
import type { TextToken } from './extract-tokens.js';

const START_WORDS = new Set<string>(words.startWords);
const DELIVERY_LINE_WORDS = new Set<string>(words.deliveryLineWords);
const DELIVERY_LINE_CONNECTORS = new Set<string>(words.deliveryLineConnectors);
const STOP_WORDS = new Set<string>(words.stopWords);
const ABBREVIATIONS = new Set<string>(words.abbreviations);
const WORD_CODES = new Set<string>(words.wordCodes);
const WORD_ALIASES = new Set<string>(words.wordAliases);
const COUNTRIES = new Set<string>(words.countries);
const LEADING_ZERO_STATES = new Set<string>(words.leadingZeroStates);
const COUNTRY_MAX_WORDS = Math.max(...words.countries.map((c) => c.split(' ').length));

const MAX_LINES = 3; // line breaks an address may span (street, unit, city lines)
const MAX_WORDS_BACK = 24; // words scanned back from the state for the start

/** A span of text that may be an address, handed to the judge. */
export interface AddressCandidate {
  start: number; // offset of the first character
  end: number; // offset after the last character
  text: string; // the text between them, as written
  oneLine: string; // the same with line breaks turned into ", " (what the parser reads)
  state: string; // the state code the span ends on
  stateStart: number; // offset of the state as written (= end for a street line)
  zip: string | null; // the ZIP as written after the state, digits only ("60601", "606016306")
  kind: 'address' | 'street'; // a full address, or (aggressive) a street line alone
}

/** Decides whether a candidate is an address; returns what to keep for it, or null. */
export type Judge<T> = (candidate: AddressCandidate) => T | null;

/** A judged candidate. */
export interface FoundAddress<T> {
  candidate: AddressCandidate;
  verdict: T;
}

/** Options of findAddresses. */
export interface FindOptions {
  aggressive?: boolean; // also report street lines without city, state or ZIP
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** A house number: digits first (123, 105-25, 9A, 1/2 excluded), or a grid number (N6W23001, W206N). */
function isHouseNumber(t: TextToken, text: string, prev?: TextToken): boolean {
  if (!t.digit || t.lead.includes('$') || t.lead.includes('#') || t.lead.includes('(')) return false;
  if (prev !== undefined && prev.word === '#' && prev.breaks === 0 && t.breaks === 0) return false; // "# 1": a unit, not a house number
  const w = t.word;
  if (w.length > 12 || w.includes(':') || w.includes('@') || w.includes('%')) return false;
  const raw = text.slice(t.start, t.end);
  if (/\d[.,]\d/.test(raw)) return false; // 4.5, 823.22: a decimal or an amount
  if (/\/.*\//.test(w)) return false; // 2/13/2020: a date
  if (/^\d+(ST|ND|RD|TH)$/.test(w)) return false; // an ordinal is a street name, not a number
  if (/^\d{3}-\d{4}$/.test(w)) return false; // 555-1294: a phone number, not a Queens house number
  if (isDigitCode(w.charCodeAt(0))) return /^\d+[A-Z]?(-\d+[A-Z]?)?$|^\d+-[A-Z]$|^\d+[A-Z]{0,2}$/.test(w);
  return /^[NSEW]\d+[NSEW]?\d*$/.test(w);
}

/**
 * A word an address may begin with besides a house number (PO, RR, PSC, Apt, Dept, One ...,
 * and a Puerto Rico urbanization, written first: "Urb Las Gladiolas, 150 Calle A").
 */
function isStartWord(toks: readonly TextToken[], k: number): boolean {
  const t = toks[k] as TextToken;
  if (!START_WORDS.has(t.word) && !isUrbanization(t.word)) return false;
  // A designator starts an address only with something after it on the same line.
  const next = toks[k + 1];
  if (next === undefined || next.breaks > 0) return false;
  // "P. O. Box", "Post Office Box": the first word alone is not a start.
  if (t.word === 'P') return next.word === 'O' || next.word === 'OB';
  if (t.word === 'POST') return next.word === 'OFFICE';
  return true;
}

/** True when token k opens a delivery line: a PO box, route or military box word with its number after it on the line. */
function opensDeliveryLine(toks: readonly TextToken[], k: number): boolean {
  if (!DELIVERY_LINE_WORDS.has((toks[k] as TextToken).word)) return false;
  for (let m = k + 1; m < toks.length && m <= k + 4; m++) {
    const t = toks[m] as TextToken;
    if (t.breaks > 0) return false;
    if (t.digit) return true;
    if (!DELIVERY_LINE_WORDS.has(t.word) && !DELIVERY_LINE_CONNECTORS.has(t.word)) return false;
  }
  return false;
}

/** True when a period after this word may sit inside an address (an abbreviation), not end a sentence. */
function isAbbreviation(word: string): boolean {
  if (word.length === 1 && !isDigitCode(word.charCodeAt(0))) return true;
  return ABBREVIATIONS.has(word) || suffixOfToken(word) !== null || unitOfToken(word) !== null || directionOfToken(word) !== null || isUrbanization(word);
}

/** True when token t ends a sentence or clause that an address cannot run across. */
function endsClause(t: TextToken): boolean {
  const tr = t.trail;
  if (tr === '' || tr === ',') return false;
  if (tr.includes('!') || tr.includes('?') || tr.includes(';')) return true;
  if (tr.includes(':')) return t.word !== 'MS' && t.word !== 'MAIL STOP';
  if (tr.includes('.')) return !isAbbreviation(t.word);
  return false;
}

/**
 * A ZIP token after a state: 12345, 12345-6789, 123456789; four digits where a leading zero was
 * dropped, only after a state written in capitals ("Hoboken, NJ 7030"; "tell me 1995" is a year).
 */
function zipOf(t: TextToken | undefined, state: string, stateUpper = true): string | null {
  if (t === undefined || t.lead !== '' || t.trail.startsWith(':') || t.trail.startsWith('%')) return null;
  const w = t.word;
  if (/^\d{5}(-?\d{4})?$/.test(w)) return w.replace('-', '');
  if (/^\d{4}$/.test(w) && LEADING_ZERO_STATES.has(state) && stateUpper) return `0${w}`;
  return null;
}

/** The state that starts at token j (longest name first): its code and the index after it. */
function stateAt(toks: readonly TextToken[], j: number): { code: string; next: number; zipGlued: string | null } | null {
  const t = toks[j] as TextToken;
  if (t.lead !== '' && t.lead !== '"') return null;
  const c0 = t.word.charCodeAt(0);
  if (!(c0 >= 65 && c0 <= 90)) return null;
  // "TX78217": a code glued to its ZIP.
  if (t.digit) {
    const m = /^([A-Z]{2})(\d{5}(?:-?\d{4})?)$/.exec(t.word);
    const code = m ? stateOfText(m[1] as string) : null;
    return m && code !== null && code.length === 2 ? { code, next: j + 1, zipGlued: (m[2] as string).replace('-', '') } : null;
  }
  let words = t.word;
  let best: { code: string; next: number } | null = null;
  const code1 = stateOfText(words);
  if (code1 !== null) best = { code: code1, next: j + 1 };
  // Longer names only from a word that begins one ("NEW" York, "DISTRICT" of Columbia).
  if (!MULTI_WORD_STARTS.has(words)) return best === null ? null : { ...best, zipGlued: null };
  for (let n = 2; n <= STATE_NAME_MAX_WORDS && j + n - 1 < toks.length; n++) {
    const u = toks[j + n - 1] as TextToken;
    const prev = toks[j + n - 2] as TextToken;
    if (u.breaks > 0 || (prev.trail !== '' && prev.trail !== '.')) break;
    words = `${words} ${u.word}`;
    const code = stateOfText(words);
    if (code !== null) best = { code, next: j + n };
  }
  return best === null ? null : { ...best, zipGlued: null };
}

/** Where an address ending at the state at j ends: after the ZIP and country, if any. */
interface Anchor {
  state: string;
  stateIndex: number; // first token of the state
  last: number; // last token of the address
  zip: string | null;
  zipFrom: number; // first token of the ZIP as written (-1 without one)
  zipTo: number; // last token of it
}

function skipCountry(toks: readonly TextToken[], k: number): number {
  // The longest country name starting at k, on the same line: returns the index after it, or k.
  let words = '';
  let best = k;
  for (let n = 1; n <= COUNTRY_MAX_WORDS && k + n - 1 < toks.length; n++) {
    const u = toks[k + n - 1] as TextToken;
    if (u.breaks > 0 || u.digit) break;
    words = n === 1 ? u.word : `${words} ${u.word}`;
    if (COUNTRIES.has(words)) best = k + n;
  }
  return best;
}

function anchorAt(toks: readonly TextToken[], j: number): Anchor | null {
  const st = stateAt(toks, j);
  if (st === null) return null;
  const t = toks[j] as TextToken;
  let last = st.next - 1;
  let zip = st.zipGlued;
  let zipFrom = -1;
  let zipTo = -1;
  const prev = toks[j - 1];
  const commaBefore = prev !== undefined && prev.trail.includes(',');
  const written = t.upper || commaBefore; // a four-digit ZIP only after "NJ" or ", nj"
  if (zip === null) {
    // "MI, US, 48108", "Texas, USA 75039": a country may sit between the state and the ZIP.
    let k = st.next;
    const afterCountry = skipCountry(toks, k);
    if (afterCountry > k && zipOf(toks[afterCountry], st.code, written) !== null) k = afterCountry;
    const z = toks[k];
    const next = toks[k + 1];
    if (z !== undefined && z.breaks <= 1 && zipOf(z, st.code, written) !== null) {
      zip = zipOf(z, st.code, written);
      last = k;
      zipFrom = k;
      // "60606 6306": ZIP+4 written with a blank.
      if (zip !== null && zip.length === 5 && next !== undefined && next.breaks === 0 && /^\d{4}$/.test(next.word) && z.trail === '') {
        zip += next.word;
        last = k + 1;
      }
      zipTo = last;
    } else if (z !== undefined && z.breaks <= 1 && z.lead === '' && /^\d{3}$/.test(z.word) && z.trail === '' && next !== undefined && next.breaks === 0 && /^\d{2}$/.test(next.word)) {
      // "041 01": a ZIP broken by a blank.
      zip = z.word + next.word;
      last = k + 1;
      zipFrom = k;
      zipTo = k + 1;
    } else if (z !== undefined && z.breaks === 0 && z.lead === '' && /^\d{6,10}$/.test(z.word)) {
      // A ZIP with digits too many ("6065460610"): part of the address as written, not a ZIP.
      last = k;
    } else {
      // "ca long beach 90807": the state written before the city, the ZIP after it.
      for (let m = st.next; m < st.next + 3 && m < toks.length; m++) {
        const u = toks[m] as TextToken;
        if (u.breaks > 0 || u.digit || STOP_WORDS.has(u.word) || endsClause(u) || stateAt(toks, m) !== null) break;
        const after = toks[m + 1];
        if (after !== undefined && after.breaks === 0 && zipOf(after, st.code) !== null && zipOf(after, st.code)?.length !== 4 && !u.trail.includes(',')) {
          zip = zipOf(after, st.code);
          last = m + 1;
          zipFrom = zipTo = m + 1;
          break;
        }
      }
    }
  }
  // A state that is also an English word ("in", "or", "me") or a traditional abbreviation that is one
  // ("ill", "miss", "wash"): only with a ZIP after it or a comma before it, unless written in capitals.
  const single = st.next === j + 1;
  if (zip === null && single && !commaBefore) {
    if (t.word.length === 2 && WORD_CODES.has(t.word) && !t.upper) return null;
    if (WORD_ALIASES.has(t.word) && !t.upper) return null;
  }
  if (zip !== null || st.next - 1 === last) {
    const after = skipCountry(toks, last + 1);
    if (after > last + 1 && (toks[last + 1] as TextToken).breaks === 0) last = after - 1;
  }
  return { state: st.code, stateIndex: j, last, zip, zipFrom, zipTo };
}

function joinLines(text: string): string {
  return text.replace(/[ \t]*(?:\r\n|\r|\n)[\s]*/g, (m, offset: number) => (offset > 0 && text[offset - 1] === ',' ? ' ' : ', '));
}

function candidateOf(text: string, toks: readonly TextToken[], s: number, e: number, kind: AddressCandidate['kind'], anchor?: Anchor): AddressCandidate {
  const start = (toks[s] as TextToken).start;
  const end = (toks[e] as TextToken).end;
  const span = text.slice(start, end);
  let oneLine = joinLines(span);
  const zip = anchor?.zip ?? null;
  if (anchor !== undefined && zip !== null && anchor.zipFrom >= 0 && anchor.zipTo <= e) {
    // The parser reads the ZIP in its standard form ("041 01" -> 04101, "7030" -> 07030).
    const from = (toks[anchor.zipFrom] as TextToken).start;
    const to = (toks[anchor.zipTo] as TextToken).end;
    const written = text.slice(from, to);
    const standard = zip.length === 9 ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip;
    if (written !== standard) oneLine = `${joinLines(text.slice(start, from))}${standard}${joinLines(text.slice(to, end))}`;
  }
  const stateStart = anchor !== undefined ? (toks[anchor.stateIndex] as TextToken).start : end;
  return { start, end, text: span, oneLine, state: anchor?.state ?? '', stateStart, zip, kind };
}

/** The possible first tokens of an address that ends at token `j` (exclusive), earliest first. */
function startsBefore(toks: readonly TextToken[], text: string, j: number, floor: number): number[] {
  const starts: number[] = [];
  let lines = 0;
  // Once a line begins with a house number or a PO box, rural route or military box, that line
  // starts the delivery line: a street line above it ('1 spiritual healer dr.' over 'PSC 1234 Box
  // 5678') is something else; a unit or department line above it is still part of the address.
  let deliveryLine = false;
  for (let k = j - 1; k >= floor && j - k <= MAX_WORDS_BACK; k--) {
    const after = toks[k + 1] as TextToken;
    if (after.breaks >= 2) break; // a blank line
    lines += after.breaks;
    if (lines > MAX_LINES) break;
    const t = toks[k] as TextToken;
    if (STOP_WORDS.has(t.word) || endsClause(t) || t.word.includes('@') || t.lead.includes('$')) break;
    if (/^\d+$/.test(t.word) && t.trail.startsWith(')') && t.lead === '') break; // "1)" list marker
    const number = isHouseNumber(t, text, toks[k - 1]);
    const delivery = number || opensDeliveryLine(toks, k);
    if (!(number || isStartWord(toks, k)) || (deliveryLine && delivery)) continue;
    starts.push(k);
    if (delivery && t.breaks > 0) deliveryLine = true;
  }
  return starts.reverse();
}

/** Finds the addresses in text[from, to); `judge` decides each candidate. Offsets are into `text`. */
export function findAddressesIn<T>(text: string, from: number, to: number, judge: Judge<T>, options: FindOptions = {}): FoundAddress<T>[] {
  const toks = tokenizeText(text, from, to);
  const found: FoundAddress<T>[] = [];
  let floor = 0; // first token an address may start at (after the previous one)
  for (let j = 0; j < toks.length; j++) {
    const anchor = anchorAt(toks, j);
    if (anchor === null) continue;
    const starts = startsBefore(toks, text, j, floor);
    let accepted: FoundAddress<T> | null = null;
    let acceptedLast = anchor.last;
    for (const s of starts) {
      if (j - s < 1) continue;
      const candidate = candidateOf(text, toks, s, anchor.last, 'address', anchor);
      const verdict = judge(candidate);
      if (verdict === null) continue;
      accepted = { candidate, verdict };
      if (anchor.zip === null) {
        // "Memphis TN, TN 38103", "Washington, District of Columbia, 22202": a second state just
        // after the first, with a ZIP, makes the longer address.
        for (let j2 = anchor.last + 1; j2 < toks.length && j2 <= anchor.last + 6; j2++) {
          const t2 = toks[j2] as TextToken;
          if (t2.breaks > 1 || STOP_WORDS.has(t2.word) || endsClause(toks[j2 - 1] as TextToken)) break;
          const a2 = anchorAt(toks, j2);
          if (a2 === null) continue;
          if (a2.zip !== null) {
            const longer = candidateOf(text, toks, s, a2.last, 'address', a2);
            const v2 = judge(longer);
            if (v2 !== null) {
              accepted = { candidate: longer, verdict: v2 };
              acceptedLast = a2.last;
            }
          }
          break;
        }
      }
      break;
    }
    if (accepted !== null) {
      found.push(accepted);
      floor = acceptedLast + 1;
      j = acceptedLast;
    }
  }
  if (options.aggressive) found.push(...streetLines(text, toks, found, judge));
  found.sort((a, b) => a.candidate.start - b.candidate.start);
  return found;
}

/** Aggressive mode: street lines without a place ("1 spiritual healer dr"), where no full address was found. */
function streetLines<T>(text: string, toks: readonly TextToken[], taken: readonly FoundAddress<T>[], judge: Judge<T>): FoundAddress<T>[] {
  const out: FoundAddress<T>[] = [];
  const inside = (offset: number): boolean => taken.some((f) => offset >= f.candidate.start && offset < f.candidate.end);
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k] as TextToken;
    if (!isHouseNumber(t, text) || inside(t.start)) continue;
    if (k > 0 && !endsClause(toks[k - 1] as TextToken) && t.breaks === 0 && !STOP_WORDS.has((toks[k - 1] as TextToken).word) && isHouseNumber(toks[k - 1] as TextToken, text)) continue;
    // The street runs to its suffix (and a directional or unit after it), on one line, within 8 words.
    let last = -1;
    for (let m = k + 1; m < toks.length && m - k <= 8; m++) {
      const u = toks[m] as TextToken;
      if (u.breaks > 0 || STOP_WORDS.has(u.word) || inside(u.start)) break;
      if (m > k + 1 && suffixOfToken(u.word) !== null) last = m;
      if (endsClause(u) || u.trail.includes(',')) break;
    }
    if (last < 0) continue;
    const next = toks[last + 1];
    if (next !== undefined && next.breaks === 0 && directionOfToken(next.word) !== null && !(toks[last] as TextToken).trail.includes(',')) last++;
    const candidate = candidateOf(text, toks, k, last, 'street');
    const verdict = judge(candidate);
    if (verdict !== null) {
      out.push({ candidate, verdict });
      k = last;
    }
  }
  return out;
}

// The words a state name of several words begins with ("NEW" York, "DISTRICT" of Columbia).
const MULTI_WORD_STARTS = new Set(
  stateData.states.flatMap((st) => [st.name.toUpperCase(), ...st.aliases]).filter((w) => w.includes(' ')).map((w) => w.split(' ')[0] as string),
);

/** Finds the addresses of text[from, to), looking only at the stretches hotRegions picks. */
export function findAddresses<T>(text: string, judge: Judge<T>, options: FindOptions = {}, from = 0, to = text.length): FoundAddress<T>[] {
  const out: FoundAddress<T>[] = [];
  for (const [a, b] of hotRegions(text, from, to, options.aggressive === true)) out.push(...findAddressesIn(text, a, b, judge, options));
  return out;
}
