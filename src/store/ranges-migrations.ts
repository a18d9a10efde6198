/**
 * Versioned migrations of the range database (`ranges.sqlite` in the data
 * directory: the street edges of TIGER/Line ADDRFEAT files). Each runs once,
 * recorded in `schema_migrations`; never edit a shipped one, append a new one.
 *
 * The tables, and the lookups each index serves:
 * - range_sources: one row per imported file (a county), with its content
 *   hash, counts, skip reasons and coverage.
 * - edges: one row per edge and range set (TLID; an edge whose sides carry
 *   several ranges has a row for each), the two sides' ranges, parity and ZIP,
 *   and the line as a BLOB of Int32 pairs (lon, lat in micro-degrees: 8 bytes
 *   a vertex). edges_source: the rows of a source to replace or remove.
 * - edges_rtree: the bounding box of each edge (an R*Tree: the edges near a
 *   position in a few page reads, on disk, whatever the size of the data).
 * - range_streets: one row per (source, ZIP, predir, name, suffix, postdir):
 *   range_streets_zip (zip5, street_key) finds a street in a ZIP and lists a
 *   ZIP's names; range_streets_state (state, street_key) finds it in the other
 *   ZIPs of a state; range_streets_key (street_key) serves type-ahead.
 * - street_edges: which edges carry each street (an edge named several ways
 *   carries several; `name_rank` 0 is the name listed first), and by
 *   edge_streets (edge_id) the names of an edge (reverse geocoding).
 * - range_zips: the ZIPs each source covers (what coversZip loads on open).
 * - (2) range_streets.min_n, max_n: the lowest and highest number of any side
 *   of the street's edges, kept by the trigger street_edges_span as edges are
 *   linked (an import needs no code for it); range_streets_span (state,
 *   street_key, min_n, max_n) finds the streets of a state whose numbers may
 *   hold a number without reading the others (a common name in a large state).
 * - (3) range_streets.spans: each edge of the street with its sides' ranges, ZIPs and parities
 *   (range-spans.ts), written by each import for its streets once their edges are linked
 *   (ranges-import.ts; appending them in the trigger cost the import a third more CPU): a
 *   lookup of a number reads the street's row, not each edge's.
 *   range_streets_span made again with id and zip5 after the span (the same order of rows):
 *   the streets of a state holding a number are filtered by ZIP from the index alone.
 */
import type { Migration } from './accounts-migrations.js';
import { fillSpansSql } from './range-spans.js';

/** Every migration of ranges.sqlite, oldest first. */
export const RANGE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'range_sources, edges, edges_rtree, range_streets, street_edges, range_zips',
    sql: `
      CREATE TABLE range_sources (
        id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, path TEXT, format TEXT NOT NULL CHECK (format IN ('tiger-addrfeat')),
        content_sha256 TEXT NOT NULL, imported_at TEXT NOT NULL, -- the hash of the decoded .shp and .dbf, not of the zip around them
        rows_read INTEGER NOT NULL, rows_imported INTEGER NOT NULL, rows_skipped INTEGER NOT NULL, edges INTEGER NOT NULL, streets INTEGER NOT NULL,
        skipped TEXT NOT NULL, states TEXT NOT NULL, zip_count INTEGER NOT NULL -- skipped: JSON {reason: count}; states: space-separated codes
      );
      CREATE TABLE edges (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES range_sources(id),
        tlid INTEGER NOT NULL,
        lfrom INTEGER, lto INTEGER, lparity TEXT, lzip TEXT,
        rfrom INTEGER, rto INTEGER, rparity TEXT, rzip TEXT,
        coords BLOB NOT NULL
      );
      CREATE INDEX edges_source ON edges (source_id);
      CREATE VIRTUAL TABLE edges_rtree USING rtree(id, min_lon, max_lon, min_lat, max_lat);
      CREATE TABLE range_streets (
        id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL REFERENCES range_sources(id),
        predir TEXT, street TEXT NOT NULL, street_key TEXT NOT NULL, suffix TEXT, postdir TEXT, -- as the parser standardizes FULLNAME
        state TEXT NOT NULL, zip5 TEXT NOT NULL
      );
      CREATE TABLE street_edges (street_id INTEGER NOT NULL, edge_id INTEGER NOT NULL, name_rank INTEGER NOT NULL, PRIMARY KEY (street_id, edge_id)) WITHOUT ROWID;
      CREATE INDEX edge_streets ON street_edges (edge_id, name_rank);
      CREATE INDEX range_streets_zip ON range_streets (zip5, street_key);
      CREATE INDEX range_streets_state ON range_streets (state, street_key);
      CREATE INDEX range_streets_key ON range_streets (street_key);
      CREATE INDEX range_streets_source ON range_streets (source_id);
      CREATE TABLE range_zips (
        source_id INTEGER NOT NULL REFERENCES range_sources(id),
        zip5 TEXT NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (source_id, zip5)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 2,
    description: 'range_streets.min_n, max_n kept by a trigger; range_streets_span',
    sql: `
      ALTER TABLE range_streets ADD COLUMN min_n INTEGER;
      ALTER TABLE range_streets ADD COLUMN max_n INTEGER;
      UPDATE range_streets SET
        min_n = (SELECT MIN(MIN(COALESCE(e.lfrom, e.rfrom), COALESCE(e.lto, e.rto), COALESCE(e.rfrom, e.lfrom), COALESCE(e.rto, e.lto)))
                 FROM street_edges se JOIN edges e ON e.id = se.edge_id WHERE se.street_id = range_streets.id),
        max_n = (SELECT MAX(MAX(COALESCE(e.lfrom, e.rfrom), COALESCE(e.lto, e.rto), COALESCE(e.rfrom, e.lfrom), COALESCE(e.rto, e.lto)))
                 FROM street_edges se JOIN edges e ON e.id = se.edge_id WHERE se.street_id = range_streets.id);
      CREATE TRIGGER street_edges_span AFTER INSERT ON street_edges BEGIN
        UPDATE range_streets SET
          min_n = MIN(COALESCE(min_n, 2147483647), (SELECT MIN(COALESCE(lfrom, rfrom), COALESCE(lto, rto), COALESCE(rfrom, lfrom), COALESCE(rto, lto)) FROM edges WHERE id = NEW.edge_id)),
          max_n = MAX(COALESCE(max_n, -1), (SELECT MAX(COALESCE(lfrom, rfrom), COALESCE(lto, rto), COALESCE(rfrom, lfrom), COALESCE(rto, lto)) FROM edges WHERE id = NEW.edge_id))
        WHERE id = NEW.street_id;
      END;
      CREATE INDEX range_streets_span ON range_streets (state, street_key, min_n, max_n);
    `,
  },
  {
    version: 3,
    description: 'range_streets.spans: the ranges of a street\'s edges, written by each import',
    sql: `
      ALTER TABLE range_streets ADD COLUMN spans BLOB;
      ${fillSpansSql('1')};
      DROP INDEX range_streets_span;
      CREATE INDEX range_streets_span ON range_streets (state, street_key, min_n, max_n, id, zip5);
    `,
  },
];
