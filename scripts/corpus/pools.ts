/**
 * The words the corpus generator (generate-corpus.ts) builds addresses from, written for the
 * corpus by hand: places with a real ZIP of theirs, street names, and the spellings people use
 * for street types, directionals, units and states with the USPS Publication 28 standard each
 * must come out as (docs/parser.md "Tables"). Kept apart from src/core/data on purpose: the
 * corpus checks the parser's tables, it does not read them.
 */

/** A city, its state and one of its ZIP codes. */
export interface Place {
  city: string; // as the corpus writes it (mixed case); the expected city is its upper case
  state: string; // two-letter code
  stateName: string;
  zip: string;
}

// Cities that the locality gazetteer knows (ZIP cities), so that they can follow a street
// without a comma; none begins with a directional, a street type, a unit word or "Saint".
export const PLACES: readonly Place[] = [
  { city: 'Springfield', state: 'IL', stateName: 'Illinois', zip: '62701' },
  { city: 'Chicago', state: 'IL', stateName: 'Illinois', zip: '60601' },
  { city: 'Austin', state: 'TX', stateName: 'Texas', zip: '78701' },
  { city: 'Houston', state: 'TX', stateName: 'Texas', zip: '77002' },
  { city: 'Denver', state: 'CO', stateName: 'Colorado', zip: '80202' },
  { city: 'Seattle', state: 'WA', stateName: 'Washington', zip: '98101' },
  { city: 'Portland', state: 'OR', stateName: 'Oregon', zip: '97201' },
  { city: 'Boston', state: 'MA', stateName: 'Massachusetts', zip: '02108' },
  { city: 'New York', state: 'NY', stateName: 'New York', zip: '10001' },
  { city: 'Los Angeles', state: 'CA', stateName: 'California', zip: '90012' },
  { city: 'Sebastopol', state: 'CA', stateName: 'California', zip: '95472' },
  { city: 'Miami', state: 'FL', stateName: 'Florida', zip: '33130' },
  { city: 'Atlanta', state: 'GA', stateName: 'Georgia', zip: '30303' },
  { city: 'Phoenix', state: 'AZ', stateName: 'Arizona', zip: '85004' },
  { city: 'Columbus', state: 'OH', stateName: 'Ohio', zip: '43215' },
  { city: 'Nashville', state: 'TN', stateName: 'Tennessee', zip: '37203' },
  { city: 'Kansas City', state: 'MO', stateName: 'Missouri', zip: '64105' },
  { city: 'Salt Lake City', state: 'UT', stateName: 'Utah', zip: '84111' },
  { city: 'Las Vegas', state: 'NV', stateName: 'Nevada', zip: '89101' },
  { city: 'Minneapolis', state: 'MN', stateName: 'Minnesota', zip: '55401' },
  { city: 'Madison', state: 'WI', stateName: 'Wisconsin', zip: '53703' },
  { city: 'Burlington', state: 'VT', stateName: 'Vermont', zip: '05401' },
  { city: 'Providence', state: 'RI', stateName: 'Rhode Island', zip: '02903' },
  { city: 'Hartford', state: 'CT', stateName: 'Connecticut', zip: '06103' },
  { city: 'Newark', state: 'NJ', stateName: 'New Jersey', zip: '07102' },
  { city: 'Philadelphia', state: 'PA', stateName: 'Pennsylvania', zip: '19107' },
  { city: 'Baltimore', state: 'MD', stateName: 'Maryland', zip: '21202' },
  { city: 'Richmond', state: 'VA', stateName: 'Virginia', zip: '23219' },
  { city: 'Raleigh', state: 'NC', stateName: 'North Carolina', zip: '27601' },
  { city: 'Charleston', state: 'SC', stateName: 'South Carolina', zip: '29401' },
  { city: 'Jacksonville', state: 'FL', stateName: 'Florida', zip: '32202' },
  { city: 'Birmingham', state: 'AL', stateName: 'Alabama', zip: '35203' },
  { city: 'Jackson', state: 'MS', stateName: 'Mississippi', zip: '39201' },
  { city: 'New Orleans', state: 'LA', stateName: 'Louisiana', zip: '70112' },
  { city: 'Little Rock', state: 'AR', stateName: 'Arkansas', zip: '72201' },
  { city: 'Oklahoma City', state: 'OK', stateName: 'Oklahoma', zip: '73102' },
  { city: 'Omaha', state: 'NE', stateName: 'Nebraska', zip: '68102' },
  { city: 'Des Moines', state: 'IA', stateName: 'Iowa', zip: '50309' },
  { city: 'Sioux Falls', state: 'SD', stateName: 'South Dakota', zip: '57104' },
  { city: 'Fargo', state: 'ND', stateName: 'North Dakota', zip: '58102' },
  { city: 'Billings', state: 'MT', stateName: 'Montana', zip: '59101' },
  { city: 'Boise', state: 'ID', stateName: 'Idaho', zip: '83702' },
  { city: 'Cheyenne', state: 'WY', stateName: 'Wyoming', zip: '82001' },
  { city: 'Albuquerque', state: 'NM', stateName: 'New Mexico', zip: '87102' },
  { city: 'Anchorage', state: 'AK', stateName: 'Alaska', zip: '99501' },
  { city: 'Honolulu', state: 'HI', stateName: 'Hawaii', zip: '96813' },
  { city: 'Louisville', state: 'KY', stateName: 'Kentucky', zip: '40202' },
  { city: 'Indianapolis', state: 'IN', stateName: 'Indiana', zip: '46204' },
  { city: 'Detroit', state: 'MI', stateName: 'Michigan', zip: '48226' },
  { city: 'Portland', state: 'ME', stateName: 'Maine', zip: '04101' },
  { city: 'Manchester', state: 'NH', stateName: 'New Hampshire', zip: '03101' },
  { city: 'Wilmington', state: 'DE', stateName: 'Delaware', zip: '19801' },
  { city: 'Washington', state: 'DC', stateName: 'District of Columbia', zip: '20001' },
  { city: 'Ocala', state: 'FL', stateName: 'Florida', zip: '34471' },
  { city: 'Santa Fe', state: 'NM', stateName: 'New Mexico', zip: '87501' },
];

// Street names of one or more words that have no other role in an address.
export const NAMES: readonly string[] = [
  'Main', 'Oak', 'Maple', 'Cedar', 'Elm', 'Pine', 'Washington', 'Lincoln', 'Jefferson', 'Franklin',
  'Highland', 'Sunset', 'Riverside', 'Lakeview', 'Hillcrest', 'Prospect', 'Chestnut', 'Walnut', 'Spruce', 'Willow',
  'Magnolia', 'Dogwood', 'Sycamore', 'Hickory', 'Birch', 'Juniper', 'Laurel', 'Columbia', 'Gravenstein', 'Bodega',
  'Peachtree', 'Sheridan', 'Lombard', 'Halsted', 'Wabash', 'Grand', 'Fulton', 'Monroe', 'Adams', 'Harrison',
  'Martin Luther King Jr', 'San Pablo', 'Old Orchard', 'Red Oak', 'Blue Ridge', 'Stone Gate', 'Green Meadow', 'Indian School', 'Camino Real', 'Rio Grande',
];

// Ordinal street names as written and as they come out.
export const ORDINALS: readonly (readonly [string, string])[] = [
  ['1st', '1ST'], ['2nd', '2ND'], ['3rd', '3RD'], ['4th', '4TH'], ['5th', '5TH'], ['10th', '10TH'], ['11th', '11TH'],
  ['12th', '12TH'], ['21st', '21ST'], ['22nd', '22ND'], ['33rd', '33RD'], ['42nd', '42ND'], ['101st', '101ST'], ['125th', '125TH'],
];

// Street types: [as written, Pub 28 standard]. Common types and their usual spellings.
export const SUFFIXES: readonly (readonly [string, string])[] = [
  ['Street', 'ST'], ['St', 'ST'], ['St.', 'ST'], ['STR', 'ST'],
  ['Avenue', 'AVE'], ['Ave', 'AVE'], ['Ave.', 'AVE'], ['Av', 'AVE'],
  ['Boulevard', 'BLVD'], ['Blvd', 'BLVD'], ['Boul', 'BLVD'],
  ['Drive', 'DR'], ['Dr', 'DR'], ['Drv', 'DR'],
  ['Road', 'RD'], ['Rd', 'RD'], ['Rd.', 'RD'],
  ['Lane', 'LN'], ['Ln', 'LN'],
  ['Court', 'CT'], ['Ct', 'CT'],
  ['Place', 'PL'], ['Pl', 'PL'],
  ['Circle', 'CIR'], ['Cir', 'CIR'], ['Circ', 'CIR'],
  ['Terrace', 'TER'], ['Ter', 'TER'], ['Terr', 'TER'],
  ['Parkway', 'PKWY'], ['Pkwy', 'PKWY'], ['Pky', 'PKWY'],
  ['Trail', 'TRL'], ['Trl', 'TRL'],
  ['Way', 'WAY'],
  ['Square', 'SQ'], ['Sq', 'SQ'],
  ['Plaza', 'PLZ'], ['Plz', 'PLZ'],
  ['Pike', 'PIKE'],
  ['Expressway', 'EXPY'], ['Expy', 'EXPY'],
  ['Freeway', 'FWY'], ['Fwy', 'FWY'],
  ['Loop', 'LOOP'],
  ['Crossing', 'XING'], ['Xing', 'XING'],
  ['Cove', 'CV'],
  ['Alley', 'ALY'],
  ['Highway', 'HWY'], ['Hwy', 'HWY'],
  ['Turnpike', 'TPKE'],
  ['Crescent', 'CRES'],
  ['Point', 'PT'],
];

// Directionals: [as written, standard].
export const DIRECTIONS: readonly (readonly [string, string])[] = [
  ['N', 'N'], ['N.', 'N'], ['North', 'N'], ['S', 'S'], ['South', 'S'], ['S.', 'S'], ['E', 'E'], ['East', 'E'],
  ['W', 'W'], ['West', 'W'], ['W.', 'W'], ['NE', 'NE'], ['N.E.', 'NE'], ['Northeast', 'NE'], ['NW', 'NW'],
  ['Northwest', 'NW'], ['SE', 'SE'], ['Southeast', 'SE'], ['SW', 'SW'], ['S.W.', 'SW'], ['Southwest', 'SW'],
];

// Secondary unit designators that take a number: [as written, standard].
export const UNITS: readonly (readonly [string, string])[] = [
  ['Apt', 'APT'], ['Apt.', 'APT'], ['Apartment', 'APT'], ['APT', 'APT'],
  ['Suite', 'STE'], ['Ste', 'STE'], ['Ste.', 'STE'],
  ['Unit', 'UNIT'], ['#', '#'],
  ['Bldg', 'BLDG'], ['Building', 'BLDG'],
  ['Room', 'RM'], ['Rm', 'RM'],
  ['Dept', 'DEPT'], ['Department', 'DEPT'],
  ['Space', 'SPC'], ['Spc', 'SPC'],
  ['Lot', 'LOT'], ['Trailer', 'TRLR'], ['Trlr', 'TRLR'],
  ['Office', 'OFC'], ['Ofc', 'OFC'],
  ['Hangar', 'HNGR'], ['Pier', 'PIER'], ['Slip', 'SLIP'], ['Stop', 'STOP'],
  ['Penthouse', 'PH'], ['PH', 'PH'],
];

// Unit numbers.
export const UNIT_NUMBERS: readonly string[] = ['1', '2', '4B', '12', '101', '210', '300', '1500', 'A', 'C', '3R', '12-B', '2C', '904'];

// Designators that take no number: [as written, standard].
export const BARE_UNITS: readonly (readonly [string, string])[] = [
  ['Rear', 'REAR'], ['Basement', 'BSMT'], ['Bsmt', 'BSMT'], ['Front', 'FRNT'], ['Frnt', 'FRNT'], ['Lobby', 'LBBY'],
  ['Lower', 'LOWR'], ['Upper', 'UPPR'], ['Side', 'SIDE'],
];

// House numbers.
export const NUMBERS: readonly string[] = ['1', '7', '12', '45', '100', '123', '250', '1005', '2400', '3600', '4401', '6416', '8128', '12345', '20500'];
