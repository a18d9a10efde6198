// Parser tables, one per address category of docs/parser.md: the last line (city, state and ZIP
// forms), recipients and notes, messy real-world forms, words of two roles, structured fields.
// Each row: input, and the components it must produce (fields not listed must be null unless
// `partial` is used). The delivery line: categories.test.ts.
import { describe, expect, it } from 'vitest';
import { normalize } from '../../../src/core/parse/normalize.js';
import { placeLookup } from '../../../src/core/locality/place-lookup.js';
import { fakeLocalityStore } from '../validate-fake-store.js';
import { check, checkWithUnparsed, picked } from './category-checks.js';
import type { Expect } from './category-checks.js';

describe('city, state and ZIP forms', () => {
  it.each<[string, Expect]>([
    ['123 Main St Springfield Illinois 62701', { city: 'SPRINGFIELD', state: 'IL', zip5: '62701' }],
    ['123 main st, springfield, il.', { city: 'SPRINGFIELD', state: 'IL' }],
    ['123 Main St, Albany, N.Y. 12207-1234', { state: 'NY', zip5: '12207', zip4: '1234' }],
    ['123 Main St, Albany NY 12207 1234', { zip5: '12207', zip4: '1234' }],
    ['123 Main St,,, Albany ,NY', { city: 'ALBANY', state: 'NY' }],
    ['123 Maple Rochester, New York', { street: 'MAPLE', city: 'ROCHESTER', state: 'NY' }],
    ['1 Rue Café, Montréal-Nord, NY', { street: 'RUE CAFE' }],
  ])('%s', check);
});

describe('recipients and notes go to unparsed', () => {
  it('company name before the number', () => {
    const r = normalize('Black Alliance for Just Immigration 660 Nostrand Ave, Brooklyn, N.Y., 11216');
    expect(r.components).toMatchObject({ number: '660', street: 'NOSTRAND', suffix: 'AVE', city: 'BROOKLYN', state: 'NY', zip5: '11216' });
    expect(r.unparsed).toEqual(['BLACK ALLIANCE FOR JUST IMMIGRATION']);
  });
  it('c/o after the street begins a recipient, not a unit C', () => {
    const r = normalize('12 Elm St c/o Jane Doe, Salem MA');
    expect(r.components).toMatchObject({ street: 'ELM', unit_type: null, unit_number: null, city: 'SALEM', state: 'MA' });
    expect(r.unparsed).toEqual(['C O JANE DOE']);
    expect(normalize("12 Elm St Apt C O'Fallon MO").components).toMatchObject({ unit_type: 'APT', unit_number: 'C', city: 'OFALLON' });
  });
  it('a name numbered with # between the box and the city stays a name, not a unit', () => {
    const r = normalize('P.O. Box 48, Substation # 1; Galveston, TX 77555');
    expect(r.components).toMatchObject({ po_box: '48', unit_type: null, unit_number: null, city: 'GALVESTON', state: 'TX' });
    expect(r.unparsed).toEqual(['SUBSTATION # 1']);
  });
  // A phone number after the last line, with the words that label it, is not the address.
  it.each<[string, Expect, string[]]>([
    ['John Smith 123 Main St Springfield IL 62701 (217) 555-1234', { street: 'MAIN', city: 'SPRINGFIELD', state: 'IL', zip5: '62701' }, ['217 555-1234', 'JOHN SMITH']],
    ['500 Oak St, Dayton, OH 45402 Tel: 937-555-1212', { street: 'OAK', city: 'DAYTON', state: 'OH', zip5: '45402' }, ['TEL 937-555-1212']],
    ['123 Main St Springfield IL 217.555.1234', { city: 'SPRINGFIELD', state: 'IL', zip5: null }, ['217.555.1234']],
    ['123 Main St, Springfield, IL, 62701, 555-1234', { city: 'SPRINGFIELD', state: 'IL', zip5: '62701' }, ['555-1234']],
    // Not a unit's id, nor a ZIP+4.
    ['123 Main St Unit 555-1234', { unit_type: 'UNIT', unit_number: '555-1234' }, []],
    ['123 Main St Springfield IL 62701-1234', { zip5: '62701', zip4: '1234' }, []],
  ])('a phone number closing the line is left aside: %s', (input, expected, unparsed) => checkWithUnparsed(input, expected, unparsed));
  // A unit written after the ZIP or the state is the address's unit; the last line stays whole.
  it.each<[string, Expect, string[]]>([
    ['123 Main St Springfield IL 62701 Apt 4', { street: 'MAIN', unit_type: 'APT', unit_number: '4', city: 'SPRINGFIELD', state: 'IL', zip5: '62701' }, []],
    ['123 Main St, Springfield, IL 62701, Unit B', { unit_type: 'UNIT', unit_number: 'B', city: 'SPRINGFIELD', zip5: '62701' }, []],
    ['123 Main St Springfield IL # 4', { unit_type: '#', unit_number: '4', city: 'SPRINGFIELD', state: 'IL' }, []],
    // A second unit is not lost.
    ['123 Main St Apt 2 Springfield IL 62701 Apt 4', { unit_type: 'APT', unit_number: '2', city: 'SPRINGFIELD' }, ['APT 4']],
    // A floor that reads as Florida is not a unit after a state.
    ['5150 Madison Road, Fl 134', { unit_type: 'FL', unit_number: '134', state: null }, []],
  ])('a unit after the last line: %s', (input, expected, unparsed) => checkWithUnparsed(input, expected, unparsed));
  // No city's name has a digit: such words are a building, a unit or a mail stop.
  it.each<[string, Expect, string[]]>([
    ['Terminal Tower Ste 1100', { number: null, unit_type: 'STE', unit_number: '1100', city: null }, ['TERMINAL TOWER']],
    ['2100 Roswell Rd, Suite 200C PBM 214', { street: 'ROSWELL', unit_type: 'STE', unit_number: '200C', city: null }, ['PBM 214']],
    ['1 DNA Way MSC 24 S San Fran CA 94080', { street: 'DNA', city: 'S SAN FRAN', state: 'CA', zip5: '94080' }, ['MSC 24']],
    ['140 E 45th St, 28th Floor, NY 10017', { street: '45TH', unit_type: 'FL', unit_number: '28', city: null, state: 'NY' }, []],
    // A designator that takes no number closing those words: no id, and no error.
    ['0 Spring Spring Second 21st Rm Rear', { number: '0', city: null }, ['SECOND 21ST RM REAR']],
  ])('words with a digit are not a city: %s', (input, expected, unparsed) => {
    for (const places of [undefined, placeLookup(fakeLocalityStore())]) checkWithUnparsed(input, expected, unparsed, places);
  });
});

describe('delivery and last lines', () => {
  it('formats Pub 28 lines', () => {
    const r = normalize('1005 n gravenstein highway suite 500 sebastopol ca 95472');
    expect(r.delivery_line).toBe('1005 N GRAVENSTEIN HWY STE 500');
    expect(r.last_line).toBe('SEBASTOPOL CA 95472');
  });
  it('structured input', () => {
    const r = normalize({ line1: '1600 Pennsylvania Avenue NW', city: 'washington', state: 'District of Columbia', zip: '20500' });
    expect(r.delivery_line).toBe('1600 PENNSYLVANIA AVE NW');
    expect(r.last_line).toBe('WASHINGTON DC 20500');
  });
  it('structured input: a ZIP field that is not a ZIP is kept as written, never cut or dropped', () => {
    expect(normalize({ line1: '1 Main St', city: 'Salem', state: 'MA', zip: '99999999999' }).components.zip5).toBe('99999999999');
    expect(normalize({ line1: '1 Main St', city: 'Salem', state: 'MA', zip: 'abcde' }).components.zip5).toBe('ABCDE');
    expect(normalize({ line1: '1 Main St', city: 'Salem', state: 'MA', zip: '01970-1234' }).components).toMatchObject({ zip5: '01970', zip4: '1234' });
  });
  it('structured input: a street line that reads as nothing but a city is left unparsed, not made the city', () => {
    const r = normalize({ line1: 'see notes ###', state: 'MA' });
    expect(r.components.city).toBeNull();
    expect(r.unparsed.join(' ')).toContain('SEE NOTES');
    expect(normalize({ line1: 'see notes', city: 'Salem', state: 'MA' }).components.city).toBe('SALEM');
  });
});

describe('messy real-world forms', () => {
  it.each<[string, Expect]>([
    // usaddress-style: no commas, the city found after the street type
    ['60 ORVILLE DR FLOWERY BRANCH GA 30542-5314', { street: 'ORVILLE', suffix: 'DR', city: 'FLOWERY BRANCH', state: 'GA', zip4: '5314' }],
    // a post-directional opening the city's section is still the street's
    ['1105 Bolton Road, NW Atlanta, GA 30331', { postdir: 'NW', city: 'ATLANTA' }],
    // a PO box after the street line
    ['3523 Williams St, POB 477 Patterson, GA 31557', { street: 'WILLIAMS', po_box: '477', city: 'PATTERSON' }],
    // department before a PO box
    ['dept 10309 po box 87618 chicago il 60680', { unit_type: 'DEPT', unit_number: '10309', po_box: '87618', number: null, city: 'CHICAGO' }],
    // a number sign written before the designator
    ['545 LIBERTY ST # APT 25 DURHAM 27701', { unit_type: 'APT', unit_number: '25' }],
    // a floor before the address proper
    ['41st floor 1221 ave of the americas new york ny 10020', { unit_type: 'FL', unit_number: '41', number: '1221' }],
    // ZIP that lost its leading zero in a spreadsheet
    ['25 First Street, 4th Floor, Cambridge, MA 1241', { state: 'MA', zip5: '01241', unit_type: 'FL', unit_number: '4' }],
    // text after STATE ZIP is not the address
    ['Joe Ballenger 3645 N Route Z Columbia MO 65202 Ballenger Propane Inc', { street: 'ROUTE Z', city: 'COLUMBIA', state: 'MO', zip5: '65202' }],
    // a county section is not the city
    ['4411 Stone Way North Seattle, King County, WA 98103', { city: 'SEATTLE', postdir: 'N' }],
    // highways written with leading words and route modifiers
    ['2349 Old State Route 3, Hightstown, NJ', { street: 'OLD STATE ROUTE 3' }],
    ['820 North Highway 71 Business Lowell AR 72745', { predir: 'N', street: 'HIGHWAY 71 BUSINESS' }],
    ['2100 FM 1960 Rd W, Houston, TX 77090', { street: 'FM 1960', suffix: 'RD', postdir: 'W' }],
    // a directional written before the type
    ['3606 BALLAST PT W BLVD', { street: 'BALLAST PT', postdir: 'W', suffix: 'BLVD' }],
    // a building's number and name before the street address
    ['1000 CATHEDRAL PL 925 W GEORGIA ST', { number: '925', predir: 'W', street: 'GEORGIA', suffix: 'ST' }],
    // Puerto Rico: CALLE with a number is the street's name
    ['Urb. Villa Carolina 123 Calle 4, Carolina PR 00985', { urbanization: 'VILLA CAROLINA', number: '123', street: 'CALLE 4', city: 'CAROLINA' }],
  ])('%s', check);
});

describe('words that are both street words and state codes or unit designators', () => {
  it.each<[string, Expect]>([
    // CT/LANE/MADISON: a street type that is also a state code is the street's without a city
    ['8555 NE MADISON CT', { street: 'MADISON', suffix: 'CT', state: null }],
    ['3742 n washington ct 61301', { street: 'WASHINGTON', suffix: 'CT', state: null, zip5: '61301' }],
    ['123 Main St Hartford CT 06103', { suffix: 'ST', city: 'HARTFORD', state: 'CT' }],
    ['5731 ne prospect lane, ok', { street: 'PROSPECT', suffix: 'LN', state: 'OK', city: null }],
    // UPPER and LOWER name places when a name follows them
    ['7945 hill st, upper jay, ny 12987', { city: 'UPPER JAY', unit_type: null }],
    ['UPPER BLACK EDDY, PA 18972', { city: 'UPPER BLACK EDDY', unit_type: null }],
    ['10 Elm St Lower, Salem, MA', { unit_type: 'LOWR', city: 'SALEM' }],
    // A name word that is a rarer type (MEADOW, MILL, FOREST) does not end a street before CT.
    ['9515 NE Meadow Gate Ct', { predir: 'NE', street: 'MEADOW GATE', suffix: 'CT', city: null, state: null }],
    ['6961 E Mill Station Ct', { predir: 'E', street: 'MILL STATION', suffix: 'CT', city: null, state: null }],
    ['123 N Main St Hartford CT', { street: 'MAIN', suffix: 'ST', city: 'HARTFORD', state: 'CT' }],
    // FL and digits right after the street are a floor: no Florida ZIP begins with 0.
    ['5150 Madison Road, Fl 134', { street: 'MADISON', suffix: 'RD', unit_type: 'FL', unit_number: '134', state: null, zip5: null }],
    ['5150 Madison Road, FL 1340, Cincinnati, OH 45227', { unit_type: 'FL', unit_number: '1340', city: 'CINCINNATI', state: 'OH' }],
    ['PO Box 12, FL 1200', { po_box: '12', unit_type: 'FL', unit_number: '1200', state: null, zip5: null }],
    ['Miami, FL 3310', { city: 'MIAMI', state: 'FL', zip5: '3310', unit_type: null }],
    ['12 Main St, MA 2108', { state: 'MA', zip5: '02108', unit_type: null }],
  ])('%s', check);
});

describe('state code written before the city (with the gazetteer)', () => {
  const places = placeLookup(fakeLocalityStore());
  const checkWithPlaces = (input: string, expected: Expect): void => {
    const r = normalize(input, { places });
    expect(picked(r.components, expected), `${input} -> ${JSON.stringify(r.components)}`).toEqual(expected);
  };
  it.each<[string, Expect]>([
    ['101 e market st unit 17 ca west hollywood 90069', { street: 'MARKET', unit_type: 'UNIT', unit_number: '17', city: 'WEST HOLLYWOOD', state: 'CA', zip5: '90069' }],
    ['55 Elm St, CA West Hollywood 90069', { street: 'ELM', suffix: 'ST', city: 'WEST HOLLYWOOD', state: 'CA' }],
    // A street type that is also a state code stays the street's.
    ['123 Main Ct Pasadena 91101', { street: 'MAIN', suffix: 'CT', city: 'PASADENA', state: null }],
    // Not a place of that state: nothing moves.
    ['101 Market St NY Pasadena 91101', { state: null }],
    // Words before the city without a comma: the place is found at the end, in the ZIP's state
    // when no state is written.
    ['12 Court St Acme Legal Brooklyn 11201', { street: 'COURT', city: 'BROOKLYN', state: null, zip5: '11201' }],
    ['12 Court St Acme Legal Brooklyn NY 11201', { city: 'BROOKLYN', state: 'NY' }],
    // A neighbourhood named with a type word between the street and the city: the street keeps its type.
    ['781 Franklin Ave Crown Heights Brooklyn NY 11201', { street: 'FRANKLIN', suffix: 'AVE', city: 'BROOKLYN', state: 'NY' }],
    // A curated alias closing the words is the city when no place does.
    ['781 Franklin Ave Crown Heights Brooklyn NYC NY 11201', { street: 'FRANKLIN', suffix: 'AVE', city: 'NYC', state: 'NY' }],
    ['2146 University Square Mall Sebastopol CA 95472', { street: 'UNIVERSITY SQUARE', suffix: 'MALL', city: 'SEBASTOPOL' }],
    // A designator right before a city that begins with ST is not given ST as its id.
    ['100 Main St Bldg St Louis MO 63101', { unit_type: 'BLDG', unit_number: null, city: 'ST LOUIS', state: 'MO' }],
    ['100 Main St Rear St Louis MO 63101', { unit_type: 'REAR', unit_number: null, city: 'ST LOUIS', state: 'MO' }],
    // A designator that takes no number, then a place of the state: the unit, then the city; a
    // place named with the designator's word stays whole, and without a state nothing is known.
    ['100 Main St Basement Sebastopol CA 95472', { unit_type: 'BSMT', unit_number: null, city: 'SEBASTOPOL', state: 'CA' }],
    ['100 Main St Lobby Brooklyn NY', { unit_type: 'LBBY', city: 'BROOKLYN', state: 'NY' }],
    ['100 Main St Lower Sebastopol CA', { unit_type: null, city: 'LOWER SEBASTOPOL', state: 'CA' }],
    ['100 Main St Rear Sebastopol', { unit_type: null, city: 'REAR SEBASTOPOL', state: null }],
    ['100 Main St Apt B Sebastopol CA 95472', { unit_type: 'APT', unit_number: 'B', city: 'SEBASTOPOL' }],
    // A type that is also a state code is the state after a place of that state, else the type.
    ['12 Elm Brooklyn Ct', { street: 'ELM', suffix: null, city: 'BROOKLYN', state: 'CT' }],
    ['12 Elm Grove Ct', { street: 'ELM GROVE', suffix: 'CT', city: null, state: null }],
    // Not a place in the ZIP's state (Pasadena is in CA, 11201 in NY): the span stays whole.
    ['12 Court St Acme Legal Pasadena 11201', { city: 'ACME LEGAL PASADENA' }],
    // A ZIP that lost its leading zero gets it back only when the state written is the ZIP's:
    // 4101 is Portland ME's 04101; CA 9499 is not the military 09499, and stays as written.
    ['100 Congress St, Portland ME 4101', { city: 'PORTLAND', state: 'ME', zip5: '04101' }],
    // ... after the state's name too.
    ['100 Congress St, Portland, Maine 4101', { city: 'PORTLAND', state: 'ME', zip5: '04101' }],
    ['100 Main St, Sebastopol CA 9499', { city: 'SEBASTOPOL', state: 'CA', zip5: '9499' }],
    // The state's name before its code is the state written twice; not when no place precedes it.
    ['45 Woodstock Street Sebastopol California CA 95472', { street: 'WOODSTOCK', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }],
    ['45 Woodstock Street, Sebastopol, California CA 95472', { city: 'SEBASTOPOL', state: 'CA' }],
    ['100 Main St California CA', { city: 'CALIFORNIA', state: 'CA' }],
    // One word and a known place without commas, no house number: the word is the street.
    ['Main Sebastopol CA 95472', { number: null, street: 'MAIN', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }],
    ['Old Mill Sebastopol CA', { street: null, city: 'SEBASTOPOL' }],
    // A building name and a unit between the street and the city, without commas: the unit is read.
    ['1100 Bodega Ave Panorama Tower Unit 24-L Sebastopol CA 95472', { street: 'BODEGA', unit_type: 'UNIT', unit_number: '24-L', city: 'SEBASTOPOL' }],
    // ... but a designator inside the name with a word after it is the name ("Kingston Building").
    ['3520 Bodega Ave Kingston Building Second Floor Sebastopol CA 95472', { street: 'BODEGA', unit_type: 'FL', unit_number: '2', city: 'SEBASTOPOL' }],
    // ST between a type written first and a name is Saint, unless the words after it are the city.
    ['14 Rue St Louis, Apt 3, Sebastopol, CA 95472', { street: 'RUE ST LOUIS', suffix: null, unit_type: 'APT', unit_number: '3', city: 'SEBASTOPOL' }],
    ['14 Rue St Louis Sebastopol CA 95472', { street: 'RUE ST LOUIS', suffix: null, city: 'SEBASTOPOL', state: 'CA' }],
    ['1 Place St Charles, Brooklyn NY', { street: 'PLACE ST CHARLES', suffix: null, city: 'BROOKLYN' }],
    ['5 Ave St Louis MO 63101', { street: 'AVE', suffix: null, city: 'ST LOUIS', state: 'MO' }],
    ['12 Court St Brooklyn NY 11201', { street: 'COURT', suffix: 'ST', city: 'BROOKLYN', state: 'NY' }],
    ['12 Rue St, Apt 3, Sebastopol CA', { street: 'RUE', suffix: 'ST', unit_type: 'APT', city: 'SEBASTOPOL' }],
    // A number after CALLE (or a highway word) is the street's, after BOX the box's: the place
    // after it can still be the city before a state code that is also a street word (PR, ME, OR).
    ['123 Calle 45 San Juan PR 00901', { number: '123', street: 'CALLE 45', suffix: null, city: 'SAN JUAN', state: 'PR', zip5: '00901' }],
    ['PO Box 5 Portland ME', { po_box: '5', city: 'PORTLAND', state: 'ME' }],
    ['RR 3 Box 100 Portland OR', { rural_route: '3', box: '100', city: 'PORTLAND', state: 'OR' }],
    ['8555 NE Madison Ct', { predir: 'NE', street: 'MADISON', suffix: 'CT', city: null, state: null }],
    // Number words that begin a place's name with the word after them are the street's.
    ['One Thousand Oaks Blvd, Thousand Oaks CA', { number: '1', street: 'THOUSAND OAKS', suffix: 'BLVD', city: 'THOUSAND OAKS' }],
    // A designator's word that begins a place of the state up to the state is the city's.
    ['123 Main St Ste Genevieve MO', { street: 'MAIN', suffix: 'ST', unit_type: null, city: 'STE GENEVIEVE', state: 'MO' }],
    ['123 Main St Ste 5 Ste Genevieve MO', { unit_type: 'STE', unit_number: '5', city: 'STE GENEVIEVE', state: 'MO' }],
    // Puerto Rico streets written in the Spanish order: the house number after the name.
    ['Calle Luna 7, San Juan, PR', { number: '7', street: 'CALLE LUNA', suffix: null, city: 'SAN JUAN', state: 'PR' }],
    ['Calle Luna 7 San Juan PR', { number: '7', street: 'CALLE LUNA', city: 'SAN JUAN', state: 'PR' }],
    ['Calle 5 #23 San Juan PR', { number: '23', street: 'CALLE 5', city: 'SAN JUAN', state: 'PR' }],
    ['Calle Luna 7 Apt 2 San Juan PR', { number: '7', street: 'CALLE LUNA', unit_type: 'APT', unit_number: '2', city: 'SAN JUAN' }],
    ['Urb Las Lomas Calle Luna 7 San Juan PR', { number: '7', street: 'CALLE LUNA', urbanization: 'LAS LOMAS', city: 'SAN JUAN', state: 'PR' }],
    ['Calle Luna 7 Urb Las Lomas San Juan PR', { number: '7', street: 'CALLE LUNA', urbanization: 'LAS LOMAS', city: 'SAN JUAN', state: 'PR' }],
    ['Calle Luna, San Juan PR', { number: null, street: 'CALLE LUNA', city: 'SAN JUAN', state: 'PR' }],
    ['Calle Luna 7', { number: '7', street: 'CALLE LUNA', city: null }],
    ['150 Calle A San Juan PR', { number: '150', street: 'CALLE A', city: 'SAN JUAN', state: 'PR' }],
    // Elsewhere the order is the English one: a number after a Calle is not its house number.
    ['Calle Real 7, Sebastopol CA', { number: null, street: 'CALLE REAL', city: 'SEBASTOPOL' }],
    // Before a state, a highway's frontage road ends where a place of the state begins.
    ['101 Interstate 35 Frontage Rd Sebastopol CA 95472', { street: 'INTERSTATE 35 FRONTAGE', suffix: 'RD', city: 'SEBASTOPOL', state: 'CA' }],
    ['101 Interstate 35 Sebastopol CA 95472', { street: 'INTERSTATE 35', suffix: null, city: 'SEBASTOPOL' }],
    // A one-letter directional after a unit's number, before a place of the state, is the unit's wing;
    // not when the directional and the place name a place, nor after a comma.
    ['1024 Randolph 1 N Sebastopol CA 95472', { street: 'RANDOLPH', postdir: null, unit_type: '#', unit_number: '1 N', city: 'SEBASTOPOL' }],
    ['100 Main St Apt 2 N Sebastopol CA', { unit_type: 'APT', unit_number: '2 N', city: 'SEBASTOPOL' }],
    ['100 Main St Apt 2 E Sebastopol CA', { unit_type: 'APT', unit_number: '2', city: 'E SEBASTOPOL' }],
    ['100 Main St Apt 2, N Sebastopol CA', { unit_type: 'APT', unit_number: '2', city: 'N SEBASTOPOL' }],
    ['1056 W Northshore 1 W', { predir: 'W', street: 'NORTHSHORE', postdir: null, unit_number: '1 W' }],
    ['200 S 300 W', { predir: 'S', street: '300', postdir: 'W', unit_number: null }],
    ['12 County Road 850 N', { street: 'COUNTY ROAD 850', postdir: 'N', unit_number: null }],
    // A unit's number before a place of the state is not a house number.
    ['Cond El Monte Apt 5 San Juan PR', { number: null, street: null, unit_type: 'APT', unit_number: '5', city: 'SAN JUAN', state: 'PR' }],
    ['Apt 5 123 Main St Sebastopol CA', { number: '123', street: 'MAIN', unit_type: 'APT', unit_number: '5', city: 'SEBASTOPOL' }],
  ])('%s', checkWithPlaces);

  // "Attn: ..." with no comma before the state: a place of the state closing its words is the city.
  it.each<[string, Expect, string[]]>([
    ['6000 Feldwood Rd attn: lockbox # 402605 Sebastopol CA 95472', { street: 'FELDWOOD', city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }, ['ATTN LOCKBOX # 402605']],
    ['PO Box 902 Attn Lock Box Teller Brooklyn NY 11201', { po_box: '902', city: 'BROOKLYN', state: 'NY' }, ['ATTN LOCK BOX TELLER']],
    ['123 Main St Attn: Billing, Sebastopol CA', { street: 'MAIN', city: 'SEBASTOPOL', state: 'CA' }, ['ATTN BILLING']],
    // No place among the words: they all stay the recipient's.
    ['6000 Feldwood Rd Attn John Smith CA 95472', { street: 'FELDWOOD', city: null, state: 'CA' }, ['ATTN JOHN SMITH']],
    // With neither state nor ZIP, a city known well (an alias, or a city of several ZIPs) closing
    // the line leaves a venue's words aside; a place of one ZIP does not.
    ['Whole Foods NYC', { number: null, street: null, city: 'NYC', state: null }, ['WHOLE FOODS']],
    ['Lower Sebastopol', { city: 'LOWER SEBASTOPOL' }, []],
    ['Acme Sebastopol', { city: 'ACME SEBASTOPOL' }, []],
  ])('words before the city that are not its name (a recipient, a venue): %s', (input, expected, unparsed) => checkWithUnparsed(input, expected, unparsed, places));
});

describe('structured fields: the street lines keep every word of the street and unit', () => {
  // Spreadsheet rows: what the street columns hold is never lost to a city or state read there
  // (the city, state and ZIP columns say where the address is).
  it.each<[string, string, Expect]>([
    ['5150 Madison Road', 'Fl 134', { street: 'MADISON', suffix: 'RD', unit_type: 'FL', unit_number: '134', city: 'CINCINNATI', state: 'OH', zip5: '45227' }],
    ['9515 NE Meadow Gate Ct', '', { predir: 'NE', street: 'MEADOW GATE', suffix: 'CT', city: 'CINCINNATI', state: 'OH', zip5: '45227' }],
    ['277 N Forest Hills Ct', 'Apt 2', { street: 'FOREST HILLS', suffix: 'CT', unit_type: 'APT', unit_number: '2', state: 'OH' }],
  ])('%s | %s', (line1, line2, expected) => {
    const r = normalize({ line1, line2, city: 'Cincinnati', state: 'OH', zip: '45227' });
    expect(picked(r.components, expected), JSON.stringify(r.components)).toEqual(expected);
    expect(r.unparsed).toEqual([]);
  });

  it.each<[string, string, string, Expect]>([
    ['Columbus, OH', '', '43215', { city: 'COLUMBUS', state: 'OH', zip5: '43215' }],
    ['Columbus OH 43215-1234', '', '', { city: 'COLUMBUS', state: 'OH', zip5: '43215', zip4: '1234' }],
    ['St. Louis, Missouri', 'MO', '', { city: 'ST LOUIS', state: 'MO' }],
    // A state written in the city field that the state field contradicts: nothing is guessed.
    ['Columbus, OH', 'IN', '', { city: 'COLUMBUS OH', state: 'IN' }],
    // City names that end in a state's name or begin with one stay whole.
    ['Kansas City', '', '', { city: 'KANSAS CITY', state: null }],
    ['Virginia Beach', '', '', { city: 'VIRGINIA BEACH', state: null }],
    ['Lake Forest', '', '', { city: 'LAKE FOREST', state: null }],
  ])('a city field holding more of the last line: %s | %s | %s', (city, state, zip, expected) => {
    const r = normalize({ line1: '100 N High St', city, state, zip });
    expect(picked(r.components, expected), JSON.stringify(r.components)).toEqual(expected);
    expect(r.components.street).toBe('HIGH');
  });

  it('reads placeholders of empty cells (N/A, NULL, #N/A) as empty fields, and only whole fields', () => {
    const r = normalize({ line1: '100 N High St', line2: 'none', city: 'N/A', state: '#N/A', zip: '43215' });
    expect(r.components).toMatchObject({ street: 'HIGH', unit_type: null, city: null, state: null, zip5: '43215' });
    expect(r.unparsed).toEqual([]);
    expect(normalize({ line1: '100 N High St', line2: 'Apt X', city: 'Nome', state: 'AK', zip: '' }).components).toMatchObject({ unit_number: 'X', city: 'NOME', state: 'AK' });
  });

  it('keeps a city, state or ZIP in the street lines that the fields contradict among the unparsed words', () => {
    const other = normalize({ line1: '123 Main St, Dayton OH 45402', city: 'Columbus', state: 'OH', zip: '43215' });
    expect(other.components).toMatchObject({ street: 'MAIN', city: 'COLUMBUS', state: 'OH', zip5: '43215' });
    expect(other.unparsed).toEqual(['DAYTON', '45402']);
    // The same city, state and ZIP written twice lose nothing.
    const twice = normalize({ line1: '123 Main St, Columbus OH 43215', city: 'Columbus', state: 'OH', zip: '43215' });
    expect(twice.unparsed).toEqual([]);
    const line2 = normalize({ line1: '123 Main St', line2: 'Columbus, Ohio', city: 'Columbus', state: 'OH', zip: '43215' });
    expect(line2.unparsed).toEqual([]);
  });
});

describe('where the gazetteer does not know the place', () => {
  it.each<[string, Expect]>([
    // ST after a complete street and before the city's words is Saint.
    ['123 oak ln st marie ny', { street: 'OAK', suffix: 'LN', city: 'ST MARIE', state: 'NY' }],
    ['5 Elm Dr St Johnsbury VT', { street: 'ELM', suffix: 'DR', city: 'ST JOHNSBURY', state: 'VT' }],
    ['100 Main St St Louis MO', { street: 'MAIN', suffix: 'ST', city: 'ST LOUIS' }],
    ['12 Court St Brooklyn NY', { street: 'COURT', suffix: 'ST', city: 'BROOKLYN' }], // a type alone is the name
    ['123 Oak Ln St', { street: 'OAK LN', suffix: 'ST', city: null }], // no city after it
  ])('%s', (input, expected) => check(input, expected));
});

describe('a unit named by a word, and placeholders of empty cells', () => {
  it.each<[string, Expect]>([
    ['123 Main St Apt Upper', { unit_type: 'APT', unit_number: 'UPPER' }],
    ['123 Main St Apt lower Buffalo NY', { unit_type: 'APT', unit_number: 'LOWER', city: 'BUFFALO' }],
    ['123 Main St, Apt Downst, Buffalo NY 14201', { unit_type: 'APT', unit_number: 'DOWNST', city: 'BUFFALO' }],
    ['123 Main St Unit Rear, Buffalo NY', { unit_type: 'UNIT', unit_number: 'REAR' }],
  ])('%s', (input, expected) => checkWithUnparsed(input, expected, []));

  it.each<[string, Expect]>([
    ['123 Main St, N/A, NY 10001', { street: 'MAIN', city: null, state: 'NY', zip5: '10001' }],
    ['123 Main St N/A NY 10001', { street: 'MAIN', postdir: null, city: null, state: 'NY', zip5: '10001' }],
    ['123 Main St, Unknown, NY 10001', { city: null, state: 'NY' }],
    ['N/A, 1 Main St, Sebastopol CA 95472', { number: '1', city: 'SEBASTOPOL' }],
  ])('a placeholder section or marked word is no city: %s', (input, expected) => checkWithUnparsed(input, expected, []));
});
