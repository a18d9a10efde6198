// Parser tables, one per address category of docs/parser.md: the delivery line (streets, units,
// boxes, routes, house numbers, highways, intersections). Each row: input, and the components it
// must produce (fields not listed must be null unless `partial` is used). The last line and
// messy forms: categories-last-line.test.ts.
import { describe, expect, it } from 'vitest';
import { normalize } from '../../../src/core/parse/normalize.js';
import { check, checkWithUnparsed } from './category-checks.js';
import type { Expect } from './category-checks.js';

describe('street addresses: directionals and suffixes', () => {
  it.each<[string, Expect]>([
    ['1005 N Gravenstein Highway Suite 500 Sebastopol CA 95472', { number: '1005', predir: 'N', street: 'GRAVENSTEIN', suffix: 'HWY', unit_type: 'STE', unit_number: '500', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }],
    ['1005 Gravenstein Hwy N, Sebastopol CA', { street: 'GRAVENSTEIN', suffix: 'HWY', postdir: 'N', city: 'SEBASTOPOL', state: 'CA' }],
    ['1600 pennsylvania av nw washington dc', { number: '1600', street: 'PENNSYLVANIA', suffix: 'AVE', postdir: 'NW', city: 'WASHINGTON', state: 'DC' }],
    ['7214 Meadow Gate Way Woodstock, GA 30189', { street: 'MEADOW GATE', suffix: 'WAY', city: 'WOODSTOCK', state: 'GA', zip5: '30189' }],
    ['100 S.E. Washington Ave, Minneapolis, MN', { predir: 'SE', street: 'WASHINGTON', suffix: 'AVE', city: 'MINNEAPOLIS', state: 'MN' }],
    ['233 S Wacker Dr 60606-6306', { predir: 'S', street: 'WACKER', suffix: 'DR', zip5: '60606', zip4: '6306' }],
    ['233 S Wacker Dr 606066306', { zip5: '60606', zip4: '6306' }],
    ['1 First St, e San Jose CA', { street: 'FIRST', suffix: 'ST', city: 'E SAN JOSE', state: 'CA' }],
    // A quadrant spelled out in two words.
    ['123 Main St South East Springfield IL', { street: 'MAIN', suffix: 'ST', postdir: 'SE', city: 'SPRINGFIELD', state: 'IL' }],
    ['123 Main St North West, Washington DC', { postdir: 'NW', city: 'WASHINGTON', state: 'DC' }],
  ])('%s', check);
});

describe('a complex named after the street', () => {
  it.each<[string, Expect, string[]]>([
    // A through street's type, then a complex's name ending in a type of its own, before the city's section.
    ['1950 N Campbell Ave Luxe Logan Square, Chicago, IL 60647', { street: 'CAMPBELL', suffix: 'AVE', city: 'CHICAGO' }, ['LUXE LOGAN SQUARE']],
    ['2274 Ashley River Rd Middleton Cove, Charleston, SC 29414', { street: 'ASHLEY RIVER', suffix: 'RD', city: 'CHARLESTON' }, ['MIDDLETON COVE']],
    // Two types in a row, or a type and one word after it, stay the street's.
    ['1 Washington Sq Village, New York, NY', { street: 'WASHINGTON SQ', suffix: 'VLG' }, []],
    ['3 Bedford Rd Ext, Pleasantville, NY', { street: 'BEDFORD RD', suffix: 'EXT' }, []],
  ])('%s', (input, expected, unparsed) => checkWithUnparsed(input, expected, unparsed));
});

describe('streets named with suffix or direction words', () => {
  it.each<[string, Expect]>([
    ['1211 Avenue of the Americas, New York, NY 10036', { number: '1211', street: 'AVENUE OF THE AMERICAS', suffix: null, city: 'NEW YORK', state: 'NY' }],
    ['100 North St, Pittsfield, MA', { street: 'NORTH', suffix: 'ST', predir: null }],
    ['500 E St SW, Washington, DC 20024', { street: 'E', suffix: 'ST', postdir: 'SW' }],
    ['230 Park Ave S, New York, NY', { street: 'PARK', suffix: 'AVE', postdir: 'S' }],
    ['100 South St, Philadelphia, PA', { street: 'SOUTH', suffix: 'ST' }],
  ])('%s', check);
});

describe('ordinals', () => {
  it.each<[string, Expect]>([
    ['3600 West 5th Ave', { predir: 'W', street: '5TH', suffix: 'AVE' }],
    ['12 Fifth Avenue, New York, NY', { street: 'FIFTH', suffix: 'AVE' }],
  ])('%s', check);
});

describe('secondary units', () => {
  it.each<[string, Expect]>([
    ['123 Main St Apt 4B, Springfield, IL 62701', { unit_type: 'APT', unit_number: '4B' }],
    ['123 Main St #4B, Springfield, IL', { unit_type: '#', unit_number: '4B' }],
    ['123 Main St APT4B Springfield IL', { unit_type: 'APT', unit_number: '4B', city: 'SPRINGFIELD' }],
    ['#4B 123 Main St, Springfield, IL', { number: '123', unit_type: '#', unit_number: '4B', street: 'MAIN' }],
    ['4B-123 Main St, Springfield, IL', { number: '123', unit_number: '4B', street: 'MAIN' }],
    ['44 Court St, 6th Floor, Brooklyn 11201', { unit_type: 'FL', unit_number: '6', zip5: '11201' }],
    ['44 Court St, Sixth Floor, Brooklyn 11201', { unit_type: 'FL', unit_number: '6' }],
    ['10 Elm St Rear, Salem, MA', { unit_type: 'REAR', unit_number: null }],
    ['1 Main St Suite 1500 Irving, Texas 75062', { unit_type: 'STE', unit_number: '1500', city: 'IRVING', state: 'TX' }],
    ['100 Oak Rd Bldg 3, Austin, TX', { unit_type: 'BLDG', unit_number: '3' }],
    ['100 Oak Rd Apt No. 456, Austin, TX', { unit_type: 'APT', unit_number: '456' }],
    ['2817 Peters Road Bay 52, Mobile, AL 36606', { street: 'PETERS', suffix: 'RD', unit_type: 'BAY', unit_number: '52', city: 'MOBILE' }],
    ['12 Main St Bay C, Boston MA 02108', { unit_type: 'BAY', unit_number: 'C', city: 'BOSTON' }],
    ['300 Ocean Blvd, Bay St Louis, MS 39520', { suffix: 'BLVD', unit_type: null, city: 'BAY ST LOUIS' }],
    ['123 Main St Bay City MI 48706', { unit_type: null, city: 'BAY CITY' }],
    ['55 Bay Rd, Bay Shore NY 11706', { street: 'BAY', suffix: 'RD', unit_type: null, city: 'BAY SHORE' }],
    // ST before an id with a digit after a complete street is a suite; not where ST is the street's type.
    ['7777 Bonhomme Ave St 1400, St Louis MO 63105', { street: 'BONHOMME', suffix: 'AVE', unit_type: 'STE', unit_number: '1400', city: 'ST LOUIS' }],
    ['3000 E Boundary Terrace, St 2, Midlothian VA 23112', { street: 'BOUNDARY', suffix: 'TER', unit_type: 'STE', unit_number: '2', city: 'MIDLOTHIAN' }],
    ['15 Main St St 200, Boston MA 02108', { street: 'MAIN', suffix: 'ST', unit_type: 'STE', unit_number: '200' }],
    ['44 Court St 1400, Brooklyn NY', { street: 'COURT', suffix: 'ST', unit_number: '1400' }],
    ['1 Court St 5th Floor, Brooklyn NY', { street: 'COURT', suffix: 'ST', unit_type: 'FL', unit_number: '5' }],
    // A number sign before an ordinal floor adds nothing; before a plain number it is the unit.
    ['123 Main St #2nd Floor, Chicago IL 60601', { street: 'MAIN', suffix: 'ST', unit_type: 'FL', unit_number: '2', city: 'CHICAGO' }],
    ['123 Main St # 3rd Fl Chicago IL 60601', { unit_type: 'FL', unit_number: '3', city: 'CHICAGO' }],
    ['123 Main St #2, Chicago IL 60601', { unit_type: '#', unit_number: '2', city: 'CHICAGO' }],
    ['100 Oak Park St 5, Chicago IL', { street: 'OAK PARK', suffix: 'ST', unit_number: '5' }],
    ['123 Main St, St Louis, MO', { street: 'MAIN', suffix: 'ST', unit_type: null, city: 'ST LOUIS' }],
    // Two type words: the last closes the street before a unit or a comma.
    ['1 Washington Square Village Apt 10A, New York NY 10012', { street: 'WASHINGTON SQUARE', suffix: 'VLG', unit_type: 'APT', unit_number: '10A' }],
    ['1 Washington Square Village, New York NY 10012', { street: 'WASHINGTON SQUARE', suffix: 'VLG', city: 'NEW YORK' }],
    ['N Fiske Ave Port', { street: 'FISKE', suffix: 'AVE' }],
    // Without a state or ZIP, one or two letters after a numbered street with its type are a unit.
    ['4315 Webster Avenue LH', { street: 'WEBSTER', suffix: 'AVE', unit_type: '#', unit_number: 'LH', city: null }],
    ['3850 Hudson Manor Terrace EE', { street: 'HUDSON MANOR', suffix: 'TER', unit_number: 'EE', city: null }],
    ['123 Main St N', { suffix: 'ST', postdir: 'N', unit_number: null }],
    ['123 Main St, NY', { suffix: 'ST', state: 'NY', unit_number: null }],
    ['Do the Right Thing Way, Bed-Stuy, BK', { suffix: 'WAY', unit_number: null }],
  ])('%s', check);
});

describe('PO boxes', () => {
  it.each<[string, Expect]>([
    ['PO Box 123, Springfield, IL 62701', { po_box: '123', city: 'SPRINGFIELD', state: 'IL' }],
    ['P.O. Box 123 Springfield IL 62701', { po_box: '123', city: 'SPRINGFIELD' }],
    ['POB 77, Austin TX', { po_box: '77' }],
    ['Post Office Box 9, Austin TX', { po_box: '9' }],
    ['Box 42, Marfa, TX 79843', { po_box: '42' }],
    ['Caller 5000, Austin TX', { po_box: '5000' }],
    ['Drawer 12, Austin TX', { po_box: '12' }],
    ['Lock Box 3, Austin TX', { po_box: '3' }],
    // A highway after the box, in its section, is the street beside it (validation keeps the box).
    ['P.O. Box 628 Hwy 231 Lake Butler, FL 32054-0628', { po_box: '628', street: 'HIGHWAY 231', city: 'LAKE BUTLER', state: 'FL' }],
    ['PO Box 5, Hwy 9, Austin TX', { po_box: '5', street: null }],
  ])('%s', check);
});

describe('rural routes and highway contracts', () => {
  it.each<[string, Expect]>([
    ['RR 2 BOX 45, Fayette, MO', { rural_route: '2', box: '45' }],
    ['RT 4 BX 9, Fayette, MO', { rural_route: '4', box: '9' }],
    ['RR03 BOX 98D, Fayette, MO', { rural_route: '03', box: '98D' }],
    ['HC 1 BOX 9, Ely, NV', { rural_route: '1', box: '9', box_group_type: 'HC' }],
  ])('%s', check);
});

describe('military', () => {
  it.each<[string, Expect]>([
    ['PSC 802 BOX 74, APO AE 09499', { box_group_type: 'PSC', rural_route: '802', box: '74', city: 'APO', state: 'AE', zip5: '09499' }],
    ['UNIT 2050 BOX 4190 APO AP 96278', { box_group_type: 'UNIT', rural_route: '2050', box: '4190', city: 'APO', state: 'AP', zip5: '96278' }],
    ['USNS Comfort FPO AE 09587', { street: 'USNS COMFORT', city: 'FPO', state: 'AE', zip5: '09587' }],
  ])('%s', check);
});

describe('Puerto Rico urbanizations', () => {
  it.each<[string, Expect]>([
    ['URB LAS GLADIOLAS 150 CALLE A, SAN JUAN PR 00926', { urbanization: 'LAS GLADIOLAS', number: '150', street: 'CALLE A', city: 'SAN JUAN', state: 'PR' }],
  ])('%s', check);
});

describe('house number forms', () => {
  it.each<[string, Expect]>([
    ['123 1/2 Main St, Boise, ID', { number: '123', number_fraction: '1/2', street: 'MAIN' }],
    // A number written in several words.
    ['Two Hundred South Alloy Drive', { number: '200', predir: 'S', street: 'ALLOY', suffix: 'DR' }],
    ['Twenty-Two Elm St, Salem, MA', { number: '22', street: 'ELM', suffix: 'ST', city: 'SALEM' }],
    ['One Thousand And Fifty Nine Main St', { number: '1059', street: 'MAIN', suffix: 'ST' }],
    ['One Main St', { number: '1', street: 'MAIN' }],
    // Words that make no number, or a place's name, are the street's.
    ['Two One Main St', { number: '2', street: 'ONE MAIN' }],
    ['Ninety Six, SC', { number: null, city: 'NINETY SIX', state: 'SC' }],
    ['123-45 Queens Blvd, Queens, NY 11375', { number: '123-45', street: 'QUEENS', suffix: 'BLVD' }],
    ['85-080 Farrington Hwy, Waianae, HI', { number: '85-080', street: 'FARRINGTON', suffix: 'HWY' }],
    ['200 S 300 W, Salt Lake City, UT', { number: '200', predir: 'S', street: '300', postdir: 'W', suffix: null }],
    ['N6W23001 Bluemound Rd, Waukesha, WI', { number: 'N6W23001', street: 'BLUEMOUND', suffix: 'RD' }],
    ['W148 N9748 Appleton Ave, Germantown, WI', { number: 'W148 N9748', street: 'APPLETON', suffix: 'AVE' }],
    // Rural grid numbers: a direction letter and the distance (Wisconsin, northern Illinois).
    ['N5678 County Road K, Fond du Lac, WI 54935', { number: 'N5678', street: 'COUNTY ROAD K', suffix: null, city: 'FOND DU LAC', zip5: '54935' }],
    ['W12345 State Road 23, Plymouth, WI', { number: 'W12345', street: 'STATE ROAD 23', city: 'PLYMOUTH' }],
    ['E200 Lake Dr, Town, WI', { number: 'E200', predir: null, street: 'LAKE', suffix: 'DR' }],
    ['123 Main St Ste N100, Boston, MA', { number: '123', unit_type: 'STE', unit_number: 'N100' }],
    // Lists of house numbers: OpenStreetMap's semicolon, or a comma between numbers of as many digits.
    ['5240;5220 3rd Street, 93432', { number: '5240;5220', street: '3RD', suffix: 'ST', zip5: '93432' }],
    ['1542, 1544 North Wells Street, Chicago, IL 60610', { number: '1542, 1544', predir: 'N', street: 'WELLS', suffix: 'ST', city: 'CHICAGO' }],
    ['100; 200 Main St Apt 4', { number: '100;200', street: 'MAIN', unit_type: 'APT', unit_number: '4' }],
    // Not a list: numbers of different lengths, or nothing after the second number.
    ['12, 500 Main St', { number: '12' }],
    ['5240;5220', { number: '5240' }],
  ])('%s', check);
});

describe('highways and county roads are never ZIPs, units or suffixes', () => {
  it.each<[string, Expect]>([
    ['100 US HWY 15 501 N, Pittsboro, NC', { street: 'US HIGHWAY 15 501', suffix: null, postdir: 'N', zip5: null }],
    ['1005 State Highway 12, Sebastopol, CA', { street: 'STATE HIGHWAY 12', suffix: null }],
    ['12 CO RD 45300', { street: 'COUNTY ROAD 45300', zip5: null }],
    ['9001 FM 1431, Austin, TX', { street: 'FM 1431', suffix: null }],
    ['500 I-35, Austin, TX', { street: 'INTERSTATE 35', suffix: null }],
    ['100 route 37 e toms river nj 08753', { street: 'ROUTE 37', postdir: 'E', city: 'TOMS RIVER', state: 'NJ' }],
    // A state's own highway, by its name as well as its code.
    ['1000 Indiana Highway 212 Michigan City IN 46360', { street: 'INDIANA HIGHWAY 212', suffix: null, unit_number: null, city: 'MICHIGAN CITY' }],
    ['500 New York State Route 17, Goshen, NY', { street: 'NEW YORK STATE ROUTE 17', suffix: null }],
    ['100 Georgia Ave NW, Washington, DC', { street: 'GEORGIA', suffix: 'AVE', postdir: 'NW' }],
    // A frontage road or business route named after the highway, with a type of its own.
    ['5017 I 49 S Service Rd', { street: 'INTERSTATE 49 S SERVICE', suffix: 'RD', postdir: null, city: null }],
    ['851 United States Highway 53 Bsnss Rte N', { street: 'US HIGHWAY 53 BSNSS', suffix: 'RTE', postdir: 'N', city: null }],
    ['2000 I-95 Frontage Rd, Jacksonville FL', { street: 'INTERSTATE 95 FRONTAGE', suffix: 'RD', city: 'JACKSONVILLE', state: 'FL' }],
    ['12 Hwy 9 N', { street: 'HIGHWAY 9', suffix: null, postdir: 'N' }],
  ])('%s', check);
});

describe('intersections', () => {
  it('Main St & 1st Ave', () => {
    const r = normalize('Main St & 1st Ave, Springfield, IL');
    expect(r.components).toMatchObject({ street: 'MAIN', suffix: 'ST', city: 'SPRINGFIELD', state: 'IL' });
    expect(r.components.cross_street).toEqual({ predir: null, street: '1ST', suffix: 'AVE', postdir: null });
  });
  it('Mission St and Valencia St', () => {
    const r = normalize('Mission St and Valencia St San Francisco CA');
    expect(r.components.cross_street).toMatchObject({ street: 'VALENCIA', suffix: 'ST' });
  });
  it.each(['Main St / 1st Ave, Springfield, IL', 'Main St/1st Ave, Springfield, IL'])('a slash between two streets joins them: %s', (input) => {
    const r = normalize(input);
    expect(r.components).toMatchObject({ street: 'MAIN', suffix: 'ST', city: 'SPRINGFIELD', state: 'IL' });
    expect(r.components.cross_street).toEqual({ predir: null, street: '1ST', suffix: 'AVE', postdir: null });
  });
  it('a slash beside a single letter, between digits or before the country joins nothing', () => {
    expect(normalize('c/o Jane Doe 12 Elm St Salem MA 01970')).toMatchObject({ unparsed: ['C O JANE DOE'] });
    const ar = normalize('Attn A/R, 12 Elm St, Salem MA');
    expect(ar.components).toMatchObject({ number: '12', street: 'ELM', city: 'SALEM' });
    expect(ar.components.cross_street ?? null).toBeNull();
    expect(normalize('123 1/2 Main St').components).toMatchObject({ number: '123', number_fraction: '1/2', street: 'MAIN' });
    const country = normalize('12 Elm St Salem MA / USA');
    expect(country.components).toMatchObject({ street: 'ELM', city: 'SALEM', state: 'MA' });
    expect(country.unparsed).toEqual(['USA']);
  });
});
