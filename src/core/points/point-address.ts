/**
 * The address of one imported point, standardized the way the parser
 * standardizes a typed address, so that street keys of the points and of
 * `addr validate` always agree. Pure: the importer (src/store/points-import.ts)
 * reads the rows and calls standardizePointAddress for each; the street parse
 * is remembered per distinct street text (a source repeats each street
 * hundreds of times).
 */
import abbreviations from '../data/source-street-abbreviations.json' with { type: 'json' };
import { normalize } from '../parse/normalize.js';
import { stateCode, unitDesignator } from '../parse/pub28.js';
import { streetKey } from '../parse/street-key.js';
import { PO_BOX, matchPhrase } from '../parse/vocabulary.js';

/** The address fields of a source row, as strings (null or blank when absent). */
export interface RawPointAddress {
  number: string | null; // "123", "123 1/2", "123A", "00300", "12-34"
  street: string | null; // the full street with directionals and type, any case
  unit: string | null; // free text: "# 101", "APARTMENT 4", "4B"
  city: string | null; // a name; a code without letters ("02") counts as absent
  state: string | null; // a code or a name
  zip: string | null; // 5 or 9 digits ("99615", "99615-1234", "996151234")
}

/** A standardized point address. */
export interface PointAddress {
  number: string; // upper case, leading zeros kept
  number_int: number | null; // the leading integer of the number
  number_fraction: string | null;
  predir: string | null;
  street: string; // the name alone as the parser gives it
  street_key: string; // streetKey(street): what lookups compare
  suffix: string | null;
  postdir: string | null;
  unit_type: string | null;
  unit_number: string | null;
  city: string | null;
  state: string | null;
  zip5: string | null;
  zip4: string | null;
}

/** Why a row's address cannot be imported. */
export type PointAddressProblem = 'no_number' | 'no_street' | 'unparseable';

const LAST_WORD: ReadonlyMap<string, string> = new Map(abbreviations.last_word.map(([spelling, standard]) => [spelling as string, standard as string]));

// True when `s` needs no trimming or collapsing: no whitespace but single inner spaces.
function tidy(s: string): boolean {
  const n = s.length;
  if (n === 0 || s.charCodeAt(0) === 32 || s.charCodeAt(n - 1) === 32) return false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 32 ? s.charCodeAt(i + 1) === 32 : c < 32 || c === 160) return false;
  }
  return true;
}

// Text as the parser sees it: trimmed, inner whitespace collapsed, upper case; '' when absent.
function clean(v: string | null): string {
  if (v === null) return '';
  if (tidy(v)) return v.toUpperCase();
  const s = v.trim();
  return s === '' ? '' : s.replace(/\s+/g, ' ').toUpperCase();
}

/** The street with a county-source type abbreviation in last place replaced by its C1 standard. */
function expandSourceAbbreviation(street: string): string {
  const at = street.lastIndexOf(' ');
  if (at < 0) return street;
  const standard = LAST_WORD.get(street.slice(at + 1).replace(/\.$/, ''));
  return standard === undefined ? street : `${street.slice(0, at)} ${standard}`;
}

/** A street text standardized: directionals, the name alone with its match key, the type. */
export interface StreetParts { predir: string | null; street: string; street_key: string; suffix: string | null; postdir: string | null }

/**
 * True when a source's street field is a post-office box, not a street: "PO Box", "P.O. Box 45",
 * "Drawer 7" (a box phrase, then at most a box id with a digit). "Box Canyon Rd" is a street.
 */
function isPoBoxStreet(text: string): boolean {
  const words = text.replace(/[.,#]/g, ' ').trim().split(/\s+/);
  const box = matchPhrase(PO_BOX, words, 0);
  if (box === null) return false;
  const rest = words.slice(box.length);
  return rest.length === 0 || (rest.length === 1 && /\d/.test(rest[0] as string));
}

/** Parses a street text through the address parser; null when it yields no street name (or names a PO box). */
function parseStreetText(text: string): StreetParts | null {
  if (isPoBoxStreet(text)) return null;
  // A house number in front makes it a delivery line the parser reads like any typed address.
  const parsed = normalize({ line1: `1 ${expandSourceAbbreviation(text)}` });
  const c = parsed.components;
  if (c.street === null || c.po_box !== null || c.rural_route !== null) return null;
  // Words the parser placed elsewhere (a unit, a city) are part of the source's street field:
  // keep them in the name rather than lose them.
  const extra = [c.unit_type, c.unit_number, c.city, c.state, c.zip5, ...parsed.unparsed].filter((w): w is string => typeof w === 'string' && w !== '' && w !== '#');
  const street = extra.length > 0 && c.postdir === null ? `${c.street}${c.suffix !== null ? ` ${c.suffix}` : ''} ${extra.join(' ')}` : c.street;
  return { predir: c.predir, street, street_key: streetKey(street), suffix: extra.length > 0 && c.postdir === null ? null : c.suffix, postdir: c.postdir };
}

const STREET_MEMO_LIMIT = 65_536;
const streetMemo = new Map<string, StreetParts | null>();

/** parseStreetText remembered per distinct street text (oldest forgotten first): the range importer reads TIGER's FULLNAME with it too. */
export function parseStreet(text: string): StreetParts | null {
  const hit = streetMemo.get(text);
  if (hit !== undefined) return hit;
  const parts = parseStreetText(text);
  if (streetMemo.size >= STREET_MEMO_LIMIT) streetMemo.delete(streetMemo.keys().next().value as string);
  streetMemo.set(text, parts);
  return parts;
}

/** Splits "123 1/2", "123A", "00300", "12-34", "N6W23001" into number, fraction and leading integer. */
export function parseHouseNumber(text: string): { number: string; number_int: number | null; number_fraction: string | null } | null {
  const s = clean(text);
  if (s === '') return null;
  const m = /^([0-9A-Z][0-9A-Z-]*)(?: (\d+\/\d+))?$/.exec(s) ?? /^(\d+) ?(\d+\/\d+)$/.exec(s);
  if (m === null) return null;
  const number = m[1] as string;
  const lead = /^\d+/.exec(number);
  if (lead === null && !/^[NSEW]\d/.test(number)) return null; // a word, not a house number
  return { number, number_int: lead !== null ? Number(lead[0]) : null, number_fraction: m[2] ?? null };
}

/** The key house numbers compare by: leading zeros aside ("00300" is "300"; "0" stays "0"). */
export function houseNumberKey(number: string): string {
  if (number.charCodeAt(0) !== 48) return number; // no leading zero: the common case, without a regex
  return number.replace(/^0+(?=\d)/, '');
}

/** Splits a free-text unit ("# 101", "APARTMENT 4", "4B") into designator and number. */
export function parseUnit(text: string | null): { unit_type: string | null; unit_number: string | null } {
  const s = clean(text).replace(/^#\s*/, '# ');
  if (s === '') return { unit_type: null, unit_number: null };
  const words = s.split(' ');
  const first = words[0] as string;
  if (first === '#') return { unit_type: '#', unit_number: words.slice(1).join(' ') || null };
  const designator = unitDesignator(first);
  if (designator !== null) {
    const rest = words.slice(1).join(' ').replace(/^#\s*/, '');
    return { unit_type: designator.code, unit_number: rest === '' ? null : rest };
  }
  return { unit_type: '#', unit_number: s };
}

/** Five digits of a ZIP field, and the four of a ZIP+4 when present. */
function parseZip(text: string | null): { zip5: string | null; zip4: string | null } {
  const digits = clean(text).replace(/[\s-]/g, '');
  if (/^\d{5}$/.test(digits)) return { zip5: digits, zip4: null };
  if (/^\d{9}$/.test(digits)) return { zip5: digits.slice(0, 5), zip4: digits.slice(5) === '0000' ? null : digits.slice(5) };
  return { zip5: null, zip4: null };
}

const NO_UNIT = { unit_type: null, unit_number: null };
const NO_ZIP = { zip5: null, zip4: null };

function hasLetter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c > 127) return true;
  }
  return false;
}

/** Standardizes one row's address, or names why it cannot be imported. */
export function standardizePointAddress(raw: RawPointAddress): PointAddress | PointAddressProblem {
  const numberText = clean(raw.number);
  if (numberText === '') return 'no_number';
  const streetText = clean(raw.street);
  if (streetText === '') return 'no_street';
  const house = parseHouseNumber(numberText);
  if (house === null) return 'unparseable';
  const street = parseStreet(streetText);
  if (street === null) return 'unparseable';
  const city = clean(raw.city);
  const state = clean(raw.state);
  const unit = raw.unit === null ? NO_UNIT : parseUnit(raw.unit);
  const zip = raw.zip === null ? NO_ZIP : parseZip(raw.zip);
  // One object literal of a fixed shape (spreading parts into it costs more than the rest of the row).
  return {
    number: house.number,
    number_int: house.number_int,
    number_fraction: house.number_fraction,
    predir: street.predir,
    street: street.street,
    street_key: street.street_key,
    suffix: street.suffix,
    postdir: street.postdir,
    unit_type: unit.unit_type,
    unit_number: unit.unit_number,
    city: city !== '' && hasLetter(city) ? city : null, // a municipality code ("02") is not a city name
    state: state === '' ? null : stateCode(state),
    zip5: zip.zip5,
    zip4: zip.zip4,
  };
}
