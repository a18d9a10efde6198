// A source row whose street field is a post-office box is no address point (it would show
// as a street named "PO BOX" in autocomplete); a street whose name begins with Box is one.
import { describe, expect, it } from 'vitest';
import { standardizePointAddress } from '../../src/core/points/point-address.js';

const row = (number: string, street: string) => standardizePointAddress({ number, street, unit: null, city: 'Valdez', state: 'AK', zip: '99686' });

describe('point addresses: PO boxes are not streets', () => {
  it.each(['PO Box', 'P.O. Box 45', 'Post Office Box 12', 'po box 7a', 'Drawer 3', 'BOX 9'])('%j -> unparseable', (street) => {
    expect(row('45', street)).toBe('unparseable');
  });

  it.each([
    ['Box Canyon Road', 'BOX CANYON', 'RD'],
    ['Box Elder St', 'BOX ELDER', 'ST'],
    ['Post Office Road', 'POST OFFICE', 'RD'],
  ])('%j is a street', (street, name, suffix) => {
    expect(row('12', street)).toMatchObject({ street: name, suffix });
  });
});
