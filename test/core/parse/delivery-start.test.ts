// Where the delivery line starts and how it opens (src/core/parse/delivery-start.ts
// DELIVERY_START_RULES, delivery.ts DELIVERY_RULES), each rule of docs/parser.md with its cases.
import { describe, expect, it } from 'vitest';
import { DELIVERY_RULES } from '../../../src/core/parse/delivery.js';
import { DELIVERY_START_RULES } from '../../../src/core/parse/delivery-start.js';
import { ruleTables } from './rule-cases.js';
import type { RuleCase } from './rule-cases.js';

const CASES: Record<string, RuleCase[]> = {
  findDeliveryStart: [
    ['Acme Corp, Attn: Billing, 12 Main St, Springfield IL 62701', {number: '12', street: 'MAIN', suffix: 'ST', city: 'SPRINGFIELD', state: 'IL', zip5: '62701', unparsed: ['ACME CORP ATTN BILLING']}],
    ['John Smith 350 5th Ave New York NY 10118', {number: '350', street: '5TH', suffix: 'AVE', city: 'NEW YORK', state: 'NY', zip5: '10118', unparsed: ['JOHN SMITH']}],
  ],
  unitBeforeNumber: [
    ['#4B 123 Main St, Springfield IL', {number: '123', street: 'MAIN', suffix: 'ST', unit_type: '#', unit_number: '4B', city: 'SPRINGFIELD', state: 'IL'}],
    ['STE 201, 4401 N Mesa St, El Paso TX', {number: '4401', predir: 'N', street: 'MESA', suffix: 'ST', unit_type: 'STE', unit_number: '201', city: 'EL PASO', state: 'TX'}],
    ['dept 0669 po box 120001 Dallas TX', {unit_type: 'DEPT', unit_number: '0669', po_box: '120001', city: 'DALLAS', state: 'TX'}],
  ],
  isAnchor: [
    ['Cond El Monte Apt 5 San Juan PR', {unit_type: 'APT', unit_number: '5', city: 'SAN JUAN', state: 'PR', unparsed: ['COND EL MONTE']}],
  ],
  skipBuilding: [
    ['1000 Cathedral Pl 925 W Georgia St', {number: '925', predir: 'W', street: 'GEORGIA', suffix: 'ST', unparsed: ['1000 CATHEDRAL PL']}],
    ['One Exchange Plaza, 55 Broadway, New York NY', {number: '55', street: 'BROADWAY', city: 'NEW YORK', state: 'NY', unparsed: ['ONE EXCHANGE PLAZA']}],
  ],
  pushPrefix: [
    ['41st Floor 1221 Ave of the Americas, New York NY', {number: '1221', street: 'AVE OF THE AMERICAS', unit_type: 'FL', unit_number: '41', city: 'NEW YORK', state: 'NY'}],
  ],
  readWithoutNumber: [
    ['Anchor Point, AK', {city: 'ANCHOR POINT', state: 'AK'}],
    ['Main, Ashland, NH', {street: 'MAIN', city: 'ASHLAND', state: 'NH'}],
    ['Main Ashland NH 03217', {street: 'MAIN', city: 'ASHLAND', state: 'NH', zip5: '03217'}],
    ['Union Station, Washington, DC', {city: 'WASHINGTON', state: 'DC', unparsed: ['UNION STATION']}],
    ['Bldg 15, Suite 100', {unit_type: 'BLDG', unit_number: '15', unparsed: ['SUITE 100']}],
    ['USNS Comfort FPO AE 09587', {street: 'USNS COMFORT', city: 'FPO', state: 'AE', zip5: '09587'}],
    ['wrigley field', {street: 'WRIGLEY', suffix: 'FLD'}],
  ],
  readNumberAfterStreet: [
    ['Calle Luna 7, Ponce PR', {number: '7', street: 'CALLE LUNA', city: 'PONCE', state: 'PR'}],
    ['Calle 5 #23, Bayamon PR 00959', {number: '23', street: 'CALLE 5', city: 'BAYAMON', state: 'PR', zip5: '00959'}],
    ['Urb Las Lomas, Calle Luna 7', {number: '7', street: 'CALLE LUNA', urbanization: 'LAS LOMAS'}],
    ['Calle Real 7, Santa Barbara CA', {street: 'CALLE REAL', unit_type: '#', unit_number: '7', city: 'SANTA BARBARA', state: 'CA'}],
    ['Calle Luna, Ponce PR', {street: 'CALLE LUNA', city: 'PONCE', state: 'PR'}],
  ],
  readDelivery: [
    ['Apt 4 123 Main St', {number: '123', street: 'MAIN', suffix: 'ST', unit_type: 'APT', unit_number: '4'}],
    ['#6 Montague Terrace', {street: 'MONTAGUE', suffix: 'TER', unit_type: '#', unit_number: '6'}],
    ['4B-123 Main St', {number: '123', street: 'MAIN', suffix: 'ST', unit_type: '#', unit_number: '4B'}],
    ['6910 # G Mary Caroline Circle', {number: '6910', street: 'MARY CAROLINE', suffix: 'CIR', unit_type: '#', unit_number: 'G'}],
    ['10 Ave', {street: '10', suffix: 'AVE'}],
    ['155 At I-552', {number: '155', street: 'INTERSTATE 552', unparsed: ['AT']}],
    ['Corner of Main St and 1st Ave', {street: 'MAIN', suffix: 'ST', cross_street: {street: '1ST', suffix: 'AVE'}, unparsed: ['CORNER OF']}],
    ['PSC 802 BOX 74, APO AE 09499', {rural_route: '802', box: '74', box_group_type: 'PSC', city: 'APO', state: 'AE', zip5: '09499'}],
    ['RR 2 BOX 45, Ames IA', {rural_route: '2', box: '45', box_group_type: 'RR', city: 'AMES', state: 'IA'}],
    ['RR03 BOX 98D', {rural_route: '03', box: '98D', box_group_type: 'RR'}],
    ['URB Las Gladiolas 150 Calle A, San Juan PR', {number: '150', street: 'CALLE A', urbanization: 'LAS GLADIOLAS', city: 'SAN JUAN', state: 'PR'}],
    ['PO Box 5 Bangor ME', {po_box: '5', city: 'BANGOR', state: 'ME'}],
    ['123 Calle 45 Carolina PR', {number: '123', street: 'CALLE 45', city: 'CAROLINA', state: 'PR'}],
  ],
  readNumber: [
    ['Twenty Two Elm St', {number: '22', street: 'ELM', suffix: 'ST'}],
    // One hyphenated word, before a name that is also a place's (ELM): still the number.
    ['Twenty-Two Elm St, Boston MA 02108', {number: '22', street: 'ELM', suffix: 'ST', city: 'BOSTON', state: 'MA', zip5: '02108'}],
    ['Forty-One Oak Ave', {number: '41', street: 'OAK', suffix: 'AVE'}],
    ['One Main St', {number: '1', street: 'MAIN', suffix: 'ST'}],
    ['Two Hundred Fifty Main St', {number: '250', street: 'MAIN', suffix: 'ST'}],
    ['One Thousand Oaks Blvd, Thousand Oaks CA', {number: '1', street: 'THOUSAND OAKS', suffix: 'BLVD', city: 'THOUSAND OAKS', state: 'CA'}],
    ['123 1/2 Main St', {number: '123', number_fraction: '1/2', street: 'MAIN', suffix: 'ST'}],
    ['45-12 Bell Blvd', {number: '45-12', street: 'BELL', suffix: 'BLVD'}],
    ['N6W23001 Bluemound Rd', {number: 'N6W23001', street: 'BLUEMOUND', suffix: 'RD'}],
    ['W148 N9748 Held Dr', {number: 'W148 N9748', street: 'HELD', suffix: 'DR'}],
    ['48S 400E, Salt Lake City UT', {number: '48', predir: 'S', street: '400', postdir: 'E', city: 'SALT LAKE CITY', state: 'UT'}],
    ['5240;5220 3rd St', {number: '5240;5220', street: '3RD', suffix: 'ST'}],
    ['1542, 1544 N Wells St', {number: '1542, 1544', predir: 'N', street: 'WELLS', suffix: 'ST'}],
    ['11719 B Jefferson Ave', {number: '11719B', street: 'JEFFERSON', suffix: 'AVE'}],
    ['100 M Street SE', {number: '100', street: 'M', suffix: 'ST', postdir: 'SE'}],
  ],
};

ruleTables(CASES);

describe('the rules', () => {
  it('each has its table of cases, and each table names a rule', () => {
    expect(Object.keys(CASES).sort()).toEqual([...DELIVERY_START_RULES, ...DELIVERY_RULES].sort());
  });
});
