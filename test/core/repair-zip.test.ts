// ZIPs a spreadsheet turned into numbers, restored only where the row's state confirms them (docs/cli.md, `addr batch`).
import { describe, expect, it } from 'vitest';
import type { LocalityStore, ZipRecord } from '../../src/core/model/ports.js';
import { repairZip } from '../../src/core/spreadsheet/repair-zip.js';

const ZIPS: Record<string, string> = { '02108': 'MA', '00501': 'NY', '07030': 'NJ', '95472': 'CA' };
const store = {
  zip: (zip5: string): ZipRecord | null => (ZIPS[zip5] === undefined ? null : { zip5, city: 'X', state: ZIPS[zip5] as string, county: null, county_fips: null, lat: null, lon: null, timezone: null }),
} as unknown as LocalityStore;

describe('repairZip', () => {
  it.each([
    ['2108', 'MA', '02108'],
    ['2108', 'Massachusetts', '02108'],
    ['2108.0', 'ma', '02108'],
    ['21081234', 'MA', '02108-1234'],
    ['21081234.0', 'MA', '02108-1234'],
    ['2108-1234', 'MA', '02108-1234'],
    ['501', 'NY', '00501'],
    ['7030', 'NJ', '07030'],
    ['95472.0', 'CA', '95472'],
  ])('%s in %s -> %s', (value, state, zip) => {
    expect(repairZip(value, state, store)).toEqual({ zip, from: value });
  });

  it.each([
    ['2108', 'NY'], // the state does not confirm it
    ['2108', ''], // no state
    ['2108', 'ZZ'], // not a state
    ['9999', 'MA'], // 09999 is not a ZIP
    ['02108', 'MA'], // already well formed
    ['021081234', 'MA'], // nine digits as text: a ZIP+4 without its hyphen, not mangled
    ['210812', 'MA'], // six digits
    ['21O8', 'MA'], // not digits
  ])('leaves %s in %j alone', (value, state) => {
    expect(repairZip(value, state, store)).toBeNull();
  });
});
