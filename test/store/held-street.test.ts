import { describe, expect, it } from 'vitest';
import { orderUnitsWithinNumbers } from '../../src/store/held-street.js';
import type { PointRow } from '../../src/store/held-street.js';

/** A row of POINT_ROW_COLUMNS with its id, leading integer and unit number. */
function row(id: number, int: number | null, unit: string | null): PointRow {
  return [id, `pt_${id}`, int === null ? 'A' : String(int), int, null, unit === null ? null : 'APT', unit, null, null, 38.4, -122.8, 0];
}

describe('orderUnitsWithinNumbers', () => {
  it('orders units within each number as ORDER BY number_int, unit_number: NULL first, then by text', () => {
    // As the index (street_id, number_int) reads them: numbers in order, units not.
    const rows = [row(1, null, '2'), row(2, null, null), row(3, 10, 'B'), row(4, 10, null), row(5, 10, '10'), row(6, 10, 'A'), row(7, 12, null), row(8, 14, '3'), row(9, 14, '1')];
    expect(orderUnitsWithinNumbers(rows).map((r) => r[0])).toEqual([2, 1, 4, 5, 6, 3, 7, 9, 8]);
  });

  it('keeps the order of rows that tie on number and unit', () => {
    const rows = [row(3, 5, null), row(1, 5, null), row(2, 5, 'A'), row(9, 5, 'A')];
    expect(orderUnitsWithinNumbers(rows).map((r) => r[0])).toEqual([3, 1, 2, 9]);
  });
});
