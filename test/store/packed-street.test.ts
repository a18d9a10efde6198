// A street's packed value (packed-street.ts) gives back the parts it was made of, in its compact
// form (integer numbers, degrees to 7 decimals, `pt_` ids as bytes) and in its wide one (numbers
// past 32 bits, degrees with more decimals, place ids of another shape); the import's packer
// (street-packer.ts) orders a street's points as the store reads its rows.
import { describe, expect, it } from 'vitest';
import { isPlaceId, orderUnitsWithinNumbers, streetParts } from '../../src/store/held-street.js';
import type { PointRow, StreetParts } from '../../src/store/held-street.js';
import { packStreet, unpackStreet } from '../../src/store/packed-street.js';
import { StreetPacker } from '../../src/store/street-packer.js';

const ID = (k: number): string => `pt_${Buffer.from(`place-${String(k).padStart(6, '0')}`).toString('base64url').slice(0, 16)}`;

/** A row of POINT_ROW_COLUMNS. */
function row(id: number, number: string, int: number | null, lat: number, lon: number, over: Partial<{ place: string; unit: string | null; fraction: string; city: string; zip4: string; inferred: number }> = {}): PointRow {
  return [id, over.place ?? ID(id), number, int, over.fraction ?? null, over.unit != null ? 'APT' : null, over.unit ?? null, over.city ?? null, over.zip4 ?? null, lat, lon, over.inferred ?? 0];
}

/** The parts with places as texts (as rows give them), for comparing. */
function plain(parts: StreetParts): { nums: number[]; places: string[]; extras: unknown } {
  const places = Array.isArray(parts.places) ? parts.places
    : Array.from({ length: parts.places.length / 12 }, (_, i) => `pt_${Buffer.from((parts.places as Uint8Array).subarray(i * 12, i * 12 + 12)).toString('base64url')}`);
  return { nums: Array.from(parts.nums), places, extras: parts.extras };
}

describe('packed street values', () => {
  it('give back compact parts: integer numbers, none, degrees to 7 decimals, pt_ ids, extras', () => {
    const rows = orderUnitsWithinNumbers([
      row(10, 'A', null, 38.4020511, -122.8287734),
      row(11, '0012', 12, 38.4020611, -122.8287834),
      row(12, '12', 12, 38.4020711, -122.8287934, { unit: 'B', inferred: 7 }),
      row(13, '14 1/2', 14, 38.4, -122.8, { fraction: '1/2', city: 'GRATON', zip4: '1234' }),
      row(4_000_000_000, '16', 16, -14.2756, 170.7020001),
    ]);
    const parts = streetParts(rows);
    const value = packStreet(parts);
    expect(value).not.toBeNull();
    expect(value?.[1]).toBe(1 | 2 | 4); // every column in its compact form
    expect(plain(unpackStreet(value as Buffer) as StreetParts)).toEqual(plain(parts));
  });

  it('give back wide parts: numbers past 32 bits, degrees with more decimals, other place ids', () => {
    const parts = streetParts([
      row(1, '1', 1, 38.40205112345678, -122.8287734),
      row(2, '5000000000', 5_000_000_000, 38.4, -122.8, { place: 'nad_{ABC-123}' }),
    ]);
    const value = packStreet(parts) as Buffer;
    expect(value[1]).toBe(0);
    expect(plain(unpackStreet(value) as StreetParts)).toEqual(plain(parts));
    expect(packStreet(streetParts([]))?.length).toBe(16);
    expect(plain(unpackStreet(packStreet(streetParts([])) as Buffer) as StreetParts)).toEqual({ nums: [], places: [], extras: null });
  });

  it('are not made for ids too far apart, and a damaged or unknown value reads as none', () => {
    expect(packStreet(streetParts([row(1, '1', 1, 1, 1), row(2 ** 33, '2', 2, 1, 1)]))).toBeNull();
    const value = packStreet(streetParts([row(1, '1', 1, 38.4, -122.8), row(2, '3', 3, 38.4, -122.8, { unit: '1' })])) as Buffer;
    expect(unpackStreet(value.subarray(0, value.length - 1))).toBeNull(); // the tail's JSON cut
    expect(unpackStreet(value.subarray(0, 20))).toBeNull(); // shorter than its points
    expect(unpackStreet(Buffer.concat([Buffer.from([2]), value.subarray(1)]))).toBeNull(); // another format version
    expect(unpackStreet(Buffer.alloc(3))).toBeNull();
  });
});

describe('place ids kept as bytes', () => {
  it('are exactly pt_ and 16 base64url characters, which round-trip through 12 bytes', () => {
    for (const id of [ID(1), 'pt_AZaz09-_AZaz09-_', 'pt_________________'.slice(0, 19)]) {
      expect(isPlaceId(id), id).toBe(true);
      expect(`pt_${Buffer.from(id.slice(3), 'base64url').toString('base64url')}`).toBe(id);
    }
    // '+' and '/' decode as base64url too, but would come back as '-' and '_'.
    for (const id of ['pt_AZaz09+/AZaz09-_', 'pt_AZaz09-_AZaz09-', 'pt_AZaz09-_AZaz09-_A', 'px_AZaz09-_AZaz09-_', 'pt_AZaz09-_AZaz09=_', 'pt_AZaz09-_AZaz09é_']) {
      expect(isPlaceId(id), id).toBe(false);
    }
  });
});

describe('the import packer', () => {
  it('orders each street as the store reads its rows, and packs each street apart', () => {
    // Rows of two streets in file order (ids ascending), numbers and units out of order.
    const file: [number, PointRow][] = [
      [0, row(1, '20', 20, 1, 1)], [1, row(2, '7', 7, 2, 2)], [0, row(3, 'B', null, 1, 1, { unit: '2' })], [0, row(4, '10', 10, 1, 1, { unit: 'B' })],
      [0, row(5, '10', 10, 1, 1)], [0, row(6, '10', 10, 1, 1, { unit: '10' })], [0, row(7, 'A', null, 1, 1)], [0, row(8, '10', 10, 1, 1, { unit: 'B' })], [1, row(9, '3', 3, 2, 2)],
    ];
    const packer = new StreetPacker();
    for (const [street, r] of file) packer.add(street, r[3], r[9], r[10], r[0], r[11], r[1], streetParts([r]).extras?.[0] ?? null);
    const packed = new Map([...packer.packed(2, 100)]);
    for (const street of [0, 1]) {
      // As the index (street_id, number_int) then orderUnitsWithinNumbers order them.
      const rows = file.filter(([s]) => s === street).map(([, r]) => r).sort((a, b) => ((a[3] ?? -1) - (b[3] ?? -1)) || a[0] - b[0]);
      expect(plain(unpackStreet(packed.get(street) as Buffer) as StreetParts)).toEqual(plain(streetParts(orderUnitsWithinNumbers(rows))));
    }
  });

  it('keeps place ids of another shape as texts, and each extra with its point', () => {
    const packer = new StreetPacker();
    packer.add(0, 5, 38.4, -122.8, 1, 0, 'nad_{ABC-123}', null);
    packer.add(0, 3, 38.4, -122.8, 2, 1, ID(2), { number: '03', fraction: null, unit_type: 'APT', unit_number: '2', city: null, zip4: null });
    packer.add(1, 7, 38.4, -122.8, 3, 0, 'pt_short', null);
    const packed = new Map([...packer.packed(2, 100)]);
    expect(plain(unpackStreet(packed.get(0) as Buffer) as StreetParts)).toEqual({
      nums: [3, 38.4, -122.8, 2 * 32 + 1, 5, 38.4, -122.8, 1 * 32],
      places: [ID(2), 'nad_{ABC-123}'],
      extras: [{ number: '03', fraction: null, unit_type: 'APT', unit_number: '2', city: null, zip4: null }, null],
    });
    expect(plain(unpackStreet(packed.get(1) as Buffer) as StreetParts).places).toEqual(['pt_short']);
  });

  it('skips streets over the size asked', () => {
    const packer = new StreetPacker();
    for (let i = 1; i <= 5; i++) packer.add(0, i, 1, 1, i, 0, ID(i), null);
    packer.add(1, 1, 1, 1, 6, 0, ID(6), null);
    expect([...packer.packed(2, 3)].map(([s]) => s)).toEqual([1]);
  });
});
