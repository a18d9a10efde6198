/**
 * USPS Publication 28 lookups: street suffixes (Appendix C1), secondary unit
 * designators (C2, plus PMB and '#'), state and possession codes (Appendix B)
 * and directionals. The tables are data (src/core/data/*.json); this module only
 * indexes them into Maps once, at load, so every lookup is one Map hit.
 * Inputs are expected upper case without periods; each lookup still folds case,
 * drops periods and trims, because that is cheap and callers vary.
 */
import suffixData from '../data/street-suffixes.json' with { type: 'json' };
import unitData from '../data/unit-designators.json' with { type: 'json' };
import stateData from '../data/states.json' with { type: 'json' };
import directionalData from '../data/directionals.json' with { type: 'json' };

/** A secondary unit designator: its standard code and whether a unit number must follow. */
export interface UnitDesignator {
  code: string; // C2 standard abbreviation, 'PMB', or '#'
  requiresNumber: boolean; // false for the C2 designators marked as needing no secondary range
  numberWithDigit: boolean; // its number must have a digit or be one letter (BAY 52, not Bay St Louis)
}

// True when `text` is already a key: upper-case letters, digits and single inner spaces.
// The parser passes such tokens, so most misses skip the folding below (a hot path).
function isKey(text: string): boolean {
  let prevSpace = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) { if (prevSpace) return false; prevSpace = true; continue; }
    prevSpace = false;
    if (!((c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 35 || c === 45 || c === 47)) return false;
  }
  return !prevSpace || text.length === 0;
}

// Looks `text` up as given, then folded (only when folding can change it).
function lookup<V>(map: Map<string, V>, text: string): V | undefined {
  const hit = map.get(text);
  if (hit !== undefined || isKey(text)) return hit;
  return map.get(key(text));
}

// Cheap key folding: periods vanish ("N.Y." -> "NY"), runs of spaces collapse.
function key(text: string): string {
  let s = text.toUpperCase();
  if (s.includes('.')) s = s.replace(/\./g, '');
  if (/\s\s|^\s|\s$|[\t\n\r]/.test(s)) s = s.replace(/\s+/g, ' ').trim();
  return s;
}

// ---- C1 street suffixes -------------------------------------------------------

const SUFFIX_BY_TOKEN = new Map<string, string>();
const SUFFIX_NAME = new Map<string, string>();

{
  const rows = suffixData.rows as [string, string, string][];
  const standards = new Set(rows.map((r) => r[2]));
  // Precedence (see notes in the JSON): a standard maps to itself, then a primary
  // name to its own standard, then any other spelling to its row's standard.
  // This is what resolves MDW (listed under MEADOW and MEADOWS) to MDW.
  for (const s of standards) SUFFIX_BY_TOKEN.set(s, s);
  for (const [primary, , standard] of rows) {
    if (!SUFFIX_BY_TOKEN.has(primary)) SUFFIX_BY_TOKEN.set(primary, standard);
    // First primary in C1 order wins, so PKWY names PARKWAY, not PARKWAYS.
    if (!SUFFIX_NAME.has(standard)) SUFFIX_NAME.set(standard, primary);
  }
  for (const [, spelling, standard] of rows) {
    if (!SUFFIX_BY_TOKEN.has(spelling)) SUFFIX_BY_TOKEN.set(spelling, standard);
  }
  // Non-C1 spellings come last so that C1 always wins.
  for (const [spelling, standard] of suffixData.extra as [string, string, string][]) {
    if (!SUFFIX_BY_TOKEN.has(spelling)) SUFFIX_BY_TOKEN.set(spelling, standard);
  }
}

/** Standard C1 abbreviation for a suffix spelling (AVENUE, AV, AVN -> 'AVE'), or null. */
export function suffixStandard(token: string): string | null {
  return lookup(SUFFIX_BY_TOKEN, token) ?? null;
}

/** True when `abbrev` is itself a C1 standard abbreviation ('AVE' true, 'AVENUE' false). */
export function isSuffixStandard(abbrev: string): boolean {
  return SUFFIX_NAME.has(abbrev) || SUFFIX_NAME.has(key(abbrev));
}

/** C1 primary name for a standard abbreviation ('AVE' -> 'AVENUE'), or null. */
export function suffixName(standard: string): string | null {
  return SUFFIX_NAME.get(standard) ?? SUFFIX_NAME.get(key(standard)) ?? null;
}

// ---- C2 secondary unit designators ---------------------------------------------

const UNIT_BY_TOKEN = new Map<string, UnitDesignator>();
for (const d of unitData.designators) {
  const unit: UnitDesignator = Object.freeze({ code: d.code, requiresNumber: d.requiresNumber, numberWithDigit: 'numberWithDigit' in d && d.numberWithDigit === true });
  for (const s of d.spellings) UNIT_BY_TOKEN.set(s, unit);
}

/** Secondary unit designator for a spelling (APARTMENT -> APT, '#' -> '#'), or null. */
export function unitDesignator(token: string): UnitDesignator | null {
  return lookup(UNIT_BY_TOKEN, token) ?? null;
}

// ---- Appendix B states and possessions -----------------------------------------

interface StateRow { code: string; name: string; fips: string | null; aliases: string[] }
const STATES = stateData.states as StateRow[];
const STATE_BY_TEXT = new Map<string, string>();
const STATE_ROW = new Map<string, StateRow>();
let maxWords = 1;
for (const s of STATES) {
  STATE_ROW.set(s.code, s);
  for (const text of [s.code, s.name.toUpperCase(), ...s.aliases]) {
    STATE_BY_TEXT.set(text, s.code);
    maxWords = Math.max(maxWords, text.split(' ').length);
  }
}

/** The 62 Appendix B codes: 50 states, DC, territories, freely associated states, AA/AE/AP. */
export const STATE_CODES: readonly string[] = Object.freeze(STATES.map((s) => s.code));

/** Most words in any state name or alias ('FEDERATED STATES OF MICRONESIA'), for right-to-left scans. */
export const STATE_NAME_MAX_WORDS: number = maxWords;

/** State code for a code, name or traditional abbreviation ('Calif', 'N.Y.', 'new york'), or null. */
export function stateCode(text: string): string | null {
  return lookup(STATE_BY_TEXT, text) ?? null;
}

/** Display name of a state code ('CA' -> 'California'), or null. */
export function stateName(code: string): string | null {
  return (STATE_ROW.get(code) ?? STATE_ROW.get(key(code)))?.name ?? null;
}

/** Two-digit state FIPS code ('CA' -> '06'); null for AA/AE/AP and unknown codes. */
export function stateFips(code: string): string | null {
  return (STATE_ROW.get(code) ?? STATE_ROW.get(key(code)))?.fips ?? null;
}

// ---- Directionals -------------------------------------------------------------

const DIRECTIONAL = new Map<string, string>();
const DIRECTIONAL_ES = new Map<string, string>();
for (const d of directionalData.directionals) for (const s of d.spellings) DIRECTIONAL.set(s, d.code);
for (const d of directionalData.spanish) for (const s of d.spellings) DIRECTIONAL_ES.set(s, d.code);

/** Standard directional (NORTH/N -> 'N', NORTHEAST -> 'NE'); Spanish forms only with opts.spanish. */
export function directional(token: string, opts?: { spanish?: boolean }): string | null {
  const hit = DIRECTIONAL.get(token);
  if (hit !== undefined) return hit;
  if (isKey(token) && opts?.spanish !== true) return null;
  const k = key(token);
  return DIRECTIONAL.get(k) ?? (opts?.spanish === true ? DIRECTIONAL_ES.get(k) ?? null : null);
}

// ---- Token lookups for the parser -----------------------------------------------
// The tokenizer already folds case and drops periods, so the parser looks tokens up
// directly, without the folding fallback of the functions above (a hot path).

/** suffixStandard for a folded token. */
export function suffixOfToken(token: string): string | null {
  return SUFFIX_BY_TOKEN.get(token) ?? null;
}

/** unitDesignator for a folded token. */
export function unitOfToken(token: string): UnitDesignator | null {
  return UNIT_BY_TOKEN.get(token) ?? null;
}

/** stateCode for folded text (tokens joined by single spaces). */
export function stateOfText(text: string): string | null {
  return STATE_BY_TEXT.get(text) ?? null;
}

/** directional (English forms) for a folded token. */
export function directionOfToken(token: string): string | null {
  return DIRECTIONAL.get(token) ?? null;
}
