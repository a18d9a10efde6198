/**
 * validateAddress: a parsed address in, a Variant A validation result out
 * (docs/validation.md), decided at the locality layer: ZIP, city and state are
 * confirmed, filled or corrected against the reference; the street line is
 * standardized but not confirmed (NO_STREET_COVERAGE). Pure: the faces pass
 * the request id and the clock.
 */
import { deliveryLinePieces, formatDeliveryLine } from '../parse/format-lines.js';
import { displayAddressOf, mixedCasePieces } from '../parse/display-address.js';
import { Findings } from '../model/findings.js';
import type { Change } from '../model/findings.js';
import { recordStreetFormatting } from './describe-changes.js';
import type { Locality, LocalityInput } from '../locality/locality.js';
import { cityKey } from '../parse/city-key.js';
import { isZip4, isZip5 } from '../locality/match-zip.js';
import { knowsCity, knowsZip } from '../points/point-locality.js';
import type { PointMatch } from '../points/match-point.js';
import { matchStreetLayers } from './street-layers.js';
import type { StreetLayers } from './street-layers.js';
import type { RangeMatch } from '../ranges/match-range.js';
import type { RangeStore } from '../ranges/range-store.js';
import type { LocalityStore, PointRecord, PointStore } from '../model/ports.js';
import { STATE_CODES, unitOfToken } from '../parse/pub28.js';
import { CHANGE_CODES, REASON_CODES, changeSentence } from '../model/reason-codes.js';
import type { ChangeCode, ReasonCode } from '../model/reason-codes.js';
import { resolveLocality } from '../locality/resolve-locality.js';
import { resolveMilitary } from '../locality/resolve-military.js';
import { sameLetters } from '../util/same-letters.js';
import { penalizedReasons, scoreConfidence } from './score-confidence.js';
import { timeZoneAt } from '../util/time-zone.js';
import { zoneNameOf } from './zone-of-locality.js';
import type { AddressComponents, ParsedAddress } from '../model/types.js';
import type { PointCandidate, QualityLevel, ValidationInput, ValidationResult, ValidationStatus } from '../model/validation-result.js';
import { ENGINE_VERSION } from '../model/version.js';

const NO_STREET_LAYER: StreetLayers = { pm: null, rm: null };

/** Options of validateAddress: the faces pass the request id and the clock (core has none). */
export interface ValidateOptions {
  requestId?: string; // becomes `id` (and the x-request-id header of addr serve)
  startedAt?: number; // when the face received the request, on the `now` clock
  now?: () => number; // a millisecond clock (performance.now); without it latency_ms is 0
  candidates?: number; // with address points: list up to this many other readings (nearest numbers, units, ambiguous streets)
  at?: number; // the time of the request (epoch ms, Date.now()): the time zone's UTC offset and DST are this instant's; without it they are null
}

const STATES: ReadonlySet<string> = new Set(STATE_CODES);
// The two-letter codes as a table indexed by their two character codes: a lookup without hashing
// the (usually fresh) string. Every Appendix B code is two ASCII letters; any other would go to STATES.
const STATE_TABLE = new Uint8Array(128 * 128);
for (const code of STATE_CODES) if (code.length === 2 && code.charCodeAt(0) < 128 && code.charCodeAt(1) < 128) STATE_TABLE[code.charCodeAt(0) * 128 + code.charCodeAt(1)] = 1;
const TABLE_HOLDS_ALL = STATE_CODES.every((code) => code.length === 2 && code.charCodeAt(0) < 128 && code.charCodeAt(1) < 128);

/** STATES.has(text). */
function isStateCode(text: string): boolean {
  if (!TABLE_HOLDS_ALL) return STATES.has(text);
  if (text.length !== 2) return false;
  const a = text.charCodeAt(0);
  const b = text.charCodeAt(1);
  return a < 128 && b < 128 && STATE_TABLE[a * 128 + b] === 1;
}
const ENGINE = 'LOCALITY_ENGINE';
const POINTS = 'POINTS_ENGINE';
const RANGES = 'RANGES_ENGINE';
const SOURCE = `addr-engine/${ENGINE_VERSION}`;
// Below this confidence a person should look at the result even when nothing else asks for it.
const REVIEW_BELOW = 0.8;
// Country names the parser may leave unplaced; they are not noise in a U.S. address.
const COUNTRY_WORDS: ReadonlySet<string> = new Set(['US', 'USA', 'U S', 'U S A', 'UNITED STATES', 'UNITED STATES OF AMERICA', 'AMERICA']);

// `s` and `p` joined by a space, `p` skipped when it is not a non-empty string.
function add(s: string, p: string | null | undefined): string {
  return typeof p !== 'string' || p === '' ? s : s === '' ? p : `${s} ${p}`;
}

// The parts that are non-empty strings joined by spaces, or null when there are none
// (fixed arguments rather than an array: this runs for every address).
function join(a: string | null | undefined, b: string | null | undefined, c?: string | null, d?: string | null, e?: string | null, f?: string | null): string | null {
  const s = add(add(add(add(add(add('', a), b), c), d), e), f);
  return s === '' ? null : s;
}

const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13); // what \s matches in ASCII

// True when `word` is one of the whitespace-separated words of `text` (text.split(/\s+/).includes(word)).
function hasWord(text: string, word: string): boolean {
  const n = word.length;
  if (n === 0 || !text.includes(word)) return n === 0 && text.split(/\s+/).includes(word);
  for (let i = 0; i < n; i++) {
    const c = word.charCodeAt(i);
    if (c <= 32 || c > 127) return text.split(/\s+/).includes(word); // whitespace in it, or Unicode: the regex
  }
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return text.split(/\s+/).includes(word);
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if ((at === 0 || isSpace(text.charCodeAt(at - 1))) && (at + n === text.length || isSpace(text.charCodeAt(at + n)))) return true;
  }
  return false;
}

/** The submitted input in the request's fields, each component as written (upper case). */
function inputView(parsed: ParsedAddress, rawCity: string | undefined, rawState: string | undefined, stateReadAsCity = false): ValidationInput {
  const c = parsed.components;
  const raw = parsed.raw;
  let line1: string | null;
  if (c.po_box !== null) line1 = raw.po_box ?? `PO BOX ${c.po_box}`;
  else if (c.rural_route !== null) line1 = raw.rural_route ?? join(c.box_group_type ?? 'RR', c.rural_route, c.box !== null ? `BOX ${c.box}` : null);
  else line1 = join(raw.number ?? c.number, c.number_fraction, raw.predir ?? c.predir, raw.street ?? c.street, raw.suffix ?? c.suffix, raw.postdir ?? c.postdir);
  // raw.unit_type sometimes already holds the number ("APARTMENT 4B").
  const unitRaw = raw.unit_type;
  const line2 = unitRaw !== undefined && c.unit_number !== null && hasWord(unitRaw, c.unit_number)
    ? unitRaw
    : join(unitRaw ?? c.unit_type, c.unit_number);
  const zip = c.zip5 !== null ? (c.zip4 !== null ? `${c.zip5}-${c.zip4}` : c.zip5) : null;
  return { line1, line2, city: rawCity ?? c.city, state: stateReadAsCity ? null : rawState ?? c.state, zip };
}

function hasDeliveryLine(c: AddressComponents): boolean {
  return c.street !== null || c.po_box !== null || c.rural_route !== null;
}

// Reasons of the points layer that leave only part of the address confirmed.
const POINT_PARTIAL = ['STREET_NOT_FOUND', 'HOUSE_NUMBER_NOT_FOUND', 'UNIT_MISSING', 'UNIT_NOT_FOUND', 'AMBIGUOUS_MATCH'] as const;

// Reasons of the range layer that leave only part of the address confirmed.
const RANGE_PARTIAL = ['STREET_NOT_FOUND', 'HOUSE_NUMBER_OUT_OF_RANGE', 'AMBIGUOUS_MATCH'] as const;

function statusOf(loc: Locality, f: Findings, pm: PointMatch | null, rm: RangeMatch | null): ValidationStatus {
  if (!loc.confirmed) return 'NOT_FOUND';
  if (loc.partial || f.hasReason('STREET_MISSING') || f.hasReason('HOUSE_NUMBER_MISSING') || f.hasReason('LOCALITY_MISSING')) return 'PARTIAL';
  if (pm !== null) for (const r of POINT_PARTIAL) if (f.hasReason(r)) return 'PARTIAL';
  if (rm !== null) for (const r of RANGE_PARTIAL) if (f.hasReason(r)) return 'PARTIAL';
  for (const ch of f.changes) if (CHANGE_CODES[ch.code].substantive) return 'CORRECTED';
  return 'VALIDATED';
}

// Reasons that contradict part of the address: a delivery point never stands beside one (D is N then).
const CONTRADICTIONS: readonly ReasonCode[] = ['CITY_ZIP_MISMATCH', 'ZIP_STATE_MISMATCH', 'MILITARY_STATE_MISMATCH', 'CITY_NOT_FOUND', 'CITY_AMBIGUOUS', 'POINT_FAR_FROM_LOCALITY'];

/** True when a delivery point the points confirmed may be reported D: the whole address is confirmed, nothing contradicts it. */
function deliverable(status: ValidationStatus, reasons: readonly ReasonCode[]): boolean {
  if (status !== 'VALIDATED' && status !== 'CORRECTED') return false;
  for (const r of CONTRADICTIONS) if (reasons.includes(r)) return false;
  return true;
}

// True when some unplaced word is not a country name (US, USA, United States...).
function hasUnparsedNoise(unparsed: readonly string[]): boolean {
  for (const t of unparsed) if (!COUNTRY_WORDS.has(t.toUpperCase().replace(/\./g, '').trim())) return true;
  return false;
}

// True when some unplaced piece looks like part of the address, so the result may be missing
// it: it has a digit ("FL 3", "BLDG 2", "#12"), or it is a unit designator with at most one
// word after it ("UPPER", "STE", "REAR B"; not "OFFICE OF GENERAL COUNSEL").
function hasAddressPart(unparsed: readonly string[]): boolean {
  for (const t of unparsed) {
    if (/\d/.test(t)) return true;
    const words = t.toUpperCase().split(/[\s.,]+/).filter((w) => w !== '');
    if (words.length > 0 && words.length <= 2 && unitOfToken(words[0] as string) !== null) return true;
  }
  return false;
}

/** Records CITY_STANDARDIZED / STATE_STANDARDIZED when only the spelling of a kept value changed. */
function recordLocalityFormatting(city: string | null, state: string | null, loc: Locality, f: Findings): void {
  if (city !== null && loc.city !== null && !f.hasChange('CITY_ADDED') && !f.hasChange('CITY_CORRECTED') && !sameLetters(city, loc.city)) {
    f.change('CITY_STANDARDIZED', city, loc.city);
  }
  if (state !== null && loc.state !== null && isStateCode(loc.state) && !f.hasChange('STATE_ADDED') && !f.hasChange('STATE_CORRECTED') && !sameLetters(state, loc.state)) {
    f.change('STATE_STANDARDIZED', state, loc.state);
  }
}

// The data version of a result the points answered: the two labels joined, the last join remembered
// (the stores give the same labels call after call).
let lastVersions: [string, string, string] | null = null;
function joinedVersion(locality: string, points: string): string {
  if (lastVersions === null || lastVersions[0] !== locality || lastVersions[1] !== points) lastVersions = [locality, points, `${locality}+${points}`];
  return lastVersions[2];
}

/** The place_id of the delivery point the points confirmed (D), else null. */
function confirmedPlace(pm: PointMatch): string | null {
  return pm.deliverability === 'D' ? (pm.point?.place_id ?? null) : null;
}

/** A point as a candidate reading: its ZIP and city only where it knows them (point-locality.ts). */
function candidateOf(p: PointRecord): PointCandidate {
  const pieces = [p.number, p.number_fraction, p.predir, p.street, p.suffix, p.postdir, p.unit_type, p.unit_number];
  const zip5 = knowsZip(p) ? p.zip5 : null;
  const city = knowsCity(p) ? p.city : null;
  return {
    place_id: p.place_id,
    display_address: displayAddressOf(mixedCasePieces(pieces), city, p.state, zip5, p.zip4),
    line1: pieces.filter((x): x is string => x !== null && x !== '').join(' '),
    city,
    state: p.state,
    zip5,
    zip4: p.zip4,
    lat: p.lat,
    lon: p.lon,
    source: p.source,
  };
}

/**
 * What validation decided about one address: the figures a spreadsheet row carries (status,
 * confidence, the standardized address, geocode, codes and changes), without the views a full
 * result adds (the input as written, display and suggested addresses, components).
 */
export type Assessment = Pick<ValidationResult, 'status' | 'confidence' | 'standardized' | 'geocode' | 'timezone' | 'match_code' | 'reason_codes' | 'changes'>;

/** An assessment with what validateAddress needs to present it. */
interface Verdict {
  assessment: Assessment;
  components: AddressComponents; // after the points layer
  loc: Locality;
  pm: PointMatch | null;
  rm: RangeMatch | null;
  level: QualityLevel; // the layer that decided
  rawCity: string | undefined;
  rawState: string | undefined;
  stateIsCity: boolean;
  change_codes: ChangeCode[];
}

/**
 * Decides one parsed address against the locality layer and, where imported address points
 * cover the area, the points layer (match-point.ts): the assessment of validateAddress, without
 * its views (what `addr batch` writes per row).
 */
export function assessAddress(parsed: ParsedAddress, store: LocalityStore, points: PointStore | null = null, ranges: RangeStore | null = null, at?: number): Assessment {
  return decide(parsed, store, points, ranges, at).assessment;
}

/** The time zone of a decided locality at the instant `at`, or null. */
function zoneOf(loc: Locality, store: LocalityStore, at: number | undefined): ValidationResult['timezone'] {
  const name = zoneNameOf(loc, store);
  return name === null ? null : timeZoneAt(name, at);
}

function decide(parsed: ParsedAddress, store: LocalityStore, points: PointStore | null, ranges: RangeStore | null, at?: number): Verdict {
  let c = parsed.components;
  const f = new Findings();

  const input: LocalityInput = { city: c.city, state: c.state, stateText: null, zip5: c.zip5, zipText: null };
  if (c.state !== null && !isStateCode(c.state)) {
    f.reason('STATE_INVALID');
    input.state = null;
    input.stateText = c.state;
  }
  if (c.zip5 !== null && !isZip5(c.zip5)) {
    f.reason('ZIP_INVALID');
    input.zip5 = null;
    input.zipText = c.zip5;
  }
  // raw's shape varies from address to address (each read of it is a slow one): read once.
  let rawCity = parsed.raw.city;
  let rawState = parsed.raw.state;
  let stateIsCity = false;
  // "..., WASHINGTON, 20510": a spelled-out state name with no city, which is the city of the
  // ZIP, names the city; the state then comes from the ZIP. Where the ZIP is of that very state
  // ("350 5th Ave New York 10118") the name is both: the city, and the state kept as written.
  if (input.city === null && input.state !== null && input.zip5 !== null && rawState !== undefined && rawState.length > 2) {
    const zip = store.zip(input.zip5);
    if (zip !== null && cityKey(rawState) === cityKey(zip.city)) {
      input.city = rawState;
      rawCity = rawState;
      if (zip.state !== input.state) {
        input.state = null;
        rawState = undefined;
        stateIsCity = true;
      }
    }
  }
  let loc = resolveMilitary(input, store, f) ?? resolveLocality(input, store, f);

  // A ZIP+4 belongs to its ZIP: it goes when the ZIP changed or it is malformed.
  let zip4 = c.zip4;
  if (zip4 !== null && (!isZip4(zip4) || loc.zip5 !== c.zip5)) {
    f.change('ZIP4_REMOVED', zip4, null);
    zip4 = null;
  }

  const delivery = hasDeliveryLine(c);
  // The points layer, where it covers the area (the check is a Set lookup when it does not), then
  // the range layer (TIGER/Line address ranges), where no points answered (street-layers.ts).
  const { pm, rm } = delivery && loc.confirmed ? matchStreetLayers(c, loc, zip4, points, ranges, store, f) : NO_STREET_LAYER;
  if (pm !== null) {
    c = pm.components;
    loc = pm.locality;
    zip4 = pm.zip4;
  }
  if (rm !== null) {
    c = rm.components;
    loc = rm.locality;
    zip4 = rm.zip4;
  }
  if (!delivery) f.reason('STREET_MISSING');
  else if (c.street !== null && c.number === null && c.po_box === null && c.rural_route === null) f.reason('HOUSE_NUMBER_MISSING');
  recordStreetFormatting(parsed, f);
  recordLocalityFormatting(rawCity ?? input.city, rawState ?? input.state ?? input.stateText, loc, f);
  if (parsed.unparsed.length > 0 && hasUnparsedNoise(parsed.unparsed)) {
    f.reason('UNPARSED_INPUT');
    if (hasAddressPart(parsed.unparsed)) f.reason('UNPARSED_ADDRESS_PART');
  }

  const status = statusOf(loc, f, pm, rm);
  let reasons = f.reasons;
  if (status === 'NOT_FOUND' && !delivery && c.zip5 === null && input.state === null) {
    reasons = ['NOT_AN_ADDRESS']; // nothing address-like: the specific reasons would only be noise
  } else if (delivery && status !== 'NOT_FOUND' && pm === null && rm === null) {
    reasons.push('NO_STREET_COVERAGE'); // f is done with: its list becomes the result's
  }

  // Arrays of the exact length (an array grown by push() over-allocates), filled in one loop.
  const n = f.changes.length;
  const changeCodes = new Array<ChangeCode>(n);
  const changes = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const ch = f.changes[i] as Change;
    changeCodes[i] = ch.code;
    changes[i] = changeSentence(ch.code, ch.from, ch.to);
  }
  const level: QualityLevel = status === 'NOT_FOUND' ? 'none' : pm !== null ? pm.level : rm !== null ? rm.level : 'locality';
  const confidence = scoreConfidence({ status, reasons, changes: changeCodes, fuzzy: loc.fuzzy, level });

  // Pub 28 puts the secondary unit on the delivery line (Variant A has no line2 to carry it);
  // line2 is the Puerto Rico urbanization, which USPS prints on a line of its own.
  const line1 = formatDeliveryLine(c) || null;
  const line2 = c.urbanization !== null ? `URB ${c.urbanization}` : null;
  const assessment: Assessment = {
    status,
    confidence,
    standardized: {
      line1,
      line2,
      city: loc.city,
      state: loc.state,
      zip5: loc.zip5,
      zip4,
      carrier_route: null,
      county: loc.county,
      county_fips: loc.county_fips,
      deliverability: status === 'NOT_FOUND' ? 'N'
        : pm !== null ? (pm.deliverability === 'D' && !deliverable(status, reasons) ? 'N' : pm.deliverability)
        : rm !== null ? rm.deliverability : 'N',
      source: SOURCE,
    },
    geocode: pm !== null ? pm.geocode : rm !== null ? rm.geocode : loc.geocode,
    timezone: zoneOf(loc, store, at),
    match_code: pm !== null ? POINTS : rm !== null ? RANGES : ENGINE,
    reason_codes: reasons,
    changes,
  };
  return {
    assessment,
    components: c,
    loc,
    pm,
    rm,
    level,
    rawCity,
    rawState,
    stateIsCity,
    change_codes: changeCodes,
  };
}

/**
 * Validates one parsed address against the locality layer and, where imported
 * address points cover the area, the points layer (match-point.ts): the assessment
 * (assessAddress) with the input as written, the display and suggested addresses,
 * the components and, with points, the place and candidates.
 */
export function validateAddress(
  parsed: ParsedAddress, store: LocalityStore, options: ValidateOptions = {}, points: PointStore | null = null, ranges: RangeStore | null = null, at = options.at,
): ValidationResult {
  const t0 = options.startedAt ?? options.now?.();
  const v = decide(parsed, store, points, ranges, at);
  const a = v.assessment;
  const { loc, pm, rm } = v;
  const status = a.status;
  const zip4 = a.standardized.zip4;
  const c = v.components;
  const reviewReasons: ReasonCode[] = [];
  for (const r of a.reason_codes) if (REASON_CODES[r].review) reviewReasons.push(r);
  const review = reviewReasons.length > 0 || status === 'PARTIAL' || status === 'NOT_FOUND' || a.confidence < REVIEW_BELOW;
  // Review asked for by a low confidence alone: the codes that lowered it say what to look at.
  if (review && reviewReasons.length === 0) reviewReasons.push(...penalizedReasons(a.reason_codes));
  const line1 = a.standardized.line1;
  const line2 = a.standardized.line2;
  // The display address opens with `${line2}, ${line1}` (or whichever exists) in mixed case,
  // worked out piece by piece from the components.
  let street = '';
  if (line1 !== null) street = mixedCasePieces(line2 !== null ? [`${line2},`, ...deliveryLinePieces(c)] : deliveryLinePieces(c));
  else if (line2 !== null) street = mixedCasePieces([line2]);
  const displayed = status === 'NOT_FOUND' && line1 === null ? null : displayAddressOf(street, loc.city, loc.state, loc.zip5, zip4);
  const s = loc.suggestion;
  const pointSuggestion = pm?.suggestion ?? null;
  const rangeSuggestion = rm?.suggestion ?? null;
  const suggested = !review ? null
    : pointSuggestion !== null ? candidateOf(pointSuggestion).display_address
      : rangeSuggestion !== null ? displayAddressOf(mixedCasePieces(deliveryLinePieces(rangeSuggestion)), rangeSuggestion.city, rangeSuggestion.state, rangeSuggestion.zip5, null)
      : s !== null ? displayAddressOf(street, s.city, s.state, s.zip5, null) : status !== 'NOT_FOUND' ? displayed : null;
  const level = v.level;
  // An unresolved locality may have other readings than its suggestion (a city and a ZIP naming two places).
  const suggestions = suggested === null ? [] : [suggested];
  if (suggested !== null && pointSuggestion === null && s !== null && loc.alternatives !== undefined) {
    for (const r of loc.alternatives) {
      const text = displayAddressOf(street, r.city, r.state, r.zip5, null);
      if (text !== null && !suggestions.includes(text)) suggestions.push(text);
    }
  }

  const t1 = options.now?.();
  const latency = t0 !== undefined && t1 !== undefined ? Math.max(0, Math.round((t1 - t0) * 100) / 100) : 0;
  return {
    id: options.requestId ?? '',
    status,
    validation_status: status,
    confidence: a.confidence,
    input: inputView(parsed, v.rawCity, v.rawState, v.stateIsCity),
    standardized: a.standardized,
    geocode: a.geocode,
    timezone: a.timezone,
    match_code: a.match_code,
    match_source: a.match_code,
    reason_codes: a.reason_codes,
    changes: a.changes,
    change_codes: v.change_codes,
    quality: { level, review_recommended: review, reasons: reviewReasons },
    suggested_address: suggested,
    suggested_addresses: suggestions,
    display_address: displayed,
    latency_ms: latency,
    data_version: pm !== null && points !== null ? joinedVersion(store.dataVersion(), points.dataVersion())
      : rm !== null && ranges !== null ? joinedVersion(store.dataVersion(), ranges.dataVersion()) : store.dataVersion(),
    engine_version: ENGINE_VERSION,
    components: { ...c, city: loc.city, state: loc.state, zip5: loc.zip5, zip4 },
    ...(options.candidates !== undefined && options.candidates > 0 && pm !== null
      ? { candidates: pm.candidates.slice(0, options.candidates).map(candidateOf), place_id: confirmedPlace(pm) }
      : pm !== null ? { place_id: confirmedPlace(pm) } : {}),
  };
}
