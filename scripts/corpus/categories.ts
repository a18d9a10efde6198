/**
 * The categories of the regression corpus: each builds addresses from known components
 * (pools.ts), so that what the parser must answer is known by construction, not read back
 * from the parser. One function per category of docs/parser.md; generate-corpus.ts writes
 * each to test/fixtures/corpus/<category>.jsonl.
 */
import { BARE_UNITS, DIRECTIONS, NAMES, NUMBERS, ORDINALS, PLACES, SUFFIXES, UNITS, UNIT_NUMBERS } from './pools.js';
import type { Place } from './pools.js';

/** Components a row expects (null components left out), and the words left unparsed. */
export type Expected = Record<string, string | string[] | Record<string, string>>;

/** Structured input, as the library, `--line1 ...` and API bodies take it. */
export interface Fields {
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  zip?: string;
}

/** One row of the corpus. */
export interface Case {
  input: string | Fields;
  expected: Expected;
}

/** A deterministic random source (mulberry32), so that the corpus is the same on every run. */
export interface Random {
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
}

export function seeded(seed: number): Random {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p) => next() < p,
  };
}

const up = (s: string): string => s.toUpperCase();

/** The same text in one of the casings people type. */
function cased(r: Random, text: string): string {
  const k = r.pick([0, 0, 1, 2]);
  return k === 1 ? text.toUpperCase() : k === 2 ? text.toLowerCase() : text;
}

/** The last line in one of its usual forms, and what it gives. */
function lastLine(r: Random, p: Place, form = r.pick(['comma', 'comma', 'comma', 'plain', 'zip4', 'noZip'] as const)): { text: string; expected: Expected } {
  const base: Expected = { city: up(p.city), state: p.state, zip5: p.zip };
  switch (form) {
    case 'comma': return { text: `, ${p.city}, ${p.state} ${p.zip}`, expected: base };
    case 'plain': return { text: `, ${p.city} ${p.state} ${p.zip}`, expected: base };
    case 'zip4': return { text: `, ${p.city}, ${p.state} ${p.zip}-4321`, expected: { ...base, zip4: '4321' } };
    case 'noZip': return { text: `, ${p.city}, ${p.state}`, expected: { city: up(p.city), state: p.state } };
  }
}

/** A street line: number, optional directionals, a name, a type; and what it gives. */
function streetLine(r: Random, options: { predir?: boolean; postdir?: boolean } = {}): { text: string; expected: Expected } {
  const number = r.pick(NUMBERS);
  const name = r.pick(NAMES);
  const [suffix, std] = r.pick(SUFFIXES.filter(([, s]) => s !== 'HWY'));
  const words = [number];
  const expected: Expected = { number };
  if (options.predir) {
    const [d, s] = r.pick(DIRECTIONS);
    words.push(d);
    expected.predir = s;
  }
  words.push(name, suffix);
  expected.street = up(name);
  expected.suffix = std;
  if (options.postdir) {
    const [d, s] = r.pick(DIRECTIONS.filter(([w]) => w.length <= 3)); // abbreviated: "Main St North" reads as a city's name
    words.push(d);
    expected.postdir = s;
  }
  return { text: words.join(' '), expected };
}

function rows(count: number, make: (r: Random, i: number) => Case, seed: number): Case[] {
  const r = seeded(seed);
  return Array.from({ length: count }, (_, i) => make(r, i));
}

/** A plain street address with its last line. */
export const street = (): Case[] => rows(250, (r) => {
  const s = streetLine(r);
  const last = lastLine(r, r.pick(PLACES));
  return { input: cased(r, s.text + last.text), expected: { ...s.expected, ...last.expected } };
}, 1);

/** Pre- and post-directionals, abbreviated, dotted and spelled out. */
export const directionals = (): Case[] => rows(220, (r, i) => {
  const s = streetLine(r, { predir: i % 3 !== 1, postdir: i % 3 !== 0 });
  const last = lastLine(r, r.pick(PLACES), 'comma');
  return { input: cased(r, s.text + last.text), expected: { ...s.expected, ...last.expected } };
}, 2);

/** Every street type spelling of pools.ts, several times. */
export const suffixes = (): Case[] => SUFFIXES.flatMap(([suffix, std], k) => rows(4, (r) => {
  const number = r.pick(NUMBERS);
  const name = r.pick(NAMES);
  const last = lastLine(r, r.pick(PLACES), 'comma');
  return { input: cased(r, `${number} ${name} ${suffix}${last.text}`), expected: { number, street: up(name), suffix: std, ...last.expected } };
}, 100 + k));

/** Numbered streets: ordinals, and "Avenue of the ..." types written as names. */
export const ordinalStreets = (): Case[] => rows(120, (r) => {
  const number = r.pick(NUMBERS);
  const [ordinal, std] = r.pick(ORDINALS);
  const [suffix, sstd] = r.pick(SUFFIXES.filter(([, s]) => ['ST', 'AVE', 'PL', 'TER', 'RD', 'DR'].includes(s)));
  const [d, dstd] = r.pick(DIRECTIONS.filter(([w]) => w.length <= 2));
  const withDir = r.chance(0.5);
  const last = lastLine(r, r.pick(PLACES), 'comma');
  return {
    input: cased(r, `${number} ${withDir ? `${d} ` : ''}${ordinal} ${suffix}${last.text}`),
    expected: { number, ...(withDir ? { predir: dstd } : {}), street: std, suffix: sstd, ...last.expected },
  };
}, 3);

/** Units with a number, after the street, with or without a comma, or on a line of their own. */
export const units = (): Case[] => rows(260, (r) => {
  const s = streetLine(r, { predir: r.chance(0.3) });
  const [unit, std] = r.pick(UNITS);
  const number = r.pick(UNIT_NUMBERS);
  const sep = r.pick([' ', ', ']);
  const written = unit === '#' ? r.pick([`# ${number}`, `#${number}`]) : `${unit} ${number}`;
  const last = lastLine(r, r.pick(PLACES), 'comma');
  return { input: cased(r, `${s.text}${sep}${written}${last.text}`), expected: { ...s.expected, unit_type: std, unit_number: number, ...last.expected } };
}, 4);

/** Designators that take no number (REAR, BASEMENT, FRONT ...), before a comma. */
export const bareUnits = (): Case[] => rows(120, (r) => {
  const s = streetLine(r);
  const [unit, std] = r.pick(BARE_UNITS);
  const last = lastLine(r, r.pick(PLACES), 'comma');
  return { input: cased(r, `${s.text} ${unit}${last.text}`), expected: { ...s.expected, unit_type: std, ...last.expected } };
}, 5);

/** PO boxes in their spellings. */
export const poBoxes = (): Case[] => rows(140, (r) => {
  const box = r.pick(['1', '12', '45', '123', '628', '1042', '9999', '31415']);
  const word = r.pick(['PO Box', 'P.O. Box', 'P O Box', 'Post Office Box', 'POB', 'PO BOX', 'Box', 'P.O.Box', 'POBox']);
  const last = lastLine(r, r.pick(PLACES));
  return { input: cased(r, `${word} ${box}${last.text}`), expected: { po_box: box, ...last.expected } };
}, 6);

/** Rural routes and highway contract routes with their boxes. */
export const ruralRoutes = (): Case[] => rows(120, (r) => {
  const route = r.pick(['1', '2', '3', '5', '12', '04']);
  const box = r.pick(['7', '45', '100', '230', '1180']);
  const [word, type] = r.pick([['RR', 'RR'], ['R.R.', 'RR'], ['Rural Route', 'RR'], ['RURAL ROUTE', 'RR'], ['HC', 'HC'], ['Highway Contract', 'HC']] as const);
  const last = lastLine(r, r.pick(PLACES));
  return {
    input: cased(r, `${word} ${route} Box ${box}${last.text}`),
    expected: { rural_route: route, box, box_group_type: type, ...last.expected },
  };
}, 7);

/** Military mail: PSC, CMR and UNIT boxes at APO, FPO and DPO in AA, AE and AP. */
export const military = (): Case[] => rows(120, (r) => {
  const [word, type] = r.pick([['PSC', 'PSC'], ['CMR', 'CMR'], ['Unit', 'UNIT'], ['UNIT', 'UNIT']] as const);
  const group = r.pick(['802', '450', '2050', '3', '71']);
  const box = r.pick(['74', '12', '4190', '1', '250']);
  const city = r.pick(['APO', 'FPO', 'DPO']);
  const [state, zip] = r.pick([['AE', '09499'], ['AE', '09705'], ['AP', '96278'], ['AA', '34035']] as const);
  const sep = r.pick([', ', ' ']);
  return {
    input: cased(r, `${word} ${group} Box ${box}${sep}${city} ${state} ${zip}`),
    expected: { rural_route: group, box, box_group_type: type, city, state, zip5: zip },
  };
}, 8);

/** Highways and county roads: their pre-type stays in the name and no suffix is read. */
export const highways = (): Case[] => rows(140, (r) => {
  const number = r.pick(NUMBERS);
  const route = r.pick(['1', '9', '27', '45', '101', '287', '1960']);
  const [written, std] = r.pick([
    ['US Highway', 'US HIGHWAY'], ['US Hwy', 'US HIGHWAY'], ['U.S. Highway', 'US HIGHWAY'], ['State Route', 'STATE ROUTE'], ['SR', 'STATE ROUTE'],
    ['County Road', 'COUNTY ROAD'], ['CR', 'COUNTY ROAD'], ['Co Rd', 'COUNTY ROAD'], ['State Highway', 'STATE HIGHWAY'], ['Interstate', 'INTERSTATE'],
    ['FM', 'FM'], ['Farm to Market Road', 'FARM TO MARKET ROAD'], ['Farm Rd', 'FM'], ['Ranch Road', 'RANCH ROAD'], ['Highway', 'HIGHWAY'], ['Hwy', 'HIGHWAY'],
  ] as const);
  const last = lastLine(r, r.pick(PLACES), 'comma');
  return { input: cased(r, `${number} ${written} ${route}${last.text}`), expected: { number, street: `${std} ${route}`, ...last.expected } };
}, 9);

/** Intersections: the first street in the components, the second in cross_street. */
export const intersections = (): Case[] => rows(130, (r) => {
  const a = r.pick(NAMES);
  const b = r.pick(NAMES.filter((n) => n !== a));
  const [sa, stdA] = r.pick(SUFFIXES.filter(([, s]) => ['ST', 'AVE', 'BLVD', 'DR', 'RD', 'LN'].includes(s)));
  const [sb, stdB] = r.pick(SUFFIXES.filter(([, s]) => ['ST', 'AVE', 'BLVD', 'DR', 'RD', 'LN'].includes(s)));
  const join = r.pick([' & ', ' and ', ' / ', ' at ', ' @ ']);
  const last = lastLine(r, r.pick(PLACES), r.pick(['comma', 'noZip'] as const));
  return {
    input: cased(r, `${a} ${sa}${join}${b} ${sb}${last.text}`),
    expected: { street: up(a), suffix: stdA, cross_street: { street: up(b), suffix: stdB }, ...last.expected },
  };
}, 10);

/** House numbers in their forms: fractions, hyphens, grid numbers, letters, number words. */
export const houseNumbers = (): Case[] => rows(140, (r) => {
  const name = r.pick(NAMES);
  const [suffix, std] = r.pick(SUFFIXES.filter(([, s]) => ['ST', 'AVE', 'RD', 'DR'].includes(s)));
  const last = lastLine(r, r.pick(PLACES), 'comma');
  const form = r.pick(['fraction', 'hyphen', 'grid', 'letter', 'word'] as const);
  const tail = `${name} ${suffix}${last.text}`;
  const base: Expected = { street: up(name), suffix: std, ...last.expected };
  switch (form) {
    case 'fraction': {
      const n = r.pick(NUMBERS);
      const f = r.pick(['1/2', '1/4', '3/4']);
      return { input: cased(r, `${n} ${f} ${tail}`), expected: { number: n, number_fraction: f, ...base } };
    }
    case 'hyphen': {
      const n = r.pick(['45-12', '123-45', '10-1', '87-20']);
      return { input: cased(r, `${n} ${tail}`), expected: { number: n, ...base } };
    }
    case 'grid': {
      const n = r.pick(['N6W23001', 'W156N11374', 'N89W16785', 'S75W35209']);
      return { input: cased(r, `${n} ${tail}`), expected: { number: n, ...base } };
    }
    case 'letter': {
      const n = r.pick(['123A', '45B', '1005C', '12R']);
      return { input: cased(r, `${n} ${tail}`), expected: { number: n, ...base } };
    }
    case 'word': {
      const [w, n] = r.pick([['One', '1'], ['Two', '2'], ['Three', '3'], ['Five', '5'], ['Ten', '10'], ['Twelve', '12'], ['Twenty', '20']] as const);
      return { input: cased(r, `${w} ${tail}`), expected: { number: n, ...base } };
    }
  }
}, 11);

/** Last lines: no commas (the gazetteer finds the city), state names, ZIP+4 forms, ZIP or state alone, a country. */
export const lastLines = (): Case[] => rows(260, (r) => {
  const s = streetLine(r);
  const p = r.pick(PLACES);
  const form = r.pick(['noComma', 'stateName', 'zip9', 'zipOnly', 'country', 'cityState', 'noSpaceComma'] as const);
  const city = up(p.city);
  const text = ((): [string, Expected] => {
    switch (form) {
      case 'noComma': return [` ${p.city} ${p.state} ${p.zip}`, { city, state: p.state, zip5: p.zip }];
      case 'stateName': return [`, ${p.city}, ${p.stateName} ${p.zip}`, { city, state: p.state, zip5: p.zip }];
      case 'zip9': return [`, ${p.city}, ${p.state} ${p.zip}1234`, { city, state: p.state, zip5: p.zip, zip4: '1234' }];
      case 'zipOnly': return [`, ${p.zip}`, { zip5: p.zip }];
      case 'country': {
        // A trailing country is no component; like every word written, it is kept among the unparsed.
        const country = r.pick(['USA', 'United States', 'US']);
        return [`, ${p.city}, ${p.state} ${p.zip}, ${country}`, { city, state: p.state, zip5: p.zip, unparsed: [up(country)] }];
      }
      case 'cityState': return [` ${p.city} ${p.state}`, { city, state: p.state }];
      case 'noSpaceComma': return [`,${p.city},${p.state},${p.zip}`, { city, state: p.state, zip5: p.zip }];
    }
  })();
  return { input: cased(r, s.text + text[0]), expected: { ...s.expected, ...text[1] } };
}, 12);

/** Recipients and company names before the address go to `unparsed`. */
export const recipients = (): Case[] => rows(110, (r) => {
  const who = r.pick(['John Smith', 'Maria Garcia', 'Acme Widgets', 'Jane Doe', 'Smith Family', 'Blue Sky Bakery', 'Robert Lee Jones', 'Ana Ruiz']);
  const s = streetLine(r);
  const last = lastLine(r, r.pick(PLACES), 'comma');
  const sep = r.pick([', ', ' ']);
  return { input: `${who}${sep}${s.text}${last.text}`, expected: { ...s.expected, ...last.expected, unparsed: [up(who)] } };
}, 13);

/** Puerto Rico: urbanizations, and streets in the Spanish order (number after the name). */
export const puertoRico = (): Case[] => rows(80, (r) => {
  const urb = r.pick(['Las Lomas', 'Villa Carolina', 'Santa Rosa', 'Country Club', 'Jardines de Ponce']);
  const [calle, number] = [r.pick(['Luna', 'Sol', 'Estrella', 'Rosa', 'Marina', 'Palma']), r.pick(['7', '12', '104', '23'])];
  const [city, zip] = r.pick([['San Juan', '00921'], ['Ponce', '00716'], ['Carolina', '00983'], ['Bayamon', '00956'], ['Caguas', '00725']] as const);
  const order = r.pick(['spanish', 'english'] as const);
  const street = order === 'spanish' ? `Calle ${calle} ${number}` : `${number} Calle ${calle}`;
  return {
    input: cased(r, `Urb ${urb}, ${street}, ${city}, PR ${zip}`),
    expected: { number, street: `CALLE ${up(calle)}`, urbanization: up(urb), city: up(city), state: 'PR', zip5: zip },
  };
}, 14);

/** Structured fields, as spreadsheets and API bodies give them. */
export const structured = (): Case[] => rows(160, (r) => {
  const s = streetLine(r, { predir: r.chance(0.3) });
  const p = r.pick(PLACES);
  const withUnit = r.chance(0.4);
  const [unit, std] = r.pick(UNITS.filter(([u]) => u !== '#'));
  const number = r.pick(UNIT_NUMBERS);
  const form = r.pick(['fields', 'fields', 'cityLine', 'zip4', 'stateName'] as const);
  const expected: Expected = { ...s.expected, city: up(p.city), state: p.state, zip5: p.zip, ...(withUnit ? { unit_type: std, unit_number: number } : {}) };
  const fields: Fields = { line1: cased(r, s.text), ...(withUnit ? { line2: `${unit} ${number}` } : {}) };
  switch (form) {
    case 'fields': return { input: { ...fields, city: p.city, state: p.state, zip: p.zip }, expected };
    case 'cityLine': return { input: { ...fields, city: `${p.city}, ${p.state} ${p.zip}` }, expected };
    case 'zip4': return { input: { ...fields, city: p.city, state: p.state, zip: `${p.zip}-0001` }, expected: { ...expected, zip4: '0001' } };
    case 'stateName': return { input: { ...fields, city: p.city, state: p.stateName, zip: p.zip }, expected };
  }
}, 15);

/** The categories, by the name of their file. */
export const CATEGORIES: Readonly<Record<string, () => Case[]>> = {
  street, directionals, suffixes, 'ordinal-streets': ordinalStreets, units, 'bare-units': bareUnits, 'po-boxes': poBoxes,
  'rural-routes': ruralRoutes, military, highways, intersections, 'house-numbers': houseNumbers, 'last-lines': lastLines,
  recipients, 'puerto-rico': puertoRico, structured,
};
