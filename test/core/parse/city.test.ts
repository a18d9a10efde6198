// The city's rules (src/core/parse/city.ts), each with its cases.
import { describe, expect, it } from 'vitest';
import { CITY_RULES } from '../../../src/core/parse/city.js';
import { ruleTables } from './rule-cases.js';
import type { RuleCase } from './rule-cases.js';

const CASES: Record<string, RuleCase[]> = {
  cityAfterState: [
    ['101 E Market St CA Long Beach 90807', {number: '101', predir: 'E', street: 'MARKET', suffix: 'ST', city: 'LONG BEACH', state: 'CA', zip5: '90807'}],
  ],
  buildingLinesWithoutLastLine: [
    ['3340 Peachtree Rd, Tower Place, Ste 1685', {number: '3340', street: 'PEACHTREE', suffix: 'RD', unit_type: 'STE', unit_number: '1685', unparsed: ['TOWER PLACE']}],
  ],
  lastKnownSection: [
    ['1 Broadway, New York, NYC, 10010', {number: '1', street: 'BROADWAY', city: 'NEW YORK', zip5: '10010', unparsed: ['NYC']}],
  ],
  countySection: [
    ['1 Pike St, Seattle, King County, WA', {number: '1', street: 'PIKE', suffix: 'ST', city: 'SEATTLE', state: 'WA', unparsed: ['KING COUNTY']}],
  ],
  unitOpeningCitySection: [
    ['12 Elm St, Apt 12-3B Stamford, CT', {number: '12', street: 'ELM', suffix: 'ST', unit_type: 'APT', unit_number: '12-3B', city: 'STAMFORD', state: 'CT'}],
  ],
  lettersClosingStreet: [
    ['4315 Webster Avenue LH', {number: '4315', street: 'WEBSTER', suffix: 'AVE', unit_type: '#', unit_number: 'LH'}],
    ['1 Fulton St, Bed-Stuy, BK', {number: '1', street: 'FULTON', suffix: 'ST', city: 'BK', unparsed: ['BED-STUY']}],
  ],
  noCityWithDigit: [
    ['2848 Paces Ferry Road Suite 700, Overlook 1', {number: '2848', street: 'PACES FERRY', suffix: 'RD', unit_type: 'STE', unit_number: '700', unparsed: ['OVERLOOK 1']}],
    ['Terminal Tower Ste 1100', {unit_type: 'STE', unit_number: '1100', unparsed: ['TERMINAL TOWER']}],
  ],
  knownPlaceClosing: [
    ['1 Franklin Ave Crown Heights Brooklyn NY', {number: '1', street: 'FRANKLIN', suffix: 'AVE', city: 'BROOKLYN', state: 'NY', unparsed: ['CROWN HEIGHTS']}],
    ['12 Main St Budd Insurance Agency Coldwater MI', {number: '12', street: 'MAIN', suffix: 'ST', city: 'COLDWATER', state: 'MI', unparsed: ['BUDD INSURANCE AGENCY']}],
    ['1 Main St, Fort Worth, MO', {number: '1', street: 'MAIN', suffix: 'ST', city: 'FORT WORTH', state: 'MO'}],
  ],
  bareCityKnownWell: [
    ['Whole Foods NYC', {city: 'NYC', unparsed: ['WHOLE FOODS']}],
    ['7 N Wells Chicago', {number: '7', predir: 'N', street: 'WELLS', city: 'CHICAGO'}],
  ],
  mailStopBeforeCity: [
    ['1 Main St MSC 24 S San Fran CA', {number: '1', street: 'MAIN', suffix: 'ST', city: 'S SAN FRAN', state: 'CA', unparsed: ['MSC 24']}],
  ],
};

ruleTables(CASES);

describe('the rules', () => {
  it('each has its table of cases, and each table names a rule', () => {
    expect(Object.keys(CASES).sort()).toEqual([...CITY_RULES].sort());
  });
});
