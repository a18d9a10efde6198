// validateAddress at the locality layer (docs/validation.md): one table per status, per
// reason code and per change code, then the rules one by one. ParsedAddress values
// are built directly so these tests do not depend on the parser.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEngine } from '../../src/core/engine.js';
import { assessAddress, validateAddress } from '../../src/core/validate/validate.js';
import { CHANGE_CODES, REASON_CODES } from '../../src/core/model/reason-codes.js';
import type { ChangeCode, ReasonCode } from '../../src/core/model/reason-codes.js';
import type { ValidationStatus } from '../../src/core/model/validation-result.js';
import { ENGINE_VERSION } from '../../src/core/model/version.js';
import type { ParsedAddress } from '../../src/core/model/types.js';
import { fakeLocalityStore, LOCALITY_FACTOR, parsedAddress, psc, streetAddress, validateOnFake } from './validate-fake-store.js';

const store = fakeLocalityStore();
const run = (p: ParsedAddress) => validateOnFake(p, store);

describe('status', () => {
  it.each<[string, ParsedAddress, ValidationStatus]>([
    // VALIDATED: everything present agrees; formatting changes only
    ['street, city, state and ZIP agree', streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }), 'VALIDATED'],
    ['PO box line', parsedAddress({ po_box: '123', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }), 'VALIDATED'],
    ['rural route line', parsedAddress({ rural_route: '2', box: '45', box_group_type: 'RR', city: 'VALDEZ', state: 'AK', zip5: '99686' }), 'VALIDATED'],
    ['military line', psc({ city: 'APO', state: 'AE', zip5: '09499' }), 'VALIDATED'],
    ['military ZIP absent from the reference (range, not list)', psc({ city: 'APO', state: 'AE', zip5: '09012' }), 'VALIDATED'],
    ['curated alias (Hollywood for 90028)', streetAddress({ city: 'HOLLYWOOD', state: 'CA', zip5: '90028' }), 'VALIDATED'],
    ['nearby place kept (Graton for 95472)', streetAddress({ city: 'GRATON', state: 'CA', zip5: '95472' }), 'VALIDATED'],
    ['suffix spelled out', streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, { suffix: 'STREET' }), 'VALIDATED'],
    ['city and state of a multi-ZIP city, no ZIP', streetAddress({ city: 'LOS ANGELES', state: 'CA' }), 'VALIDATED'],
    // CORRECTED: a substantive change
    ['ZIP alone fills city and state', streetAddress({ zip5: '95472' }), 'CORRECTED'],
    ['one-ZIP city fills the ZIP', streetAddress({ city: 'VALDEZ', state: 'AK' }), 'CORRECTED'],
    ['state wrong for the ZIP, city agrees', streetAddress({ city: 'SEBASTOPOL', state: 'NV', zip5: '95472' }), 'CORRECTED'],
    ['a state name alone that is the ZIP\'s city (WASHINGTON, 20500)', streetAddress({ state: 'WA', zip5: '20500' }, { state: 'WASHINGTON' }), 'CORRECTED'],
    ['misspelled city', streetAddress({ city: 'SEBASTAPOL', state: 'CA', zip5: '95472' }), 'CORRECTED'],
    ['ZIP with swapped digits', streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95427' }), 'CORRECTED'],
    ['city of another state', streetAddress({ city: 'BROOKLYN', state: 'CA', zip5: '95472' }), 'CORRECTED'],
    ['unknown ZIP, city and state determine one', streetAddress({ city: 'VALDEZ', state: 'AK', zip5: '99999' }), 'CORRECTED'],
    ['wrong-state ZIP, city and state name a one-ZIP place', streetAddress({ city: 'VALDEZ', state: 'AK', zip5: '95472' }), 'CORRECTED'],
    ['civilian state on an APO address', psc({ city: 'APO', state: 'NY', zip5: '09499' }), 'CORRECTED'],
    // PARTIAL: part confirmed
    ['no street line', parsedAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }), 'PARTIAL'],
    ['street without house number', parsedAddress({ street: 'MAIN', suffix: 'ST', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }), 'PARTIAL'],
    ['state only', streetAddress({ state: 'CA' }), 'PARTIAL'],
    ['state contradicts ZIP, no city', streetAddress({ state: 'NY', zip5: '95472' }), 'PARTIAL'],
    ['city+ZIP against city+state: a tie', streetAddress({ city: 'WASHINGTON', state: 'VA', zip5: '20500' }), 'PARTIAL'],
    ['city far from the ZIP', streetAddress({ city: 'LOS ANGELES', state: 'CA', zip5: '95472' }), 'PARTIAL'],
    ['unknown city name kept', streetAddress({ city: 'FOOBARVILLE', state: 'CA', zip5: '95472' }), 'PARTIAL'],
    ['unknown city in a known state', streetAddress({ city: 'FOOBARVILLE', state: 'CA' }), 'PARTIAL'],
    ['city in several states', streetAddress({ city: 'BROOKLYN' }), 'PARTIAL'],
    ['unknown ZIP in a multi-ZIP city', streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95999' }), 'PARTIAL'],
    ['AE ZIP written AP', psc({ city: 'APO', state: 'AP', zip5: '09499' }), 'PARTIAL'],
    ['military state, civilian ZIP', psc({ city: 'APO', state: 'AE', zip5: '95472' }), 'PARTIAL'],
    ['military without ZIP', psc({ city: 'APO', state: 'AE' }), 'PARTIAL'],
    ['military ZIP with a civilian city', psc({ city: 'NEW YORK', state: 'AE', zip5: '09499' }), 'PARTIAL'],
    // NOT_FOUND: nothing confirmed
    ['garbage', parsedAddress({ city: 'HELLO WORLD' }), 'NOT_FOUND'],
    ['empty', parsedAddress({}), 'NOT_FOUND'],
    ['street line only', streetAddress({}), 'NOT_FOUND'],
    ['unknown ZIP only', streetAddress({ zip5: '00000' }), 'NOT_FOUND'],
    ['unknown city, no state', streetAddress({ city: 'FOOBARVILLE' }), 'NOT_FOUND'],
  ])('%s -> %s', (_name, parsed, status) => {
    const r = run(parsed);
    expect(r.status).toBe(status);
    expect(r.validation_status).toBe(status);
  });
});

// One input per locality-layer reason code (points-layer codes are reserved, not emitted yet).
const REASON_CASES: [ReasonCode, ParsedAddress][] = [
  ['NO_STREET_COVERAGE', streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472' })],
  ['STREET_MISSING', parsedAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472' })],
  ['HOUSE_NUMBER_MISSING', parsedAddress({ street: 'MAIN', suffix: 'ST', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' })],
  ['LOCALITY_MISSING', streetAddress({ state: 'CA' })],
  ['ZIP_INVALID', streetAddress({ city: 'VALDEZ', state: 'AK', zip5: '9968' })],
  ['ZIP_NOT_FOUND', streetAddress({ city: 'VALDEZ', state: 'AK', zip5: '99999' })],
  ['ZIP_MISSING', psc({ city: 'APO', state: 'AE' })],
  ['ZIP_AMBIGUOUS', streetAddress({ city: 'LOS ANGELES', state: 'CA' })],
  ['ZIP_STATE_MISMATCH', streetAddress({ city: 'WASHINGTON', state: 'VA', zip5: '20500' })],
  ['CITY_ZIP_MISMATCH', streetAddress({ city: 'LOS ANGELES', state: 'CA', zip5: '95472' })],
  ['CITY_ALTERNATE_NAME', streetAddress({ city: 'GRATON', state: 'CA', zip5: '95472' })],
  ['CITY_FUZZY_MATCH', streetAddress({ city: 'SEBASTAPOL', state: 'CA', zip5: '95472' })],
  ['CITY_NOT_FOUND', streetAddress({ city: 'FOOBARVILLE', state: 'CA', zip5: '95472' })],
  ['CITY_AMBIGUOUS', streetAddress({ city: 'BROOKLYN' })],
  ['STATE_INVALID', streetAddress({ city: 'SEBASTOPOL', state: 'XX', zip5: '95472' })],
  ['MILITARY_ADDRESS', psc({ city: 'APO', state: 'AE', zip5: '09499' })],
  ['MILITARY_STATE_MISMATCH', psc({ city: 'APO', state: 'AP', zip5: '09499' })],
  ['MILITARY_ZIP_UNLISTED', psc({ city: 'APO', state: 'AE', zip5: '09329' })],
  ['MILITARY_CITY_INVALID', psc({ city: 'NEW YORK', state: 'AE', zip5: '09499' })],
  ['UNPARSED_INPUT', parsedAddress({ number: '1', street: 'MAIN', suffix: 'ST', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, {}, ['ATTN', 'BOB'])],
  ['UNPARSED_ADDRESS_PART', parsedAddress({ number: '1', street: 'MAIN', suffix: 'ST', unit_type: 'STE', unit_number: '300', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, {}, ['FL 3'])],
  ['NOT_AN_ADDRESS', parsedAddress({ city: 'HELLO WORLD' })],
];

describe('reason codes', () => {
  it.each(REASON_CASES)('%s', (code, parsed) => {
    expect(run(parsed).reason_codes).toContain(code);
  });

  it('every locality-layer reason code has a case above', () => {
    const emitted = Object.entries(REASON_CODES).filter(([, v]) => v.layer === 'locality').map(([k]) => k).sort();
    expect(REASON_CASES.map(([c]) => c).sort()).toEqual(emitted);
  });

  it('a consistent address has only NO_STREET_COVERAGE', () => {
    expect(run(streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472' })).reason_codes).toEqual(['NO_STREET_COVERAGE']);
  });

  it('country words left unparsed are not noise', () => {
    const r = run(parsedAddress({ number: '1', street: 'MAIN', suffix: 'ST', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, {}, ['USA']));
    expect(r.reason_codes).not.toContain('UNPARSED_INPUT');
  });
});

// One input per locality-layer change code, with the sentence Variant A prints.
const CHANGE_CASES: [ChangeCode, ParsedAddress, string][] = [
  ['ZIP_ADDED', streetAddress({ city: 'VALDEZ', state: 'AK' }), 'Added ZIP code 99686.'],
  ['ZIP_CORRECTED', streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95427' }), 'Corrected ZIP code 95427 to 95472.'],
  ['ZIP4_REMOVED', streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95427', zip4: '1234' }), 'Removed ZIP+4 1234.'],
  ['CITY_ADDED', streetAddress({ zip5: '95472' }), 'Added city SEBASTOPOL.'],
  ['CITY_CORRECTED', streetAddress({ city: 'SEBASTAPOL', state: 'CA', zip5: '95472' }), 'Corrected city SEBASTAPOL to SEBASTOPOL.'],
  ['CITY_STANDARDIZED', streetAddress({ city: 'ST LOUIS', state: 'MO', zip5: '63101' }), 'Standardized city ST LOUIS to SAINT LOUIS.'],
  ['STATE_ADDED', streetAddress({ zip5: '95472' }), 'Added state CA.'],
  ['STATE_CORRECTED', streetAddress({ city: 'SEBASTOPOL', state: 'NV', zip5: '95472' }), 'Corrected state NV to CA.'],
  ['STATE_STANDARDIZED', streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, { state: 'CALIFORNIA' }), 'Abbreviated state CALIFORNIA to CA.'],
  ['SUFFIX_STANDARDIZED', streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, { suffix: 'AVENUE' }), 'Abbreviated street suffix AVENUE to ST.'],
  ['DIRECTIONAL_STANDARDIZED', streetAddress({ predir: 'N', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, { predir: 'NORTH' }), 'Abbreviated directional NORTH to N.'],
  ['UNIT_STANDARDIZED', streetAddress({ unit_type: 'APT', unit_number: '4B', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, { unit_type: 'APARTMENT 4B' }), 'Abbreviated unit designator APARTMENT to APT.'],
  ['PO_BOX_STANDARDIZED', parsedAddress({ po_box: '9', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, { po_box: 'POST OFFICE BOX 9' }), 'Standardized POST OFFICE BOX 9 to PO BOX 9.'],
  ['ROUTE_STANDARDIZED', parsedAddress({ rural_route: '2', box: '45', box_group_type: 'RR', city: 'VALDEZ', state: 'AK', zip5: '99686' }, { rural_route: 'RURAL ROUTE 2 BOX 45' }), 'Standardized RURAL ROUTE 2 BOX 45 to RR 2 BOX 45.'],
  ['STREET_REMOVED', parsedAddress({ number: '123', street: 'MAIN', suffix: 'ST', po_box: '9', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, { po_box: 'PO BOX 9' }), 'Left out the street 123 MAIN ST: the delivery line is PO BOX 9.'],
];

describe('change codes and sentences', () => {
  it.each(CHANGE_CASES)('%s', (code, parsed, sentence) => {
    const r = run(parsed);
    const i = r.change_codes.indexOf(code);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(r.changes[i]).toBe(sentence);
    expect(r.changes).toHaveLength(r.change_codes.length);
  });

  it('every locality-layer change code has a case above', () => {
    const emitted = Object.entries(CHANGE_CODES).filter(([, v]) => v.layer === 'locality').map(([k]) => k).sort();
    expect(CHANGE_CASES.map(([c]) => c).sort()).toEqual(emitted);
  });

  it.each<[string, ParsedAddress['raw']]>([
    ['case and periods', { suffix: 'St.', city: 'Sebastopol', state: 'ca' }],
    ['a PO box written with periods', { po_box: 'P.O. BOX 123' }],
    ['a bare unit number', { unit_type: '5' }],
  ])('no change for %s', (_name, raw) => {
    const base = raw.po_box !== undefined
      ? parsedAddress({ po_box: '123', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, raw)
      : streetAddress({ unit_type: '#', unit_number: '5', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, raw);
    const r = run(base);
    expect(r.change_codes).toEqual([]);
    expect(r.status).toBe('VALIDATED');
  });

  it('an ordinal floor is judged by its designator, not its number (32ND FL, 4TH FLOOR)', () => {
    const floor = (raw: string) => run(streetAddress({ unit_type: 'FL', unit_number: '32', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, { unit_type: raw }));
    expect(floor('32ND FL').changes).toEqual([]);
    expect(floor('4TH FLOOR').changes).toEqual(['Abbreviated unit designator FLOOR to FL.']);
  });
});

describe('the full result', () => {
  it('has every Variant A field', () => {
    let clock = 100;
    const parsed = parsedAddress(
      { number: '1600', street: 'PENNSYLVANIA', suffix: 'AVE', postdir: 'NW', city: 'WASHINGTON', state: 'DC', zip5: '20500' },
      { suffix: 'AVENUE', postdir: 'NORTHWEST', state: 'DISTRICT OF COLUMBIA' },
    );
    const r = validateAddress(parsed, store, { requestId: 'req-1', startedAt: 90, now: () => (clock += 2.5) });
    expect(r).toEqual({
      id: 'req-1',
      status: 'VALIDATED',
      validation_status: 'VALIDATED',
      confidence: 0.82, // 0.96 of evidence at the locality layer: the street was not checked
      input: { line1: '1600 PENNSYLVANIA AVENUE NORTHWEST', line2: null, city: 'WASHINGTON', state: 'DISTRICT OF COLUMBIA', zip: '20500' },
      standardized: {
        line1: '1600 PENNSYLVANIA AVE NW', line2: null, city: 'WASHINGTON', state: 'DC', zip5: '20500', zip4: null,
        carrier_route: null, county: 'District of Columbia', county_fips: '11001', deliverability: 'N', source: `addr-engine/${ENGINE_VERSION}`,
      },
      geocode: { lat: 38.8946, lon: -77.0355, quality: 'ZIP_CENTROID', accuracy_meters: 5000 },
      timezone: null, // the fake store knows no time zones (test/core/time-zone.test.ts)
      match_code: 'LOCALITY_ENGINE',
      match_source: 'LOCALITY_ENGINE',
      reason_codes: ['NO_STREET_COVERAGE'],
      changes: ['Abbreviated street suffix AVENUE to AVE.', 'Abbreviated directional NORTHWEST to NW.', 'Abbreviated state DISTRICT OF COLUMBIA to DC.'],
      change_codes: ['SUFFIX_STANDARDIZED', 'DIRECTIONAL_STANDARDIZED', 'STATE_STANDARDIZED'],
      quality: { level: 'locality', review_recommended: false, reasons: [] },
      suggested_address: null,
      suggested_addresses: [],
      display_address: '1600 Pennsylvania Ave NW, Washington, DC 20500',
      latency_ms: 12.5,
      data_version: 'fake@1',
      engine_version: ENGINE_VERSION,
      components: { ...parsed.components },
    });
  });

  it('without a clock, latency is 0 and id empty', () => {
    const r = run(streetAddress({ zip5: '95472' }));
    expect(r.latency_ms).toBe(0);
    expect(r.id).toBe('');
  });

  it('puts the unit on the delivery line (line1) and keeps the input as written', () => {
    const r = run(streetAddress({ unit_type: 'APT', unit_number: '4B', city: 'SEBASTOPOL', state: 'CA', zip5: '95472', zip4: '1234' }, { unit_type: 'APARTMENT 4B', suffix: 'STREET' }));
    expect(r.input).toEqual({ line1: '1 MAIN STREET', line2: 'APARTMENT 4B', city: 'SEBASTOPOL', state: 'CA', zip: '95472-1234' });
    expect(r.standardized).toMatchObject({ line1: '1 MAIN ST APT 4B', line2: null, zip4: '1234' });
    expect(r.display_address).toBe('1 Main St Apt 4B, Sebastopol, CA 95472-1234');
  });

  it('components carry the filled locality', () => {
    const r = run(streetAddress({ zip5: '95472' }));
    expect(r.components).toMatchObject({ number: '1', street: 'MAIN', suffix: 'ST', city: 'SEBASTOPOL', state: 'CA', zip5: '95472', zip4: null });
  });

  it('is deterministic', () => {
    const p = streetAddress({ city: 'SEBASTAPOL', state: 'CA', zip5: '95472' });
    expect(run(p)).toEqual(run(p));
  });
});

describe('ZIP known', () => {
  it('geocodes to the ZIP centroid with the accuracy the reference gives it (more for a point ZIPs share)', () => {
    expect(run(streetAddress({ zip5: '95472' })).geocode).toMatchObject({ quality: 'ZIP_CENTROID', accuracy_meters: 5000 });
    const shared: typeof store = { ...store, zip: (zip5) => { const z = store.zip(zip5); return z === null ? null : { ...z, accuracy_m: 9500 }; } };
    expect(validateAddress(streetAddress({ zip5: '95472' }), shared).geocode).toMatchObject({ quality: 'ZIP_CENTROID', accuracy_meters: 9500 });
  });

  it('fills city and state', () => {
    const r = run(streetAddress({ zip5: '95472' }));
    expect(r.standardized).toMatchObject({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472', county: 'Sonoma', county_fips: '06097' });
    expect(r.change_codes).toEqual(['STATE_ADDED', 'CITY_ADDED']);
    expect(r.confidence).toBeGreaterThanOrEqual(0.9 * LOCALITY_FACTOR); // strong evidence, the street unchecked
  });

  it('corrects the state when the city agrees with the ZIP', () => {
    const r = run(streetAddress({ city: 'SEBASTOPOL', state: 'NV', zip5: '95472' }));
    expect(r.standardized.state).toBe('CA');
    expect(r.reason_codes).toContain('ZIP_STATE_MISMATCH');
    expect(r.quality.review_recommended).toBe(true);
    expect(r.confidence).toBeLessThan(0.9);
  });

  it('corrects the ZIP when city and state name another one-ZIP place', () => {
    const r = run(streetAddress({ city: 'VALDEZ', state: 'AK', zip5: '95472' }));
    expect(r.standardized).toMatchObject({ city: 'VALDEZ', state: 'AK', zip5: '99686' });
    expect(r.change_codes).toEqual(['ZIP_CORRECTED']);
  });

  it('leaves a tie unresolved and suggests the ZIP reading', () => {
    const r = run(streetAddress({ city: 'WASHINGTON', state: 'VA', zip5: '20500' }));
    expect(r.standardized).toMatchObject({ city: 'WASHINGTON', state: 'VA', zip5: '20500' });
    expect(r.geocode).toBeNull();
    expect(r.suggested_address).toBe('1 Main St, Washington, DC 20500');
    expect(r.change_codes).toEqual([]);
  });

  it('keeps a given invalid state when nothing resolves it... unless the ZIP does', () => {
    const r = run(streetAddress({ city: 'SEBASTOPOL', state: 'XX', zip5: '95472' }));
    expect(r.standardized.state).toBe('CA');
    expect(r.changes).toContain('Corrected state XX to CA.');
  });

  it('removes a ZIP+4 with the ZIP it belonged to', () => {
    const r = run(streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95427', zip4: '1234' }));
    expect(r.standardized).toMatchObject({ zip5: '95472', zip4: null });
  });
});

describe('ZIP missing', () => {
  it('is added when city and state determine one ZIP', () => {
    const r = run(streetAddress({ city: 'VALDEZ', state: 'AK' }));
    expect(r.standardized).toMatchObject({ zip5: '99686', county: 'Valdez-Cordova' });
    expect(r.geocode?.quality).toBe('ZIP_CENTROID');
    expect(r.status).toBe('CORRECTED');
  });

  it('stays empty when the city has several ZIPs: city centroid, county when shared', () => {
    const r = run(streetAddress({ city: 'LOS ANGELES', state: 'CA' }));
    expect(r.standardized).toMatchObject({ city: 'LOS ANGELES', zip5: null, county: 'Los Angeles', county_fips: '06037' });
    expect(r.geocode).toEqual({ lat: (34.1005 + 34.0614) / 2, lon: (-118.3254 + -118.2385) / 2, quality: 'CITY_CENTROID', accuracy_meters: 10000 });
    expect(r.reason_codes).toContain('ZIP_AMBIGUOUS');
    expect(r.confidence).toBeLessThan(0.9);
  });

  it('fills the state from a city that exists in one state only', () => {
    const r = run(streetAddress({ city: 'VALDEZ' }));
    expect(r.standardized).toMatchObject({ state: 'AK', zip5: '99686' });
    expect(r.change_codes).toEqual(['STATE_ADDED', 'ZIP_ADDED']);
  });

  it('picks the state of an ambiguous city by an unknown ZIP that is a typo of one of its ZIPs', () => {
    const r = run(streetAddress({ city: 'BROOKLYN', zip5: '11210' })); // 11201 with two digits swapped
    expect(r.standardized).toMatchObject({ state: 'NY', zip5: '11201' });
  });

  it('places a curated alias written without a ZIP, keeping its name (Manhattan, NY; Hollywood, CA)', () => {
    // MANHATTAN is no place of NY in the reference: the alias table says it stands for NEW YORK.
    // (NEW YORK has one ZIP in this store, so it is added.)
    const manhattan = run(streetAddress({ city: 'MANHATTAN', state: 'NY' }));
    expect(manhattan.status).toBe('CORRECTED');
    expect(manhattan.standardized).toMatchObject({ city: 'MANHATTAN', state: 'NY', zip5: '10001', county: 'New York' });
    expect(manhattan.change_codes).toEqual(['ZIP_ADDED']);
    // HOLLYWOOD, CA: the alias's ZIPs (only 90028 is in this store) give the ZIP; the name is kept.
    const hollywood = run(streetAddress({ city: 'HOLLYWOOD', state: 'CA' }));
    expect(hollywood.standardized).toMatchObject({ city: 'HOLLYWOOD', state: 'CA', zip5: '90028' });
    expect(hollywood.change_codes).toEqual(['ZIP_ADDED']);
    // NYC without a state: the alias is in one state only, which fills it; no county for five of them.
    const nyc = run(streetAddress({ city: 'NYC' }));
    expect(nyc.standardized).toMatchObject({ city: 'NYC', state: 'NY', zip5: null, county: null });
    // A place of that name wins over an alias (Hollywood FL is a place), and an alias of another state does not apply.
    expect(run(streetAddress({ city: 'HOLLYWOOD', state: 'FL' })).standardized).toMatchObject({ city: 'HOLLYWOOD', zip5: '33019' });
    expect(run(streetAddress({ city: 'MANHATTAN', state: 'CA' })).reason_codes).toContain('CITY_NOT_FOUND');
  });
});

describe('confidence and quality', () => {
  it.each([
    ['PARTIAL', streetAddress({ city: 'WASHINGTON', state: 'VA', zip5: '20500' }), 0.6],
    ['NOT_FOUND', parsedAddress({ city: 'HELLO WORLD' }), 0.1],
  ])('%s is capped', (_s, parsed, cap) => {
    expect(run(parsed).confidence).toBeLessThanOrEqual(cap);
  });

  it('names the codes that lowered the confidence when a low confidence alone asks for review', () => {
    // Words left over (a recipient's name the parser could not place) and no street data: neither
    // code asks for review, together they bring the score under 0.8.
    const r = createEngine({ locality: store }).validate('ana ruiz 8128 pine court sebastopol ca 95472');
    expect(r.status).toBe('VALIDATED');
    expect(r.confidence).toBeLessThan(0.8);
    expect(r.reason_codes).toEqual(['UNPARSED_INPUT', 'NO_STREET_COVERAGE']);
    expect(r.quality).toEqual({ level: 'locality', review_recommended: true, reasons: ['UNPARSED_INPUT', 'NO_STREET_COVERAGE'] });
  });

  it('reviews PARTIAL and NOT_FOUND, and lists review reasons', () => {
    const r = run(streetAddress({ city: 'FOOBARVILLE', state: 'CA', zip5: '95472' }));
    expect(r.quality).toEqual({ level: 'locality', review_recommended: true, reasons: ['CITY_NOT_FOUND'] });
    expect(run(parsedAddress({ city: 'HELLO WORLD' })).quality).toEqual({ level: 'none', review_recommended: true, reasons: ['NOT_AN_ADDRESS'] });
  });

  it('orders evidence: exact > misspelling fixed > state fixed > unresolved', () => {
    const exact = run(streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472' })).confidence;
    const fuzzy = run(streetAddress({ city: 'SEBASTAPOL', state: 'CA', zip5: '95472' })).confidence;
    const state = run(streetAddress({ city: 'SEBASTOPOL', state: 'NV', zip5: '95472' })).confidence;
    const tie = run(streetAddress({ city: 'WASHINGTON', state: 'VA', zip5: '20500' })).confidence;
    expect(exact).toBeGreaterThan(fuzzy);
    expect(fuzzy).toBeGreaterThan(state);
    expect(state).toBeGreaterThan(tie);
  });

  it('a farther misspelling scores lower', () => {
    const one = run(streetAddress({ city: 'SEBASTAPOL', state: 'CA', zip5: '95472' })).confidence;
    const two = run(streetAddress({ city: 'SEBASTAPOOL', state: 'CA', zip5: '95472' })).confidence;
    expect(two).toBeLessThan(one);
  });
});

describe('robustness', () => {
  const cityArb = fc.constantFrom(null, 'SEBASTOPOL', 'SEBASTAPOL', 'BROOKLYN', 'APO', 'FOO', 'WASHINGTON', 'GRATON', 'LOS ANGELES', '', 'ST LOUIS');
  const stateArb = fc.constantFrom(null, 'CA', 'NY', 'AE', 'AP', 'DC', 'XX', 'VA', '');
  const zipArb = fc.oneof(fc.constantFrom(null, '95472', '95427', '09499', '11201', '20500', '9547', 'ABCDE'), fc.stringMatching(/^\d{5}$/));
  it('never throws; status, confidence and codes stay consistent', () => {
    fc.assert(fc.property(cityArb, stateArb, zipArb, fc.boolean(), (city, state, zip5, street) => {
      const p = parsedAddress({ ...(street ? { number: '1', street: 'MAIN' } : {}), city, state, zip5 });
      const r = run(p);
      expect(r.confidence).toBeGreaterThanOrEqual(0);
      expect(r.confidence).toBeLessThanOrEqual(1);
      if (r.status === 'PARTIAL' || r.status === 'NOT_FOUND') expect(r.quality.review_recommended).toBe(true);
      if (r.confidence >= 0.9) expect(['VALIDATED', 'CORRECTED']).toContain(r.status);
      for (const code of r.reason_codes) expect(REASON_CODES[code]).toBeDefined();
      for (const code of r.change_codes) expect(CHANGE_CODES[code]).toBeDefined();
      expect(r.changes).toHaveLength(r.change_codes.length);
      // A review always says why: its reasons are codes of the result.
      if (r.quality.review_recommended && r.reason_codes.length > 0) expect(r.quality.reasons.length).toBeGreaterThan(0);
      for (const code of r.quality.reasons) expect(r.reason_codes).toContain(code);
    }), { numRuns: 300 });
  });
});

describe('a spelled-out state name that is the city of the ZIP', () => {
  it('reads "WASHINGTON, 20500" as the city, the state from the ZIP', () => {
    const r = validateAddress(streetAddress({ state: 'WA', zip5: '20500' }, { state: 'WASHINGTON' }), fakeLocalityStore());
    expect([r.standardized.city, r.standardized.state, r.input.city, r.input.state]).toEqual(['WASHINGTON', 'DC', 'WASHINGTON', null]);
    expect(r.reason_codes).not.toContain('ZIP_STATE_MISMATCH');
  });
  it('reads "NEW YORK 10001", a state name that is also its own ZIP\'s city, as both', () => {
    const r = validateAddress(streetAddress({ state: 'NY', zip5: '10001' }, { state: 'NEW YORK' }), fakeLocalityStore());
    expect([r.standardized.city, r.standardized.state, r.input.city, r.input.state]).toEqual(['NEW YORK', 'NY', 'NEW YORK', 'NEW YORK']);
    expect(r.change_codes).not.toContain('CITY_ADDED');
  });
  it('keeps a state name that is not the ZIP\'s city as the state (WASHINGTON, 95472 is a mismatch)', () => {
    const r = validateAddress(streetAddress({ state: 'WA', zip5: '95472' }, { state: 'WASHINGTON' }), fakeLocalityStore());
    expect(r.input.state).toBe('WASHINGTON');
    expect(r.standardized.city).not.toBe('WASHINGTON');
  });
});

describe('one-line inputs of item forms (through the parser)', () => {
  const engine = createEngine({ locality: fakeLocalityStore() });

  it('"350 5th Ave New York 10001" keeps the city written', () => {
    const r = engine.validate('350 5th ave new york 10001');
    expect([r.status, r.input.city, r.standardized.city, r.standardized.state]).toEqual(['VALIDATED', 'NEW YORK', 'NEW YORK', 'NY']);
  });

  it('"NY, NY" is New York: its usual short name, not CITY_NOT_FOUND', () => {
    const r = engine.validate('350 5th ave ny ny');
    expect(r.reason_codes).not.toContain('CITY_NOT_FOUND');
    expect(['VALIDATED', 'CORRECTED']).toContain(r.status);
  });

  it('an address part left unparsed (a second unit) lowers the confidence, with review', () => {
    const r = engine.validate('350 5th ave ste 300 fl 3 new york ny 10001');
    expect(r.reason_codes).toEqual(expect.arrayContaining(['UNPARSED_INPUT', 'UNPARSED_ADDRESS_PART']));
    // The same address without the words left over: the penalty is the only difference.
    expect(r.confidence).toBeLessThan(engine.validate('350 5th ave ste 300 new york ny 10001').confidence);
    expect(r.quality.review_recommended).toBe(true);
    // A recipient's name is no address part: no such penalty.
    const recipient = engine.validate('Office of General Counsel, 350 5th ave, new york ny 10001');
    expect(recipient.reason_codes).not.toContain('UNPARSED_ADDRESS_PART');
    expect(recipient.confidence).toBeGreaterThan(r.confidence);
  });
});

describe('assessAddress', () => {
  it('is the decision of validateAddress, without the result\'s views', () => {
    const cases: ParsedAddress[] = [
      streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, { suffix: 'STREET' }),
      streetAddress({ zip5: '95472', zip4: '12' }),
      streetAddress({ city: 'SEBASTAPOL', state: 'CA', zip5: '95427' }),
      streetAddress({ state: 'WA', zip5: '20500' }, { state: 'WASHINGTON' }),
      streetAddress({ city: 'NOWHERE', state: 'ZZ', zip5: 'ABCDE' }),
      psc({ city: 'APO', state: 'AE', zip5: '09499' }),
      parsedAddress({ city: 'SEBASTOPOL', state: 'CA' }, {}, ['garbage']),
      parsedAddress({}, {}, ['hello world']),
    ];
    for (const p of cases) {
      const { status, confidence, standardized, geocode, timezone, match_code, reason_codes, changes } = run(p);
      expect(assessAddress(p, store)).toEqual({ status, confidence, standardized, geocode, timezone, match_code, reason_codes, changes });
    }
  });
});
