// The pure half of bench/calibrate.ts: damage helpers, truths, judging and tables.
import { describe, expect, it } from 'vitest';
import {
  BUCKETS, CATEGORIES, bucketOf, buildCases, calibrationTable, categoryTable, cityStateTruth, editName, isRight, joinParts, oneTypoApart, zipTypo,
} from '../../bench/calibration-cases.js';
import type { Judged, Truth } from '../../bench/calibration-cases.js';
import { prng } from '../../bench/generate-addresses.js';
import type { ZipRecord } from '../../src/core/model/ports.js';
import type { ValidationResult, ValidationStatus } from '../../src/core/model/validation-result.js';
import { fakeLocalityStore } from '../core/validate-fake-store.js';

type Judgeable = Pick<ValidationResult, 'status' | 'standardized'>;

function result(status: ValidationStatus, city: string | null, state: string | null, zip5: string | null): Judgeable {
  return {
    status,
    standardized: { line1: null, line2: null, city, state, zip5, zip4: null, carrier_route: null, county: null, county_fips: null, deliverability: 'N', source: 'test' },
  };
}

const store = fakeLocalityStore();
const sebastopol: Truth = { kind: 'locality', cities: ['SEBASTOPOL'], state: 'CA', zip5: '95472', partialOk: false };

describe('damage helpers', () => {
  it('makes one-typo ZIPs and recognises them', () => {
    const rnd = prng(7);
    for (let i = 0; i < 200; i++) {
      const t = zipTypo(rnd, '95472');
      expect(t).toMatch(/^\d{5}$/);
      expect(oneTypoApart(t, '95472')).toBe(true);
    }
    expect(oneTypoApart('95472', '95427')).toBe(true); // swapped
    expect(oneTypoApart('95472', '95481')).toBe(false);
    expect(oneTypoApart('95472', '95472')).toBe(false);
  });

  it('edits a name but never its first letter', () => {
    const rnd = prng(3);
    for (let i = 0; i < 200; i++) {
      const bad = editName(rnd, 'SEBASTOPOL');
      expect(bad[0]).toBe('S');
      expect(Math.abs(bad.length - 10)).toBeLessThanOrEqual(1);
    }
  });

  it('joins parts with or without commas', () => {
    expect(joinParts({ line1: '1 Main St', city: 'Sebastopol', state: 'CA', zip: '95472' })).toBe('1 Main St, Sebastopol, CA 95472');
    expect(joinParts({ line1: '1 Main St', city: null, state: null, zip: '95472' }, false)).toBe('1 Main St 95472');
  });
});

describe('truth', () => {
  it('has the ZIP of a one-ZIP city, none of a several-ZIP city', () => {
    expect(cityStateTruth(store, 'Valdez', 'AK')).toEqual({ kind: 'locality', cities: ['VALDEZ'], state: 'AK', zip5: '99686', partialOk: false });
    expect(cityStateTruth(store, 'SEBASTOPOL', 'CA')).toMatchObject({ zip5: null });
    expect(cityStateTruth(store, 'NOWHERE', 'CA')).toEqual({ kind: 'none' });
  });

  it('judges a result right only when it asserts the truth', () => {
    expect(isRight(result('VALIDATED', 'SEBASTOPOL', 'CA', '95472'), sebastopol)).toBe(true);
    expect(isRight(result('CORRECTED', 'Sebastopol', 'CA', '95472'), sebastopol)).toBe(true); // by city key
    expect(isRight(result('VALIDATED', 'SEBASTOPOL', 'CA', '95473'), sebastopol)).toBe(false);
    expect(isRight(result('VALIDATED', 'GRATON', 'CA', '95472'), sebastopol)).toBe(false);
    expect(isRight(result('PARTIAL', 'SEBASTOPOL', 'CA', '95472'), sebastopol)).toBe(false);
    expect(isRight(result('PARTIAL', null, null, null), { ...sebastopol, partialOk: true })).toBe(true);
    expect(isRight(result('NOT_FOUND', null, null, null), { kind: 'none' })).toBe(true);
    expect(isRight(result('CORRECTED', 'SEBASTOPOL', 'CA', '95472'), { kind: 'none' })).toBe(false);
    expect(isRight(result('VALIDATED', 'GRATON', 'CA', '95472'), { ...sebastopol, cities: ['SEBASTOPOL', 'GRATON'] })).toBe(true);
  });
});

describe('cases', () => {
  const zips = ['95472', '95473', '95444', '99686', '11201', '19103', '97201', '04101', '45202'].map((z) => store.zip(z) as ZipRecord);
  const src = { store, civilian: zips, pr: zips, military: ['09499', '96267', '34001'].map((z) => store.zip(z) as ZipRecord) };

  it('are deterministic for a seed and cover the categories', () => {
    const a = buildCases(src, prng(1), 400);
    const b = buildCases(src, prng(1), 400);
    expect(a).toEqual(b);
    expect(a).toHaveLength(400);
    const seen = new Set(a.map((c) => c.category.split(':')[0]));
    for (const name of ['clean', 'zip-missing', 'garbage', 'military', 'zip-typo']) expect(seen.has(name), name).toBe(true);
    expect(CATEGORIES.every((c) => c.weight > 0)).toBe(true);
  });
});

describe('tables', () => {
  it('buckets confidence, the last bucket closed', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(0.49)).toBe(0);
    expect(bucketOf(0.5)).toBe(1);
    expect(bucketOf(0.9)).toBe(4);
    expect(bucketOf(0.95)).toBe(5);
    expect(bucketOf(1)).toBe(BUCKETS.length - 1);
  });

  it('prints the headline over results >= 0.9', () => {
    const rows: Judged[] = [
      { category: 'clean', confidence: 0.96, status: 'VALIDATED', right: true, signature: 'a' },
      { category: 'clean', confidence: 0.92, status: 'VALIDATED', right: false, signature: 'a' },
      { category: 'garbage', confidence: 0, status: 'NOT_FOUND', right: true, signature: 'b' },
    ];
    const { table, headline } = calibrationTable(rows);
    expect(headline).toBe('of results with confidence >= 0.9: 2, right: 50.0%');
    expect(table).toContain('| [0.95, 1.00] | 1 | 1 | 100.0% | 1 | 100.0% |');
    expect(categoryTable(rows)).toContain('| garbage | 1 | 0.00 | 100.0% | 0 | — |');
  });
});
