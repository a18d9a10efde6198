/**
 * Packs the streets of a source that have no packed value yet (street_points, packed-street.ts)
 * from their point rows: the streets of a source imported before packed values existed, when
 * the same file is imported again (`addr data import` finds it unchanged and packs what is
 * missing, in one transaction). An import packs its own streets as it writes them
 * (street-packer.ts); this reads the rows as the point store did before (~210 µs a street).
 */
import type Database from 'better-sqlite3';
import { MAX_HELD_STREET_POINTS, POINT_ROW_COLUMNS, heldParts } from './held-street.js';
import type { PointRow } from './held-street.js';
import { packStreet } from './packed-street.js';

/** Packs the source's streets that lack a packed value; returns how many were packed. */
export function packMissingStreets(db: Database.Database, sourceId: number): number {
  const missing = db.prepare<[number, number], number>(`SELECT id FROM streets WHERE source_id = ? AND points <= ?
    AND NOT EXISTS (SELECT 1 FROM street_points sp WHERE sp.street_id = streets.id)`).pluck();
  const rowsOf = db.prepare<[number], PointRow>(`SELECT ${POINT_ROW_COLUMNS} FROM points WHERE street_id = ? ORDER BY number_int`).raw(true);
  const insert = db.prepare('INSERT INTO street_points (street_id, packed) VALUES (?, ?)');
  return db.transaction((): number => {
    let packed = 0;
    for (const id of missing.all(sourceId, MAX_HELD_STREET_POINTS)) {
      const rows = rowsOf.all(id);
      const parts = rows.length > 0 ? heldParts(rows) : null;
      const value = parts !== null ? packStreet(parts) : null;
      if (value === null) continue;
      insert.run(id, value);
      packed++;
    }
    return packed;
  }).immediate();
}
