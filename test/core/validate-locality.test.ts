// validateAddress at the locality layer (docs/validation.md): how a city is matched (spelling,
// alternate names, a city of another state, a ZIP that names another place) and military
// addresses. ParsedAddress values are built directly so these tests do not depend on the parser.
import { describe, expect, it } from 'vitest';
import { validateAddress } from '../../src/core/validate/validate.js';
import type { LocalityStore, ZipRecord } from '../../src/core/model/ports.js';
import type { ParsedAddress } from '../../src/core/model/types.js';
import { fakeLocalityStore, LOCALITY_FACTOR, psc, streetAddress, validateOnFake } from './validate-fake-store.js';

const store = fakeLocalityStore();
const run = (p: ParsedAddress) => validateOnFake(p, store);

describe('city matching', () => {
  it('corrects a clear misspelling of the ZIP city', () => {
    const r = run(streetAddress({ city: 'SEBASTAPOL', state: 'CA', zip5: '95472' }));
    expect(r.standardized.city).toBe('SEBASTOPOL');
    expect(r.confidence).toBeGreaterThanOrEqual(0.9 * LOCALITY_FACTOR); // one edit, confirmed by the ZIP; the street unchecked
  });

  it('corrects a misspelling without ZIP from the places of the state, with less confidence', () => {
    const r = run(streetAddress({ city: 'PHILADELPHA', state: 'PA' }));
    expect(r.standardized).toMatchObject({ city: 'PHILADELPHIA', zip5: '19103' });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it.each([
    ['a nearby known place', 'GRATON', 'CA', '95472', 'GRATON'],
    ['a curated alias (LA neighbourhood)', 'HOLLYWOOD', 'CA', '90028', 'HOLLYWOOD'],
    ['a borough for a Queens ZIP', 'QUEENS', 'NY', '11368', 'QUEENS'],
    ['New York for a Brooklyn ZIP', 'NEW YORK', 'NY', '11201', 'NEW YORK'],
    ['Manhattan (a place only in other states) for a Manhattan ZIP', 'MANHATTAN', 'NY', '10001', 'MANHATTAN'],
    ['a reverted Army base name', 'FT CAVAZOS', 'TX', '76544', 'FORT CAVAZOS'],
    ['a Queens neighbourhood near the ZIP', 'FLUSHING', 'NY', '11368', 'FLUSHING'],
  ])('keeps %s', (_name, city, state, zip5, kept) => {
    const r = run(streetAddress({ city, state, zip5 }));
    expect(r.standardized.city).toBe(kept);
    expect(r.change_codes).not.toContain('CITY_CORRECTED');
    expect(['VALIDATED', 'CORRECTED']).toContain(r.status);
  });

  it('a nearby place costs a little confidence, an alias none', () => {
    const near = run(streetAddress({ city: 'GRATON', state: 'CA', zip5: '95472' }));
    const alias = run(streetAddress({ city: 'HOLLYWOOD', state: 'CA', zip5: '90028' }));
    const exact = run(streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }));
    expect(near.reason_codes).toContain('CITY_ALTERNATE_NAME');
    expect(near.confidence).toBeLessThan(exact.confidence);
    expect(alias.confidence).toBe(exact.confidence);
  });

  it('keeps a populated place without ZIPs near the ZIP, and reads it without a ZIP as a city', () => {
    const near = run(streetAddress({ city: 'EAST SEBASTOPOL', state: 'CA', zip5: '95472' }));
    expect(near.status).toBe('VALIDATED');
    expect(near.standardized.city).toBe('EAST SEBASTOPOL');
    expect(near.reason_codes).toContain('CITY_ALTERNATE_NAME');
    const alone = run(streetAddress({ city: 'EAST SEBASTOPOL', state: 'CA', zip5: null }));
    expect(alone.standardized).toMatchObject({ city: 'EAST SEBASTOPOL', state: 'CA', zip5: null });
    expect(alone.reason_codes).not.toContain('CITY_NOT_FOUND');
    expect(alone.geocode?.quality).toBe('CITY_CENTROID');
    // Farther than the ZIP cities' rule allows, within the populated places' 8 km.
    expect(run(streetAddress({ city: 'SOUTH SEBASTOPOL', state: 'CA', zip5: '95472' })).reason_codes).toContain('CITY_ALTERNATE_NAME');
  });

  it('does not let populated places without ZIPs decide against what was written', () => {
    // Only in another state: kept as an unknown name, not replaced by the ZIP's city.
    const other = run(streetAddress({ city: 'EAST SEBASTOPOL', state: 'OR', zip5: '97201' }));
    expect(other.change_codes).not.toContain('CITY_CORRECTED');
    expect(other.reason_codes).toContain('CITY_NOT_FOUND');
    // No state: the one ZIP city of the name, not the town without ZIPs elsewhere.
    const alone = run(streetAddress({ city: 'SEBASTOPOL', state: null, zip5: null }));
    expect(alone.standardized).toMatchObject({ city: 'SEBASTOPOL', state: 'CA' });
    expect(alone.reason_codes).not.toContain('CITY_AMBIGUOUS');
  });

  it('takes a city written with or without a space for the ZIP city', () => {
    const r = run(streetAddress({ city: 'LOSANGELES', state: 'CA', zip5: '90012' }));
    expect(r.status).toBe('VALIDATED');
    expect(r.standardized.city).toBe('LOS ANGELES');
    expect(r.change_codes).not.toContain('CITY_CORRECTED');
  });

  it('keeps only places among the nearest: in a metro the next city over is a mismatch', () => {
    expect(run(streetAddress({ city: 'WEST HOLLYWOOD', state: 'CA', zip5: '90028' })).reason_codes).toContain('CITY_ALTERNATE_NAME');
    const r = run(streetAddress({ city: 'PASADENA', state: 'CA', zip5: '90028' }));
    expect(r.status).toBe('PARTIAL');
    expect(r.reason_codes).toContain('CITY_ZIP_MISMATCH');
    expect(r.suggested_address).toBe('1 Main St, Los Angeles, CA 90028');
  });

  it('never corrects an unknown name: keeps it and suggests the ZIP city', () => {
    const r = run(streetAddress({ city: 'FOOBARVILLE', state: 'CA', zip5: '95472' }));
    expect(r.standardized).toMatchObject({ city: 'FOOBARVILLE', state: 'CA', zip5: '95472', county: 'Sonoma' });
    expect(r.suggested_address).toBe('1 Main St, Sebastopol, CA 95472');
  });

  it('does not take a far place of the same state for a misspelling', () => {
    const r = run(streetAddress({ city: 'LOS ANGELES', state: 'CA', zip5: '95472' }));
    expect(r.standardized.city).toBe('LOS ANGELES');
    expect(r.geocode).toBeNull();
    expect(r.reason_codes).toContain('CITY_ZIP_MISMATCH');
  });

  describe('a valid city and a valid ZIP of two places of the state', () => {
    // Two synthetic ZIPs of places far from Sebastopol and Los Angeles: 93472 is one digit off
    // Sebastopol's 95472 in its area prefix (as Boston's 02108 is off Springfield's 01108),
    // 90029 one digit off Los Angeles's 90028 in its last two.
    const far = (zip5: string, city: string): ZipRecord => ({ zip5, city, state: 'CA', county: null, county_fips: null, lat: 41.5, lon: -120.5, timezone: null });
    const extra: Record<string, ZipRecord> = { '93472': far('93472', 'ALTURAS'), '90029': far('90029', 'LIKELY') };
    const wider: LocalityStore = { ...store, zip: (zip5) => extra[zip5] ?? store.zip(zip5) };

    it('picks neither when the ZIP is no near miss of the city\'s: PARTIAL, both readings to review', () => {
      const r = validateAddress(streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '93472' }), wider);
      expect(r.status).toBe('PARTIAL');
      expect(r.reason_codes).toContain('CITY_ZIP_MISMATCH');
      expect(r.change_codes).not.toContain('ZIP_CORRECTED');
      expect(r.standardized).toMatchObject({ city: 'SEBASTOPOL', state: 'CA', zip5: '93472' });
      expect(r.suggested_address).toBe('1 Main St, Alturas, CA 93472');
      expect(r.suggested_addresses).toEqual(['1 Main St, Alturas, CA 93472', '1 Main St, Sebastopol, CA 95472']);
      expect(r.confidence).toBeLessThanOrEqual(0.6);
    });

    it('corrects a near miss: one digit off in the last two, or two digits swapped', () => {
      const r = validateAddress(streetAddress({ city: 'LOS ANGELES', state: 'CA', zip5: '90029' }), wider);
      expect([r.status, r.standardized.zip5, r.suggested_addresses.length <= 1]).toEqual(['CORRECTED', '90028', true]);
      expect(validateAddress(streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95427' }), wider).standardized.zip5).toBe('95472');
    });

    it('gives no second reading where there is nothing to review', () => {
      expect(validateAddress(streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }), wider).suggested_addresses).toEqual([]);
    });
  });

  it('corrects a city of another state when state and ZIP agree', () => {
    const r = run(streetAddress({ city: 'BROOKLYN', state: 'CA', zip5: '95472' }));
    expect(r.standardized.city).toBe('SEBASTOPOL');
    expect(r.reason_codes).toContain('CITY_ZIP_MISMATCH');
  });

  it('matches abbreviations and key variants as formatting', () => {
    const r = run(streetAddress({ city: 'ST. LOUIS', state: 'MO', zip5: '63101' }));
    expect(r.status).toBe('VALIDATED');
    expect(r.standardized.city).toBe('SAINT LOUIS');
  });

  it('matches a city written with the USPS abbreviations of 13-character names', () => {
    for (const zip5 of ['19006', '']) {
      const r = run(streetAddress({ city: 'Huntingdon Vy', state: 'PA', zip5 }));
      expect(r.status, zip5).toMatch(/^(VALIDATED|CORRECTED)$/);
      expect(r.standardized.city).toBe('HUNTINGDON VALLEY');
      expect(r.standardized.zip5).toBe('19006');
      expect(r.reason_codes).not.toContain('CITY_NOT_FOUND');
    }
  });
});

describe('military', () => {
  it.each([
    ['34001', 'AA'],
    ['09012', 'AE'],
    ['09499', 'AE'],
    ['96267', 'AP'],
    ['96601', 'AP'],
  ])('%s is %s by range', (zip5, state) => {
    const r = run(psc({ city: 'APO', state, zip5 }));
    expect(r.status).toBe('VALIDATED');
    expect(r.reason_codes).toContain('MILITARY_ADDRESS');
    expect(r.geocode).toBeNull();
    expect(r.standardized.county).toBeNull();
  });

  it('fills the state from the ZIP range', () => {
    const r = run(psc({ city: 'FPO', zip5: '96601' }));
    expect(r.standardized.state).toBe('AP');
    expect(r.change_codes).toEqual(['STATE_ADDED']);
  });

  it('fills the city from the reference when it lists the ZIP', () => {
    const r = run(psc({ state: 'AE', zip5: '09499' }));
    expect(r.standardized.city).toBe('APO');
    expect(r.status).toBe('CORRECTED');
  });

  it('suggests the state of the ZIP range on a mismatch', () => {
    const r = run(psc({ city: 'APO', state: 'AP', zip5: '09499' }));
    expect(r.suggested_address).toBe('PSC 802 Box 74, APO, AE 09499');
    expect(r.standardized.state).toBe('AP');
  });
});
