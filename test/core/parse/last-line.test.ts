// The last line's rules (src/core/parse/last-line.ts), read from the right, each with its cases.
import { describe, expect, it } from 'vitest';
import { LAST_LINE_RULES } from '../../../src/core/parse/last-line.js';
import { ruleTables } from './rule-cases.js';
import type { RuleCase } from './rule-cases.js';

const CASES: Record<string, RuleCase[]> = {
  dropCountry: [
    ['123 Main St, Springfield, IL 62701, USA', {number: '123', street: 'MAIN', suffix: 'ST', city: 'SPRINGFIELD', state: 'IL', zip5: '62701', unparsed: ['USA']}],
    ['44 Elm St, Huntington NY 11797, United States US', {number: '44', street: 'ELM', suffix: 'ST', city: 'HUNTINGTON', state: 'NY', zip5: '11797', unparsed: ['UNITED STATES US']}],
    ['Salem MA / USA', {city: 'SALEM', state: 'MA', unparsed: ['USA']}],
  ],
  dropPhone: [
    ['123 Main St Springfield IL 62701 (217) 555-1234', {number: '123', street: 'MAIN', suffix: 'ST', city: 'SPRINGFIELD', state: 'IL', zip5: '62701', unparsed: ['217 555-1234']}],
    ['12 Oak Ave, Dayton, OH 45402 Tel: 937-555-1212', {number: '12', street: 'OAK', suffix: 'AVE', city: 'DAYTON', state: 'OH', zip5: '45402', unparsed: ['TEL 937-555-1212']}],
    ['500 E Monroe St, Springfield IL 217.555.1234', {number: '500', predir: 'E', street: 'MONROE', suffix: 'ST', city: 'SPRINGFIELD', state: 'IL', unparsed: ['217.555.1234']}],
  ],
  setAsideUnitAfterLastLine: [
    ['123 Main St, Springfield, IL 62701, Apt 4', {number: '123', street: 'MAIN', suffix: 'ST', unit_type: 'APT', unit_number: '4', city: 'SPRINGFIELD', state: 'IL', zip5: '62701'}],
    ['123 Main St, Springfield, IL, Unit B', {number: '123', street: 'MAIN', suffix: 'ST', unit_type: 'UNIT', unit_number: 'B', city: 'SPRINGFIELD', state: 'IL'}],
    ['123 Main St Ste 5, Springfield, IL 62701, Apt 4', {number: '123', street: 'MAIN', suffix: 'ST', unit_type: 'STE', unit_number: '5', city: 'SPRINGFIELD', state: 'IL', zip5: '62701', unparsed: ['APT 4']}],
  ],
  dropSectionAfterZip: [
    ['1 Market St, San Francisco, CA 94105, Period', {number: '1', street: 'MARKET', suffix: 'ST', city: 'SAN FRANCISCO', state: 'CA', zip5: '94105', unparsed: ['PERIOD']}],
  ],
  dropWordsAfterStateZip: [
    ['1200 Paris Rd Columbia MO 65202 Ballenger Propane Inc', {number: '1200', street: 'PARIS', suffix: 'RD', city: 'COLUMBIA', state: 'MO', zip5: '65202', unparsed: ['BALLENGER PROPANE INC']}],
  ],
  readZipLostZeros: [
    ['10 Main St, Great Barrington, MA 1230', {number: '10', street: 'MAIN', suffix: 'ST', city: 'GREAT BARRINGTON', state: 'MA', zip5: '01230'}],
    ['10 Main St, Sebastopol, CA 9547', {number: '10', street: 'MAIN', suffix: 'ST', city: 'SEBASTOPOL', state: 'CA', zip5: '9547'}],
    ['10 Main St, Chicago, IL 6065460610', {number: '10', street: 'MAIN', suffix: 'ST', city: 'CHICAGO', state: 'IL', unparsed: ['6065460610']}],
    ['5150 Madison Road, Fl 134', {number: '5150', street: 'MADISON', suffix: 'RD', unit_type: 'FL', unit_number: '134'}],
  ],
  readZip: [
    ['233 S Wacker Dr 60606-6306', {number: '233', predir: 'S', street: 'WACKER', suffix: 'DR', zip5: '60606', zip4: '6306'}],
    ['233 S Wacker Dr 606066306', {number: '233', predir: 'S', street: 'WACKER', suffix: 'DR', zip5: '60606', zip4: '6306'}],
    ['233 S Wacker Dr 60606 6306', {number: '233', predir: 'S', street: 'WACKER', suffix: 'DR', zip5: '60606', zip4: '6306'}],
    ['PO Box 12345', {po_box: '12345'}],
  ],
  readState: [
    ['1 Main St, Rochester, New, York', {number: '1', street: 'MAIN', suffix: 'ST', city: 'ROCHESTER', state: 'NY'}],
    ['321 S. Washington', {number: '321', predir: 'S', street: 'WASHINGTON'}],
    ['3742 N Washington Ct 61301', {number: '3742', predir: 'N', street: 'WASHINGTON', suffix: 'CT', zip5: '61301'}],
    ['8555 NE Madison Ct', {number: '8555', predir: 'NE', street: 'MADISON', suffix: 'CT'}],
    ['12 Elm St Hartford CT', {number: '12', street: 'ELM', suffix: 'ST', city: 'HARTFORD', state: 'CT'}],
    ['Roswell Georgia GA 30075', {city: 'ROSWELL', state: 'GA', zip5: '30075'}],
    ['707 E Main St 20th FL', {number: '707', predir: 'E', street: 'MAIN', suffix: 'ST', unit_type: 'FL', unit_number: '20'}],
  ],
  readStateBeforeCity: [
    ['101 E Market St CA Long Beach 90807', {number: '101', predir: 'E', street: 'MARKET', suffix: 'ST', city: 'LONG BEACH', state: 'CA', zip5: '90807'}],
  ],
  readZipBeforeState: [
    ['90210, CA', {state: 'CA', zip5: '90210'}],
  ],
};

ruleTables(CASES);

describe('the rules', () => {
  it('each has its table of cases, and each table names a rule', () => {
    expect(Object.keys(CASES).sort()).toEqual([...LAST_LINE_RULES].sort());
  });
});
