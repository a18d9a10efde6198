// The units' rules (src/core/parse/units.ts UNIT_RULES), each with its cases.
import { describe, expect, it } from 'vitest';
import { UNIT_RULES } from '../../../src/core/parse/units.js';
import { ruleTables } from './rule-cases.js';
import type { RuleCase } from './rule-cases.js';

const CASES: Record<string, RuleCase[]> = {
  poBoxAfterStreet: [
    ['115 Harting Road PO Box 12, Springfield IL', {number: '115', street: 'HARTING', suffix: 'RD', po_box: '12', city: 'SPRINGFIELD', state: 'IL'}],
    ['P.O. Box 628 Hwy 231 Lake Butler FL', {street: 'HIGHWAY 231', po_box: '628', city: 'LAKE BUTLER', state: 'FL'}],
  ],
  routeAfterStreet: [
    ['104 S Walnut RR 1 Box 297, Sparta IL', {number: '104', predir: 'S', street: 'WALNUT', rural_route: '1', box: '297', box_group_type: 'RR', city: 'SPARTA', state: 'IL'}],
  ],
  postdirOpeningSection: [
    ['1 Bolton Road, NW Atlanta GA', {number: '1', street: 'BOLTON', suffix: 'RD', postdir: 'NW', city: 'ATLANTA', state: 'GA'}],
    ['1005 Gravenstein Hwy, N Sebastopol CA', {number: '1005', street: 'GRAVENSTEIN', suffix: 'HWY', city: 'N SEBASTOPOL', state: 'CA'}],
  ],
  level: [
    ['12 Oak Ave Lower Level, Ocala FL', {number: '12', street: 'OAK', suffix: 'AVE', unit_type: 'LOWR', city: 'OCALA', state: 'FL'}],
  ],
  numberSignWord: [
    ['12 Stonebridge Cir No L2, Austin TX', {number: '12', street: 'STONEBRIDGE', suffix: 'CIR', unit_type: '#', unit_number: 'L2', city: 'AUSTIN', state: 'TX'}],
  ],
  urbanizationAfterStreet: [
    ['10 Calle Sol, Urb Las Lomas Ponce PR', {number: '10', street: 'CALLE SOL', urbanization: 'LAS LOMAS', city: 'PONCE', state: 'PR'}],
  ],
  recipientAfterStreet: [
    ['1 Main St Attn: Lockbox # 402605 College Park GA', {number: '1', street: 'MAIN', suffix: 'ST', city: 'COLLEGE PARK', state: 'GA', unparsed: ['ATTN LOCKBOX # 402605']}],
    ['12 Main St C/O Jane Doe, Springfield IL', {number: '12', street: 'MAIN', suffix: 'ST', city: 'SPRINGFIELD', state: 'IL', unparsed: ['C O JANE DOE']}],
  ],
  ordinalFloor: [
    ['1 Main St 6th Floor, New York NY', {number: '1', street: 'MAIN', suffix: 'ST', unit_type: 'FL', unit_number: '6', city: 'NEW YORK', state: 'NY'}],
    ['1 Main St Sixth Floor, New York NY', {number: '1', street: 'MAIN', suffix: 'ST', unit_type: 'FL', unit_number: '6', city: 'NEW YORK', state: 'NY'}],
  ],
  numberSignBeforeDesignator: [
    ['1 Main St # Apt 2, Boston MA', {number: '1', street: 'MAIN', suffix: 'ST', unit_type: 'APT', unit_number: '2', city: 'BOSTON', state: 'MA'}],
    ['1 Main St #2nd Floor, Boston MA', {number: '1', street: 'MAIN', suffix: 'ST', unit_type: 'FL', unit_number: '2', city: 'BOSTON', state: 'MA'}],
  ],
  designatorAndId: [
    ['12 Main St Bay St Louis MS', {number: '12', street: 'MAIN', suffix: 'ST', city: 'BAY ST LOUIS', state: 'MS'}],
    ['12 Main St Bay 4, Biloxi MS', {number: '12', street: 'MAIN', suffix: 'ST', unit_type: 'BAY', unit_number: '4', city: 'BILOXI', state: 'MS'}],
    ['1005 N Gravenstein Highway Suite 500 Sebastopol CA 95472', {number: '1005', predir: 'N', street: 'GRAVENSTEIN', suffix: 'HWY', unit_type: 'STE', unit_number: '500', city: 'SEBASTOPOL', state: 'CA', zip5: '95472'}],
    ['12 Oak St Apt Upper, Buffalo NY', {number: '12', street: 'OAK', suffix: 'ST', unit_type: 'APT', unit_number: 'UPPER', city: 'BUFFALO', state: 'NY'}],
    ['12 Oak St Apt 13 C', {number: '12', street: 'OAK', suffix: 'ST', unit_type: 'APT', unit_number: '13C'}],
    ['12 Oak St # 3 South', {number: '12', street: 'OAK', suffix: 'ST', unit_type: '#', unit_number: '3 SOUTH'}],
    ['12 Oak St Apt 1 N Oak Park IL', {number: '12', street: 'OAK', suffix: 'ST', unit_type: 'APT', unit_number: '1 N', city: 'OAK PARK', state: 'IL'}],
    ['12 Oak St Apt 2 N Las Vegas NV', {number: '12', street: 'OAK', suffix: 'ST', unit_type: 'APT', unit_number: '2', city: 'N LAS VEGAS', state: 'NV'}],
    ['12 Oak Ave Basement Ocala FL', {number: '12', street: 'OAK', suffix: 'AVE', unit_type: 'BSMT', city: 'OCALA', state: 'FL'}],
    ['100 Main St Front Royal VA', {number: '100', street: 'MAIN', suffix: 'ST', city: 'FRONT ROYAL', state: 'VA'}],
    ['12 Main St Ste Genevieve MO', {number: '12', street: 'MAIN', suffix: 'ST', city: 'STE GENEVIEVE', state: 'MO'}],
    ['7777 Bonhomme Ave St 1400, Clayton MO', {number: '7777', street: 'BONHOMME', suffix: 'AVE', unit_type: 'STE', unit_number: '1400', city: 'CLAYTON', state: 'MO'}],
  ],
  postdirSection: [
    ['1800 M Street, NW, Washington DC', {number: '1800', street: 'M', suffix: 'ST', postdir: 'NW', city: 'WASHINGTON', state: 'DC'}],
  ],
  numberFloor: [
    ['1 Main St 2 Floor, Boston MA', {number: '1', street: 'MAIN', suffix: 'ST', unit_type: 'FL', unit_number: '2', city: 'BOSTON', state: 'MA'}],
  ],
  namedFloor: [
    ['1 Main St Ground Floor, Boston MA', {number: '1', street: 'MAIN', suffix: 'ST', unit_type: 'FL', unit_number: 'GROUND', city: 'BOSTON', state: 'MA'}],
  ],
  loneLetter: [
    ['720 10th Ave SW A Mount Vernon WA', {number: '720', street: '10TH', suffix: 'AVE', postdir: 'SW', unit_type: '#', unit_number: 'A', city: 'MOUNT VERNON', state: 'WA'}],
  ],
  numberAndLetterSection: [
    ['12 Winnfield Road, 106 D, Warrenville IL', {number: '12', street: 'WINNFIELD', suffix: 'RD', unit_type: '#', unit_number: '106D', city: 'WARRENVILLE', state: 'IL'}],
  ],
  bareUnitId: [
    ['600 Ocean Ave 600, Long Beach CA', {number: '600', street: 'OCEAN', suffix: 'AVE', unit_type: '#', unit_number: '600', city: 'LONG BEACH', state: 'CA'}],
    ['168 Eastern Prom 3R', {number: '168', street: 'EASTERN PROM', unit_type: '#', unit_number: '3R'}],
    ['1 Monroe, 12C, Chicago IL', {number: '1', street: 'MONROE', unit_type: '#', unit_number: '12C', city: 'CHICAGO', state: 'IL'}],
    ['1024 Randolph 1 N Oak Park IL', {number: '1024', street: 'RANDOLPH', unit_type: '#', unit_number: '1 N', city: 'OAK PARK', state: 'IL'}],
  ],
};

ruleTables(CASES);

describe('the rules', () => {
  it('each has its table of cases, and each table names a rule', () => {
    expect(Object.keys(CASES).sort()).toEqual([...UNIT_RULES].sort());
  });
});
