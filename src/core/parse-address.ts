/**
 * The address parser: tokens in, Pub 28 components out. It reads the last line
 * from the right (ZIP, state), finds where the delivery line starts (skipping a
 * recipient or company name), parses the delivery line from the left (number,
 * directionals, street, suffix, highways, units, PO boxes, routes, military
 * lines) and gives what lies between to the city. Every step is a bounded
 * scan, so the whole parse is linear in the number of tokens; it never throws.
 */
import { boundedMemo } from './bounded-memo.js';
import type { AddressComponents, CrossStreet } from './types.js';
import type { Token } from './tokenize.js';
import {
  COUNTRIES, CORNER_OF, HIGHWAYS, PO_BOX, RURAL_ROUTE, directional, isBoxWord, isCommonSuffix, isHouseNumber,
  isIdentifier, isIntersectionWord, isPhoneWord, isPrimarySuffix, numberOfWords, startsNumberWords, isPreType, isSpanishStreetType, lastWords, isMilitaryCity, isMilitaryUnit, isRecipientMarker, isUnitName, isUrbanization, matchPhrase,
  isExtraSuffix, isRouteModifier, isStateFirstWord, isStateLastWord, isSpanishPreType, numberWord, ordinalNumber, pluralSuffix, stateCode, suffixStandard, unitDesignator, zipsBeginWithZero,
} from './vocabulary.js';
import type { UnitDesignator } from './vocabulary.js';
import { STATE_NAME_MAX_WORDS, suffixName } from './pub28.js';

/** Tells whether a name is a known place (city) in a state; supplied by the locality store. */
export interface PlaceLookup {
  /** Whether `name` is a place in `state` (any state when null) with at least `minZips` ZIPs (default 1). */
  isPlace(name: string, state: string | null, minZips?: number): boolean;
  /** The state of a ZIP, null when unknown. */
  stateOfZip?(zip5: string): string | null;
  /** Whether `name` is a curated alias of a place in `state` ("NYC", "Manhattan" in NY). */
  isAlias?(name: string, state: string | null): boolean;
}

// A city named without a state or ZIP after a street must be a sizeable one ("7 N Wells
// Chicago"): small places share their names with street words ("Lake Cook", "Seven Oaks").
const MIN_ZIPS_OF_A_BARE_CITY = 3;

const SUITE = unitDesignator('STE')!;

/** What the parser produced: components, what each was as written, and leftovers. */
export interface ParseOutput {
  components: AddressComponents;
  raw: Partial<Record<keyof AddressComponents, string>>;
  unparsed: string[];
}

/** Components with every field null. */
export function emptyComponents(): AddressComponents {
  return {
    number: null, number_fraction: null, predir: null, street: null, suffix: null, postdir: null,
    unit_type: null, unit_number: null, po_box: null, rural_route: null, box: null, box_group_type: null,
    urbanization: null, city: null, state: null, zip5: null, zip4: null,
  };
}

type CityNeed = 'required' | 'optional' | 'none';

// Words that end a building's name rather than a street's ("Lincoln Ctr", "Exchange Plaza").
const BUILDING_WORDS = new Set(['CTR', 'PLZ', 'SQ', 'PL', 'CENTRE']);

const COUNTY_WORDS = new Set(['COUNTY', 'PARISH', 'BOROUGH', 'CNTY', 'CO']);

const DIRECTION_WORDS: Record<string, string> = { N: 'NORTH', S: 'SOUTH', E: 'EAST', W: 'WEST' };

// Street types that mark a street even without a house number; PLACE, SQUARE, PLAZA and the
// like name malls and buildings as often ("Okemo Market Place, Ludlow, VT").
const STREET_TYPES_OF_PLACES = new Set(['ST', 'AVE', 'RD', 'DR', 'LN', 'BLVD', 'HWY', 'PKWY', 'CT', 'CIR', 'TER', 'TRL', 'WAY', 'FWY', 'EXPY']);

const ONLY_JOINING_WORDS = /^(?:&|AND|AT|#)(?: (?:&|AND|AT|#))*$/;
const HIGHWAY_LAST = lastWords(HIGHWAYS);
const PO_BOX_LAST = lastWords(PO_BOX);
const COUNTRY_LAST = lastWords(COUNTRIES);

const ZIP5 = /^\d{5}$/;
const ZIP4 = /^\d{4}$/;
const ZIP9 = /^(\d{5})-?(\d{4})$/;

const PLAIN_NAME_WORD = 0;
const NOT_A_NAME_WORD = 1; // a word the full reading may give a role: not read at once
const NAME_UNLESS_HIGHWAY = 2; // may begin a highway name ("Indiana Highway 212", "US 19")
// The number of a unit read at once (Parse.simpleStreet): up to 4 digits (5 may be a ZIP), a
// letter after them, or a letter.
const UNIT_ID = /^(?:\d{1,4}[A-Z]?|[A-Z])$/;
const GLUED_HIGHWAY = /^(I|IH|US|SR|SH|CR|FM|RR|HWY|RT|RTE)-?(\d+[A-Z]?)$/;

/**
 * What a word can be in a simple street line's name (Parse.simpleStreet): a pure function of
 * the word, remembered (street names repeat). Words that begin a PO box, route or country
 * phrase are refused whatever follows them, which only sends more lines to the full reading.
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

class Parse {
  readonly t: string[];
  readonly sec: number[];
  readonly c = emptyComponents();
  readonly raw: Partial<Record<keyof AddressComponents, string>> = {};
  readonly unparsed: string[] = [];
  /** Index of the first token of the last line (state or ZIP); tokens.length when none. */
  llStart: number;
  /** Index after the last token still to be read (before a trailing country). */
  end: number;
  /** A post-directional found glued to a route number ("60E"). */
  pendingPostdir: string | null = null;
  /** The city's tokens [from, to) when the state code was written before it ("CA LONG BEACH 90807"). */
  cityAfterState: [number, number] | null = null;
  /** A unit written after the last line ("..., IL 62701, Apt 4"): its tokens [from, to). */
  unitAfterLastLine: [number, number] | null = null;
  /** The ZIP whose state placeState last looked up, and that state. */
  private zipOfState: string | null = null;
  private stateOfZip: string | null = null;

  constructor(readonly tokens: Token[], readonly source: string, readonly places: PlaceLookup | null, readonly sourceIsUpper: boolean) {
    this.t = tokens.map((x) => x.text);
    this.sec = tokens.map((x) => x.section);
    this.end = this.t.length;
    this.llStart = this.end;
  }

  /** Tokens [from, to) as written, upper-cased, joined by spaces. */
  rawOf(from: number, to: number): string {
    let out = '';
    for (let k = from; k < to; k++) {
      const tok = this.tokens[k] as Token;
      out += (k > from ? ' ' : '') + this.source.slice(tok.start, tok.end);
    }
    return this.sourceIsUpper ? out : out.toUpperCase();
  }

  /** Token texts [from, to) joined by spaces. */
  text(from: number, to: number): string {
    if (to - from === 1) return this.t[from] ?? '';
    let out = '';
    for (let k = from; k < to; k++) out += (k > from ? ' ' : '') + (this.t[k] as string);
    return out;
  }

  /** True when token i begins a new comma-separated section. */
  startsSection(i: number): boolean {
    return i > 0 && this.sec[i] !== this.sec[i - 1];
  }

  run(quick = true): ParseOutput {
    if (quick && this.simpleStreet()) return { components: this.c, raw: this.raw, unparsed: this.unparsed };
    this.dropCountry();
    this.readLastLine();
    let cityFrom = this.readNumberAfterStreet();
    if (cityFrom < 0) {
      const start = this.findDeliveryStart();
      cityFrom = start >= 0 ? this.readDelivery(start) : this.readWithoutNumber();
    }
    this.readCity(cityFrom);
    if (this.unitAfterLastLine !== null) {
      const [from, to] = this.unitAfterLastLine;
      if (this.c.unit_type === null && this.c.unit_number === null) this.readUnits(from, to);
      else this.unparsed.push(this.rawOf(from, to));
    }
    this.dropEmptyStreets();
    return { components: this.c, raw: this.raw, unparsed: this.unparsed };
  }

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
  simpleStreet(): boolean {
    const t = this.t;
    const sec = this.sec;
    let n = t.length;
    if (n < 3 || n > 10 || !/^[1-9]\d{0,5}$/.test(t[0] as string)) return false;
    // The unit at the end: "APT 4B", "# 12".
    let unit: UnitDesignator | null = null;
    if (n >= 5 && sec[n - 1] === sec[n - 2] && (sec[n - 2] === sec[0] || sec[n - 2] === (sec[0] as number) + 1)) {
      unit = unitDesignator(t[n - 2] as string);
      if (unit !== null && !(unit.requiresNumber && unit.code !== 'PMB' && UNIT_ID.test(t[n - 1] as string))) return false;
      if (unit !== null) n -= 2;
    }
    if (n > 8 || sec[n - 1] !== sec[0]) return false;
    let k = 1;
    const predir = directional(t[1] as string);
    if (predir !== null) k = 2;
    let last = n - 1;
    const postdir = directional(t[last] as string);
    if (postdir !== null) last--;
    const type = t[last] as string;
    const suffix = suffixStandard(type);
    if (suffix === null || last - k < 1 || isExtraSuffix(type) || unitDesignator(type) !== null) return false;
    // A type that is also a state code (CT, MT, KY) ends the line as the state after a place
    // of that state ("Elm St Hartford CT"); a directional after it is not a state's.
    const code = stateCode(type);
    if (code !== null && (postdir !== null && stateCode(t[n - 1] as string) !== null || postdir === null && this.placeOfStateBefore(k + 1, last, code))) return false;
    // "Lake Trlrs Loop # 169": a highway word may take the number after it ("Loop 169").
    if (unit !== null && postdir === null && sec[n] === sec[0] && HIGHWAYS.has(type)) return false;
    for (let j = k; j < last; j++) {
      const kind = nameWordKind(t[j] as string);
      if (kind === NOT_A_NAME_WORD || kind === NAME_UNLESS_HIGHWAY && this.highwayAt(j, last + 1) !== null) {
        this.pendingPostdir = null; // highwayAt may have set it ("County Hwy 60E"): the full reading starts clean
        return false;
      }
    }
    // Set in the order the full reading sets them (raw's key order is part of the result).
    const c = this.c;
    const raw = this.raw;
    c.number = t[0] as string;
    raw.number = this.rawOf(0, 1);
    c.predir = predir;
    c.street = this.text(k, last);
    c.suffix = suffix;
    c.postdir = postdir;
    raw.suffix = type;
    if (predir !== null) raw.predir = t[1] as string;
    if (postdir !== null) raw.postdir = this.rawOf(n - 1, n);
    raw.street = c.street;
    if (unit !== null) {
      c.unit_type = unit.code;
      c.unit_number = t[n + 1] as string;
      raw.unit_type = this.rawOf(n, n + 2);
    }
    return true;
  }

  /** Whether words right before `to` (from `from` on, up to three) name a place of `state`. */
  placeOfStateBefore(from: number, to: number, state: string): boolean {
    if (this.places === null) return false;
    for (let q = Math.max(from, to - 3); q < to; q++) if (this.places.isPlace(this.text(q, to), state)) return true;
    return false;
  }

  /** A "street" made only of joining words ("&", "and") is no street; an empty cross street is none. */
  dropEmptyStreets(): void {
    const c = this.c;
    if (c.street !== null && ONLY_JOINING_WORDS.test(c.street)) {
      this.unparsed.push(c.street);
      c.street = null;
    }
    const x = c.cross_street;
    if (x && x.street === null && x.suffix === null) delete c.cross_street;
  }

  dropCountry(): void {
    // "..., NY 11797, UNITED STATES US": possibly more than one country word at the end.
    for (let round = 0; round < 3; round++) {
      if (!COUNTRY_LAST.has(this.t[this.end - 1] ?? '')) return;
      let dropped = false;
      for (let k = Math.max(0, this.end - 5); k < this.end && !dropped; k++) {
        const m = matchPhrase(COUNTRIES, this.t, k, this.end);
        if (!m || k + m.length !== this.end || k === 0) continue;
        // "Salem MA / USA": a slash (a joining token) between the last line and the country goes too.
        const from = this.t[k - 1] === '&' && k >= 2 && !this.startsSection(k - 1) ? k - 1 : k;
        const before = this.t[from - 1] ?? '';
        if (this.startsSection(from) || /^\d{5}/.test(before) || stateCode(before) !== null || matchPhrase(COUNTRIES, this.t, from - 1, from) !== null) {
          this.unparsed.unshift(this.rawOf(k, this.end));
          this.end = from;
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
  floorNotState(at: number, numberAt: number): boolean {
    const code = this.t[at] as string;
    if (numberAt !== at + 1 || !/^\d{3,4}$/.test(this.t[numberAt] as string) || this.sec[at] !== (this.sec[0] as number) + 1 || !this.startsSection(at) ||
      unitDesignator(code) === null || stateCode(code) !== code || zipsBeginWithZero(code)) return false;
    for (let k = 0; k < at; k++) if (/\d/.test(this.t[k] as string)) return true;
    return false;
  }

  /**
   * Where a phone number closing the line starts, with the words that label it ("(217) 555-1234",
   * "Tel: 937-555-1212", "217.555.1234"), when a ZIP or a state code comes right before; -1 when
   * there is none.
   */
  phoneTailStart(): number {
    const t = this.t;
    let s = this.end - 1;
    const last = t[s] ?? '';
    // One token (937-555-1212, 217.555.1234), or a local number (555-1234) after its area code
    // ("(217) 555-1234") or alone ("62701 555-1234").
    if (/^\d{3}-\d{4}$/.test(last)) {
      if (s >= 1 && /^\d{3}$/.test(t[s - 1] as string)) s--;
    } else if (!/^(?:1-)?\d{3}[-.]\d{3}[-.]\d{4}$/.test(last)) return -1;
    while (s >= 1 && isPhoneWord(t[s - 1] as string)) s--;
    const before = t[s - 1] ?? '';
    return s >= 2 && (/^\d{5}(-?\d{4})?$/.test(before) || stateCode(before) !== null) ? s : -1;
  }

  /**
   * Where a unit closing the line starts (a designator that takes a number and its id, or # and
   * an id: "Apt 4", "Unit B", "# 4", "Apt # 4") when a ZIP or a state code comes right before it
   * and a delivery line (a number) before that; -1 when there is none.
   */
  unitClosingLine(): number {
    const t = this.t;
    const e = this.end;
    if (e < 4 || !isIdentifier(t[e - 1] as string)) return -1;
    let u = e - 2;
    if (t[u] === '#' && u >= 1 && unitDesignator(t[u - 1] as string)?.requiresNumber === true) u--;
    const w = t[u] as string;
    if (w !== '#' && unitDesignator(w)?.requiresNumber !== true) return -1;
    const before = t[u - 1] ?? '';
    if (!(/^\d{5}(-?\d{4})?$/.test(before) || /^[A-Z]{2}$/.test(before) && stateCode(before) !== null)) return -1;
    for (let k = 0; k < u - 1; k++) if (/\d/.test(t[k] as string)) return u;
    return -1;
  }

  /** Finds ZIP and state at the end; sets llStart. */
  readLastLine(): void {
    const t = this.t;
    const phone = this.phoneTailStart();
    if (phone > 0) {
      this.unparsed.push(this.rawOf(phone, this.end));
      this.end = phone;
    }
    // "123 Main St, Springfield, IL 62701, Apt 4": a unit written after the ZIP or the state is
    // read after the rest (run), as if written after the street.
    const unitAt = this.unitClosingLine();
    if (unitAt > 0) {
      this.unitAfterLastLine = [unitAt, this.end];
      this.end = unitAt;
    }
    // "..., CA 900031, Period": a last section of words after "STATE digits" is not the address.
    if (this.end >= 4) {
      let q = this.end - 1;
      while (q > 0 && !this.startsSection(q)) q--;
      const digitsBefore = t[q - 1] ?? '';
      if (q > 1 && this.end - q <= 3 && this.startsSection(q) && /^\d{5,10}$/.test(digitsBefore) && stateCode(t[q - 2] as string) !== null &&
        !this.t.slice(q, this.end).some((w) => /\d/.test(w))) {
        this.unparsed.push(this.rawOf(q, this.end));
        this.end = q;
      }
    }
    // "... Columbia MO 65202 Ballenger Propane Inc": words after "STATE ZIP" are not the address.
    if (!/^\d{5}(-?\d{4})?$/.test(t[this.end - 1] ?? '')) {
      for (let z = this.end - 2; z >= 2 && z >= this.end - 8; z--) {
        const w = t[z] as string;
        if (/\d/.test(t[z + 1] ?? '')) break;
        let named = false;
        for (let len = 1; len <= 3 && !named; len++) named = z - len >= 1 && stateCode(this.text(z - len, z)) !== null && (len > 1 || (t[z - 1] as string).length >= 2);
        if (/^\d{5}(-\d{4})?$/.test(w) && named) {
          this.unparsed.push(this.rawOf(z + 1, this.end));
          this.end = z + 1;
          break;
        }
      }
    }
    let e = this.end;
    // A ZIP that lost its leading zeros in a spreadsheet ("MA 1241") after a state code, or
    // digits too long to be a ZIP ("IL 6065460610"): the state is still read.
    const lastTok = t[e - 1] ?? '';
    const lastCode = lastTok.charCodeAt(0);
    const stateAt = e >= 3 && lastCode >= 48 && lastCode <= 57 && lastTok.length !== 5 ? this.stateEndingAt(e - 1) : -1;
    if (stateAt > 0 && /^\d{3,4}(-\d{4})?$|^\d{6,8}$|^\d{10,}$/.test(lastTok) && !this.floorNotState(stateAt, e - 1) &&
      (this.startsSection(stateAt) || /^\d{4}(-\d{4})?$/.test(lastTok) && this.statePlausible(stateAt, e - 1, stateCode(this.text(stateAt, e - 1)) as string, false))) {
      const stateWritten = this.text(stateAt, e - 1);
      const d = t[e - 1] as string;
      if (/^\d{3,4}(-\d{4})?$/.test(d)) {
        // The zeros are put back only when the state written is the state of the ZIP they make
        // ("CA 9547" is not the military 09547; without the gazetteer, when the state has ZIPs
        // that begin with 0): otherwise the ZIP stays as written, for validation to find invalid.
        const [z5, z4] = d.split('-') as [string, string | undefined];
        const padded = z5.padStart(5, '0');
        const zipState = this.places?.stateOfZip?.(padded);
        const code = stateCode(stateWritten) as string;
        const confirmed = zipState === undefined ? zipsBeginWithZero(code) : zipState === code;
        this.c.zip5 = confirmed ? padded : z5;
        this.c.zip4 = z4 ?? null;
      }
      else this.unparsed.push(d);
      e--;
    } else if (e >= 2) {
      const last = t[e - 1] as string;
      const prev = t[e - 2] as string;
      let zipAt = -1;
      if (ZIP4.test(last) && ZIP5.test(prev) && this.sec[e - 1] === this.sec[e - 2] && e - 2 > 0) {
        zipAt = e - 2;
        if (this.zipPlausible(zipAt)) { this.c.zip5 = prev; this.c.zip4 = last; e = zipAt; }
      } else if (ZIP5.test(last) || ZIP9.test(last)) {
        zipAt = e - 1;
        if (this.zipPlausible(zipAt)) {
          const m = ZIP9.exec(last);
          if (m) { this.c.zip5 = m[1] as string; this.c.zip4 = m[2] as string; } else this.c.zip5 = last;
          e = zipAt;
        }
      }
    } else if (e === 1 && (ZIP5.test(this.t[0] as string) || ZIP9.test(this.t[0] as string))) {
      const m = ZIP9.exec(this.t[0] as string);
      if (m) { this.c.zip5 = m[1] as string; this.c.zip4 = m[2] as string; } else this.c.zip5 = this.t[0] as string;
      e = 0;
    }
    // State: the longest state name or code ending right before the ZIP (or at the end).
    const hasZip = this.c.zip5 !== null;
    for (let len = Math.min(STATE_NAME_MAX_WORDS, e); len >= 1; len--) {
      const k = e - len;
      if (k < 0) continue;
      // Only names whose last word this is can match (cheap filter before joining words).
      if (len > 1 && !isStateLastWord(t[e - 1] as string)) continue;
      // "Rochester, New, York": a spelled-out name may be split by a stray comma.
      if (this.sec[k] !== this.sec[e - 1] && len === 1) continue;
      const code = stateCode(this.text(k, e));
      if (code && this.sec[k] !== this.sec[e - 1] && (this.t[k] as string).length <= 2) continue;
      if (!code) continue;
      if (!this.statePlausible(k, e, code, hasZip)) continue;
      this.c.state = code;
      this.raw.state = this.rawOf(k, e);
      const named = len === 1 ? this.stateNameBefore(k, code) : k;
      if (named < k) this.raw.state = this.rawOf(named, e);
      e = named;
      break;
    }
    // "101 E Market St CA Long Beach 90807": the state code written before the city. Only a
    // known place of that state after a code that is no street word, so "Main Ct Hartford" stays.
    if (this.c.state === null && hasZip && this.places !== null) {
      for (let len = Math.min(3, e - 3); len >= 1; len--) {
        const q = e - len;
        const word = t[q - 1] as string;
        const code = word.length === 2 ? stateCode(word) : null;
        if (code === null || q - 2 === 0 && isHouseNumber(t[0] as string)) continue;
        if (!this.startsSection(q - 1) && (suffixStandard(word) !== null || directional(word) !== null || unitDesignator(word) !== null)) continue;
        if (!this.places.isPlace(this.text(q, e), code)) continue;
        this.c.state = code;
        this.raw.state = this.rawOf(q - 1, q);
        this.cityAfterState = [q, e];
        e = q - 1;
        break;
      }
    }
    // "90210, CA": a ZIP alone before the state.
    if (this.c.zip5 === null && this.c.state !== null && e === 1 && ZIP5.test(t[0] as string)) {
      this.c.zip5 = t[0] as string;
      e = 0;
    }
    this.llStart = e;
  }

  /**
   * Where a state written right before token e starts: a two-letter code ("MA 1241") or a
   * spelled-out name of up to STATE_NAME_MAX_WORDS words ("Massachusetts 1241", "New Jersey
   * 7631"); -1 when there is none.
   */
  stateEndingAt(e: number): number {
    const t = this.t;
    const last = t[e - 1];
    if (last === undefined) return -1;
    if (/^[A-Z]{2}$/.test(last)) return stateCode(last) !== null ? e - 1 : -1;
    for (let len = Math.min(STATE_NAME_MAX_WORDS, e - 1); len >= 1; len--) {
      if (len > 1 && !isStateLastWord(last)) continue;
      const name = this.text(e - len, e);
      if (name.length > 2 && stateCode(name) !== null) return e - len;
    }
    return -1;
  }

  /**
   * "Roswell Georgia GA", "New York, New York NY": the state's name written right before its
   * code is the state written twice, not the end of the city. Returns where the name starts
   * (k when there is none), only when a known place of that state comes right before the name.
   */
  stateNameBefore(k: number, code: string): number {
    const s = this.places !== null && k >= 2 ? this.stateEndingAt(k) : -1;
    if (s < 1 || (this.t[k - 1] as string).length === 2 && s === k - 1 || stateCode(this.text(s, k)) !== code) return k;
    return this.placeOfStateBefore(0, s, code) ? s : k;
  }

  /** A 5-digit token at i is a ZIP unless it is a house number, a route or a box number. */
  zipPlausible(i: number): boolean {
    if (i === 0) return false;
    const prev = this.t[i - 1] as string;
    if (isBoxWord(prev) || prev === '#') return false;
    if (PO_BOX_LAST.has(prev)) {
      for (let k = Math.max(0, i - 4); k < i; k++) {
        const m = matchPhrase(PO_BOX, this.t, k, i);
        if (m && k + m.length === i) return false; // "POB 19060"
      }
    }
    // "Apt 12345" is a unit; "Lobby 60606" (no number needed) and "FL 33612" (a state) are not.
    const d = unitDesignator(prev);
    if (d !== null && d.requiresNumber && stateCode(prev) === null && !this.startsSection(i)) return false;
    // "CO RD 45300": a route number right after a highway word that starts the street.
    for (let k = HIGHWAY_LAST.has(prev) ? Math.max(0, i - 4) : i; k < i; k++) {
      const m = matchPhrase(HIGHWAYS, this.t, k, i);
      if (m && k + m.length === i && !this.startsSection(i)) {
        const before = this.t[k - 1];
        if (k === 0 || (before !== undefined && (isHouseNumber(before) || directional(before) !== null))) return false;
      }
    }
    return true;
  }

  /** Whether tokens [k, e) read as a state here rather than a word of the street or city. */
  statePlausible(k: number, e: number, code: string, hasZip: boolean): boolean {
    if (k === 0) return e - k >= 1 && (hasZip || this.end === e); // "Indiana", "NY 10001"
    const word = this.t[k] as string;
    const prev = this.t[k - 1] as string;
    // Right after a house number it is a street ("123 Main"), or a highway ("CA 72").
    if (isHouseNumber(prev) && !this.startsSection(k) && k - 1 === 0) return false;
    // "707 E Main St 20th FL": a floor, not Florida.
    if (!hasZip && ordinalNumber(prev) !== null && unitDesignator(word) !== null) return false;
    // "1180 Peachtree Street, NE": a directional after a street type, with no ZIP, is a post-directional.
    if (!hasZip && e === this.end && directional(word) !== null && suffixStandard(prev) !== null) return false;
    // "3742 N Washington Ct 61301": a street type that is also a state code (CT, PR, MT, KY)
    // is the state only after a complete street with a city between, or after a comma.
    // (A comma earlier in the line, "Calle A, San Juan PR 00926", separates the street already.)
    if (!this.startsSection(k) && e - k === 1 && suffixStandard(word) !== null && this.sec[k] === this.sec[0]) return this.streetCompleteBefore(k, code);
    if (hasZip || this.startsSection(k)) return true;
    if (e - k > 1 || word.length > 2) {
      // A spelled-out name at the very end: not when only a number (and directional) precede it
      // ("321 S. Washington" is a street).
      let j = k - 1;
      if (j >= 0 && directional(this.t[j] as string) !== null) j--;
      if (j >= 0 && isHouseNumber(this.t[j] as string) && (j === 0 || this.startsSection(j))) return false;
      // "3719 Old Alabama": after a house number the name needs a street before it, or a place
      // of that state right before it ("610 East Main Marion Kansas").
      const num = this.t.findIndex((w) => isHouseNumber(w));
      if (num < 0 || num >= k) return true;
      for (let q = k - 2; q > num; q--) if (suffixStandard(this.t[q] as string) !== null) return true;
      return this.placeOfStateBefore(num + 1, k, code);
    }
    // A bare two-letter code without a ZIP or comma that is also a street word (CT, PR, MT, NE,
    // LA): only after a street that already has its type and a city word between.
    const collides = suffixStandard(word) !== null || directional(word) !== null || unitDesignator(word) !== null ||
      word === 'LA' || word === 'IN' || word === 'OR' || word === 'ME' || word === 'OK' || word === 'HI';
    if (!collides) return true;
    return this.streetCompleteBefore(k, code);
  }

  /**
   * Whether a complete street lies before token k with a city between, so that a state code
   * that is also a street word can be read as the state there.
   */
  streetCompleteBefore(k: number, code: string): boolean {
    // "Calle Luna 7 Ponce PR": a place after a street written in the Spanish order.
    if (code === 'PR') {
      const at = this.numberAfterStreetAt(k);
      if (at !== null && at.numberAt + 1 < k && this.places?.isPlace(this.text(at.numberAt + 1, k), code)) return true;
    }
    // "Portland OR": a known place of that state right before it, not right after a house
    // number ("8555 NE Madison Ct" is a street).
    for (let q = Math.max(0, k - 3); q < k; q++) {
      let p = q - 1;
      if (p >= 0 && directional(this.t[p] as string) !== null) p--;
      // (A number after CALLE or a highway word is the street's name, after BOX the box's:
      // "123 Calle 45 Carolina PR", "PO Box 5 Bangor ME".)
      const before = this.t[p - 1] ?? '';
      const named = isPreType(before) || HIGHWAY_LAST.has(before) || isBoxWord(before) || PO_BOX_LAST.has(before);
      const afterNumber = p >= 0 && isHouseNumber(this.t[p] as string) && !this.startsSection(p + 1) && !named;
      if (!afterNumber && this.places?.isPlace(this.text(q, k), code)) return true;
    }
    // The street must be complete before it, with a city word in between: a street type, a
    // highway number or a unit ("3 Main St Ste 208 Norwalk CT", "500 US 19 Clearwater FL").
    for (let j = k - 2; j >= 1; j--) {
      const w = this.t[j] as string;
      // A common type with a name before it ("Meadow" in "9515 NE Meadow Gate Ct" is a name).
      const std = suffixStandard(w);
      if (std !== null && isCommonSuffix(std) && !isHouseNumber(this.t[j - 1] as string) &&
        !(j >= 2 && directional(this.t[j - 1] as string) !== null && isHouseNumber(this.t[j - 2] as string))) return true;
      if (/^\d+$/.test(w) && matchPhrase(HIGHWAYS, this.t, j - 1, j) !== null) return true;
      if (/\d/.test(w) && j >= 2 && unitDesignator(this.t[j - 1] as string) !== null) return true;
    }
    return false;
  }

  /**
   * "Calle Luna 7", "Calle 5 #23", "Urb Las Lomas, Calle Luna 7": a Puerto Rico street written
   * first, its house number after its name (the Spanish order), before `limit`. The street's
   * start, its number's index, and where the number's sign (#, NUM) or the number begins; null
   * when the line is not so written. The number closes its section, or a unit, an urbanization
   * or a known place follows it.
   */
  numberAfterStreetAt(limit: number): { start: number; numberAt: number; nameEnd: number } | null {
    const t = this.t;
    let s = 0;
    if (isUrbanization(t[0] as string)) {
      // The urbanization's name runs to its section's end, or to the street's type without a comma.
      s = 2;
      while (s < limit && !this.startsSection(s) && !isSpanishStreetType(t[s] as string)) s++;
    }
    if (s + 2 >= limit || !isSpanishStreetType(t[s] as string)) return null;
    for (let j = s + 2; j < limit && !this.startsSection(j); j++) {
      const w = t[j] as string;
      let n = j;
      if ((w === '#' || w === 'NUM' || w === 'NO') && j + 1 < limit && !this.startsSection(j + 1)) n = j + 1;
      // "Calle 5 23": the first number names the street; a number after a name of several
      // words with a number in it ("Calle 5 Bloque 2 7") is left alone.
      else if (/^\d+$/.test(t[j - 1] as string) && j !== s + 2) continue;
      if (!/^\d+[A-Z]?$/.test(t[n] as string)) continue;
      const after = n + 1;
      if (after >= limit || this.startsSection(after) || this.isUnitStart(after, limit) || isUrbanization(t[after] as string) || this.isPlaceSpan(after, limit) === true) {
        return { start: s, numberAt: n, nameEnd: j };
      }
      return null;
    }
    return null;
  }

  /**
   * Reads a street written in the Spanish order (numberAfterStreetAt) where the address is in
   * Puerto Rico, or where the line is a street line alone; returns where the city may begin, or
   * -1 when the line is not so written.
   */
  readNumberAfterStreet(): number {
    if (this.placeState() !== 'PR' && this.llStart < this.end) return -1;
    const at = this.numberAfterStreetAt(this.llStart);
    if (at === null) return -1;
    if (at.start > 0) {
      this.c.urbanization = this.text(1, at.start);
      this.raw.urbanization = this.rawOf(0, at.start);
    }
    this.c.number = this.t[at.numberAt] as string;
    this.raw.number = this.c.number;
    this.c.street = this.text(at.start, at.nameEnd);
    this.raw.street = this.rawOf(at.start, at.nameEnd);
    return this.readUnits(at.numberAt + 1);
  }

  /** Skips a recipient or company name before the address proper; returns where it starts. */
  findDeliveryStart(): number {
    const t = this.t;
    const limit = this.llStart;
    // "Corner of X and Y", "Junction Highway 76 & 86": a place named by streets, no number.
    if (matchPhrase(CORNER_OF, t, 0, limit) !== null) return -1;
    let weak = -1;
    for (let i = 0; i < limit; i++) {
      const w = t[i] as string;
      if (weak >= 0 && this.startsSection(i)) break;
      if (this.isAnchor(i, limit)) {
        // "One Midtown Plaza 1360 Peachtree St": a number word yields to a later house number.
        if (numberWord(w) !== null) { if (weak < 0) weak = i; continue; }
        let s = i;
        // "STE 201, 4401 N MESA", "dept 0669 po box 120001": a unit written before the address.
        const d = s >= 2 ? (t[s - 2] === '#' ? (s === 2 ? { requiresNumber: true } : null) : unitDesignator(t[s - 2] as string)) : null;
        if (d && d.requiresNumber && isIdentifier(t[s - 1] as string) && (isHouseNumber(w) || matchPhrase(PO_BOX, t, s, limit))) s -= 2;
        else if (s >= 3 && t[s - 2] === '#' && unitDesignator(t[s - 3] as string)?.requiresNumber === true && isIdentifier(t[s - 1] as string) &&
          (isHouseNumber(w) || matchPhrase(PO_BOX, t, s, limit))) s -= 3;
        else if (s >= 1 && unitDesignator(t[s - 1] as string)?.requiresNumber === true && isHouseNumber(t[s + 1] ?? '') && /^\d/.test(t[s + 1] ?? '')) s -= 1;
        else if (s === 1 && t[0] === '#' && isHouseNumber(t[s + 1] ?? '')) s -= 1;
        s = this.skipBuilding(s, limit);
        if (s > 0) this.pushPrefix(0, s);
        return s;
      }
      if (isRecipientMarker(w) && i === 0) continue;
      // Recipient lines may run over several sections ("Company, Inc., Attn: ..., 12 Main St").
    }
    if (weak >= 0) {
      const s = this.skipBuilding(weak, limit);
      if (s > 0) this.pushPrefix(0, s);
      return s;
    }
    return -1;
  }

  /**
   * "1000 Cathedral Pl 925 W Georgia St", "One Exchange Plaza, 55 Broadway": a building's own
   * number and name before the street address; returns where the street address starts.
   */
  skipBuilding(s: number, limit: number): number {
    const t = this.t;
    for (let j = s + 2; j < limit && j <= s + 6; j++) {
      if (this.startsSection(j) && this.sec[j] !== (this.sec[s] ?? 0) + 1) break;
      const w = t[j] as string;
      if (!/^\d+[A-Z]?$/.test(w) || j + 1 >= limit) continue;
      const prev = t[j - 1] as string;
      const building = BUILDING_WORDS.has(suffixStandard(prev) ?? prev);
      const next = t[j + 1] as string;
      if (building && !this.isUnitStart(j + 1, limit) && suffixStandard(next) === null && !this.startsSection(j + 1)) return j;
    }
    return s;
  }

  /** Leaves a prefix (recipient, company) unparsed, except a floor written there ("41st Floor 1221 Ave..."). */
  pushPrefix(from: number, to: number): void {
    for (let q = from; q + 1 < to; q++) {
      const n = ordinalNumber(this.t[q] as string) ?? (/^\d+$/.test(this.t[q] as string) ? this.t[q] as string : null);
      if (n !== null && unitDesignator(this.t[q + 1] as string)?.code === 'FL' && this.c.unit_type === null) {
        if (q > from) this.unparsed.push(this.rawOf(from, q));
        this.setUnit('FL', n, this.rawOf(q, q + 2));
        if (q + 2 < to) this.unparsed.push(this.rawOf(q + 2, to));
        return;
      }
    }
    this.unparsed.push(this.rawOf(from, to));
  }

  /**
   * No house number, box or route: a highway or intersection is still a street; before a last
   * line, a lone section is the city ("Anchor Point, AK") and a named place that is not a
   * street ("Union Station, Washington, DC") is left unparsed.
   */
  readWithoutNumber(): number {
    const limit = this.llStart;
    if (limit === 0) return 0;
    const t = this.t;
    let firstEnd = 1;
    while (firstEnd < limit && !this.startsSection(firstEnd)) firstEnd++;
    let k = 0;
    if (directional(t[0] as string) !== null && firstEnd > 1) k = 1;
    const noLastLine = this.llStart >= this.end;
    // "Bldg 15, Suite 100": units and no street.
    if (this.isUnitStart(0, limit) && !this.isAnchor(0, limit)) {
      const after = this.readUnits(0);
      if (after > 0) return after;
    }
    // "USNS Comfort FPO AE 09587": a ship's name before a military post office.
    if (limit >= 2 && isMilitaryCity(t[limit - 1] as string)) {
      this.c.street = this.text(0, limit - 1);
      this.raw.street = this.rawOf(0, limit - 1);
      return limit - 1;
    }
    let typed = false;
    for (let j = k; j < firstEnd && !typed; j++) {
      const std = suffixStandard(t[j] as string);
      // Without a last line any street type makes a street ("wrigley field"); before a
      // state only a common one does ("Anchor Point, AK" is a city).
      typed = std !== null && (firstEnd - k >= 2) && (noLastLine || STREET_TYPES_OF_PLACES.has(std) && j > k);
    }
    // "Main, Ashland, NH": a single word before the city is a street name; so is the first of
    // several sections with no state or ZIP ("Broadway, Manhattan").
    if (firstEnd < limit && (!noLastLine && firstEnd === 1 || noLastLine)) typed = true;
    // "Main Ashland NH 03217": the same without commas, when the words after it are a known place.
    if (!noLastLine && firstEnd === limit && limit >= 2 && k === 0 && /^[A-Z]{2,}$/.test(t[0] as string) && this.isPlaceSpan(1, limit) === true &&
      this.isPlaceSpan(0, limit) !== true && !this.isUnitStart(0, limit)) typed = true;
    // "Calle Luna, Ponce PR": a Spanish street type written first makes a street.
    if (isSpanishStreetType(t[k] as string) && firstEnd - k >= 2) typed = true;
    const streetLike = typed || this.highwayAt(k, firstEnd) !== null || matchPhrase(CORNER_OF, t, 0, firstEnd) !== null ||
      t.slice(0, firstEnd).some((w) => isIntersectionWord(w)) || this.isUnitStart(0, limit);
    this.pendingPostdir = null;
    if (streetLike) return this.readDelivery(0);
    return 0;
  }

  /**
   * Whether token i begins a recipient after the address began (ATTN, C/O written "C/O" or
   * "C O"; not CO, which is also Colorado).
   */
  recipientMarkerAt(i: number, limit: number): boolean {
    const w = this.t[i] as string;
    if (w === 'C') return this.t[i + 1] === 'O' && i + 2 < limit && !this.startsSection(i + 1);
    return w !== 'CO' && isRecipientMarker(w);
  }

  /** Whether an address line can start at token i. */
  isAnchor(i: number, limit: number): boolean {
    const t = this.t;
    const w = t[i] as string;
    const next = t[i + 1];
    if (i + 1 >= limit && i > 0) return false;
    if (/^[NSEW]\d+$/.test(w) && next !== undefined && /^[NSEW]\d+$/.test(next)) return true; // "W148 N9748"
    // "Junction Highway 76 37": a number right after a highway word is the route's.
    if (i > 0 && HIGHWAY_LAST.has(t[i - 1] as string) && /^\d/.test(w)) {
      for (let k = Math.max(0, i - 4); k < i; k++) {
        const m = matchPhrase(HIGHWAYS, t, k, i);
        if (m && k + m.length === i) return false;
      }
    }
    if (isHouseNumber(w) || /^\d+\/\d+$/.test(w) && i === 0) {
      // A number followed by something that can be a street.
      if (next === undefined || i + 1 >= limit) return i === 0;
      if (this.startsSection(i + 1) && !/^\d+$/.test(next)) return false;
      // "dept 0669 po box 120001": a number before a PO box is not a house number.
      if (this.boxIdAfter(i + 1, limit) !== null) return false;
      if (/^\d+$/.test(w) && ordinalNumber(next) === null && unitDesignator(next)?.requiresNumber === true && i > 0) return false;
      // "Cond El Monte Apt 5 San Juan PR": a unit's number before the city is no house number.
      if (i > 0 && (t[i - 1] === '#' || unitDesignator(t[i - 1] as string)?.requiresNumber === true) && this.placeState() !== null &&
        this.isPlaceSpan(i + 1, limit) === true) return false;
      return true;
    }
    if (numberWord(w) !== null && i + 2 <= limit && next !== undefined && !this.startsSection(i + 1) &&
      (suffixStandard(next) === null || i + 2 < limit && !this.startsSection(i + 2))) return true;
    if (this.numberWordsAt(i, limit) !== null) return true; // "Twenty-Two Elm St", "Two Hundred Main St"
    if (matchPhrase(PO_BOX, t, i, limit) && this.boxIdAfter(i, limit) !== null) return true;
    if (i === 0 && this.highwayAt(0, limit) !== null) return true;
    if (this.routeAt(i, limit) !== null) return true;
    if (isMilitaryUnit(w) && next !== undefined && /\d/.test(next)) return true;
    if (isUrbanization(w)) return true;
    if (w === '#' && next !== undefined && i === 0) return true;
    return false;
  }

  /** For a PO box phrase at i, the index of the box id token, or null. */
  boxIdAfter(i: number, limit: number): number | null {
    const m = matchPhrase(PO_BOX, this.t, i, limit);
    if (!m) return null;
    let j = i + m.length;
    if (this.t[j] === '#' || this.t[j] === 'NO' || this.t[j] === 'NUMBER') j++;
    const id = this.t[j];
    if (j < limit && id !== undefined && isIdentifier(id) && /\d/.test(id) || (j < limit && id !== undefined && /^[A-Z]$/.test(id) && m.length > 1)) return j;
    return null;
  }

  /** A rural route or highway contract line at i: RR 2 BOX 45, HC 1 BX 9, RR03 BOX 98D. */
  routeAt(i: number, limit: number): { kind: string; route: string; box: string | null; next: number } | null {
    const t = this.t;
    let kind: string;
    let j: number;
    let route: string;
    const w0 = t[i] as string;
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
    if (j < limit && isBoxWord(t[j] as string) || t[j] === 'PO' && t[j + 1] === 'BOX') {
      const k = t[j] === 'PO' ? j + 2 : j + 1;
      const id = t[k] === '#' ? t[k + 1] : t[k];
      if (id !== undefined && isIdentifier(id)) {
        box = id;
        j = (t[k] === '#' ? k + 2 : k + 1);
        // "Box 42 D": a letter after the box number is part of it.
        if (/^\d+$/.test(id) && j < limit && /^[A-Z]$/.test(t[j] as string) && !this.startsSection(j)) { box += t[j]; j++; }
      }
    }
    // A bare "ROUTE 9" is a highway; a route needs its box, or a word only routes use.
    const word = t[i] as string;
    if (box === null && !(glued || word === 'RR' || word === 'RFD' || word === 'HC' || word === 'HCR' || word === 'RURAL' || word === 'STAR')) return null;
    return { kind, route, box, next: j };
  }

  /** Parses the delivery line from token `start`; returns where the city may begin. */
  readDelivery(start: number): number {
    const t = this.t;
    const limit = this.llStart;
    let i = start;
    if (i >= limit) return i;
    // Puerto Rico urbanization before the street.
    if (isUrbanization(t[i] as string)) {
      let j = i + 1;
      while (j < limit && !isHouseNumber(t[j] as string) && !(this.startsSection(j))) j++;
      if (j > i + 1) { this.c.urbanization = this.text(i + 1, j); this.raw.urbanization = this.rawOf(i, j); }
      i = j;
      if (i >= limit) return i;
    }
    // PO Box.
    const boxId = this.boxIdAfter(i, limit);
    if (boxId !== null) {
      this.c.po_box = t[boxId] as string;
      this.raw.po_box = this.rawOf(i, boxId + 1);
      // "P.O. Box 628 Hwy 231 Lake Butler FL": a highway after the box, in its section, is the street.
      if (boxId + 1 < limit && !this.startsSection(boxId + 1) && this.highwayAt(boxId + 1, limit) !== null) return this.readStreet(boxId + 1, limit);
      return this.readUnits(boxId + 1);
    }
    // Rural route / highway contract.
    const route = this.routeAt(i, limit);
    if (route) {
      this.c.box_group_type = route.kind;
      this.c.rural_route = route.route;
      this.c.box = route.box;
      this.raw.rural_route = this.rawOf(i, route.next);
      return this.readUnits(route.next);
    }
    // Military: PSC 802 BOX 74, UNIT 2050 BOX 4190, CMR 450 BOX 1.
    if (isMilitaryUnit(t[i] as string) && /\d/.test(t[i + 1] ?? '')) {
      const bw = t[i + 2];
      if (bw !== undefined && isBoxWord(bw) && t[i + 3] !== undefined && isIdentifier(t[i + 3] as string)) {
        this.c.box_group_type = t[i] as string;
        this.c.rural_route = t[i + 1] as string;
        this.c.box = t[i + 3] as string;
        this.raw.rural_route = this.rawOf(i, i + 4);
        return this.readUnits(i + 4);
      }
    }
    // A unit written before the number: "#4B 123 Main St", "Apt 4 123 Main St".
    if (i + 2 < limit) {
      const d = t[i] === '#' ? { code: '#', requiresNumber: true } : unitDesignator(t[i] as string);
      const idAt = d && d.code !== '#' && t[i + 1] === '#' ? i + 2 : i + 1; // "Department # 0524"
      const after = t[idAt + 1] ?? '';
      if (d && d.requiresNumber && isIdentifier(t[idAt] ?? '') && idAt + 1 < limit && (isHouseNumber(after) && /^\d/.test(after) || this.boxIdAfter(idAt + 1, limit) !== null)) {
        this.c.unit_type = d.code;
        this.c.unit_number = t[idAt] as string;
        this.raw.unit_type = this.rawOf(i, idAt + 1);
        i = idAt + 1;
        const box = this.boxIdAfter(i, limit);
        if (box !== null) {
          this.c.po_box = t[box] as string;
          this.raw.po_box = this.rawOf(i, box + 1);
          return this.readUnits(box + 1);
        }
      }
    }
    // "#6 Montague Terrace": a unit and no house number.
    if (t[i] === '#' && i + 2 < limit && isIdentifier(t[i + 1] as string) && !isHouseNumber(t[i + 2] as string) && this.c.unit_type === null) {
      this.setUnit('#', t[i + 1] as string, this.rawOf(i, i + 2));
      i += 2;
    }
    // "10 Ave" alone is a numbered avenue, not a house number.
    if (i === 0 && limit === 2 && this.end === 2 && /^\d+$/.test(t[0] as string) && suffixStandard(t[1] as string) !== null) {
      this.c.street = t[0] as string;
      this.c.suffix = suffixStandard(t[1] as string);
      this.raw.suffix = t[1] as string;
      return 2;
    }
    // "4B-123": a unit glued before the house number.
    const glued = /^(\d*[A-Z]+\d*|\d+[A-Z]+)-(\d+)$/.exec(t[i] as string);
    if (glued && !/^[NSEW]\d+$/.test(glued[1] as string) && this.c.unit_number === null && i + 1 < limit &&
      matchPhrase(HIGHWAYS, [glued[1] as string], 0) === null) {
      this.c.unit_type = '#';
      this.c.unit_number = glued[1] as string;
      this.c.number = glued[2] as string;
      this.raw.number = glued[2] as string;
      i++;
    } else {
      i = this.readNumber(i, limit);
    }
    // "6910 # G Mary Caroline Circle": a unit between the number and the street.
    if (t[i] === '#' && this.c.number !== null && i + 2 < limit && isIdentifier(t[i + 1] as string) && !this.startsSection(i + 2) && this.c.unit_type === null) {
      this.setUnit('#', t[i + 1] as string, this.rawOf(i, i + 2));
      i += 2;
    }
    return this.readStreet(i, limit);
  }

  /**
   * A house number written in several number words from i ("Two Hundred", "Twenty Two",
   * "Twenty-Two"), with a street after it in its section: its value and the index after it.
   */
  numberWordsAt(i: number, limit: number): { value: string; next: number } | null {
    if (i + 1 >= limit || !startsNumberWords(this.t[i] as string)) return null;
    let found: { value: string; next: number } | null = null;
    for (let j = i + 1; j <= limit && j - i <= 6; j++) {
      if (j > i + 1 && this.startsSection(j - 1)) break;
      const value = numberOfWords(this.t.slice(i, j));
      if (value !== null && j < limit && !this.startsSection(j)) found = { value, next: j };
    }
    // "One Thousand Oaks Blvd": number words that begin a place's name with the word after them
    // are the street's; the number is the first word.
    if (found !== null && this.places?.isPlace(this.text(i + 1, found.next + 1), null) === true) return null;
    return found;
  }

  /** House number (with fraction, grid or Wisconsin forms); returns the next index. */
  readNumber(i: number, limit: number): number {
    const t = this.t;
    const w = t[i];
    if (w === undefined || i >= limit) return i;
    const words = this.numberWordsAt(i, limit);
    if (words !== null) {
      this.c.number = words.value;
      this.raw.number = this.rawOf(i, words.next);
      return words.next;
    }
    const word = numberWord(w);
    if (word !== null && i + 1 < limit && !this.startsSection(i + 1)) {
      this.c.number = word;
      this.raw.number = w;
      return i + 1;
    }
    let number = w;
    let j = i + 1;
    // Wisconsin "W148 N9748".
    const next = t[j];
    if (/^[NSEW]\d+$/.test(w) && next !== undefined && /^[NSEW]\d+$/.test(next) && j < limit) { number = `${w} ${next}`; j++; }
    else if (!isHouseNumber(w)) return i;
    // Utah grid glued: "48S 400E".
    const grid = /^(\d+)([NSEW])$/.exec(w);
    if (grid && next !== undefined && /^\d+[NSEW]$/.test(next)) {
      number = grid[1] as string;
      this.c.predir = grid[2] as string;
      this.raw.predir = grid[2] as string;
    }
    this.c.number = number;
    this.raw.number = this.rawOf(i, j);
    // A list of house numbers ("5240;5220 3rd St", "1542, 1544 N Wells St"): the number is the list.
    const listed = next !== undefined && j === i + 1 ? this.listedNumber(i, limit) : null;
    if (listed !== null) {
      this.c.number = listed;
      this.raw.number = listed;
      return i + 2;
    }
    // Fraction.
    const f = t[j];
    if (f !== undefined && j < limit && /^\d+\/\d+$/.test(f) && !this.startsSection(j)) {
      this.c.number_fraction = f;
      j++;
    }
    // A single letter after the number ("11719 B JEFFERSON AVE") belongs to it when a name follows.
    const letter = t[j];
    if (letter !== undefined && /^[A-Z]$/.test(letter) && directional(letter) === null && j + 1 < limit && !this.startsSection(j + 1) && !this.startsSection(j)) {
      const after = t[j + 1] as string;
      // "100 M Street SE": the letter is the street.
      if (suffixStandard(after) === null && !isIntersectionWord(after) && /^[A-Z]{2,}$/.test(after) && stateCode(letter + after) === null) {
        this.c.number = `${number}${letter}`;
        j++;
      }
    }
    return j;
  }

  /**
   * The house numbers of a list that opens the line — a number alone in its section, then a
   * semicolon (OpenStreetMap's list separator) or a comma and a second number of as many digits
   * before the street — written "5240;5220" or "1542, 1544"; null for anything else.
   */
  listedNumber(i: number, limit: number): string | null {
    const t = this.t;
    const first = t[i] as string;
    const second = t[i + 1] as string;
    if (i + 2 >= limit || (i > 0 && !this.startsSection(i)) || !this.startsSection(i + 1) || this.startsSection(i + 2)) return null;
    if (!/^\d+$/.test(first) || !/^\d+$/.test(second) || this.isUnitStart(i + 2, limit)) return null;
    const separator = this.source.slice((this.tokens[i] as Token).end, (this.tokens[i + 1] as Token).start).trim();
    if (separator === ';') return `${first};${second}`;
    return separator === ',' && first.length === second.length ? `${first}, ${second}` : null;
  }

  /** Street name with directionals, suffix or highway, then units; returns where the city may begin. */
  readStreet(i: number, limit: number): number {
    const t = this.t;
    if (i >= limit) return i;
    // Grid glued: the street is "400E" -> 400 + E.
    const gridStreet = /^(\d+)([NSEW])$/.exec(t[i] as string);
    if (gridStreet && this.c.predir !== null) {
      this.c.street = gridStreet[1] as string;
      this.c.postdir = gridStreet[2] as string;
      this.raw.street = t[i] as string;
      return this.readUnits(i + 1);
    }
    // "155 At I-552": AT before a highway is not the street's name.
    if (t[i] === 'AT' && i + 1 < limit && this.highwayAt(i + 1, limit) !== null) {
      this.unparsed.push(this.rawOf(i, i + 1));
      i++;
    }
    // "Corner of X and Y".
    const corner = matchPhrase(CORNER_OF, t, i, limit);
    if (corner && this.c.number === null) {
      this.unparsed.push(this.rawOf(i, i + corner.length));
      i += corner.length;
    }
    // The span the street can occupy: up to the end of the section or the last line.
    let stop = i;
    while (stop < limit && (stop === i || !this.startsSection(stop))) {
      const w = t[stop] as string;
      if (stop > i && this.isUnitStart(stop, limit) && !(w === '#' && matchPhrase(HIGHWAYS, t, stop - 1, stop) !== null)) {
        // A designator that needs no number ("Ocean Front", "Rear") ends the street only at the
        // end of its section.
        const d = unitDesignator(w);
        const atEnd = stop + 1 >= limit || this.startsSection(stop + 1);
        if (!(d && !d.requiresNumber && !atEnd && !/\d/.test(t[stop + 1] as string))) break;
      }
      if (stop > i && this.boxIdAfter(stop, limit) !== null && (w !== 'BOX' || stop > i + 1)) break;
      if (stop > i && this.routeAt(stop, limit) !== null && w !== 'RT' && w !== 'ROUTE' && w !== 'RTE') break;
      if (stop > i && isIntersectionWord(w) && this.c.number === null) break;
      if (stop > i && this.recipientMarkerAt(stop, limit)) break;
      stop++;
    }
    // Intersection: "Main St & 1st Ave".
    if (stop < limit && isIntersectionWord(t[stop] as string) && this.c.number === null && !this.startsSection(stop)) {
      const first = this.readName(i, stop, 'none');
      Object.assign(this.c, { predir: first.predir, street: first.street, suffix: first.suffix, postdir: first.postdir });
      let stop2 = stop + 1;
      while (stop2 < limit && !this.startsSection(stop2)) stop2++;
      // "Mission and Valencia Sts": a plural type names both streets' type.
      let plural: string | null = null;
      for (let q = stop + 2; q < stop2; q++) if (pluralSuffix(t[q] as string) !== null) { plural = pluralSuffix(t[q] as string); stop2 = q + 1; break; }
      const second = this.readName(stop + 1, plural !== null ? stop2 - 1 : stop2, plural !== null ? 'none' : this.cityMustComeFrom(stop2));
      if (plural !== null) {
        second.suffix = second.suffix ?? plural;
        second.end = stop2;
        if (this.c.suffix === null) this.c.suffix = plural;
      }
      this.c.cross_street = { predir: second.predir, street: second.street, suffix: second.suffix, postdir: second.postdir };
      return second.end;
    }
    const name = this.readName(i, stop, this.cityMustComeFrom(stop));
    this.c.predir = this.c.predir ?? name.predir;
    this.c.street = name.street;
    this.c.suffix = name.suffix;
    this.c.postdir = name.postdir;
    if (name.rawSuffix) this.raw.suffix = name.rawSuffix;
    if (name.rawPredir) this.raw.predir = name.rawPredir;
    if (name.rawPostdir) this.raw.postdir = name.rawPostdir;
    if (name.street) this.raw.street = name.street;
    // The rest of the section: a unit id ("Ave. 600"), then the city.
    if (name.end < stop) return this.readUnits(name.end);
    return this.readUnits(stop);
  }

  /**
   * Whether a city has to be carved out of the tail of the section that ends at `stop`:
   * 'required' when a state follows with no other place for the city, 'optional' when only a
   * ZIP follows, 'none' when another section holds the city or no last line follows.
   */
  cityMustComeFrom(stop: number): CityNeed {
    if (this.llStart >= this.end || this.cityAfterState !== null) return 'none';
    // Other sections before the last line can hold the city.
    for (let k = stop; k < this.llStart; k++) if (!this.isUnitStart(k, this.llStart)) return 'none';
    const sameSection = stop > 0 && this.sec[stop - 1] === this.sec[this.llStart];
    // "123 Maple Rochester, New York": the state stands alone in its section, so the city is
    // at the end of the street's section.
    const stateAlone = this.c.state !== null && this.startsSection(this.llStart);
    if (!sameSection && !stateAlone) return 'none';
    return this.c.state !== null ? 'required' : 'optional';
  }

  /**
   * Whether the ST at token k is a suite ("7777 Bonhomme Ave St 1400", "Boundary Terrace, St 2"):
   * an id with a digit follows, and the street before it is complete — its type written as an
   * abbreviation that is not also a word, after a name (AVE, not PARK: "Oak Park St 5" is Oak
   * Park Street; not "44 Court St 1400" either), or ended by a comma.
   */
  stAsSuite(k: number, limit: number): boolean {
    const t = this.t;
    if (t[k] !== 'ST' || k < 2 || k + 1 >= limit || this.c.number === null || this.startsSection(k + 1)) return false;
    const id = t[k + 1] as string;
    if (!/\d/.test(id) || !isIdentifier(id) || ordinalNumber(id) !== null) return false;
    const prev = t[k - 1] as string;
    const code = suffixStandard(prev);
    if (code === null) return false;
    if (this.startsSection(k)) return true;
    const name = t[k - 2] as string;
    return prev === code && suffixName(code) !== prev && !this.startsSection(k - 1) && !isHouseNumber(name) && directional(name) === null && suffixStandard(name) === null;
  }

  /** The unit designator at token i: a spelling of unit-designators.json, or ST read as a suite. */
  designatorAt(i: number, limit: number): UnitDesignator | null {
    const w = this.t[i] as string;
    return unitDesignator(w) ?? (w === 'ST' && this.stAsSuite(i, limit) ? SUITE : null);
  }

  /** Whether a secondary unit starts at token i. */
  isUnitStart(i: number, limit: number): boolean {
    const t = this.t;
    const w = t[i] as string;
    if (w === '#') return i + 1 < limit;
    const d = this.designatorAt(i, limit);
    const next = t[i + 1];
    // "Main St Ste Genevieve MO": a designator's word that begins the name of a place of the
    // state, up to the last line, is the city's.
    if (d && next !== undefined && !/\d/.test(next) && limit === this.llStart && limit < this.end && this.placeState() !== null && this.isPlaceSpan(i, limit) === true) return false;
    if (d) {
      if (d.numberWithDigit) return next !== undefined && i + 1 < limit && isIdentifier(next) && (/\d/.test(next) || next.length === 1);
      if (next !== undefined && i + 1 < limit && (isIdentifier(next) || next === '#' || next === 'NO' || ordinalNumber(next) !== null)) {
        // "Unit 5" yes; "Lot 5" yes; but "Key West" / "Stop" words need an id with a digit or one letter.
        return true;
      }
      // "Rear", "Lobby" close a line; "Upper Jay", "Lower Peach Tree" are names of places.
      if (!d.requiresNumber) return next === undefined || i + 1 >= limit || this.startsSection(i + 1) || next === 'LEVEL';
      return w === 'APT' || w === 'APARTMENT' || w === 'STE' || w === 'SUITE' || w === 'UNIT';
    }
    // "6th Floor", "Second Floor".
    if (ordinalNumber(w) !== null && next !== undefined && unitDesignator(next)?.code === 'FL') return true;
    return false;
  }

  /**
   * A unit starting inside a run of words ("Panorama Tower Unit 24-L", "Kingston Building Second
   * Floor"): a designator word with an id that has a digit or is one letter, or an ordinal floor,
   * so that a building's name ("Kingston Building Second ...") is not read as its id.
   */
  isUnitInside(i: number, limit: number): boolean {
    // A number sign inside a name numbers the name ("Substation # 1", "Route Box West # 4").
    if (this.t[i] === '#' || !this.isUnitStart(i, limit)) return false;
    if (ordinalNumber(this.t[i] as string) !== null) return true;
    // (A designator that takes no number closing the span, "Rear", has no id.)
    const next = this.t[i + 1];
    return next !== undefined && i + 1 < limit && (/\d/.test(next) || next.length === 1 || next === '#');
  }

  /** Reads units (and a trailing urbanization) from i; returns where the city may begin. */
  readUnits(i: number, limit = this.llStart): number {
    const t = this.t;
    while (i < limit) {
      const w = t[i] as string;
      // A PO box after the street ("115 Harting Road PO Box X"); of two boxes the last is kept.
      const boxId = this.boxIdAfter(i, limit);
      if (boxId !== null && (w !== 'BOX' || this.c.street === null || true)) {
        // Of two boxes, a post office box wins over a lock box or bin; otherwise the first stays.
        const isPo = (raw: string): boolean => /\bP ?O\b|POST/.test(raw);
        const raw = this.rawOf(i, boxId + 1);
        if (this.c.po_box === null || isPo(raw) && !isPo(this.raw.po_box ?? '')) {
          if (this.c.po_box !== null) this.unparsed.push(this.raw.po_box ?? this.c.po_box);
          this.c.po_box = t[boxId] as string;
          this.raw.po_box = raw;
        } else this.unparsed.push(raw);
        i = boxId + 1;
        continue;
      }
      // A rural route after the street ("104 S Walnut RR 1 Box 297").
      const route = this.c.rural_route === null ? this.routeAt(i, limit) : null;
      if (route) {
        this.c.box_group_type = route.kind;
        this.c.rural_route = route.route;
        this.c.box = route.box;
        this.raw.rural_route = this.rawOf(i, route.next);
        i = route.next;
        continue;
      }
      // A post-directional that begins the next section ("Bolton Road, NW Atlanta"), unless the
      // gazetteer knows the directional as part of the city's name.
      const dir2 = this.directionalAt(i, limit);
      if (dir2 && this.startsSection(i) && this.c.postdir === null && this.c.street !== null && this.c.po_box === null) {
        const end = this.sectionEnd(i, limit);
        const lone = end === i + dir2.length;
        // A quadrant (NW, S W) there is the street's; a lone N/S/E/W before a name starts the
        // city's name ("Gravenstein Hwy, N Sebastopol CA" is North Sebastopol).
        const quadrant = dir2.dir.length === 2;
        if (lone || this.isUnitStart(i + dir2.length, limit) || (quadrant && this.isPlaceSpan(i, end) !== true)) {
          this.c.postdir = dir2.dir;
          this.raw.postdir = this.rawOf(i, i + dir2.length);
          i += dir2.length;
          continue;
        }
      }
      if (t[i + 1] === 'LEVEL' && i + 1 < limit && (unitDesignator(w)?.code === 'LOWR' || unitDesignator(w)?.code === 'UPPR')) {
        this.setUnit(unitDesignator(w)!.code, null, `${w} LEVEL`);
        i += 2;
        continue;
      }
      // "Stonebridge Cir No L2": a number sign written as a word.
      if ((w === 'NO' || w === 'NUMBER') && i + 1 < limit && /\d/.test(t[i + 1] as string) && isIdentifier(t[i + 1] as string) && this.c.unit_number === null) {
        this.setUnit('#', t[i + 1] as string, this.rawOf(i, i + 2));
        i += 2;
        continue;
      }
      if (isUrbanization(w)) {
        let j = i + 1;
        while (j < limit && !this.startsSection(j)) j++;
        j = this.beforePlaceClosing(i + 1, j); // "Urb Las Lomas Ponce PR"
        if (j > i + 1 && this.c.urbanization === null) { this.c.urbanization = this.text(i + 1, j); this.raw.urbanization = this.rawOf(i, j); }
        i = j;
        continue;
      }
      if (this.recipientMarkerAt(i, limit)) {
        let j = i + 1;
        while (j < limit && !this.startsSection(j)) j++;
        j = this.beforePlaceClosing(i, j); // "Attn: Lockbox # 402605 College Park GA"
        this.unparsed.push(this.rawOf(i, j));
        i = j;
        continue;
      }
      if (ordinalNumber(w) !== null && unitDesignator(t[i + 1] ?? '')?.code === 'FL' && i + 1 < limit) {
        this.setUnit('FL', ordinalNumber(w) as string, `${w} ${t[i + 1]}`);
        i += 2;
        continue;
      }
      // "# APT 2", "#2nd Floor": the number sign before a designator, or before an ordinal floor, adds nothing.
      if (w === '#' && i + 1 < limit && !this.startsSection(i + 1) && (unitDesignator(t[i + 1] as string) !== null ||
        (ordinalNumber(t[i + 1] as string) !== null && i + 2 < limit && unitDesignator(t[i + 2] as string)?.code === 'FL'))) { i++; continue; }
      const d = this.designatorAt(i, limit); // '#' too: its own designator
      if (d !== null) {
        if (!this.isUnitStart(i, limit)) break;
        let j = i + 1;
        if (t[j] === '#' || t[j] === 'NO' || t[j] === 'NUMBER' || t[j] === 'NBR') j++;
        const id = t[j];
        // "Bldg St Paul MN", "Rear St Louis": a word that begins the city is not the unit's id.
        const cityWord = id !== undefined && !/\d/.test(id) && this.isPlaceSpan(j, limit) === true;
        // "Apt Upper", "Unit Downst": a word naming the unit (data/parser-words.json unitNames) is its id.
        const named = id !== undefined && d.code !== 'FL' && isUnitName(id);
        if (id !== undefined && j < limit && (isIdentifier(id) || ordinalNumber(id) !== null || named) && !(this.startsSection(j) && !/\d/.test(id)) && !cityWord) {
          let n = d.code === 'FL' ? (ordinalNumber(id) ?? id) : id;
          // "Apt 13 C": a letter after the number belongs to it at the end of the line.
          const letter = t[j + 1];
          if (letter !== undefined && /^[A-Z]$/.test(letter) && /^\d+$/.test(n) && j + 1 < limit && !this.startsSection(j + 1) &&
            (j + 2 >= limit || this.startsSection(j + 2)) && directional(letter) === null) { n += letter; j++; }
          // "# 3 South", "Unit 2 East": a direction closing the line is part of the unit; so is a
          // one-letter one before the city ("Apt 1 N Oak Park IL").
          else if (letter !== undefined && directional(letter) !== null && j + 1 < limit && !this.startsSection(j + 1) &&
            ((j + 2 >= limit || this.startsSection(j + 2)) && this.c.street !== null && this.llStart >= this.end || this.unitWingBeforeCity(j + 1, limit))) { n += ` ${letter}`; j++; }
          // An id glued with a letter and hyphen ("12-B") stays as written.
          this.setUnit(d.code, n, this.rawOf(i, j + 1));
          i = j + 1;
        } else {
          this.setUnit(d.code, null, this.rawOf(i, i + 1));
          i += 1;
        }
        continue;
      }
      const sectionEnd = this.sectionEnd(i, limit);
      // A post-directional in a section of its own ("1800 M Street, NW, Washington").
      if (this.startsSection(i) && this.c.postdir === null && this.c.street !== null && directional(w) !== null &&
        (sectionEnd === i + 1 || this.isUnitStart(i + 1, limit))) {
        this.c.postdir = directional(w);
        this.raw.postdir = w;
        i++;
        continue;
      }
      // "2 Floor": a number before the floor designator.
      if (/^\d+$/.test(w) && i + 1 < limit && unitDesignator(t[i + 1] as string)?.code === 'FL' && this.c.street !== null) {
        this.setUnit('FL', w, `${w} ${t[i + 1]}`);
        i += 2;
        continue;
      }
      // "Ground Floor", "Lower Level".
      const next = t[i + 1];
      if (next !== undefined && i + 1 < limit && (w === 'GROUND' || w === 'MAIN' || w === 'TOP') && unitDesignator(next)?.code === 'FL') {
        this.setUnit('FL', w, `${w} ${next}`);
        i += 2;
        continue;
      }
      if (next === 'LEVEL' && i + 1 < limit && (unitDesignator(w)?.code === 'LOWR' || unitDesignator(w)?.code === 'UPPR')) {
        this.setUnit(unitDesignator(w)!.code, null, `${w} ${next}`);
        i += 2;
        continue;
      }
      // "720 10th Ave SW A Mount Vernon": a lone letter after a complete street is its unit.
      if (/^[A-Z]$/.test(w) && directional(w) === null && this.c.suffix !== null && this.c.unit_type === null && !this.startsSection(i) &&
        (i + 1 < limit || this.llStart >= this.end)) {
        this.setUnit('#', w, w);
        i++;
        continue;
      }
      // A bare unit id right after the street ("168 Eastern Prom 3R", "Monroe, 12C, Chicago").
      // Not when other words follow it in a section that ends before the last line: that is a
      // building's number ("Peachtree St, NE 400 Colony Square, Suite 1730").
      const building = sectionEnd > i + 1 && sectionEnd < limit;
      // "Winnfield Road, 106 D, Warrenville": a section of a number and a letter is a unit.
      if (this.c.unit_type === null && this.c.street !== null && this.startsSection(i) && sectionEnd === i + 2 && /^\d+$/.test(w) &&
        /^[A-Z]$/.test(t[i + 1] as string) && sectionEnd < limit) {
        this.setUnit('#', `${w}${t[i + 1]}`, this.rawOf(i, i + 2));
        i += 2;
        continue;
      }
      if (this.c.unit_number === null && this.c.unit_type === null && /\d/.test(w) && isIdentifier(w) && !building &&
        (!this.startsSection(i) || sectionEnd === i + 1) && (this.c.street !== null)) {
        // "Park Ave W 4 N": a direction closing the line belongs to the unit, and a one-letter one
        // before the city ("Randolph 1 N Oak Park IL").
        const dir = t[i + 1];
        if (dir !== undefined && directional(dir) !== null && !this.startsSection(i + 1) && (i + 2 === limit && limit === this.end || this.unitWingBeforeCity(i + 1, limit))) {
          this.setUnit('#', `${w} ${dir}`, `${w} ${dir}`);
          i += 2;
          continue;
        }
        this.setUnit('#', w, w);
        i++;
        continue;
      }
      break;
    }
    return i;
  }

  /** A directional at i, also written as two letters ("N E", "S. W."). */
  directionalAt(i: number, limit: number): { dir: string; length: number } | null {
    const a = this.t[i];
    if (a === undefined || i >= limit) return null;
    const b = this.t[i + 1];
    if ((a === 'N' || a === 'S') && (b === 'E' || b === 'W') && i + 1 < limit && !this.startsSection(i + 1)) return { dir: a + b, length: 2 };
    // "South East": a quadrant spelled out in two words, unless the second begins a known place
    // ("Main St South West Springfield MA" is West Springfield).
    if (b !== undefined && a.length > 2 && b.length > 2 && i + 1 < limit && !this.startsSection(i + 1)) {
      const da = directional(a);
      const db = directional(b);
      if ((da === 'N' || da === 'S') && (db === 'E' || db === 'W') && this.isPlaceSpan(i + 1, this.sectionEnd(i + 1, limit)) !== true) return { dir: da + db, length: 2 };
    }
    // "21st Ave No. Ste 130": NO before a unit or at the end is North, not a number sign.
    if (a === 'NO' && (i + 1 >= limit || this.startsSection(i + 1) || this.isUnitStart(i + 1, limit) || this.isPlaceSpan(i + 1, limit) === true)) return { dir: 'N', length: 1 };
    const d = directional(a);
    return d ? { dir: d, length: 1 } : null;
  }

  /** Index after the last token of the section that holds token i (bounded by limit). */
  sectionEnd(i: number, limit: number): number {
    let j = i + 1;
    while (j < limit && !this.startsSection(j)) j++;
    return j;
  }

  setUnit(code: string, id: string | null, raw: string): void {
    if (this.c.unit_type !== null || this.c.unit_number !== null) {
      // A second designator (building + suite): keep the more specific, the rest is unparsed.
      this.unparsed.push(raw);
      return;
    }
    this.c.unit_type = code;
    this.c.unit_number = id;
    this.raw.unit_type = raw;
  }

  /**
   * Splits tokens [a, b) into predir, street name, suffix and postdir. When `cityNeeded`, the
   * tail of the span is a city (no comma between street and city) and `end` says where it starts.
   */
  readName(a: number, b: number, need: CityNeed): CrossStreet & { end: number; rawSuffix?: string; rawPredir?: string; rawPostdir?: string } {
    const t = this.t;
    const out: CrossStreet & { end: number; rawSuffix?: string; rawPredir?: string; rawPostdir?: string } = { predir: null, street: null, suffix: null, postdir: null, end: b };
    const cityNeeded = need === 'required';
    if (a >= b) return out;
    // Highway pre-type at the start: "US HWY 15 501 N", "COUNTY ROAD KK", "I-35", "STATE ROUTE 21".
    let k = a;
    let predirTok: string | null = null;
    const d0 = directional(t[a] as string);
    if (d0 !== null && a + 1 < b) {
      predirTok = d0;
      k = a + 1;
    }
    let hw = this.highwayAt(k, b);
    // "Old State Route 3", "Illinois Route 31": words before a highway name belong to it.
    let hwPrefix = '';
    for (let q = k + 1; !hw && q < b - 1 && q <= k + 2; q++) {
      const h = this.highwayAt(q, b);
      if (h && h.next >= b - 1) { hw = h; hwPrefix = `${this.text(k, q)} `; }
    }
    if (hw) {
      out.predir = predirTok;
      out.street = hwPrefix + hw.name;
      out.postdir = this.pendingPostdir;
      this.pendingPostdir = null;
      let e = hw.next;
      // "FM 1960 Rd W": a type after the route number.
      const std = e < b ? suffixStandard(t[e] as string) : null;
      if (std !== null && (e + 1 === b || directional(t[e + 1] as string) !== null || !cityNeeded)) { out.suffix = std; out.rawSuffix = t[e] as string; e++; }
      if (e < b && directional(t[e] as string) !== null && (!cityNeeded || e + 1 === b || !this.isPlaceSpan(e, b))) {
        out.postdir = directional(t[e] as string);
        out.rawPostdir = t[e] as string;
        e++;
      }
      // "I 49 S Service Rd", "US Highway 53 Bsnss Rte N", "US 117 South Alt Hwy": a frontage road or
      // business route named after the highway, with a type of its own closing the street's
      // section (where the city is not in that section, and the words are not a known place).
      // Before a state the words after the type must be a place of that state ("Interstate 35
      // Frontage Rd Austin TX").
      if (out.suffix === null && e < b) {
        for (let p = hw.next + 1; p < b; p++) {
          const type = suffixStandard(t[p] as string);
          if (type === null || !(isCommonSuffix(type) || type === 'RTE' || type === 'BYP')) continue;
          if (t.slice(hw.next, p).some((w) => isIntersectionWord(w) || /\d/.test(w))) break;
          const closingDir = p + 1 < b ? directional(t[p + 1] as string) : null;
          const end = closingDir !== null && (p + 2 === b || need !== 'none' && this.isPlaceSpan(p + 2, b) === true) ? p + 2 : p + 1;
          const fits = need === 'none' ? end === b && !(this.places?.isPlace(this.text(e, b), null) ?? false) : end < b && this.isPlaceSpan(end, b) === true;
          if (!fits) continue;
          out.street = `${hwPrefix}${hw.name} ${this.text(hw.next, p)}`;
          out.suffix = type;
          out.rawSuffix = t[p] as string;
          out.postdir = end === p + 2 ? closingDir : null;
          if (out.postdir !== null) out.rawPostdir = t[p + 1] as string;
          else delete out.rawPostdir;
          e = end;
          break;
        }
      }
      // "US Highway 18 And 15": the highways meet; the second is a cross street.
      if (e + 2 === b && isIntersectionWord(t[e] as string) && /^\d+[A-Z]?$/.test(t[e + 1] as string) && !this.c.cross_street) {
        this.c.cross_street = { predir: null, street: t[e + 1] as string, suffix: null, postdir: null };
        e = b;
      }
      out.end = e;
      return out;
    }
    // Candidates for the suffix: a C1 word with a name word before it.
    const n = b - a;
    let best: { p: number; score: number } | null = null;
    for (let p = a + 1; p < b; p++) {
      const std = suffixStandard(t[p] as string);
      if (std === null) continue;
      // Spellings outside C1 (LA for LANE) are a type only where the street ends ("Alameda de la Pulga").
      if (isExtraSuffix(t[p] as string) && p + 1 < b && directional(t[p + 1] as string) === null && need === 'none') continue;
      // Name words before p (excluding a predir) must exist.
      if (p - 1 < a || (p - 1 === a && predirTok !== null && false)) continue;
      let rest = p + 1;
      if (rest < b && directional(t[rest] as string) !== null && (!cityNeeded || rest + 1 < b || this.placeEndsAt(rest, b) === false)) rest++;
      const remaining = b - rest;
      // "Rue St Louis, Apt 3, Lafayette": ST between a lone type written first and a name is
      // Saint, where the words after it are not the city ("12 Court St Brooklyn NY" is).
      if (t[p] === 'ST' && p - 1 === k && p + 1 < b && isPreType(t[k] as string) && this.saintNameAfter(p + 1, b, need)) continue;
      // "123 Oak Ln St Marie NY": ST after a complete street (a name, then a common type) and before
      // the city's words is Saint, the city's first word, unless the words after it alone are a
      // known place ("Main St St Louis MO" is Saint Louis either way).
      if (t[p] === 'ST' && need !== 'none' && p - 2 >= a && p + 1 < b && p - 1 !== k && isCommonSuffix(suffixStandard(t[p - 1] as string) ?? '') &&
        this.saintWordAt(p + 1) && this.isPlaceSpan(p + 1, b) !== true) continue;
      let score = isCommonSuffix(std) ? 3 : 1;
      if (predirTok !== null && p === k) {
        // Right after a directional: "North St" is a street named NORTH, but "N Wells" is WELLS,
        // and "S Avenue H" / "N St Louis" are names that begin with a type word.
        const tail = rest < b && directional(t[rest] as string) === null;
        if (!isCommonSuffix(std) || tail && need === 'none') continue;
        score -= 1.5;
      }
      // Of two suffix words in a row ("University Square Mall") the last is the suffix; also when
      // only the first is a common one, if the last closes the street before a unit or a comma
      // ("Washington Square Village Apt 10A"; at the very end a word may be a city: "N Fiske Ave Port").
      const nextStd = p + 1 < b ? suffixStandard(t[p + 1] as string) : null;
      if (nextStd !== null && (!cityNeeded || p + 2 < b) && (isCommonSuffix(nextStd) || !isCommonSuffix(std) || need === 'none' && p + 2 === b && b < this.end)) score -= 1.5;
      if (need !== 'none') {
        // "Marsielle St Louis MO": the type word begins the city's name.
        if (p + 1 < b && this.isPlaceSpan(p, b) === true && this.isPlaceSpan(rest, b) !== true) score -= 4;
        if (remaining === 0) score -= cityNeeded ? 1.5 : 0;
        else if (this.isPlaceSpan(rest, b)) score += 4;
        // "Franklin Ave Crown Heights Brooklyn": a known place closes the words after it (the city
        // keeps the place, setCity leaves the words before it aside), which a type word later in
        // those words ("Heights") would cut short. Not right before another type word
        // ("University Square Mall Tampa").
        else if (isCommonSuffix(std) && nextStd === null && this.places && this.knownPlaceWithin(rest, b) !== null) score += 2.5;
        else if (cityNeeded && this.places) score -= 1.5; // the gazetteer does not know that city
        else if (need === 'optional') score -= 1;
      } else if (remaining > 0) {
        // After the street, in the same section: a unit id, or a city without a state.
        score -= remaining > 3 ? 3 : 1;
        // "1950 N Campbell Ave Luxe Logan Square, Chicago", "Ashley River Rd Middleton Cove,
        // Charleston": a through street's type, then a complex's name ending in a type of its own.
        if (isPrimarySuffix(std) && remaining >= 2 && remaining <= 3 && rest === p + 1 && this.llStart < this.end && suffixStandard(t[b - 1] as string) !== null &&
          !t.slice(rest, b).some((w) => /\d/.test(w) || directional(w) !== null)) score += 2;
      }
      // "Peachtree Rd NE Tower Place": a common type with its directional closes the street.
      if (isCommonSuffix(std) && rest > p + 1 && need === 'none' && (rest >= b || suffixStandard(t[rest] as string) === null)) score += 1.5;
      score += (p - a) * 0.01; // prefer later (rightmost) suffix on ties: "Meadow Gate Way"
      if (!best || score > best.score) best = { p, score };
    }
    let nameEnd: number;
    let restStart: number;
    if (best && (best.score > 0 || !cityNeeded)) {
      nameEnd = best.p;
      out.suffix = suffixStandard(t[best.p] as string);
      out.rawSuffix = t[best.p] as string;
      restStart = best.p + 1;
      if (restStart < b) {
        const dir = this.directionalAt(restStart, b);
        const takeDir = dir !== null && (restStart + dir.length === b || this.isPlaceSpan(restStart, b) !== true);
        if (takeDir) { out.postdir = dir.dir; out.rawPostdir = this.rawOf(restStart, restStart + dir.length); restStart += dir.length; }
      }
      // "Saint John W St": a directional just before the type is the post-directional.
      const before = directional(t[nameEnd - 1] as string);
      // Only abbreviated: a spelled-out word there is part of the name ("Ocean Isle West Blvd").
      const nameWords = nameEnd - 1 - (predirTok !== null ? a + 1 : a);
      if (out.postdir === null && before !== null && (t[nameEnd - 1] as string).length <= 2 && nameWords >= 1 &&
        !/^\d+$/.test(t[nameEnd - 2] as string)) {
        out.postdir = before;
        out.rawPostdir = t[nameEnd - 1] as string;
        nameEnd--;
      }
    } else {
      // No suffix: the name runs to the city. Without commas, find the city by the gazetteer
      // or, failing that, leave one word to the street.
      nameEnd = b;
      // "7 N Wells Chicago": without a state, a known place closing the line is the city.
      if (need === 'none' && this.llStart >= this.end && b === this.end && this.places) {
        for (let s = k + 1; s < b; s++) {
          if (this.places.isPlace(this.text(s, b), null, MIN_ZIPS_OF_A_BARE_CITY)) { nameEnd = s; break; }
        }
      }
      if ((cityNeeded || need === 'optional' && this.places) && n > 1) {
        let cut = -1;
        for (let s = k + 1; s < b; s++) if (this.isPlaceSpan(s, b)) { cut = s; break; }
        // Before a state the city must be somewhere: leave one word to the street. Before a
        // ZIP alone, only a place the gazetteer knows is split off.
        if (cut < 0 && cityNeeded) cut = Math.min(b - 1, k + 1);
        if (cut >= 0) nameEnd = cut;
      }
      // A number and a one-letter directional closing a name without a type are a unit (a floor
      // and a wing: "1024 Randolph 1 N", "1056 W Northshore 1 W"), not the street's; not a grid
      // street ("200 S 300 W"), whose name is the number alone.
      if (nameEnd - k >= 3 && /^[NSEW]$/.test(t[nameEnd - 1] as string) && /^\d+$/.test(t[nameEnd - 2] as string) && /^[A-Z]{3,}$/.test(t[nameEnd - 3] as string) &&
        !HIGHWAY_LAST.has(t[nameEnd - 3] as string) &&
        !isSpanishPreType(t[k] as string) && (nameEnd === b || need !== 'none')) nameEnd -= 2;
      // A trailing number after a name is a unit: "1020 West Bryn Mawr 211".
      // ("Calle 4" in Puerto Rico is a street's name.)
      if (nameEnd - k >= 2 && /\d/.test(t[nameEnd - 1] as string) && isIdentifier(t[nameEnd - 1] as string) && !/^\d+[NSEW]?$/.test(t[nameEnd - 2] as string) &&
        !(nameEnd - k === 2 && (isSpanishPreType(t[k] as string) || suffixStandard(t[k] as string) !== null))) nameEnd--;
      restStart = nameEnd;
      // Trailing directional as postdir: "200 S 300 W".
      if (nameEnd - k >= 2 && directional(t[nameEnd - 1] as string) !== null && !(nameEnd - k === 2 && suffixStandard(t[k] as string) !== null)) {
        out.postdir = directional(t[nameEnd - 1] as string);
        out.rawPostdir = t[nameEnd - 1] as string;
        nameEnd--;
      }
    }
    // Name words: [k, nameEnd). A predir only when a name remains after it.
    let nameStart = a;
    if (predirTok !== null && nameEnd - (a + 1) >= 1) { out.predir = predirTok; out.rawPredir = t[a] as string; nameStart = a + 1; }
    if (nameEnd > nameStart) out.street = this.text(nameStart, nameEnd);
    else if (out.suffix !== null && nameEnd === nameStart) {
      // Only a suffix word ("123 Avenue"): keep it as the name.
      out.street = t[nameEnd] as string;
      out.suffix = null;
    }
    out.end = restStart;
    return out;
  }

  /**
   * Whether the words [s, b) after an ST can be the rest of a saint's name rather than what
   * follows a street: a plain word first, and the city elsewhere — in another section, or a
   * known place after that word.
   */
  /** Whether token s can follow Saint: a word of letters, not a directional, type or unit designator. */
  saintWordAt(s: number): boolean {
    const w = this.t[s];
    return w !== undefined && /^[A-Z]+$/.test(w) && directional(w) === null && suffixStandard(w) === null && unitDesignator(w) === null;
  }

  saintNameAfter(s: number, b: number, need: CityNeed): boolean {
    if (!this.saintWordAt(s)) return false;
    if (need === 'none') return this.llStart < this.end;
    const place = this.knownPlaceWithin(s, b);
    return place !== null && this.isPlaceSpan(s, b) !== true;
  }

  /**
   * Whether the one-letter directional at j, after a unit's number, is the unit's wing because a
   * place of the state follows it ("Apt 1 N Oak Park IL"), and the directional with that place is
   * not itself a place ("Apt 1, N Sebastopol": a comma keeps it the city's).
   */
  unitWingBeforeCity(j: number, limit: number): boolean {
    if (!/^[NSEW]$/.test(this.t[j] as string) || j + 1 >= limit || this.startsSection(j + 1) || this.placeState() === null) return false;
    return this.isPlaceSpan(j + 1, limit) === true && this.isPlaceSpan(j, limit) !== true;
  }

  /** A highway name starting at k: the pre-type phrase and its route number. */
  highwayAt(k: number, b: number): { name: string; next: number } | null {
    const t = this.t;
    const w = t[k] as string;
    const glued = GLUED_HIGHWAY.exec(w);
    if (glued) {
      const m = matchPhrase(HIGHWAYS, [glued[1] as string], 0);
      if (m) return { name: `${m.value} ${glued[2]}`, next: k + 1 };
    }
    // "AL HIGHWAY 157", "Indiana Highway 212", "New York State Route 17": a state's own highway.
    if (/^[A-Z]{2}$/.test(w) && stateCode(w) !== null && k + 2 < b) {
      const inner = this.highwayAt(k + 1, b);
      if (inner) return { name: `${w} ${inner.name}`, next: inner.next };
    } else if (isStateFirstWord(w)) {
      for (let len = Math.min(STATE_NAME_MAX_WORDS, b - k - 2); len >= 1; len--) {
        const name = this.text(k, k + len);
        if (stateCode(name) === null) continue;
        const inner = this.highwayAt(k + len, b);
        if (inner && !/^[A-Z]{2} /.test(inner.name)) return { name: `${name} ${inner.name}`, next: inner.next };
      }
    }
    const m = matchPhrase(HIGHWAYS, t, k, b);
    if (m) {
      let j = k + m.length;
      // "State Highway No 33", "Route # A": the number sign is dropped.
      if ((t[j] === 'NO' || t[j] === '#' || t[j] === 'NUMBER') && j + 1 < b) j++;
      const id = t[j];
      if (j < b && id !== undefined && (/^\d+[A-Z]?$/.test(id) || /^[A-Z]{1,2}$/.test(id) && directional(id) === null)) {
        // "COUNTY HWY 60E": the direction glued to the route number is a post-directional.
        const dirGlued = /^(\d+)([NSEW])$/.exec(id);
        if (dirGlued && this.pendingPostdir === null) {
          this.pendingPostdir = dirGlued[2] as string;
          return { name: `${m.value} ${dirGlued[1]}`, next: j + 1 };
        }
        let name = `${m.value} ${id}`;
        let next = j + 1;
        if (next < b && isRouteModifier(t[next] as string)) { name += ` ${t[next]}`; next++; }
        // "US HWY 15 501": a second route number.
        const id2 = t[next];
        if (next < b && id2 !== undefined && /^\d+$/.test(id2) && /^\d+$/.test(id)) { name += ` ${id2}`; next++; }
        return { name, next };
      }
    }
    // A state code used as a highway name: "CA 72", "TX 71".
    if (stateCode(w) !== null && k + 1 < b && /^\d+$/.test(t[k + 1] as string) && (this.c.number !== null || k === 0)) {
      return { name: `${w} ${t[k + 1]}`, next: k + 2 };
    }
    return null;
  }

  /** Whether [s, b) is a known place in the parsed state (gazetteer), null when no gazetteer. */
  isPlaceSpan(s: number, b: number): boolean | null {
    if (!this.places || s >= b || b - s > 5) return this.places ? false : null;
    const state = this.placeState();
    if (this.places.isPlace(this.text(s, b), state)) return true;
    // "N Palm Beach" is North Palm Beach.
    const dir = DIRECTION_WORDS[this.t[s] as string];
    return dir !== undefined && b - s > 1 && this.places.isPlace(`${dir} ${this.text(s + 1, b)}`, state);
  }

  /**
   * The longest known place ending the span [s, e), as [start, end): "Budd Insurance Agency
   * Coldwater" -> Coldwater; failing that, a curated alias ending it ("... Brooklyn NYC" -> NYC). Only a suffix: a place followed by words it does not know is
   * usually its own abbreviation ("Huntingdon Vy", "Bear Creek Twp"), not a place and leftovers.
   * A leading directional stays with the rest: "N Sebastopol" is how the writer names the place.
   */
  knownPlaceWithin(s: number, e: number): [number, number] | null {
    for (let q = s + 1; q < e; q++) {
      if (q === s + 1 && directional(this.t[s] as string) !== null) continue;
      if (this.isPlaceSpan(q, e)) return [q, e];
    }
    // "Crown Heights Brooklyn NYC": else a curated alias closing the span.
    const state = this.placeState();
    if (this.places?.isAlias !== undefined && e - s > 1) {
      for (let q = Math.max(s + 1, e - 3); q < e; q++) if (this.places.isAlias(this.text(q, e), state)) return [q, e];
    }
    return null;
  }

  /**
   * Where the words [from, j) of a recipient or an urbanization end when they run, with no comma,
   * up to the state: before the place of the state that closes them ("Attn: Lockbox # 402605
   * College Park GA", "Urb Las Lomas Ponce PR": the place is the city); j otherwise. The place
   * starts after `from`'s word.
   */
  beforePlaceClosing(from: number, j: number): number {
    if (j !== this.llStart || j >= this.end || this.placeState() === null) return j;
    const place = this.knownPlaceWithin(from, j);
    return place !== null ? place[0] : j;
  }

  /** The state a place name is looked up in: the parsed one, else the ZIP's. */
  placeState(): string | null {
    if (this.c.state !== null) return this.c.state;
    if (this.c.zip5 === null || !this.places?.stateOfZip) return null;
    // (Asked many times a parse, of the same ZIP.)
    if (this.zipOfState !== this.c.zip5) {
      this.zipOfState = this.c.zip5;
      this.stateOfZip = this.places.stateOfZip(this.c.zip5);
    }
    return this.stateOfZip;
  }

  placeEndsAt(s: number, b: number): boolean | null {
    return this.isPlaceSpan(s, b);
  }

  /** Everything between the delivery line and the state is the city. */
  readCity(from: number): void {
    const limit = this.llStart;
    if (this.cityAfterState !== null) {
      const [s, e] = this.cityAfterState;
      if (from < limit) this.pushLeftovers(from, limit);
      this.c.city = this.text(s, e);
      this.raw.city = this.rawOf(s, e);
      return;
    }
    if (from >= limit) return;
    // Without a state or ZIP, later sections that carry a unit are building lines, not a city
    // ("3340 Peachtree Rd, Tower Place, Ste 1685").
    if (limit >= this.end && this.c.street !== null) {
      for (let k = from; k < limit; k++) {
        if (this.isUnitStart(k, limit) && this.c.unit_type === null && (unitDesignator(this.t[k] as string)?.requiresNumber ?? true)) {
          if (k > from) this.unparsed.push(this.rawOf(from, k));
          const after = this.readUnits(k);
          if (after < limit) this.unparsed.push(this.rawOf(after, limit));
          return;
        }
      }
    }
    // Several sections: the city is the last one (or the last the gazetteer knows: "New York,
    // NYC, 10010"); earlier leftovers are unparsed.
    let s = from;
    let prevS = from;
    for (let k = from + 1; k < limit; k++) if (this.startsSection(k)) { prevS = s; s = k; }
    if (s > from && this.places && this.isPlaceSpan(s, limit) === false && this.isPlaceSpan(prevS, s) === true && !COUNTY_WORDS.has(this.t[limit - 1] as string)) {
      this.unparsed.push(this.rawOf(s, limit));
      return this.setCity(prevS, s, from);
    }
    let e = limit;
    // "Seattle, King County, WA": a county section is not the city.
    if (s > from && COUNTY_WORDS.has(this.t[limit - 1] as string)) { this.unparsed.push(this.rawOf(s, limit)); e = s; s = prevS; }
    // "..., Apt 12-3B Stamford, CT": a unit opening the city's section.
    if (this.isUnitStart(s, e) && this.c.unit_type === null) {
      const after = this.readUnits(s);
      if (after > s && after < e) {
        if (s > from) this.unparsed.push(this.rawOf(from, s));
        this.setCity(after, e, after);
        return;
      }
    }
    this.setCity(s, e, from);
  }

  /**
   * Words between the street and the city, by section: a unit among them is read ("Business
   * Loop 70 W, Mizzou North, Rm 501, ..., Columbia MO"; "Panorama Tower Unit 24-L Miami"), the
   * rest (buildings, departments) is unparsed.
   */
  pushLeftovers(from: number, to: number): void {
    let k = from;
    while (k < to) {
      const end = this.sectionEnd(k, to);
      let u = k;
      while (u < end && !(this.c.unit_type === null && (u === k ? this.isUnitStart(u, end) : this.isUnitInside(u, end)))) u++;
      if (u < end) {
        if (u > k) this.unparsed.push(this.rawOf(k, u));
        const after = this.readUnits(u, end);
        if (after < end) this.unparsed.push(this.rawOf(after, end));
      } else {
        this.unparsed.push(this.rawOf(k, end));
      }
      k = end;
    }
  }

  /** The last of the tokens [s, e) that has a digit, or -1. */
  lastDigitAt(s: number, e: number): number {
    for (let q = e - 1; q >= s; q--) if (/\d/.test(this.t[q] as string)) return q;
    return -1;
  }

  /** Sets the city to tokens [s, e); what lies between `from` and s is unparsed. */
  setCity(s: number, e: number, from: number): void {
    if (s > from) this.pushLeftovers(from, s);
    // Without a state or ZIP, one or two letters closing a numbered street that has its type, in
    // its section, are a unit, not a city ("4315 Webster Avenue LH"; but "..., Bed-Stuy, BK").
    const w = this.t[s] as string;
    if (this.llStart >= this.end && e - s === 1 && e === this.end && !this.startsSection(s) && /^[A-Z]{1,2}$/.test(w) && this.c.number !== null && this.c.suffix !== null && this.c.unit_type === null &&
      this.c.unit_number === null && stateCode(w) === null && directional(w) === null) {
      this.setUnit('#', w, this.rawOf(s, e));
      return;
    }
    // No city's name has a digit. Without a state or ZIP, such words are a building or a unit, not
    // a city ("2848 Paces Ferry Road Suite 700, Overlook 1", "Terminal Tower Ste 1100", "Ste 200C
    // PBM 214").
    let digitAt = this.lastDigitAt(s, e);
    if (this.llStart >= this.end && digitAt >= 0) {
      this.pushLeftovers(s, e);
      return;
    }
    // Without commas a name may carry words that are not the city ("Crown Heights Brooklyn",
    // "Budd Insurance Agency Coldwater"): the gazetteer finds the place at its end or start.
    // A city in a section of its own ("..., Fort Worth, MO") is kept whole.
    // (Unless it carries a number, as "Interim Unit 1 San Francisco" or "MS 5-230 Vallejo" do.)
    const ownSection = this.startsSection(s) && (e >= this.t.length || this.startsSection(e) || e === this.llStart && this.startsSection(this.llStart)) &&
      digitAt < 0;
    if (this.places && this.placeState() !== null && !ownSection && e - s > 1 && this.isPlaceSpan(s, e) === false && !isMilitaryCity(this.t[s] as string)) {
      const found = this.knownPlaceWithin(s, e);
      if (found !== null) {
        if (found[0] > s) this.pushLeftovers(s, found[0]);
        if (found[1] < e) this.unparsed.push(this.rawOf(found[1], e));
        [s, e] = found;
      }
    }
    // "Whole Foods NYC": with neither state nor ZIP, a city the gazetteer knows well (one of
    // several ZIPs, or a curated alias) closing the line leaves the words before it aside.
    if (this.places && this.placeState() === null && e === this.end && e - s > 1 && !this.places.isPlace(this.text(s, e), null)) {
      for (let q = s + 1; q < e; q++) {
        const name = this.text(q, e);
        if (this.places.isPlace(name, null, MIN_ZIPS_OF_A_BARE_CITY) || this.places.isAlias?.(name, null) === true) {
          this.pushLeftovers(s, q);
          s = q;
          break;
        }
      }
    }
    // Before a state or ZIP, the words up to the last with a digit (and a floor's designator after
    // its ordinal) are a mail stop, a unit or a building: "MSC 24 S San Fran CA".
    if (digitAt < s || digitAt >= e) digitAt = this.lastDigitAt(s, e); // the span was trimmed
    if (digitAt >= 0) {
      if (digitAt + 1 < e && ordinalNumber(this.t[digitAt] as string) !== null && unitDesignator(this.t[digitAt + 1] as string)?.code === 'FL') digitAt++;
      this.pushLeftovers(s, digitAt + 1);
      s = digitAt + 1;
      if (s >= e) return;
    }
    this.c.city = this.text(s, e);
    this.raw.city = this.rawOf(s, e);
  }
}

/** Parses tokens into components; never throws. */
export function parseTokens(tokens: Token[], source: string, places: PlaceLookup | null = null, sourceIsUpper = false, quick = true): ParseOutput {
  return new Parse(tokens, source, places, sourceIsUpper).run(quick);
}
