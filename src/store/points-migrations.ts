/**
 * Versioned migrations of the address-point database (`points.sqlite` in the
 * data directory). Each runs once, in its own IMMEDIATE transaction, recorded
 * in `schema_migrations`; never edit a shipped one, append a new one.
 *
 * The tables, and the lookups each index serves:
 * - sources: one row per imported source (name, file, format, content hash,
 *   counts, skip reasons, coverage).
 * - streets: one row per (source, ZIP, predir, street, suffix, postdir), with
 *   its centre and number range. streets_zip (zip5, street_key) finds a street
 *   in a ZIP, and lists a ZIP's street names for fuzzy matching;
 *   streets_state (state, street_key) finds a street in another ZIP of the
 *   state; streets_key (street_key) serves a prefix search for type-ahead
 *   (`street_key >= 'ABERCR' AND street_key < 'ABERCS'`); streets_key_predir
 *   (street_key, predir) the streets of a name with a predirectional typed
 *   ("123 n main"), without reading the others' rows (migration 2).
 * - points: one row per address point. points_street (street_id, number_int)
 *   gives the house numbers of a street in order (nearest numbers,
 *   interpolation, the building's units), and the rows of a source to
 *   replace or remove; points_place (place_id) the details
 *   of a suggestion; points_cell (cell, lat, lon) the spatial nearest-neighbour
 *   search: `cell` is a 0.001-degree grid cell (lat row * 360000 + lon column),
 *   so the cells around a position are a few range scans of a covering index.
 * - street_points: a street's points in one value (packed-street.ts, migration 4), read in
 *   one row where its point rows cost ~2 µs each; written by the import for the streets of
 *   up to PACKED_POINTS_LIMIT points of a file (street-packer.ts). A street without one (a
 *   source imported before, or a larger file) is read from its point rows.
 * - source_zips: the ZIPs each source covers (what `coversZip` loads on open,
 *   and `completeZip` for the sources imported as complete: migration 3).
 */
import type { Migration } from './accounts-migrations.js';

/** Every migration of points.sqlite, oldest first. */
export const POINT_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'sources, streets, points, source_zips',
    sql: `
      CREATE TABLE sources (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        path TEXT,
        format TEXT NOT NULL CHECK (format IN ('openaddresses', 'geojson', 'nad')),
        content_sha256 TEXT NOT NULL,
        imported_at TEXT NOT NULL,
        rows_read INTEGER NOT NULL,
        rows_imported INTEGER NOT NULL,
        rows_skipped INTEGER NOT NULL,
        rows_inferred INTEGER NOT NULL,
        skipped TEXT NOT NULL,          -- JSON: {reason: count}
        states TEXT NOT NULL,           -- space-separated codes
        zip_count INTEGER NOT NULL
      );
      CREATE TABLE streets (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES sources(id),
        predir TEXT,
        street TEXT NOT NULL,           -- the name alone, as the parser standardizes it
        street_key TEXT NOT NULL,       -- streetKey(street)
        suffix TEXT,
        postdir TEXT,
        city TEXT,
        state TEXT NOT NULL,
        zip5 TEXT,
        points INTEGER NOT NULL,
        lat REAL NOT NULL,              -- mean of its points: the street centre
        lon REAL NOT NULL,
        min_number INTEGER,
        max_number INTEGER
      );
      CREATE INDEX streets_zip ON streets (zip5, street_key);
      CREATE INDEX streets_state ON streets (state, street_key);
      CREATE INDEX streets_key ON streets (street_key);
      CREATE INDEX streets_source ON streets (source_id);
      CREATE TABLE points (
        id INTEGER PRIMARY KEY,
        street_id INTEGER NOT NULL REFERENCES streets(id), -- the street gives source, state, ZIP
        place_id TEXT NOT NULL,
        number TEXT NOT NULL,
        number_int INTEGER,
        number_fraction TEXT,
        unit_type TEXT,
        unit_number TEXT,
        city TEXT,                           -- only when it differs from the street's city
        zip4 TEXT,
        lat REAL NOT NULL,
        lon REAL NOT NULL,
        cell INTEGER NOT NULL,
        inferred INTEGER NOT NULL DEFAULT 0, -- bits: 1 city, 2 state, 4 ZIP filled by position
        source_ref TEXT                      -- the source's own id (OA HASH or ID, NAD UUID)
      );
      CREATE UNIQUE INDEX points_place ON points (place_id);
      CREATE INDEX points_street ON points (street_id, number_int);
      CREATE INDEX points_cell ON points (cell, lat, lon);
      CREATE TABLE source_zips (
        source_id INTEGER NOT NULL REFERENCES sources(id),
        zip5 TEXT NOT NULL,
        PRIMARY KEY (source_id, zip5)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    description: 'streets_key_predir: the streets of one name with one predirectional (autocomplete "123 n main", "123 sou")',
    sql: 'CREATE INDEX streets_key_predir ON streets (street_key, predir);',
  },
  {
    version: 3,
    description: 'sources.complete: the source is known to hold every address of the ZIPs it has points in (addr data import --complete)',
    sql: 'ALTER TABLE sources ADD COLUMN complete INTEGER NOT NULL DEFAULT 0;',
  },
  {
    version: 4,
    description: 'street_points: each street\'s points packed in one value (packed-street.ts), written by the import',
    sql: 'CREATE TABLE street_points (street_id INTEGER PRIMARY KEY REFERENCES streets(id), packed BLOB NOT NULL);',
  },
];

/** The indexes of points that an import into an empty table drops and builds after the load. */
export const POINT_INDEXES: readonly string[] = [
  'CREATE UNIQUE INDEX points_place ON points (place_id)',
  'CREATE INDEX points_street ON points (street_id, number_int)',
  'CREATE INDEX points_cell ON points (cell, lat, lon)',
];
