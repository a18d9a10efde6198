// The street's rules (src/core/parse/street.ts STREET_RULES: street.ts, street-name.ts, highway.ts),
// each rule of docs/parser.md with its cases.
import { describe, expect, it } from 'vitest';
import { STREET_RULES } from '../../../src/core/parse/street.js';
import { ruleTables } from './rule-cases.js';
import type { RuleCase } from './rule-cases.js';

const CASES: Record<string, RuleCase[]> = {
  readName: [
    ['123 Main St, Springfield IL', {number: '123', street: 'MAIN', suffix: 'ST', city: 'SPRINGFIELD', state: 'IL'}],
    ['100 US-19 N, Palm Harbor FL', {number: '100', street: 'US HIGHWAY 19', postdir: 'N', city: 'PALM HARBOR', state: 'FL'}],
  ],
  highwayAt: [
    ['I-35 Frontage Rd, Waco TX', {street: 'INTERSTATE 35 FRONTAGE', suffix: 'RD', city: 'WACO', state: 'TX'}],
    ['1200 AL Highway 157, Cullman AL', {number: '1200', street: 'AL HIGHWAY 157', city: 'CULLMAN', state: 'AL'}],
    ['45 New York State Route 17, Sloatsburg NY', {number: '45', street: 'NEW YORK STATE ROUTE 17', city: 'SLOATSBURG', state: 'NY'}],
  ],
  suffixScore: [
    ['7214 Meadow Gate Way Woodstock, GA 30189', {number: '7214', street: 'MEADOW GATE', suffix: 'WAY', city: 'WOODSTOCK', state: 'GA', zip5: '30189'}],
    ['100 University Square Mall, Tampa FL', {number: '100', street: 'UNIVERSITY SQUARE', suffix: 'MALL', city: 'TAMPA', state: 'FL'}],
    ['1600 Peachtree Rd NE Tower Place', {number: '1600', street: 'PEACHTREE', suffix: 'RD', postdir: 'NE', city: 'TOWER PLACE'}],
    ['1950 N Campbell Ave Luxe Logan Square, Chicago, IL 60647', {number: '1950', predir: 'N', street: 'CAMPBELL', suffix: 'AVE', city: 'CHICAGO', state: 'IL', zip5: '60647', unparsed: ['LUXE LOGAN SQUARE']}],
    ['10 Main St Park City UT', {number: '10', street: 'MAIN', suffix: 'ST', city: 'PARK CITY', state: 'UT'}],
    ['1211 Avenue of the Americas, New York, NY 10036', {number: '1211', street: 'AVENUE OF THE AMERICAS', city: 'NEW YORK', state: 'NY', zip5: '10036'}],
    ['123 Avenue', {street: '123', suffix: 'AVE'}],
  ],
  highwayName: [
    ['500 US Highway 15 501, Pittsboro NC', {number: '500', street: 'US HIGHWAY 15 501', city: 'PITTSBORO', state: 'NC'}],
    ['12 County Road 45300', {number: '12', street: 'COUNTY ROAD 45300'}],
    ['9000 FM 1960 Rd W, Houston TX', {number: '9000', street: 'FM 1960', suffix: 'RD', postdir: 'W', city: 'HOUSTON', state: 'TX'}],
    ['10 Interstate 35, Austin TX', {number: '10', street: 'INTERSTATE 35', city: 'AUSTIN', state: 'TX'}],
    ['100 I 49 S Service Rd', {number: '100', street: 'INTERSTATE 49 S SERVICE', suffix: 'RD'}],
    ['200 US Highway 53 Bsnss Rte N', {number: '200', street: 'US HIGHWAY 53 BSNSS', suffix: 'RTE', postdir: 'N'}],
    ['1 County Hwy 60E', {number: '1', street: 'COUNTY HIGHWAY 60', postdir: 'E'}],
    ['5 Indiana Highway 212', {number: '5', street: 'INDIANA HIGHWAY 212'}],
  ],
  saintAfterPreType: [
    ['12 Rue St Louis, Apt 3, Lafayette LA', {number: '12', street: 'RUE ST LOUIS', unit_type: 'APT', unit_number: '3', city: 'LAFAYETTE', state: 'LA'}],
    ['12 Court St Brooklyn NY', {number: '12', street: 'COURT', suffix: 'ST', city: 'BROOKLYN', state: 'NY'}],
  ],
  saintAfterStreet: [
    ['123 Oak Ln St Marie NY', {number: '123', street: 'OAK', suffix: 'LN', city: 'ST MARIE', state: 'NY'}],
    ['123 Main St St Louis MO', {number: '123', street: 'MAIN', suffix: 'ST', city: 'ST LOUIS', state: 'MO'}],
  ],
  intersection: [
    ['12 Main St, c/o Jane Doe, Springfield IL', {number: '12', street: 'MAIN', suffix: 'ST', city: 'SPRINGFIELD', state: 'IL', unparsed: ['C O JANE DOE']}],
    ['Main St & 1st Ave', {street: 'MAIN', suffix: 'ST', cross_street: {street: '1ST', suffix: 'AVE'}}],
    ['Main St / 1st Ave', {street: 'MAIN', suffix: 'ST', cross_street: {street: '1ST', suffix: 'AVE'}}],
    ['Main St/1st Ave', {street: 'MAIN', suffix: 'ST', cross_street: {street: '1ST', suffix: 'AVE'}}],
    ['Mission and Valencia Sts, San Francisco CA', {street: 'MISSION', suffix: 'ST', city: 'SAN FRANCISCO', state: 'CA', cross_street: {street: 'VALENCIA', suffix: 'ST'}}],
  ],
  directionalAt: [
    ['123 Main St South East Springfield IL', {number: '123', street: 'MAIN', suffix: 'ST', postdir: 'SE', city: 'SPRINGFIELD', state: 'IL'}],
    ['123 Main St South West Springfield MA', {number: '123', street: 'MAIN', suffix: 'ST', postdir: 'S', city: 'WEST SPRINGFIELD', state: 'MA'}],
  ],
  nameWithoutType: [
    ['1020 West Bryn Mawr 211, Chicago IL', {number: '1020', predir: 'W', street: 'BRYN MAWR', unit_type: '#', unit_number: '211', city: 'CHICAGO', state: 'IL'}],
    ['1024 Randolph 1 N', {number: '1024', street: 'RANDOLPH', unit_type: '#', unit_number: '1 N'}],
    ['1056 W Northshore 1 W', {number: '1056', predir: 'W', street: 'NORTHSHORE', unit_type: '#', unit_number: '1 W'}],
    ['7 N Wells Chicago', {number: '7', predir: 'N', street: 'WELLS', city: 'CHICAGO'}],
    ['200 S 300 W, Salt Lake City UT', {number: '200', predir: 'S', street: '300', postdir: 'W', city: 'SALT LAKE CITY', state: 'UT'}],
  ],
};

ruleTables(CASES);

describe('the rules', () => {
  it('each has its table of cases, and each table names a rule', () => {
    expect(Object.keys(CASES).sort()).toEqual([...STREET_RULES].sort());
  });
});
