/**
 * The labelled evaluation set of `bench/calibrate.ts`, and how a result is
 * judged. Pure: everything comes from the LocalityStore port and a seeded PRNG,
 * so the same seed over the same reference data gives the same cases.
 *
 * A case is a real (city, state, ZIP) row of the reference turned into an
 * address (house number, street, suffix), then damaged in one known way. The
 * truth is what the input determines:
 *   - a locality (state, ZIP or null when the input cannot pick one, and the
 *     acceptable city names), when the damage leaves enough to recover it;
 *   - `none` when nothing in the input determines a locality (garbage, no city
 *     and no ZIP, a city name of several states with nothing to pick one).
 * A result is right when it asserts the truth: VALIDATED or CORRECTED with
 * exactly that city, state and zip5 (zip5 empty when the truth has none); or,
 * when the truth is `none` (or the input is a genuine tie, `partialOk`),
 * PARTIAL or NOT_FOUND.
 */
import { cityKey } from '../src/core/parse/city-key.js';
import { isNearZipTypo } from '../src/core/locality/match-zip.js';
import type { LocalityStore, PlaceRecord, ZipRecord } from '../src/core/model/ports.js';
import { STATE_CODES, stateName } from '../src/core/parse/pub28.js';
import type { AddressInput } from '../src/core/model/types.js';
import type { ValidationResult } from '../src/core/model/validation-result.js';

/** What the input determines. */
export type Truth =
  | { kind: 'locality'; cities: string[]; state: string; zip5: string | null; partialOk: boolean }
  | { kind: 'none' };

/** One labelled case. */
export interface CalibrationCase {
  category: string; // the damage applied (see CATEGORIES)
  input: AddressInput;
  truth: Truth;
}

/** The reference rows cases are built from. */
export interface CaseSource {
  store: LocalityStore;
  civilian: readonly ZipRecord[]; // 50 states + DC (and the other territories but PR)
  pr: readonly ZipRecord[]; // Puerto Rico
  military: readonly ZipRecord[]; // AA, AE, AP
}

type Rng = () => number;

const STREETS = ['Main', 'Oak', 'Pine', 'Maple', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Walnut', 'Sunset', 'Lincoln', 'Jackson', 'Church', 'River', 'Highland', 'Jefferson', 'Madison', 'Franklin', 'Meadow Gate', 'Martin Luther King Jr', 'Mill Station', 'Old Farm', '5th', '12th', 'First', 'Second', 'Forest Hills', 'Spring Valley', 'Willow Creek', 'Broadway', 'Country Club', 'Chestnut', 'Ridge', 'Sycamore', 'Dogwood', 'Magnolia', 'Prospect', 'Center'];
const SUFFIXES = ['St', 'Street', 'Ave', 'Avenue', 'Rd', 'Road', 'Dr', 'Drive', 'Ln', 'Lane', 'Blvd', 'Ct', 'Court', 'Way', 'Pl', 'Pkwy', 'Cir', 'Ter', 'Trl'];
const DIRS = ['N', 'S', 'E', 'W', 'North', 'NE', 'SW'];
const UNITS = ['Apt', 'Suite', 'Ste', 'Unit', '#'];
const PR_URBS = ['Las Gladiolas', 'Villa Carolina', 'Jardines de Caparra', 'Santa Rosa', 'El Senorial', 'Country Club', 'Los Maestros', 'Villa Fontana'];
const PR_STREETS = ['Calle 1', 'Calle 12', 'Calle Luna', 'Calle Sol', 'Ave Ponce de Leon', 'Calle San Jose', 'Calle Flor de Lis', 'Calle Amapola'];
// Puerto Rico municipalities the reference spells without their accents.
const PR_ACCENTS: Readonly<Record<string, string>> = {
  MAYAGUEZ: 'Mayagüez', ANASCO: 'Añasco', 'RIO GRANDE': 'Río Grande', 'SAN GERMAN': 'San Germán', PENUELAS: 'Peñuelas',
  CATANO: 'Cataño', COMERIO: 'Comerío', BAYAMON: 'Bayamón', LOIZA: 'Loíza', CANOVANAS: 'Canóvanas', GUANICA: 'Guánica',
  'JUANA DIAZ': 'Juana Díaz', 'LAS MARIAS': 'Las Marías', MANATI: 'Manatí', RINCON: 'Rincón', 'SAN SEBASTIAN': 'San Sebastián',
};
const MILITARY_LINES = ['PSC {n} BOX {m}', 'UNIT {n} BOX {m}', 'CMR {n} BOX {m}'];
const GARBAGE = [
  'hello world', 'N/A', 'none', 'unknown', 'test', 'asdf', 'asdf qwer zxcv', '???', '...', '-', '0', '1234567890',
  'john.smith@example.com', 'https://example.com/orders?id=42', '(555) 123-4567', 'Call me after 5pm',
  'John Smith', 'Mary Johnson', 'iPhone 15 Pro Max 256GB', '2024-01-15', 'Jan 5, 2023',
  'Please leave the package at the back door', 'same as billing', 'see attached', 'TBD', 'no address given',
  'lorem ipsum dolor sit amet', 'qwxz plorb nnfrt', 'Order #A1B2C3 shipped', 'Invoice 2024/118', '😀😀😀',
  'Attn: Accounts Payable', 'c/o Jane Doe', 'Room for rent, great view', 'xxxxx', 'abc 123 def',
];
// Minimal set of US states a damaged state is drawn from (the 50 and DC).
const CIVIL_STATES = STATE_CODES.filter((s) => /^[A-Z]{2}$/.test(s) && !['AA', 'AE', 'AP', 'AS', 'GU', 'MP', 'PR', 'VI', 'FM', 'MH', 'PW'].includes(s));

/** The damage categories with their weights in the mix (documented in docs/validation.md). */
export const CATEGORIES: readonly { name: string; weight: number; what: string }[] = [
  { name: 'clean', weight: 22, what: 'street, city, state, ZIP as in the reference' },
  { name: 'format', weight: 8, what: 'lower case, no commas, state name, ZIP+4, unit' },
  { name: 'zip-missing', weight: 8, what: 'ZIP dropped (truth has no ZIP when the city has several)' },
  { name: 'zip-typo', weight: 6, what: 'one ZIP digit changed or two swapped; reported by what the typo hit: not a ZIP, a ZIP of another place, or another ZIP of the same city (undetectable)' },
  { name: 'zip-wrong', weight: 2, what: 'another ZIP of the same state (moved, copied): a tie, PARTIAL is right' },
  { name: 'state-wrong', weight: 4, what: 'another state (PARTIAL is right when the city also exists there)' },
  { name: 'city-misspelled', weight: 8, what: '1-2 edits in the city, ZIP and state kept' },
  { name: 'city-misspelled-no-zip', weight: 3, what: '1-2 edits in the city, no ZIP' },
  { name: 'city-other-state', weight: 4, what: 'the name of a place of another state, ZIP and state kept' },
  { name: 'unlisted-city-no-zip', weight: 2, what: 'a real place name the reference lacks in that state (a place of another state), no ZIP: truth none' },
  { name: 'city-neighbour', weight: 6, what: 'the nearest other place of the state, ZIP and state kept (either name is right)' },
  { name: 'city-missing', weight: 3, what: 'no city: street, state, ZIP' },
  { name: 'state-missing', weight: 2, what: 'no state: street, city, ZIP' },
  { name: 'zip-only', weight: 1, what: 'street and ZIP only' },
  { name: 'city-only', weight: 2, what: 'street and city only (truth none when the name is a ZIP city of several states)' },
  { name: 'no-locality', weight: 2, what: 'street alone, or street and state: truth none' },
  { name: 'garbage', weight: 5, what: 'not an address: truth none' },
  { name: 'military', weight: 4, what: 'APO/FPO with unit/PSC/CMR box, clean or formatted, state dropped or civilian; 6% with a ZIP typo' },
  { name: 'pr', weight: 4, what: 'Puerto Rico: urbanization, Calle, accents, state name, some ZIPs dropped' },
  { name: 'two-errors', weight: 3, what: 'two of: ZIP typo, wrong state, misspelled city, city/state/ZIP dropped, neighbour city (declining is right too)' },
];

/** The rows a damaged case is reported under, beside its category. */
export const SUBCATEGORIES: readonly string[] = ['zip-typo: not a ZIP', 'zip-typo: another place', 'zip-typo: same city', 'military: ZIP typo'];

function pick<T>(rnd: Rng, xs: readonly T[]): T {
  return xs[Math.floor(rnd() * xs.length)] as T;
}

function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

function streetLine(rnd: Rng): string {
  const parts = [String(1 + Math.floor(rnd() * 9999))];
  if (rnd() < 0.2) parts.push(pick(rnd, DIRS));
  parts.push(pick(rnd, STREETS), pick(rnd, SUFFIXES));
  if (rnd() < 0.1) parts.push(pick(rnd, UNITS) + ' ' + String(1 + Math.floor(rnd() * 400)));
  return parts.join(' ');
}

/** Pieces of a one-line address. */
interface Parts { line1: string | null; city: string | null; state: string | null; zip: string | null }

/** A one-line address, with commas or (`commas` false) without. */
export function joinParts(p: Parts, commas = true): string {
  const last = [p.state, p.zip].filter((x): x is string => x !== null && x !== '').join(' ');
  const segs = [p.line1, p.city, last].filter((x): x is string => x !== null && x !== '');
  return segs.join(commas ? ', ' : ' ');
}

/** Applies random formatting (case, commas, structured fields) that must not change the truth. */
function render(rnd: Rng, p: Parts, heavy: boolean): AddressInput {
  const r = rnd();
  if (!heavy && r < 0.1) return { line1: p.line1, city: p.city, state: p.state, zip: p.zip };
  let text = joinParts(p, !(heavy ? rnd() < 0.6 : rnd() < 0.15));
  const c = rnd();
  if (c < (heavy ? 0.6 : 0.25)) text = text.toLowerCase();
  else if (c < (heavy ? 0.8 : 0.5)) text = text.toUpperCase();
  return text;
}

/** One random edit: delete, insert, substitute or swap a letter (never the first). */
export function editName(rnd: Rng, name: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');
  const positions: number[] = [];
  for (let i = 1; i < name.length; i++) if (/[A-Za-z]/.test(name[i] as string)) positions.push(i);
  if (positions.length === 0) return name;
  const i = pick(rnd, positions);
  const kind = rnd();
  const upper = name === name.toUpperCase();
  const ch = upper ? pick(rnd, letters).toUpperCase() : pick(rnd, letters);
  if (kind < 0.3) return name.slice(0, i) + name.slice(i + 1);
  if (kind < 0.55) return name.slice(0, i) + ch + name.slice(i);
  if (kind < 0.8) return name.slice(0, i) + ch + name.slice(i + 1);
  if (i + 1 < name.length && /[A-Za-z]/.test(name[i + 1] as string)) return name.slice(0, i) + (name[i + 1] as string) + (name[i] as string) + name.slice(i + 2);
  return name.slice(0, i) + name.slice(i + 1);
}

/** A ZIP with one digit changed (80%) or two adjacent digits swapped. */
export function zipTypo(rnd: Rng, zip: string): string {
  for (let tries = 0; tries < 20; tries++) {
    let out: string;
    if (rnd() < 0.8) {
      const i = Math.floor(rnd() * 5);
      out = zip.slice(0, i) + String(Math.floor(rnd() * 10)) + zip.slice(i + 1);
    } else {
      const i = Math.floor(rnd() * 4);
      out = zip.slice(0, i) + (zip[i + 1] as string) + (zip[i] as string) + zip.slice(i + 2);
    }
    if (out !== zip) return out;
  }
  return zip;
}

/** True when two ZIPs differ in one digit or by two swapped adjacent digits. */
export function oneTypoApart(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
  const [i, j] = diff;
  return diff.length === 1 || (diff.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i]);
}

/** The place of a ZIP record's city. */
function placeOf(store: LocalityStore, rec: ZipRecord): PlaceRecord | null {
  return store.placesByKey(cityKey(rec.city), rec.state)[0] ?? null;
}

/** Truth of a city and state without ZIP: the place's ZIP when it has one, else none. */
export function cityStateTruth(store: LocalityStore, city: string, state: string): Truth {
  const place = store.placesByKey(cityKey(city), state)[0];
  if (place === undefined) return { kind: 'none' };
  return { kind: 'locality', cities: [place.city], state, zip5: place.zips.length === 1 ? (place.zips[0] as string) : null, partialOk: false };
}

function full(rec: ZipRecord, extra: Partial<{ cities: string[]; partialOk: boolean }> = {}): Truth {
  return { kind: 'locality', cities: extra.cities ?? [rec.city], state: rec.state, zip5: rec.zip5, partialOk: extra.partialOk ?? false };
}

function nearestOtherPlace(store: LocalityStore, rec: ZipRecord): PlaceRecord | null {
  if (rec.lat === null || rec.lon === null) return null;
  const own = cityKey(rec.city);
  let best: PlaceRecord | null = null;
  let bestD = Infinity;
  for (const p of store.placesInState(rec.state)) {
    if (p.key === own || p.lat === null || p.lon === null) continue;
    const d = (p.lat - rec.lat) ** 2 + ((p.lon - rec.lon) * Math.cos((rec.lat * Math.PI) / 180)) ** 2;
    if (d < bestD) { bestD = d; best = p; }
  }
  // About 15 km: beyond that the name is no neighbourhood of the ZIP.
  return best !== null && Math.sqrt(bestD) * 111 <= 15 ? best : null;
}

function cityText(rnd: Rng, city: string): string {
  return rnd() < 0.5 ? titleCase(city) : city;
}

/** Builds one case of `category` from reference rows; null when the row does not fit (the caller draws again). */
export function buildCase(category: string, src: CaseSource, rnd: Rng): CalibrationCase | null {
  const { store } = src;
  const rec = pick(rnd, category === 'pr' ? src.pr : category.startsWith('military') ? src.military : src.civilian);
  const line1 = streetLine(rnd);
  const city = cityText(rnd, rec.city);
  const base: Parts = { line1, city, state: rec.state, zip: rec.zip5 };
  const make = (input: AddressInput, truth: Truth): CalibrationCase => ({ category, input, truth });
  switch (category) {
    case 'clean':
      return make(render(rnd, base, false), full(rec));
    case 'format': {
      const r = rnd();
      const p = { ...base };
      if (r < 0.3) p.state = titleCase(stateName(rec.state) ?? rec.state);
      else if (r < 0.55) p.zip = `${rec.zip5}-${String(1000 + Math.floor(rnd() * 9000))}`;
      else if (r < 0.75) p.line1 = `${line1} ${pick(rnd, UNITS)} ${String(1 + Math.floor(rnd() * 40))}${pick(rnd, ['', 'B', 'C'])}`;
      return make(render(rnd, p, true), full(rec));
    }
    case 'zip-missing':
      return make(render(rnd, { ...base, zip: null }, rnd() < 0.3), cityStateTruth(store, rec.city, rec.state));
    case 'zip-typo': {
      const typo = zipTypo(rnd, rec.zip5);
      const other = store.zip(typo);
      const kind = other === null ? 'not a ZIP' : other.state === rec.state && cityKey(other.city) === cityKey(rec.city) ? 'same city' : 'another place';
      // Recoverable when exactly one ZIP of the city is one typo away; else declining is right too.
      // A typo that hit a valid ZIP of another place of the state, out of the ZIP's 3-digit area
      // (not a near miss: docs/validation.md), leaves a city and a ZIP that name two places: a tie.
      const near = (placeOf(store, rec)?.zips ?? [rec.zip5]).filter((z) => oneTypoApart(typo, z));
      const tie = other !== null && kind === 'another place' && other.state === rec.state && !isNearZipTypo(typo, rec.zip5);
      const truth = full(rec, { partialOk: tie || !(near.length === 1 && near[0] === rec.zip5) });
      return { category: `zip-typo: ${kind}`, input: render(rnd, { ...base, zip: typo }, rnd() < 0.3), truth };
    }
    case 'zip-wrong': {
      const place = placeOf(store, rec);
      const others = src.civilian.filter((z) => z.state === rec.state && !(place?.zips ?? []).includes(z.zip5));
      if (others.length === 0) return null;
      const other = pick(rnd, others);
      return make(render(rnd, { ...base, zip: other.zip5 }, false), full(rec, { partialOk: true }));
    }
    case 'state-wrong': {
      const wrong = pick(rnd, CIVIL_STATES.filter((s) => s !== rec.state));
      // The city also exists in the wrong state: city+state against city+ZIP is a tie.
      const tie = store.placesByKey(cityKey(rec.city), wrong).length > 0;
      return make(render(rnd, { ...base, state: wrong }, rnd() < 0.3), full(rec, { partialOk: tie }));
    }
    case 'city-misspelled':
    case 'city-misspelled-no-zip': {
      if (cityKey(rec.city).replace(/ /g, '').length < 5) return null; // too short to misspell recognisably
      let bad = editName(rnd, city);
      if (rnd() < 0.35) bad = editName(rnd, bad);
      if (cityKey(bad) === cityKey(rec.city)) return null;
      if (category === 'city-misspelled') return make(render(rnd, { ...base, city: bad }, rnd() < 0.3), full(rec));
      return make(render(rnd, { ...base, city: bad, zip: null }, rnd() < 0.3), cityStateTruth(store, rec.city, rec.state));
    }
    case 'city-other-state': {
      const state = pick(rnd, CIVIL_STATES.filter((s) => s !== rec.state));
      const places = store.placesInState(state);
      if (places.length === 0) return null;
      const other = pick(rnd, places);
      if (store.placesByKey(other.key, rec.state).length > 0) return null; // a place of this state too: not this category
      return make(render(rnd, { ...base, city: cityText(rnd, other.city) }, rnd() < 0.3), full(rec));
    }
    case 'unlisted-city-no-zip': {
      const state = pick(rnd, CIVIL_STATES.filter((s) => s !== rec.state));
      const places = store.placesInState(state);
      if (places.length === 0) return null;
      const other = pick(rnd, places);
      if (store.placesByKey(other.key, rec.state).length > 0) return null;
      return make(render(rnd, { ...base, city: cityText(rnd, other.city), zip: null }, rnd() < 0.3), { kind: 'none' });
    }
    case 'city-neighbour': {
      const near = nearestOtherPlace(store, rec);
      if (near === null) return null;
      return make(render(rnd, { ...base, city: cityText(rnd, near.city) }, rnd() < 0.3), full(rec, { cities: [rec.city, near.city] }));
    }
    case 'city-missing':
      return make(render(rnd, { ...base, city: null }, rnd() < 0.3), full(rec));
    case 'state-missing':
      return make(render(rnd, { ...base, state: null }, rnd() < 0.3), full(rec));
    case 'zip-only':
      return make(render(rnd, { ...base, city: null, state: null }, rnd() < 0.3), full(rec));
    case 'city-only': {
      // Several ZIP cities of that name: nothing picks one. Populated places without ZIPs do not
      // compete with a ZIP city (the validator reads "Palo Alto" alone as the CA city, not PA's borough).
      const places = store.placesByKey(cityKey(rec.city), null).filter((p) => p.zips.length > 0);
      const truth = places.length === 1 ? cityStateTruth(store, rec.city, rec.state) : { kind: 'none' as const };
      return make(render(rnd, { ...base, state: null, zip: null }, rnd() < 0.3), truth);
    }
    case 'no-locality':
      return make(render(rnd, { ...base, city: null, zip: null, state: rnd() < 0.5 ? rec.state : null }, rnd() < 0.3), { kind: 'none' });
    case 'garbage': {
      let text = pick(rnd, GARBAGE);
      if (rnd() < 0.3) text = `${text} ${pick(rnd, GARBAGE)}`;
      return make(rnd() < 0.5 ? text : text.toUpperCase(), { kind: 'none' });
    }
    case 'military': {
      const line = pick(rnd, MILITARY_LINES).replace('{n}', String(100 + Math.floor(rnd() * 900))).replace('{m}', String(1 + Math.floor(rnd() * 9999)));
      const r = rnd();
      const p: Parts = { line1: line, city: rec.city, state: rec.state, zip: rec.zip5 };
      if (r < 0.06) {
        p.zip = zipTypo(rnd, rec.zip5);
        return { category: 'military: ZIP typo', input: render(rnd, p, false), truth: full(rec, { partialOk: true }) };
      }
      if (r < 0.2) p.state = null;
      else if (r < 0.3) p.state = pick(rnd, ['NY', 'CA', 'VA', 'TX']); // a civilian state with APO: the state is the error
      return make(render(rnd, p, rnd() < 0.4), full(rec));
    }
    case 'pr': {
      const street = `${String(1 + Math.floor(rnd() * 999))} ${pick(rnd, PR_STREETS)}`;
      const urb = rnd() < 0.5 ? `Urb ${pick(rnd, PR_URBS)}, ` : '';
      const accented = PR_ACCENTS[rec.city];
      const prCity = accented !== undefined && rnd() < 0.7 ? accented : city;
      const p: Parts = { line1: urb + street, city: prCity, state: rnd() < 0.25 ? 'Puerto Rico' : 'PR', zip: rec.zip5 };
      if (rnd() < 0.2) return make(render(rnd, { ...p, zip: null }, false), cityStateTruth(store, rec.city, rec.state));
      return make(render(rnd, p, rnd() < 0.3), full(rec));
    }
    case 'two-errors':
      return twoErrors(src, rnd, rec, base);
    default:
      throw new Error(`unknown category ${category}`);
  }
}

const DAMAGES = ['zip-typo', 'state-wrong', 'city-misspelled', 'zip-missing', 'city-missing', 'state-missing', 'city-neighbour'] as const;

/** Two damages at once: the truth is the row, and declining (PARTIAL, NOT_FOUND) is right too. */
function twoErrors(src: CaseSource, rnd: Rng, rec: ZipRecord, base: Parts): CalibrationCase | null {
  const first = pick(rnd, DAMAGES);
  const second = pick(rnd, DAMAGES.filter((d) => d !== first));
  const p = { ...base };
  const cities = [rec.city];
  for (const d of [first, second]) {
    switch (d) {
      case 'zip-typo': if (p.zip === null) return null; p.zip = zipTypo(rnd, rec.zip5); break;
      case 'state-wrong': if (p.state === null) return null; p.state = pick(rnd, CIVIL_STATES.filter((s) => s !== rec.state)); break;
      case 'city-misspelled': {
        if (p.city === null || p.city !== base.city || cityKey(rec.city).replace(/ /g, '').length < 5) return null;
        p.city = editName(rnd, p.city);
        if (cityKey(p.city) === cityKey(rec.city)) return null;
        break;
      }
      case 'zip-missing': p.zip = null; break;
      case 'city-missing': p.city = null; break;
      case 'state-missing': p.state = null; break;
      case 'city-neighbour': {
        const near = nearestOtherPlace(src.store, rec);
        if (near === null || p.city !== base.city) return null;
        p.city = cityText(rnd, near.city);
        cities.push(near.city);
        break;
      }
    }
  }
  if (p.zip === null && cities.length > 1) return null; // a neighbour's name without ZIP is simply that neighbour
  if (p.zip === null && p.city === null) return { category: 'two-errors', input: render(rnd, p, rnd() < 0.3), truth: { kind: 'none' } };
  const truth = p.zip === null ? cityStateTruth(src.store, rec.city, rec.state) : full(rec, { cities });
  return { category: 'two-errors', input: render(rnd, p, rnd() < 0.3), truth: truth.kind === 'locality' ? { ...truth, partialOk: true } : truth };
}

/** `count` cases drawn by weight from CATEGORIES, deterministic for a seed. */
export function buildCases(src: CaseSource, rnd: Rng, count: number): CalibrationCase[] {
  const total = CATEGORIES.reduce((s, c) => s + c.weight, 0);
  const out: CalibrationCase[] = [];
  while (out.length < count) {
    let r = rnd() * total;
    const cat = CATEGORIES.find((c) => (r -= c.weight) < 0) ?? (CATEGORIES[0] as (typeof CATEGORIES)[number]);
    for (let tries = 0; tries < 50; tries++) {
      const c = buildCase(cat.name, src, rnd);
      if (c !== null) { out.push(c); break; }
    }
  }
  return out;
}

/** True when the result asserts the truth (see the module comment). */
export function isRight(r: Pick<ValidationResult, 'status' | 'standardized'>, truth: Truth): boolean {
  const declined = r.status === 'PARTIAL' || r.status === 'NOT_FOUND';
  if (truth.kind === 'none') return declined;
  if (declined) return truth.partialOk;
  const s = r.standardized;
  return s.state === truth.state && s.zip5 === truth.zip5 && s.city !== null && truth.cities.some((c) => cityKey(c) === cityKey(s.city as string));
}

/** Confidence buckets of the calibration table: [lo, hi), the last one closed. */
export const BUCKETS: readonly [number, number][] = [[0, 0.5], [0.5, 0.7], [0.7, 0.8], [0.8, 0.9], [0.9, 0.95], [0.95, 1]];

/** The index in BUCKETS of a confidence. */
export function bucketOf(confidence: number): number {
  for (let i = 0; i < BUCKETS.length; i++) {
    const [lo, hi] = BUCKETS[i] as [number, number];
    if (confidence >= lo && (confidence < hi || (i === BUCKETS.length - 1 && confidence <= hi))) return i;
  }
  return 0;
}

/** A judged case. */
export interface Judged { category: string; confidence: number; status: string; right: boolean; signature: string }

/** The calibration table (markdown) and its headline line. */
export function calibrationTable(rows: readonly Judged[]): { table: string; headline: string } {
  const lines = ['| confidence | results | right | right % | accepted¹ | accepted right % |', '|:--|--:|--:|--:|--:|--:|'];
  BUCKETS.forEach(([lo, hi], i) => {
    const inB = rows.filter((r) => bucketOf(r.confidence) === i);
    const acc = inB.filter((r) => r.status === 'VALIDATED' || r.status === 'CORRECTED');
    const right = inB.filter((r) => r.right).length;
    const label = i === BUCKETS.length - 1 ? `[${lo.toFixed(2)}, ${hi.toFixed(2)}]` : `[${lo.toFixed(2)}, ${hi.toFixed(2)})`;
    lines.push(`| ${label} | ${inB.length} | ${right} | ${pct(right, inB.length)} | ${acc.length} | ${pct(acc.filter((r) => r.right).length, acc.length)} |`);
  });
  const all = rows.filter((r) => r.right).length;
  lines.push(`| all | ${rows.length} | ${all} | ${pct(all, rows.length)} | | |`);
  const high = rows.filter((r) => r.confidence >= 0.9);
  const highRight = high.filter((r) => r.right).length;
  return { table: lines.join('\n'), headline: `of results with confidence >= 0.9: ${high.length}, right: ${pct(highRight, high.length)}` };
}

/** Per category: count, mean confidence, right %, and the right % among its results >= 0.9. */
export function categoryTable(rows: readonly Judged[]): string {
  const lines = ['| category | cases | mean confidence | right % | >= 0.9 | right % of >= 0.9 |', '|:--|--:|--:|--:|--:|--:|'];
  const names = CATEGORIES.flatMap(({ name }) => [name, ...SUBCATEGORIES.filter((sub) => sub.startsWith(`${name}: `))]);
  for (const name of names) {
    const inC = rows.filter((r) => r.category === name);
    if (inC.length === 0) continue;
    const high = inC.filter((r) => r.confidence >= 0.9);
    const mean = inC.reduce((s, r) => s + r.confidence, 0) / inC.length;
    lines.push(`| ${name} | ${inC.length} | ${mean.toFixed(2)} | ${pct(inC.filter((r) => r.right).length, inC.length)} | ${high.length} | ${pct(high.filter((r) => r.right).length, high.length)} |`);
  }
  return lines.join('\n');
}

/** Per evidence signature (status, reasons, changes): count, confidence range, right %. Most frequent first. */
export function signatureTable(rows: readonly Judged[], min = 1): string {
  const groups = new Map<string, Judged[]>();
  for (const r of rows) groups.set(r.signature, [...(groups.get(r.signature) ?? []), r]);
  const lines = ['| signature | n | confidence | right % |', '|:--|--:|--:|--:|'];
  for (const [sig, rs] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    if (rs.length < min) continue;
    const cs = rs.map((r) => r.confidence);
    const lo = Math.min(...cs);
    const hi = Math.max(...cs);
    lines.push(`| ${sig} | ${rs.length} | ${lo === hi ? lo.toFixed(2) : `${lo.toFixed(2)}-${hi.toFixed(2)}`} | ${pct(rs.filter((r) => r.right).length, rs.length)} |`);
  }
  return lines.join('\n');
}

function pct(n: number, d: number): string {
  return d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`;
}
