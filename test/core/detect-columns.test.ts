// Header detection and --columns of `addr batch` (docs/cli.md, `addr batch`): a table of real-world headers.
import { describe, expect, it } from 'vitest';
import { columnsFromFlag, describeMapping, detectColumns, foldHeader } from '../../src/core/spreadsheet/detect-columns.js';

describe('detectColumns', () => {
  it.each([
    // headers -> roles (column indexes)
    [['Address'], { address: 0 }],
    [['id', 'Full Address'], { address: 1 }],
    [['Street', 'City', 'State', 'Zip'], { line1: 0, city: 1, state: 2, zip: 3 }],
    [['street_address', 'apt', 'town', 'st', 'postal code'], { line1: 0, line2: 1, city: 2, state: 3, zip: 4 }],
    [['ADDRESS1', 'ADDRESS2', 'CITY', 'PROVINCE', 'POSTCODE'], { line1: 0, line2: 1, city: 2, state: 3, zip: 4 }],
    [['Address Line 1', 'Address Line 2', 'City/Town', 'State', 'ZIP Code'], { line1: 0, line2: 1, city: 2, state: 3, zip: 4 }],
    [['line1', 'Suite', 'city', 'state', 'zip-code'], { line1: 0, line2: 1, city: 2, state: 3, zip: 4 }],
    [['  Zip.Code ', 'Unit #', 'street'], { line1: 2, line2: 1, zip: 0 }],
    // An 'address' column beside city/state/zip is the street line.
    [['Name', 'Address', 'City', 'State', 'Zipcode'], { line1: 1, city: 2, state: 3, zip: 4 }],
    // Two street-like columns: the first synonym in the list wins, the other is left alone.
    [['Street', 'Address1', 'City'], { line1: 1, city: 2 }],
    // A combined city column is the city column; a plain City column beside it wins.
    [['Street', 'City, State', 'Zip'], { line1: 0, city: 1, zip: 2 }],
    [['Address', 'City/State/Zip'], { line1: 0, city: 1 }],
    [['Street', 'City State', 'City', 'ST'], { line1: 0, city: 2, state: 3 }],
  ])('%j', (headers, roles) => {
    expect(detectColumns(headers).roles).toEqual(roles);
  });

  it('refuses headers with no address column, naming them and the --columns syntax', () => {
    expect(() => detectColumns(['id', 'name', 'city'])).toThrow(/No address column found among the headers 'id', 'name', 'city'\..*--columns line1=Street/);
    try {
      detectColumns([]);
    } catch (err) {
      expect(err).toMatchObject({ code: 'ADDR_ERR_BATCH_NO_ADDRESS', kind: 'input' });
    }
  });

  it('folds case, spacing and punctuation', () => {
    expect(foldHeader(' Zip_Code ')).toBe('zipcode');
    expect(foldHeader('Postal-Code')).toBe('postalcode');
  });
});

describe('columnsFromFlag', () => {
  const headers = ['Cust', 'Rue', 'Ville', 'Etat', 'Code Postal'];
  it('maps roles to headers by name (folded) or 1-based number', () => {
    const m = columnsFromFlag('line1=Rue, city=ville,state=5,zip=code postal', headers);
    expect(m).toEqual({ roles: { line1: 1, city: 2, state: 4, zip: 4 }, source: 'flag' });
    expect(describeMapping(columnsFromFlag('line1=Rue,city=Ville', headers), headers)).toBe("line1='Rue' city='Ville' (from --columns)");
  });
  it('refuses unknown roles, missing columns and maps without a street', () => {
    expect(() => columnsFromFlag('street=Rue', headers)).toThrow(/not ROLE=COLUMN/);
    expect(() => columnsFromFlag('line1=Nope', headers)).toThrow(/no column 'Nope' for line1; the headers are 'Cust'/);
    expect(() => columnsFromFlag('city=Ville', headers)).toThrow(/No address column/);
  });
});
